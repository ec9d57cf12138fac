import { log } from '../../log/log.js'
import { verdictLines } from '../../summary/diagnosis-block.js'
import { answeredBy } from '../../summary/step-end.js'
import type { TaskReport } from '../backend/backend.js'
import { formatDuration } from '../../log/duration.js'
import { endedAs } from './watch-log.js'
import { countStates, describeTask, shownTasks, TASK_ANNOTATIONS, taskName } from './task-lines.js'
import type { Watched, WatchOptions } from './watch-run.js'
import { agrees, counted } from '../../log/words.js'

/** The end of a wait in the log, with one error annotation per failed task; `app` as the diagnosis names it. */
export function announceWatch(watched: Watched, options: WatchOptions, app: string): void {
  const { dagRunId } = options
  const runPage = options.runUrl ? `\nRun page: ${options.runUrl}` : ''
  if (watched.notBefore) {
    log.fail(`${watched.notBefore}${runPage}`, 'Run starts after the wait would end')
    return
  }
  const wait = watched.wait!
  const after = formatDuration(wait.elapsedMs)
  const took =
    wait.runDurationMs === undefined
      ? ''
      : ` (the run itself took ${formatDuration(wait.runDurationMs)})`
  if (wait.failedPolls > 0)
    log.info(
      `${counted(wait.failedPolls, 'poll')} failed on the way and ${agrees(wait.failedPolls, 'was', 'were')} tried again.`
    )
  const tasks = watched.tasks
  if (tasks?.kind === 'listed') {
    const { tasks: shown, leftOut } = shownTasks(tasks)
    if (shown.length > 0) log.info('Tasks that failed or did not finish:')
    for (const task of shown)
      log.info(`  ${describeTask(task)}.${task.logUrl ? ` Log: ${task.logUrl}` : ''}`)
    if (leftOut) log.info(`  … and ${leftOut} (listed in the run page).`)
    const failed = shown.filter(task => task.state === 'failed')
    for (const task of failed.slice(0, TASK_ANNOTATIONS)) {
      log.fail(
        `${describeTask(task)}.${task.logUrl ? `\nLog: ${task.logUrl}` : ''}`,
        taskName(task)
      )
    }
  } else if (tasks) {
    log.info(`The run's tasks could not be listed (${tasks.why}).`)
  }
  const taskCount = tasks?.kind === 'listed' ? countedTasks(tasks) : ''
  switch (wait.end.kind) {
    case 'finished':
      if (wait.state === 'success') {
        log.info(`Run ${dagRunId} succeeded after ${after}${took}.`)
      } else {
        log.fail(
          `Run ${dagRunId} ${endedAs(wait.state)} after ${after}${took}${taskCount}.${runPage}`,
          `Run ${wait.state}`
        )
      }
      return
    case 'timed-out':
      log.fail(
        `Run ${dagRunId} did not finish within ${options.waitTimeoutMs / 1000} s (last state: ${wait.state ?? 'unknown'})${taskCount}.${runPage}`,
        'Wait timed out'
      )
      return
    case 'cancelled':
      // The mode says it, with what the cancel did to the run.
      return
    case 'stopped': {
      const { verdict } = wait.end
      log.fail(
        `Stopped waiting for run ${dagRunId} after ${after}: ${wait.end.why}.${verdict ? `\n${verdictLines(verdict)}` : ''}${runPage}`,
        verdict ? answeredBy('Wait stopped', verdict, app) : 'Wait stopped'
      )
    }
  }
}

/** ": 1 task failed, 2 tasks upstream_failed", saying when only the first page was counted. */
function countedTasks(report: Extract<TaskReport, { kind: 'listed' }>): string {
  if (report.tasks.length === 0) return ''
  const page =
    report.total > report.tasks.length
      ? ` in the first ${report.tasks.length} of ${report.total} listed`
      : report.uncounted
        ? ` in the first ${report.tasks.length} listed`
        : ''
  return `: ${countStates(report.tasks)}${page}`
}
