import * as core from '@actions/core'
import { log } from '../log/log.js'
import { redact } from '../log/secrets.js'
import { cap, escapeHtml } from './html.js'

/** GitHub refuses a step summary over 1 MiB; stay well below it. */
const SUMMARY_LIMIT = 512 * 1024

/** Appends a section to the job summary; a summary that cannot be written only warns. */
export async function writeSummary(html: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return
  // Every piece was redacted as it was escaped; this catches one that a renderer left raw.
  // The section must stay one HTML block: a blank line would let what follows render as Markdown.
  const block = redact(html).replace(/\n\s*(?=\n)/g, '')
  const text =
    block.length > SUMMARY_LIMIT
      ? `${block.slice(0, SUMMARY_LIMIT)}\n<p>… the summary was cut at ${SUMMARY_LIMIT} characters.</p>`
      : block
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
export function renderStopSummary(message: string, mode?: 'trigger' | 'upload'): string {
  const who = mode ? `${ACTION_NAME}, ${mode} mode` : ACTION_NAME
  const text = cap(message, 4000)
    .split(/\r\n|[\r\n\u2028\u2029\u0085]/)
    .map(escapeHtml)
    .join('<br>')
  return `<h2>${escapeHtml(who)}: ❌ Stopped</h2>\n<p>${text}</p>`
}
