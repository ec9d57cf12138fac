import { layerName, renderDiagnosis } from '../summary/diagnosis-block.js'
import { cap, escapeHtml, inline, link, lines, prose, table } from '../summary/html.js'
import type { AirflowUi } from './airflow/airflow-ui.js'
import { shortSha } from './date/commit-date.js'
import type { TriggerReport } from './create/report.js'
import { airflowName, type AirflowApiLocation } from './airflow/locate-api.js'
import { endOfLifeNotice } from './airflow/releases.js'
import { formatDuration } from './watch/elapsed.js'
import type { TaskReport } from './watch/tasks.js'
import { AWAITING_INPUT } from './airflow/task-answers.js'
import { countStates, shownTasks, taskName } from './watch/task-lines.js'
import type { Watched } from './watch/watch-run.js'
import type { NoteReport } from './run-note.js'

/** The creation's outcome as a heading says it, when nothing was waited for. */
const OUTCOME_HEADING: Record<TriggerReport['outcome'], string> = {
  created: '✅ Run created',
  recovered: '✅ Run created (confirmed by lookup)',
  reused: '♻️ Existing run reused',
  failed: '❌ Run not created',
  'would-create': '✅ Run would be created',
  'would-reuse': '♻️ Existing run would be reused',
  'could-not-tell': '❔ Could not tell whether the run would be created'
}

/**
 * The creation's outcome in the table, without a mark: a run created and then failed must not
 * show a ✅ under a ❌ heading.
 */
const OUTCOME_TEXT: Record<TriggerReport['outcome'], string> = {
  created: 'Run created',
  recovered: 'Run created (confirmed by lookup)',
  reused: 'Existing run reused',
  failed: 'Run not created',
  'would-create': 'Run would be created',
  'would-reuse': 'Existing run would be reused',
  'could-not-tell': 'Could not tell'
}

export interface TriggerSummaryInput {
  report: TriggerReport
  sha?: string
  /** The run's page in the Airflow UI, once the run exists. */
  runUrl?: string
  /** Absent when no UI address is known (MWAA without ui-url): no links then. */
  ui?: AirflowUi
  /** Where the REST API was found, and which Airflow serves it. */
  api?: AirflowApiLocation
  watched?: Watched
  /** Said when more than one address answered during the step. */
  addressChange?: string
  /** What the step's cancellation left and did, one or two sentences. */
  cancelNote?: string
  /** A dry run: everything up to the POST, and no run created. */
  dryRun?: boolean
  /** The run's note and what became of it; absent when there was none to send. */
  note?: NoteReport
}

/**
 * The job summary section of one trigger. A failed step leads with what went wrong and what to do
 * (the diagnosis, or the tasks that failed), then the details.
 */
export function renderTriggerSummary(input: TriggerSummaryInput): string {
  const { report, sha, runUrl, watched } = input
  const source =
    report.dateSource.source === 'input'
      ? 'the logical-date input'
      : `${report.dateSource.source}, commit ${sha ? shortSha(sha) : 'unknown'}`
  const rows: string[][] = [
    ['Target', `<code>${inline(report.target)}</code>`],
    ...(input.api
      ? [
          [
            'Airflow',
            `${escapeHtml(airflowName(input.api))}, REST API <code>${inline(input.api.apiPath)}</code> (${inline(input.api.how, 400)})`
          ]
        ]
      : []),
    ['DAG', `<code>${inline(report.dagId)}</code>`],
    ['Run id', `<code>${inline(report.dagRunId)}</code>`],
    ['Logical date', `${escapeHtml(report.logicalDate)} (from ${inline(source)})`],
    ['Outcome', `${OUTCOME_TEXT[report.outcome]}: ${inline(report.message, 400)}`],
    ['Answered by', escapeHtml(layerName(report.verdict))]
  ]
  if (runUrl) rows.push(['Run page', link(runUrl, 'Open the run in Airflow')])
  const { note } = input
  if (note) rows.push(['Note', `${inline(note.text, 1000)} (${inline(note.fate, 400)})`])
  if (report.state || watched) rows.push(['State', runState(report, watched)])
  const progress = watched?.wait?.progress
  if (progress) rows.push(['Tasks', `${progress.finished} of ${progress.total} finished`])
  rows.push([
    'Requests',
    report.requests.map(r => `${r.method} → ${inline(r.result)}`).join('<br>')
  ])
  const tasks = watched?.tasks ? renderTasks(watched.tasks, input) : undefined
  const endOfLife = input.api && endOfLifeNotice(input.api)
  const first = lead(input, tasks)
  return lines([
    input.dryRun
      ? `<h2>Airflow trigger, dry run: ${report.outcome === 'failed' ? '❌ Run would not be created' : OUTCOME_HEADING[report.outcome]}</h2>`
      : `<h2>Airflow trigger: ${heading(report, watched)}</h2>`,
    input.dryRun &&
      '<p>Dry run: nothing was created. The DAG, the run id and the logical date were looked up; no run was sent.</p>',
    input.cancelNote && `<p>⏹️ <strong>Cancelled:</strong> ${inline(input.cancelNote, 800)}</p>`,
    ...first,
    first.length > 0 && '<h3>Details</h3>',
    table(rows),
    report.futureWarning && `<p>⚠️ ${prose(report.futureWarning)}</p>`,
    input.addressChange && `<p>${inline(input.addressChange, 600)}</p>`,
    endOfLife && `<p>ℹ️ ${prose(endOfLife)}</p>`,
    answerDetails(report, watched)
  ])
}

/** What a failed step shows first: why, and what to do. Empty when nothing failed. */
function lead(input: TriggerSummaryInput, tasks: string | undefined): (string | undefined)[] {
  const { report, watched, runUrl } = input
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    // An answer that was fine in itself (a dry run's look-up found the id taken) has nothing to
    // diagnose: the reason is the report's own sentence.
    return report.verdict.remedies.length > 0
      ? [renderDiagnosis(report.verdict)]
      : [`<p><strong>${inline(report.message, 600)}</strong></p>`]
  }
  if (watched?.notBefore) return [`<p>❌ ${prose(watched.notBefore)}</p>`]
  const wait = watched?.wait
  if (!wait) return []
  const page = runUrl ? link(runUrl, 'the run page') : 'the run page in Airflow'
  switch (wait.end.kind) {
    case 'stopped':
      return [
        `<p>❌ Stopped waiting: ${inline(wait.end.why, 600)}</p>`,
        wait.end.verdict && renderDiagnosis(wait.end.verdict),
        tasks
      ]
    case 'timed-out': {
      const awaiting = awaitingInput(watched.tasks)
      return [
        `<p><strong>The run was still ${escapeHtml(wait.state ?? 'not started')} when the wait ended after ${formatDuration(wait.elapsedMs)}.</strong></p>`,
        awaiting
          ? `<p>What to do: ${awaiting} waiting for input: someone has to answer in Airflow (Required actions, or ${page}); the run goes on then. Raise <code>wait-timeout-seconds</code> to wait for the answer.</p>`
          : `<p>What to do: see on ${page} what holds it up (tasks still queued point at a busy pool or a stopped scheduler), or raise <code>wait-timeout-seconds</code>.</p>`,
        tasks
      ]
    }
    case 'finished':
      if (wait.state === 'success') return []
      return [
        `<p><strong>The run ended ${escapeHtml(wait.state ?? 'unknown')}${failedCount(watched.tasks)}.</strong></p>`,
        `<p>What to do: ${
          watched.tasks?.kind === 'listed' && watched.tasks.tasks.length > 0
            ? 'open the log of each failed task below to see why it failed; once fixed, clear the failed tasks in Airflow to run them again.'
            : `open ${page} to see which task failed and why.`
        }</p>`,
        tasks
      ]
    case 'cancelled':
      return []
  }
}

/** `task <code>approve</code> is` / `tasks … are`, for the tasks awaiting input; else undefined. */
function awaitingInput(tasks: TaskReport | undefined): string | undefined {
  if (tasks?.kind !== 'listed') return undefined
  const names = tasks.tasks.filter(task => task.state === AWAITING_INPUT).map(taskName)
  if (names.length === 0) return undefined
  const listed = names.map(name => `<code>${inline(name)}</code>`).join(', ')
  return names.length === 1 ? `task ${listed} is` : `tasks ${listed} are`
}

/** ": 1 task failed, 2 tasks upstream_failed", when the tasks were listed. */
function failedCount(tasks: TaskReport | undefined): string {
  if (tasks?.kind !== 'listed' || tasks.tasks.length === 0) return ''
  return `: ${escapeHtml(countStates(tasks.tasks))}`
}

/**
 * The server's words from the answer that decided: after a wait the last poll's, not the
 * creation's, whose state (`queued`) the wait has since overtaken.
 */
function answerDetails(report: TriggerReport, watched: Watched | undefined): string | undefined {
  const polled = watched?.wait?.answer
  const [title, answer] =
    polled !== undefined
      ? ["The server's last answer about the run", polled]
      : ["The server's answer", report.serverAnswer]
  if (!answer) return undefined
  return `<details><summary>${title}</summary><pre>${escapeHtml(cap(answer, 2000))}</pre></details>`
}

/** How it ended: the creation, or the run itself once waited for. */
function heading(report: TriggerReport, watched: Watched | undefined): string {
  if (watched?.notBefore) return '❌ Run starts after the wait would end'
  const wait = watched?.wait
  if (!wait) return OUTCOME_HEADING[report.outcome]
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
  const rows = shown.map(({ task, logUrl }) =>
    logUrl === undefined
      ? [
          `<code>${inline(taskName(task))}</code>`,
          `${escapeHtml(task.state ?? 'no state')} (never ran)`,
          '',
          '',
          ''
        ]
      : [
          `<code>${inline(taskName(task))}</code>`,
          escapeHtml(task.state ?? 'no state'),
          task.tryNumber === undefined ? '' : String(task.tryNumber),
          task.duration === undefined ? '' : escapeHtml(formatDuration(task.duration * 1000)),
          link(logUrl, 'log')
        ]
  )
  return lines([
    '<h3>Tasks that failed or did not finish</h3>',
    table(rows, ['Task', 'State', 'Try', 'Duration', 'Log']),
    leftOut &&
      `<p>${leftOut.charAt(0).toUpperCase()}${leftOut.slice(1)} not shown: see the run page.</p>`
  ])
}
