import { renderDiagnosis } from '../../summary/diagnosis-block.js'
import { cap, escapeHtml, inline, lines, link, prose, table } from '../../summary/html.js'
import type { AirflowUi } from '../airflow/airflow-ui.js'
import { AWAITING_INPUT } from '../airflow/task-answers.js'
import { formatDuration } from '../../log/duration.js'
import { countStates, neverRan, shownTasks, taskName } from './task-lines.js'
import type { TaskReport } from './tasks.js'
import type { Watched } from './watch-run.js'
import { endedAs } from './watch-log.js'

/* A wait's part of a trigger's summary: how it ended, what to do, and the tasks behind it. */

/** Where the run is looked at, in the words of the service that runs it (HTML, escaped). */
export interface RunPlace {
  /** The run's page, linked when its address is known: `the run page`. */
  page: string
  /** Where a person answers a task waiting for input. */
  answerAt: string
  /** What to do about a run whose tasks failed, when the failed tasks are listed. */
  afterFailedTasks: string
}

/** `task <code>approve</code> is` / `tasks … are`, for the tasks awaiting input; else undefined. */
export function awaitingInput(tasks: TaskReport | undefined): string | undefined {
  if (tasks?.kind !== 'listed') return undefined
  const names = tasks.tasks.filter(task => task.state === AWAITING_INPUT).map(taskName)
  if (names.length === 0) return undefined
  const listed = names.map(name => `<code>${inline(name)}</code>`).join(', ')
  return names.length === 1 ? `task ${listed} is` : `tasks ${listed} are`
}

/** ": 1 failed, 2 upstream_failed task(s)", when the tasks were listed. */
function failedCount(tasks: TaskReport | undefined): string {
  if (tasks?.kind !== 'listed' || tasks.tasks.length === 0) return ''
  return `: ${escapeHtml(countStates(tasks.tasks))}`
}

/**
 * What a step that waited shows first when the run did not succeed: why, and what to do, then
 * the tasks (`tasks`, already rendered). Empty when nothing went wrong, or nothing was waited for.
 */
export function waitLead(
  watched: Watched | undefined,
  tasks: string | undefined,
  place: RunPlace
): (string | undefined)[] {
  if (watched?.notBefore) return [`<p>❌ ${prose(watched.notBefore)}</p>`]
  const wait = watched?.wait
  if (!wait) return []
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
          ? `<p>What to do: ${awaiting} waiting for input: someone has to answer in ${place.answerAt}; the run goes on then. Raise <code>wait-timeout-seconds</code> to wait for the answer.</p>`
          : `<p>What to do: see on ${place.page} what holds it up (tasks still queued point at a busy pool or a stopped scheduler), or raise <code>wait-timeout-seconds</code>.</p>`,
        tasks
      ]
    }
    case 'finished':
      if (wait.state === 'success') return []
      return [
        `<p><strong>The run ${escapeHtml(endedAs(wait.state))}${failedCount(watched.tasks)}.</strong></p>`,
        `<p>What to do: ${
          watched.tasks?.kind === 'listed' && watched.tasks.tasks.length > 0
            ? place.afterFailedTasks
            : `open ${place.page} to see which task failed and why.`
        }</p>`,
        tasks
      ]
    case 'cancelled':
      return []
  }
}

/** How a waited-for run ended, as the summary's heading says it; undefined without a wait. */
export function waitHeading(watched: Watched | undefined): string | undefined {
  if (watched?.notBefore) return '❌ Run starts after the wait would end'
  const wait = watched?.wait
  if (!wait) return undefined
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

/** The run's state in the details: as the creation left it, or as the wait last saw it. */
export function runState(created: string | undefined, watched: Watched | undefined): string {
  const wait = watched?.wait
  if (!wait) {
    const state = escapeHtml(created ?? 'unknown')
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

/**
 * The failed and unfinished tasks as a table, capped; each links its log when the UI is known,
 * and a task that never ran says so.
 */
export function renderTasks(
  report: TaskReport,
  ui: AirflowUi | undefined,
  run: { dagId: string; dagRunId: string }
): string {
  if (report.kind !== 'listed') {
    return `<p>The run's tasks could not be listed: ${inline(report.why, 400)}</p>`
  }
  if (report.tasks.length === 0)
    return '<p>No task failed, and none was running, queued or retrying.</p>'
  const { lines: shown, leftOut } = shownTasks(report, ui, run)
  const rows = shown.map(({ task, logUrl }) =>
    neverRan(task)
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
          logUrl === undefined ? '' : link(logUrl, 'log')
        ]
  )
  return lines([
    '<h3>Tasks that failed or did not finish</h3>',
    table(rows, ['Task', 'State', 'Try', 'Duration', 'Log']),
    leftOut &&
      `<p>${leftOut.charAt(0).toUpperCase()}${leftOut.slice(1)} not shown: see the run page.</p>`
  ])
}

/**
 * The server's words from the answer that decided: after a wait the last poll's, not the
 * creation's, whose state (`queued`) the wait has since overtaken.
 */
export function answerDetails(
  created: string | undefined,
  watched: Watched | undefined
): string | undefined {
  const polled = watched?.wait?.answer
  const [title, answer] =
    polled !== undefined
      ? ["The server's last answer about the run", polled]
      : ["The server's answer", created]
  if (!answer) return undefined
  return `<details><summary>${title}</summary><pre>${escapeHtml(cap(answer, 2000))}</pre></details>`
}
