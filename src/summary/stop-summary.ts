import { cap, escapeHtml } from './escape.js'

/** The section for a run that stopped on an error before its mode could report: bad inputs, … */
export function renderStopSummary(message: string): string {
  return `<h2>❌ Stopped</h2>\n<pre>${escapeHtml(cap(message, 4000))}</pre>`
}
