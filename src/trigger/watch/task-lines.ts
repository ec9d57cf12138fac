import { taskLogUrl, type AirflowUi } from '../airflow/airflow-ui.js'
import { counted } from '../../log/words.js'
import { formatDuration } from '../../log/duration.js'
import type { TaskInstance } from '../airflow/task-answers.js'
import type { TaskReport } from './tasks.js'

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

interface TaskLine {
  task: TaskInstance
  /** Absent for a task that never ran (it has no log), or without a UI to link to. */
  logUrl?: string
}

/**
 * The tasks to show, each with its log page, and what was left out: `3 more`, or `more` when a
 * cursor page said more follow without counting them; undefined when nothing was.
 */
export function shownTasks(
  report: Extract<TaskReport, { kind: 'listed' }>,
  ui: AirflowUi | undefined,
  options: { dagId: string; dagRunId: string }
): { lines: TaskLine[]; leftOut?: string } {
  const lines = report.tasks
    .slice(0, SHOWN_TASKS)
    .map(task =>
      neverRan(task) || !ui
        ? { task }
        : { task, logUrl: taskLogUrl(ui, options.dagId, options.dagRunId, task) }
    )
  const counted = report.total - lines.length
  if (counted > 0) return { lines, leftOut: `${counted} more` }
  return report.uncounted ? { lines, leftOut: 'more' } : { lines }
}
