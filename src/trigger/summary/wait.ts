import { escapeHtml, inline } from '../../summary/html.js'
import { formatDuration } from '../../log/duration.js'
import { AWAITING_INPUT, type TaskReport } from '../backend/backend.js'
import { taskName } from '../watch/task-lines.js'
import type { Watched } from '../watch/watch-run.js'

/* A wait's part of a trigger's summary: how it ended, in the heading and the run's state. */

/** `task <code>approve</code> is` / `tasks … are`, for the tasks awaiting input; else undefined. */
export function awaitingInput(tasks: TaskReport | undefined): string | undefined {
  if (tasks?.kind !== 'listed') return undefined
  const names = tasks.tasks.filter(task => task.state === AWAITING_INPUT).map(taskName)
  if (names.length === 0) return undefined
  const listed = names.map(name => `<code>${inline(name)}</code>`).join(', ')
  return names.length === 1 ? `task ${listed} is` : `tasks ${listed} are`
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

/**
 * The run's state in the details: as the creation left it, or as the wait last saw it. The run's
 * own duration is the first line's alone; here is only how long the step waited.
 */
export function runState(created: string | undefined, watched: Watched | undefined): string {
  const wait = watched?.wait
  if (!wait) {
    const state = escapeHtml(created ?? 'unknown')
    return watched?.notBefore
      ? `${state} (not waited for: it starts after the wait would end)`
      : state
  }
  const state = escapeHtml(wait.state ?? 'unknown')
  switch (wait.end.kind) {
    case 'finished':
      return `${state} (the step waited ${formatDuration(wait.elapsedMs)} for it)`
    case 'timed-out':
      return `${state} (still not finished when the wait timed out after ${formatDuration(wait.elapsedMs)})`
    case 'stopped':
      return `${state} (last seen; the wait stopped after ${formatDuration(wait.elapsedMs)})`
    case 'cancelled':
      return `${state} (last seen; the step was cancelled after ${formatDuration(wait.elapsedMs)} of waiting)`
  }
}
