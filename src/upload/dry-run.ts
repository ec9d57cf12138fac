import type { KnownItem } from './existing.js'
import type { LocalFile } from './media-api.js'
import { existingOutcome, openProblem, type FileOutcome } from './upload.js'
import { probePhrase, type WriteProbe } from './write-probe.js'

/**
 * What the real run would do with each file, told without sending any: `existing` when its
 * content is in the library, `would-fail` when it cannot be read or the write path is not open
 * (the probe's verdict says why), `would-upload` otherwise.
 */
export async function planDryRun(
  files: LocalFile[],
  existing: Map<string, KnownItem>,
  probe: WriteProbe
): Promise<FileOutcome[]> {
  const open = probe.outcome.kind === 'reaches'
  const plan: FileOutcome[] = []
  for (const file of files) {
    const base = { file: file.display, size: file.size, mediaType: file.mediaType, attempts: 0 }
    const known = file.key ? existing.get(file.key) : undefined
    if (known) {
      plan.push(existingOutcome(file, known))
      continue
    }
    const cannotRead = await openProblem(file)
    if (cannotRead) {
      plan.push({ ...base, status: 'would-fail', message: `could not be read (${cannotRead})` })
    } else if (open) {
      plan.push({ ...base, status: 'would-upload' })
    } else {
      plan.push({
        ...base,
        status: 'would-fail',
        message: `the write path ${probePhrase(probe.outcome)}`,
        verdict: probe.outcome.verdict
      })
    }
  }
  return plan
}
