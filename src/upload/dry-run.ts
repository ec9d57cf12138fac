import { log } from '../log/log.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { explainBlock, failAnsweredBy } from '../summary/step-end.js'
import type { Checks } from './run.js'
import type { UploadConfig } from './config.js'
import type { KnownItem } from './checks/holder.js'
import { openProblem, type LocalFile } from './files/local-file.js'
import { countByStatus, existingOutcome, type FileOutcome } from './send/outcome.js'
import { probePhrase, probeWritePath, type WriteProbe } from './checks/write-probe.js'
import { agrees, counted } from '../log/words.js'
import { dryRunPlacement, type PlacementPlan } from './place/placement.js'
import type { UploadSetup } from './setup.js'
import { wordpressProfile } from './wordpress/remedies.js'

/** What a dry run handed on: its one probe, and what the real run would do. */
export interface DryRunPlan {
  readonly probe: WriteProbe
  /** What the real run would do with each file. */
  readonly files: FileOutcome[]
  /** What it would do about the post of attach-to; absent without attach-to. */
  readonly placement?: PlacementPlan
}

/** dry-run: one empty POST, and what the real run would do with each file and with the post. */
export async function dryRun(
  setup: UploadSetup,
  checks: Checks,
  existing: Map<string, KnownItem>
): Promise<DryRunPlan> {
  // The rights check may have sent the one empty POST already: it is not sent twice.
  const sent = checks.rights.probe
  const probe = await log.group('Write path (dry run)', async () => {
    const found = sent ?? (await probeWritePath(setup.api))
    const peer = found.peer ? ` (answered from ${found.peer})` : ''
    log.info(`One empty POST: the write path ${probePhrase(found.outcome)}${peer}.`)
    return found
  })
  const { local, featured } = setup
  const files = await planDryRun(local, existing, probe)
  if (!checks.target) return { probe, files }
  const known = (index: number) => existing.get(local[index]?.key ?? '')
  const index = featured ? local.indexOf(featured) : undefined
  const placement = dryRunPlacement(files, known, checks.target, index)
  for (const line of placement.lines) log.info(`Dry run: ${line}`)
  return { probe, files, placement }
}

/**
 * What the real run would do with each file, told without sending any: `existing` when its
 * content is in the library, `would-fail` when it cannot be read or the write path is not open
 * (the probe's verdict says why), `would-upload` otherwise.
 */
export async function planDryRun(
  files: readonly LocalFile[],
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

/**
 * A dry run's verdict: the step fails where the real run would (the write path blocked or
 * refused, a file that could not be read) and when the probe was answered as if it stored
 * something, which it says and leaves alone.
 */
export async function reportDryRun(
  probe: WriteProbe,
  files: FileOutcome[],
  config: UploadConfig,
  signal?: AbortSignal
): Promise<void> {
  const { outcome } = probe
  if (outcome.kind === 'blocked') await explainBlock(outcome.verdict, config.baseUrl, signal)
  setDiagnosisOutputs(outcome.verdict)
  const counts = countByStatus(files)
  const plan = `${counted(counts['would-upload'], 'file')} would be uploaded, ${counts.existing} ${agrees(counts.existing, 'is', 'are')} already in the library, ${counts['would-fail']} would fail`
  const peer = probe.peer ? ` (answered from ${probe.peer})` : ''
  if (outcome.kind === 'stored') {
    log.fail(
      `Dry run: the empty probe of the write path was answered as if something was stored (HTTP ${outcome.status}${outcome.id ? `, item ${outcome.id}` : ''})${peer}. Look in the media library; nothing more was sent. ${plan}.`,
      'Dry run: the probe looked stored'
    )
  } else if (outcome.kind !== 'reaches') {
    failAnsweredBy(
      `Dry run: the write path ${probePhrase(outcome)}${peer}; the real run would fail. ${plan}.`,
      outcome.verdict,
      'Dry run: writes would not reach WordPress',
      wordpressProfile.name
    )
  } else if (counts['would-fail'] > 0) {
    const names = files.filter(file => file.status === 'would-fail').slice(0, 20)
    log.fail(
      [
        `Dry run: writes reach WordPress${peer}, but ${counted(counts['would-fail'], 'file')} would fail:`,
        ...names.map(file => `- ${file.file}: ${file.message ?? 'would fail'}`)
      ].join('\n'),
      'Dry run: files would fail'
    )
  } else {
    log.info(`Dry run: writes reach WordPress${peer}. ${plan}. Nothing was uploaded.`)
  }
}
