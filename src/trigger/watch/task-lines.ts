import { counted } from '../../log/words.js'
import { formatDuration } from '../../log/duration.js'
import type { TaskInstance, TaskReport } from '../backend/backend.js'

/** Rows shown of the failed and unfinished tasks, in the log and in the summary. */
export const SHOWN_TASKS = 20

/** Error annotations for failed tasks; GitHub shows ten per step, and one is the run's own. */
export const TASK_ANNOTATIONS = 8

/** A mapped task instance is named with its index, as Airflow's UI does. */
export function taskName(task: TaskInstance): string {
  return task.mapIndex >= 0 ? `${task.taskId}[${task.mapIndex}]` : task.taskId
}

/**
 * A task that never started: Airflow marks it `upstream_failed` without running it, and counts no
 * try for it. Such a task has no log, and any try number or duration it carries means nothing.
 */
export function neverRan(task: TaskInstance): boolean {
  return task.state === 'upstream_failed' || task.tryNumber === 0
}

/** One task's line: `transform: failed, try 2, 3.2 s`, or `load: upstream_failed, never ran`. */
export function describeTask(task: TaskInstance): string {
  const facts = [task.state ?? 'no state']
  if (neverRan(task)) return `${taskName(task)}: ${facts[0]}, never ran`
  if (task.tryNumber !== undefined) facts.push(`try ${task.tryNumber}`)
  if (task.duration !== undefined) facts.push(formatDuration(task.duration * 1000))
  return `${taskName(task)}: ${facts.join(', ')}`
}

/** "2 tasks failed, 1 task upstream_failed", counted over the tasks listed. */
export function countStates(tasks: readonly TaskInstance[]): string {
  const counts = new Map<string, number>()
  for (const task of tasks) {
    const state = task.state ?? 'no state'
    counts.set(state, (counts.get(state) ?? 0) + 1)
  }
  return [...counts].map(([state, count]) => `${counted(count, 'task')} ${state}`).join(', ')
}

/**
 * The tasks to show, and what was left out: `3 more`, or `more` when a cursor page said more
 * follow without counting them; undefined when nothing was.
 */
export function shownTasks(report: Extract<TaskReport, { kind: 'listed' }>): {
  tasks: TaskInstance[]
  leftOut?: string
} {
  const tasks = report.tasks.slice(0, SHOWN_TASKS)
  const counted = report.total - tasks.length
  if (counted > 0) return { tasks, leftOut: `${counted} more` }
  return report.uncounted ? { tasks, leftOut: 'more' } : { tasks }
}
