import { diagnose } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import type { TaskInstance, TaskReport } from '../backend/backend.js'
import { listedTasks, outputOf } from './api/answers.js'
import { errorTypeOf } from './api/calls.js'
import type { ServerlessClient } from './api/client.js'

/** ListTaskInstances's page at most (MaxResults, 1 to 100). */
const PAGE = 100

/**
 * TaskInstanceStatus values (in Airflow's case) that explain a failed or unfinished run, most
 * telling first: what failed or timed out, what never ran because of it, then what was still
 * going when the wait ended.
 */
const PROBLEM_STATES = [
  'failed',
  'timeout',
  'upstream_failed',
  'up_for_retry',
  'up_for_reschedule',
  'restarting',
  'running',
  'deferred',
  'queued',
  'scheduled'
]

function problemTasks(tasks: readonly TaskInstance[]): TaskInstance[] {
  const rank = (task: TaskInstance) => PROBLEM_STATES.indexOf(task.state ?? '')
  return tasks.filter(task => rank(task) !== -1).sort((a, b) => rank(a) - rank(b))
}

/**
 * The task instances behind a run that failed or did not finish, from one page of
 * ListTaskInstances, as the wait's report of Airflow's has them; more pages are said, not read.
 */
export async function reportTasks(
  client: ServerlessClient,
  run: { workflowArn: string; runId: string },
  leftMs: () => number
): Promise<TaskReport> {
  const result = await client.call(
    'ListTaskInstances',
    { WorkflowArn: run.workflowArn, RunId: run.runId, MaxResults: PAGE },
    { leftMs }
  )
  const listed = listedTasks(outputOf(result))
  if (!listed) {
    const type = errorTypeOf(result)
    const why = `${describeResult(result)}${type ? ` ${type}` : ''}: ${diagnose(result, client.context('ListTaskInstances')).headline}`
    const status = 'response' in result ? result.response.status : 0
    return status >= 300 && status < 500 ? { kind: 'refused', why } : { kind: 'unreadable', why }
  }
  const tasks = problemTasks(listed.tasks)
  return listed.more
    ? { kind: 'listed', tasks, total: tasks.length, uncounted: true }
    : { kind: 'listed', tasks, total: tasks.length }
}
