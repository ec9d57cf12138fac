import { layerName, renderDiagnosis } from '../summary/diagnosis-block.js'
import { cap, escapeHtml, inline, lines, prose, table } from '../summary/html.js'
import { shortSha } from './commit-date.js'
import type { TriggerReport } from './create-run.js'
import type { WaitResult } from './wait.js'

const OUTCOME_TEXT: Record<TriggerReport['outcome'], string> = {
  created: '✅ Run created',
  recovered: '✅ Run created (confirmed by lookup)',
  reused: '♻️ Existing run reused',
  failed: '❌ Run not created'
}

export interface TriggerSummaryInput {
  report: TriggerReport
  sha?: string
  wait?: WaitResult
}

/** The job summary section of one trigger: what was attempted, what happened, and why. */
export function renderTriggerSummary({ report, sha, wait }: TriggerSummaryInput): string {
  const source =
    report.dateSource.source === 'input'
      ? 'the logical-date input'
      : `${report.dateSource.source}, commit ${sha ? shortSha(sha) : 'unknown'}`
  const rows: string[][] = [
    ['Target', `<code>${inline(report.target)}</code>`],
    ['DAG', `<code>${inline(report.dagId)}</code>`],
    ['Run id', `<code>${inline(report.dagRunId)}</code>`],
    ['Logical date', `${escapeHtml(report.logicalDate)} (from ${inline(source)})`],
    ['Outcome', `${OUTCOME_TEXT[report.outcome]}: ${inline(report.message, 400)}`],
    ['Answered by', escapeHtml(layerName(report.verdict))]
  ]
  if (report.state || wait) rows.push(['State', runState(report, wait)])
  rows.push([
    'Requests',
    report.requests.map(r => `${r.method} → ${inline(r.result)}`).join('<br>')
  ])
  const sections = [`<h2>Airflow trigger: ${OUTCOME_TEXT[report.outcome]}</h2>`, table(rows)]
  if (report.futureWarning) sections.push(`<p>⚠️ ${prose(report.futureWarning)}</p>`)
  if (report.serverAnswer) {
    sections.push(
      `<details><summary>The server's answer</summary><pre>${escapeHtml(cap(report.serverAnswer, 2000))}</pre></details>`
    )
  }
  if (report.outcome === 'failed') sections.push(renderDiagnosis(report.verdict))
  return lines(sections)
}

function runState(report: TriggerReport, wait: WaitResult | undefined): string {
  if (!wait) return escapeHtml(report.state ?? 'unknown')
  const state = escapeHtml(wait.state ?? 'unknown')
  return wait.timedOut
    ? `${state} (still not finished when the wait timed out)`
    : `${state} (waited)`
}
