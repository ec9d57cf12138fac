import { setOutput } from '../../log/output.js'
import { INPUT, OUTPUT } from '../../inputs/names.js'
import { log } from '../../log/log.js'
import { inline } from '../../summary/html.js'
import { writeSummary } from '../../summary/write.js'
import type { UploadConfig } from '../config.js'
import { noMatchMessage } from './files.js'
import { hintLines, patternHints } from './pattern-hints.js'

/** The section for a run whose patterns matched nothing and was told that is fine. */
function renderNoFilesSummary(target: string, patterns: readonly string[]): string {
  const item = (pattern: string) => {
    const hints = patternHints(pattern)
    const why = hints.length > 0 ? `: it ${inline(hints.join('; it '), 600)}` : ''
    return `<code>${inline(pattern)}</code>${why}`
  }
  return [
    '<h2>WordPress upload: no file matched, nothing uploaded</h2>',
    `<p>Target: <code>${inline(target)}</code> · <code>${INPUT.ifNoFilesFound}</code> let the step succeed.</p>`,
    `<p>No file matched the <code>${INPUT.files}</code> patterns:</p>`,
    `<ul>${patterns.map(pattern => `<li>${item(pattern)}</li>`).join('')}</ul>`
  ].join('\n')
}

/** Outputs that count no file: nothing was sent, and nothing failed. */
function noFileOutputs(): void {
  setOutput(OUTPUT.media, '[]')
  setOutput(OUTPUT.uploadedCount, 0)
  setOutput(OUTPUT.existingCount, 0)
  setOutput(OUTPUT.failedCount, 0)
  setOutput(OUTPUT.featuredMediaId, '')
}

/**
 * A leg of a matrix to which the hash gave none of the matched files: it succeeds without a
 * request, its outputs counting zero files; the other legs send them all.
 */
export async function reportEmptyLeg(leg: string, target: string): Promise<void> {
  log.info('Nothing to upload in this leg: the other legs send the matched files.')
  noFileOutputs()
  await writeSummary(
    [
      `<h2>WordPress upload: nothing to send in this leg</h2>`,
      `<p>Target: <code>${inline(target)}</code> · 🧩 This is ${inline(leg)}: the other legs send them.</p>`
    ].join('\n')
  )
}

/**
 * A run whose patterns matched no file: fails as before (`error`), or succeeds with a warning
 * (`warn`) or a log line (`ignore`), its outputs counting zero files and its summary saying so.
 */
export async function reportNoFiles(
  config: UploadConfig,
  workspace: string,
  target: string
): Promise<void> {
  if (config.ifNoFilesFound === 'error') throw new Error(noMatchMessage(config.patterns, workspace))
  const message = [
    `No file matched the "${INPUT.files}" patterns in ${workspace}: ${config.patterns.map(p => JSON.stringify(p)).join(', ')}. Nothing was uploaded.`,
    ...hintLines(config.patterns)
  ].join('\n')
  if (config.ifNoFilesFound === 'warn') log.warning(message, 'No files found')
  else log.info(message)
  noFileOutputs()
  await writeSummary(renderNoFilesSummary(target, config.patterns))
}
