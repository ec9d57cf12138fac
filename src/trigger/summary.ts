import { layerName, renderDiagnosis } from '../summary/diagnosis-block.js'
import { cap, escapeHtml, inline, link, lines, prose, table } from '../summary/html.js'
import type { AirflowUi } from './airflow-ui.js'
import { shortSha } from './commit-date.js'
import type { TriggerReport } from './create-run.js'
import { formatDuration } from './elapsed.js'
import type { TaskReport } from './tasks.js'
import { shownTasks, taskName } from './task-lines.js'
import type { Watched } from './watch-run.js'

const OUTCOME_TEXT: Record<TriggerReport['outcome'], string> = {
  created: '✅ Run created',
  recovered: '✅ Run created (confirmed by lookup)',
  reused: '♻️ Existing run reused',
  failed: '❌ Run not created'
}

export interface TriggerSummaryInput {
  report: TriggerReport
  sha?: string
  /** The run's page in the Airflow UI, once the run exists. */
  runUrl?: string
  ui: AirflowUi
  watched?: Watched
  /** What the step's cancellation left and did, one or two sentences. */
  cancelled?: string
}

/** The job summary section of one trigger: what was attempted, what happened, and why. */
export function renderTriggerSummary(input: TriggerSummaryInput): string {
  const { report, sha, runUrl, watched } = input
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
  if (runUrl) rows.push(['Run page', link(runUrl, 'Open the run in Airflow')])
  if (report.state || watched) rows.push(['State', runState(report, watched)])
  const progress = watched?.wait?.progress
  if (progress) rows.push(['Tasks', `${progress.finished} of ${progress.total} finished`])
  rows.push([
    'Requests',
    report.requests.map(r => `${r.method} → ${inline(r.result)}`).join('<br>')
  ])
  const sections = [`<h2>Airflow trigger: ${heading(report, watched)}</h2>`]
  if (input.cancelled)
    sections.push(`<p>⏹️ <strong>Cancelled:</strong> ${inline(input.cancelled, 800)}</p>`)
  sections.push(table(rows))
  if (report.futureWarning) sections.push(`<p>⚠️ ${prose(report.futureWarning)}</p>`)
  if (watched?.notBefore) sections.push(`<p>❌ ${prose(watched.notBefore)}</p>`)
  if (watched?.tasks) sections.push(renderTasks(watched.tasks, input))
  const end = watched?.wait?.end
  if (end?.kind === 'stopped') {
    sections.push(`<p>❌ Stopped waiting: ${inline(end.why, 600)}</p>`)
    if (end.verdict) sections.push(renderDiagnosis(end.verdict))
  }
  if (report.serverAnswer) {
    sections.push(
      `<details><summary>The server's answer</summary><pre>${escapeHtml(cap(report.serverAnswer, 2000))}</pre></details>`
    )
  }
  if (report.outcome === 'failed') sections.push(renderDiagnosis(report.verdict))
  return lines(sections)
}

/** How it ended: the creation, or the run itself once waited for. */
function heading(report: TriggerReport, watched: Watched | undefined): string {
  if (watched?.notBefore) return '❌ Run starts after the wait would end'
  const wait = watched?.wait
  if (!wait) return OUTCOME_TEXT[report.outcome]
  switch (wait.end.kind) {
    case 'finished':
      return wait.state === 'success'
        ? '✅ Run succeeded'
        : `❌ Run ${escapeHtml(wait.state ?? '')}`
    case 'timed-out':
      return '⏱️ Wait timed out'
    case 'stopped':
      return '❌ Stopped waiting for the run'
    case 'cancelled':
      return '⏹️ Cancelled while waiting for the run'
  }
}

function runState(report: TriggerReport, watched: Watched | undefined): string {
  const wait = watched?.wait
  if (!wait) {
    const state = escapeHtml(report.state ?? 'unknown')
    return watched?.notBefore
      ? `${state} (not waited for: it starts after the wait would end)`
      : state
  }
  const state = escapeHtml(wait.state ?? 'unknown')
  const took =
    wait.runDurationMs === undefined ? '' : `; the run took ${formatDuration(wait.runDurationMs)}`
  switch (wait.end.kind) {
    case 'finished':
      return `${state} (waited ${formatDuration(wait.elapsedMs)}${took})`
    case 'timed-out':
      return `${state} (still not finished when the wait timed out after ${formatDuration(wait.elapsedMs)})`
    case 'stopped':
      return `${state} (last seen; the wait stopped after ${formatDuration(wait.elapsedMs)})`
    case 'cancelled':
      return `${state} (last seen; the step was cancelled after ${formatDuration(wait.elapsedMs)} of waiting)`
  }
}

/** The failed and unfinished tasks as a table with links to their logs, capped. */
function renderTasks(report: TaskReport, input: TriggerSummaryInput): string {
  if (report.kind !== 'listed') {
    return `<p>The run's tasks could not be listed: ${inline(report.why, 400)}</p>`
  }
  if (report.tasks.length === 0)
    return '<p>No task failed, and none was running, queued or retrying.</p>'
  const { lines: shown, leftOut } = shownTasks(report, input.ui, {
    dagId: input.report.dagId,
    dagRunId: input.report.dagRunId
  })
  const rows = shown.map(({ task, logUrl }) => [
    `<code>${inline(taskName(task))}</code>`,
    escapeHtml(task.state ?? 'no state'),
    task.tryNumber === undefined ? '' : String(task.tryNumber),
    task.duration === undefined ? '' : escapeHtml(formatDuration(task.duration * 1000)),
    link(logUrl, 'log')
  ])
  return lines([
    '<h3>Tasks that failed or did not finish</h3>',
    table(rows, ['Task', 'State', 'Try', 'Duration', 'Log']),
    leftOut > 0 && `<p>${leftOut} more not shown: see the run page.</p>`
  ])
}
