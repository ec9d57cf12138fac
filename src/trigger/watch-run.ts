import type { AirflowApi } from './airflow-api.js'
import { taskLogUrl, type AirflowUi } from './airflow-ui.js'
import { formatDuration } from './elapsed.js'
import type { TaskInstance } from './task-answers.js'
import { reportTasks, type TaskReport } from './tasks.js'
import { waitForRun, type WaitDeps, type WaitResult } from './wait.js'

export interface WatchOptions {
  dagId: string
  dagRunId: string
  logicalDate: string
  waitTimeoutMs: number
  pollIntervalMs: number
}

export interface Watched {
  /** Why the wait was not even begun: the run cannot start before its deadline. */
  notBefore?: string
  wait?: WaitResult
  /** The tasks behind a failed or unfinished run. */
  tasks?: TaskReport
}

/**
 * Waits for the run and, when it failed or did not finish, lists the tasks that explain why. A run
 * whose logical date lies ahead does not start before that date: said before waiting, and no wait
 * at all when the date lies beyond the wait's deadline.
 */
export async function watchRun(
  api: AirflowApi,
  options: WatchOptions,
  deps: WaitDeps
): Promise<Watched> {
  const { dagRunId, waitTimeoutMs } = options
  const aheadMs = Date.parse(options.logicalDate) - deps.now().getTime()
  if (aheadMs > 0) {
    const ahead = `Its logical date ${options.logicalDate} is ${formatDuration(aheadMs)} ahead, and Airflow does not start the run before then`
    if (aheadMs >= waitTimeoutMs) {
      return {
        notBefore: `Run ${dagRunId} cannot finish within "wait-timeout-seconds" (${waitTimeoutMs / 1000} s). ${ahead}. Raise "wait-timeout-seconds", or leave "wait" off for a run meant for later.`
      }
    }
    deps.log(`${ahead}.`)
  }
  const wait = await waitForRun(
    api,
    dagRunId,
    { timeoutMs: waitTimeoutMs, intervalMs: options.pollIntervalMs },
    deps
  )
  const unexplained =
    wait.end.kind === 'timed-out' || (wait.end.kind === 'finished' && wait.state !== 'success')
  if (!unexplained) return { wait }
  let tasks: TaskReport
  try {
    tasks = await reportTasks(api, dagRunId)
  } catch (error) {
    tasks = { kind: 'unreadable', why: (error as Error).message }
  }
  return { wait, tasks }
}

/** Rows shown of the failed and unfinished tasks, in the log and in the summary. */
export const SHOWN_TASKS = 20

/** Error annotations for failed tasks; GitHub shows ten per step, and one is the run's own. */
export const TASK_ANNOTATIONS = 8

/** A mapped task instance is named with its index, as Airflow's UI does. */
export function taskName(task: TaskInstance): string {
  return task.mapIndex >= 0 ? `${task.taskId}[${task.mapIndex}]` : task.taskId
}

/** One task's line: `transform: failed, try 2, 3.2 s`. */
export function describeTask(task: TaskInstance): string {
  const facts = [task.state ?? 'no state']
  if (task.tryNumber !== undefined) facts.push(`try ${task.tryNumber}`)
  if (task.duration !== undefined) facts.push(formatDuration(task.duration * 1000))
  return `${taskName(task)}: ${facts.join(', ')}`
}

/** "2 failed, 1 upstream_failed", counted over the tasks listed. */
export function countStates(tasks: readonly TaskInstance[]): string {
  const counts = new Map<string, number>()
  for (const task of tasks) {
    const state = task.state ?? 'no state'
    counts.set(state, (counts.get(state) ?? 0) + 1)
  }
  return [...counts].map(([state, count]) => `${count} ${state}`).join(', ')
}

export interface TaskLine {
  task: TaskInstance
  logUrl: string
}

/** The tasks to show, each with its log page, and how many were left out. */
export function shownTasks(
  report: Extract<TaskReport, { kind: 'listed' }>,
  ui: AirflowUi,
  options: Pick<WatchOptions, 'dagId' | 'dagRunId'>
): { lines: TaskLine[]; leftOut: number } {
  const lines = report.tasks.slice(0, SHOWN_TASKS).map(task => ({
    task,
    logUrl: taskLogUrl(ui, options.dagId, options.dagRunId, task)
  }))
  return { lines, leftOut: Math.max(report.total - lines.length, 0) }
}
