/**
 * What each Airflow release adds that the stand-in shows: 3.2's `allowed_run_types`, partitioned
 * DAGs and `partition_key` (TriggerDAGRunPostBody, DAGResponse, DAGRunResponse in the 3.2 REST
 * API), 3.3's task state `awaiting_input` (apache/airflow#68028), Airflow 2.5's `…/setNote`.
 */
export function atLeast(release: string, major: number, minor: number): boolean {
  const [, a, b] = /^(\d+)\.(\d+)/.exec(release) ?? []
  if (a === undefined || b === undefined) return false
  return Number(a) > major || (Number(a) === major && Number(b) >= minor)
}

/** Airflow 3's TaskInstanceState (airflow-core/src/airflow/utils/state.py) as of 3.2. */
const TASK_STATES = [
  'removed',
  'scheduled',
  'queued',
  'running',
  'success',
  'restarting',
  'failed',
  'up_for_retry',
  'up_for_reschedule',
  'upstream_failed',
  'skipped',
  'deferred'
]

/**
 * The states a task-instance `state` filter takes: Airflow 3's _transform_ti_states
 * (api_fastapi/common/parameters.py) refuses any other with 422, `none` and `no_status` aside.
 */
export function taskStates(release: string): string[] {
  return atLeast(release, 3, 3) ? [...TASK_STATES, 'awaiting_input'] : TASK_STATES
}
