import * as core from '@actions/core'
import { statSync } from 'node:fs'
import { EOL } from 'node:os'
import { log } from '../log/log.js'
import { redact } from '../log/secrets.js'
import { fitHtml } from './fit.js'
import { cap, escapeHtml } from './html.js'

/**
 * GitHub's limit on one step's summary file: 1 MiB, in bytes. Over it, the runner shows none of
 * it ("$GITHUB_STEP_SUMMARY upload aborted, supports content up to a size of 1024k"). The whole
 * file counts, with whatever the step wrote into it before.
 */
export const SUMMARY_LIMIT_BYTES = 1024 * 1024

const CUT_NOTE =
  '<p>… The rest of this summary was left out: GitHub shows at most 1 MiB of summary per step. The log has it all.</p>'

/** Bytes already in the step's summary file: they count against the limit too. */
function writtenBytes(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

/** Appends a section to the job summary; a summary that cannot be written only warns. */
export async function writeSummary(html: string): Promise<void> {
  const file = process.env.GITHUB_STEP_SUMMARY
  if (!file) return
  // Every piece was redacted as it was escaped; this catches one that a renderer left raw.
  // The section must stay one HTML block: a blank line would let what follows render as Markdown.
  const block = redact(html).replace(/\n\s*(?=\n)/g, '')
  const room = SUMMARY_LIMIT_BYTES - writtenBytes(file) - Buffer.byteLength(EOL)
  const text = fitHtml(block, room, CUT_NOTE)
  if (text === undefined) {
    log.warning(
      "The job summary was not written: this step's summary already holds the 1 MiB GitHub shows."
    )
    return
  }
  try {
    await core.summary.addRaw(text, true).write()
  } catch (error) {
    log.warning(
      `Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`
    )
  } finally {
    core.summary.emptyBuffer()
  }
}

/** The action's name as action.yml gives it, for a section that no mode wrote. */
export const ACTION_NAME = 'Airflow trigger & WordPress media upload'

/**
 * The section for a run that stopped on an error before its mode could report (bad inputs, …),
 * naming the action and, once read, the mode. The message keeps its lines but wraps: GitHub
 * does not wrap a `<pre>`, and a long line would run off the page.
 */
export function renderStopSummary(message: string, mode?: 'trigger' | 'upload' | 'merge'): string {
  const who = mode ? `${ACTION_NAME}, ${mode} mode` : ACTION_NAME
  const text = cap(message, 4000)
    .split(/\r\n|[\r\n\u2028\u2029\u0085]/)
    .map(escapeHtml)
    .join('<br>')
  return `<h2>${escapeHtml(who)}: ❌ Stopped</h2>\n<p>${text}</p>`
}
