import { diagnose } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import { isRenewalRefused, type AirflowApi, type AirflowRead } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import { releaseAtLeast } from '../airflow/releases.js'
import { taskLogUrl, type AirflowUi } from '../airflow/airflow-ui.js'
import {
  FINISHED_STATES,
  parseTaskListing,
  PROBLEM_STATES,
  isKnownState,
  problemTasks,
  progressOf,
  type TaskListing
} from '../airflow/task-answers.js'
import { AWAITING_INPUT, type ProgressRead, type TaskReport } from '../backend/backend.js'
import { neverRan } from '../watch/task-lines.js'

/** Airflow's `[api] maximum_page_limit` default: larger pages are cut to this. */
const PAGE_LIMIT = 100

type Listed =
  | { kind: 'listed'; listing: TaskListing }
  /** Refused for good (credentials, permissions, no such endpoint): not worth asking again. */
  | { kind: 'refused'; why: string }
  | { kind: 'unreadable'; why: string }

function listed(api: AirflowApi, read: AirflowRead): Listed {
  if (isRenewalRefused(read)) return { kind: 'unreadable', why: read.renewalRefused.message }
  const result = read
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

/**
 * Tasks finished / total, and those awaiting input. One page tells it for up to 100 task
 * instances; beyond that a second request counts the finished ones with Airflow's `state` filter,
 * believed only when the page it returns holds nothing but finished task instances.
 */
export async function readProgress(api: AirflowApi, dagRunId: string): Promise<ProgressRead> {
  const all = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT }))
  if (all.kind === 'refused') return { kind: 'refused', why: all.why }
  if (all.kind !== 'listed') return { kind: 'unknown' }
  const awaiting = all.listing.tasks.filter(ti => ti.state === AWAITING_INPUT)
  const whole = progressOf(all.listing)
  if (whole) return { kind: 'tasks', progress: whole, awaiting }
  const done = listed(
    api,
    await api.listTaskInstances(dagRunId, { limit: 1, states: FINISHED_STATES })
  )
  if (done.kind !== 'listed') return { kind: 'tasks', awaiting }
  const filtered = done.listing.tasks.every(ti => FINISHED_STATES.includes(ti.state ?? ''))
  const finished = done.listing.total
  const { total } = all.listing
  if (!filtered || finished === undefined || total === undefined || finished > total) {
    return { kind: 'tasks', awaiting }
  }
  return { kind: 'tasks', progress: { finished, total }, awaiting }
}

/**
 * The task instances that explain a failed or unfinished run. One page of all of them comes first:
 * it is the whole run up to a page's size, and it shows tasks in states the action does not know
 * (a later Airflow's) as they are. A larger run is counted with Airflow's `state` filter, checked
 * again here, since a server that ignores the filter lists every task; the filter names
 * `awaiting_input` only to a server that says it runs 3.3 or later, as an earlier Airflow 3 refuses
 * a state it does not know (422, _transform_ti_states in api_fastapi/common/parameters.py).
 */
export async function reportTasks(api: AirflowApi, dagRunId: string): Promise<TaskReport> {
  const page = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT }))
  if (page.kind !== 'listed') return page
  const whole = page.listing.total !== undefined && page.listing.tasks.length >= page.listing.total
  const onPage = problemTasks(page.listing.tasks)
  if (whole) return { kind: 'listed', tasks: onPage, total: onPage.length }
  const unknown = onPage.filter(ti => !isKnownState(ti.state))
  const states = releaseAtLeast(api.location, 3, 3)
    ? PROBLEM_STATES
    : PROBLEM_STATES.filter(state => state !== AWAITING_INPUT)
  const answer = listed(api, await api.listTaskInstances(dagRunId, { limit: PAGE_LIMIT, states }))
  if (answer.kind !== 'listed')
    return { kind: 'listed', tasks: onPage, total: onPage.length, uncounted: true }
  const { listing } = answer
  const problems = problemTasks(listing.tasks)
  // A server that ignored the filter listed every task, those of unknown states among them.
  if (problems.length !== listing.tasks.length)
    return { kind: 'listed', tasks: problems, total: problems.length }
  const tasks = [...problems, ...unknown]
  return listing.total === undefined
    ? { kind: 'listed', tasks, total: tasks.length, uncounted: true }
    : { kind: 'listed', tasks, total: listing.total + unknown.length }
}

/** The task log of each task that ran, when the UI is known. */
export function withTaskLogs(
  report: TaskReport,
  ui: AirflowUi | undefined,
  dagId: string,
  dagRunId: string
): TaskReport {
  if (report.kind !== 'listed' || !ui) return report
  const tasks = report.tasks.map(task =>
    neverRan(task) ? task : { ...task, logUrl: taskLogUrl(ui, dagId, dagRunId, task) }
  )
  return { ...report, tasks }
}
