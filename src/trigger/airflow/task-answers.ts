import type { Verdict } from '../../diagnosis/index.js'
import { amount, count, matching, record, text } from '../../http/json-fields.js'
import { AWAITING_INPUT, type Progress, type TaskInstance } from '../backend/backend.js'
import { readListPage } from './list-page.js'

export interface TaskListing {
  tasks: TaskInstance[]
  /**
   * Every task instance that matched, beyond this page too; undefined when a cursor page says
   * more follow without counting them.
   */
  total?: number
}

/** States a task instance ends in; a run is done when all of its tasks are in one. */
export const FINISHED_STATES = ['success', 'failed', 'skipped', 'upstream_failed', 'removed']

/**
 * What explains a failed or unfinished run, most telling first: what failed, what never ran
 * because of it, then what was still going when the wait ended.
 */
export const PROBLEM_STATES = [
  'failed',
  'upstream_failed',
  AWAITING_INPUT,
  'up_for_retry',
  'up_for_reschedule',
  'restarting',
  'running',
  'deferred',
  'queued'
]

/** Every state Airflow 3.3 knows (TaskInstanceState, airflow-core/src/airflow/utils/state.py). */
const KNOWN_STATES = new Set([
  ...PROBLEM_STATES,
  ...FINISHED_STATES,
  'scheduled',
  'deferred',
  'restarting'
])

/** Longest task id Airflow stores (ID_LEN); anything longer is not taken for one. */
const MAX_TASK_ID_LENGTH = 250

function taskInstance(item: unknown): TaskInstance | undefined {
  const ti = record(item)
  const taskId = text(ti?.task_id)
  if (!ti || !taskId || taskId.length > MAX_TASK_ID_LENGTH) return undefined
  const mapIndex = ti.map_index
  return {
    taskId,
    // The same rule as a run's state: a word, or nothing.
    state: matching(ti.state, /^[a-z_]{1,40}$/),
    tryNumber: count(ti.try_number),
    duration: amount(ti.duration),
    mapIndex: Number.isSafeInteger(mapIndex) ? (mapIndex as number) : -1
  }
}

/**
 * The listing in an answer (`{"task_instances": [...], "total_entries": n}`, the same in Airflow 2
 * and 3, or a cursor page's `next_cursor` instead of the total), or undefined when the answer is
 * not one. Items without a task id are dropped; a total smaller than the page is taken as the
 * page's size, and so is a page that says nothing of more.
 */
export function parseTaskListing(verdict: Verdict): TaskListing | undefined {
  const page = readListPage(verdict.json, 'task_instances')
  if (!page) return undefined
  const tasks = page.items.map(taskInstance).filter(ti => ti !== undefined)
  const { length } = page.items
  if (page.total !== undefined) return { tasks, total: Math.max(page.total, length) }
  return page.more ? { tasks } : { tasks, total: length }
}

/** Finished / total, when the page holds every task instance; undefined otherwise. */
export function progressOf(listing: TaskListing): Progress | undefined {
  if (listing.total === undefined || listing.tasks.length < listing.total) return undefined
  const finished = listing.tasks.filter(ti => FINISHED_STATES.includes(ti.state ?? '')).length
  return { finished, total: listing.total }
}

/** Whether the action knows the state; no state (not started) counts as known. */
export function isKnownState(state: string | undefined): boolean {
  return state === undefined || KNOWN_STATES.has(state)
}

/**
 * The task instances in problem states, most telling state first, the server's order within; a
 * state the action does not know (a later Airflow's) comes last, shown as it is.
 */
export function problemTasks(tasks: readonly TaskInstance[]): TaskInstance[] {
  const rank = (ti: TaskInstance) => {
    const known = PROBLEM_STATES.indexOf(ti.state ?? '')
    if (known !== -1) return known
    return isKnownState(ti.state) ? -1 : PROBLEM_STATES.length
  }
  return tasks.filter(ti => rank(ti) !== -1).sort((a, b) => rank(a) - rank(b))
}
