import { diagnose } from '../../diagnosis/index.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import {
  FINISHED_STATES,
  parseTaskListing,
  PROBLEM_STATES,
  problemTasks,
  progressOf,
  type Progress,
  type TaskInstance,
  type TaskListing
} from '../airflow/task-answers.js'

/** Airflow's `[api] maximum_page_limit` default: larger pages are cut to this. */
export const PAGE_LIMIT = 100

type Listed =
  | { kind: 'listed'; listing: TaskListing }
  /** Refused for good (credentials, permissions, no such endpoint): not worth asking again. */
  | { kind: 'refused'; why: string }
  | { kind: 'unreadable'; why: string }

function listed(api: AirflowApi, result: HttpResult): Listed {
  const verdict = diagnose(result, api.context('GET'))
  const seen = describeResult(result)
  const why = quoteAnswer(result, verdict)
  if ('response' in result && result.response.status === 200) {
    const listing = parseTaskListing(verdict)
    return listing
      ? { kind: 'listed', listing }
      : { kind: 'unreadable', why: `${seen} without a task listing` }
  }
  const status = 'response' in result ? result.response.status : 0
  return status >= 400 && status < 500 && status !== 408 && status !== 429
    ? { kind: 'refused', why }
    : { kind: 'unreadable', why }
}

export type ProgressRead =
  { kind: 'progress'; progress: Progress } | { kind: 'unknown' } | { kind: 'refused'; why: string }

/**
 * Tasks finished / total. One page tells it for up to 100 task instances; beyond that a second
 * request counts the finished ones with Airflow's `state` filter, believed only when the page it
 * returns holds nothing but finished task instances.
 */
export async function readProgress(api: AirflowApi, dagRunId: string): Promise<ProgressRead> {
  const all = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT }))
  if (all.kind === 'refused') return { kind: 'refused', why: all.why }
  if (all.kind !== 'listed') return { kind: 'unknown' }
  const whole = progressOf(all.listing)
  if (whole) return { kind: 'progress', progress: whole }
  const done = listed(
    api,
    await api.listTaskInstances(dagRunId, { limit: 1, states: FINISHED_STATES })
  )
  if (done.kind !== 'listed') return { kind: 'unknown' }
  const filtered = done.listing.tasks.every(ti => FINISHED_STATES.includes(ti.state ?? ''))
  const finished = done.listing.total
  const { total } = all.listing
  if (!filtered || finished === undefined || total === undefined || finished > total) {
    return { kind: 'unknown' }
  }
  return { kind: 'progress', progress: { finished, total } }
}

export type TaskReport =
  | {
      kind: 'listed'
      /** Failed, upstream-failed and unfinished task instances, most telling first. */
      tasks: TaskInstance[]
      /** How many such task instances there are, as far as the answer tells. */
      total: number
      /** More follow those counted: a cursor page said so without counting them. */
      uncounted?: true
    }
  | { kind: 'refused' | 'unreadable'; why: string }

/**
 * The task instances that explain a failed or unfinished run: one request with Airflow's `state`
 * filter, checked again here, since a server that ignores the filter lists every task.
 */
export async function reportTasks(api: AirflowApi, dagRunId: string): Promise<TaskReport> {
  const answer = listed(
    api,
    await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT, states: PROBLEM_STATES })
  )
  if (answer.kind !== 'listed') return answer
  const { listing } = answer
  const tasks = problemTasks(listing.tasks)
  const filtered = tasks.length === listing.tasks.length
  if (!filtered) return { kind: 'listed', tasks, total: tasks.length }
  return listing.total === undefined
    ? { kind: 'listed', tasks, total: tasks.length, uncounted: true }
    : { kind: 'listed', tasks, total: listing.total }
}
