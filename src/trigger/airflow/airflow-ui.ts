/** Which Airflow serves the API: 2 answers on /api/v1 (connexion), 3 on /api/v2 (FastAPI). */
export type AirflowVersion = 2 | 3

/** Airflow 2 for an api-path ending in /api/v1; otherwise Airflow 3, the default's version. */
export function airflowVersion(apiPath: string): AirflowVersion {
  return /\/api\/v1$/.test(apiPath) ? 2 : 3
}

/** Where the UI lives: `ui-url`, or else `base-url`, which serves the UI beside the API. */
export interface AirflowUi {
  base: URL
  version: AirflowVersion
}

interface TaskRef {
  taskId: string
  /** -1 for a task that is not mapped. */
  mapIndex: number
}

const segment = encodeURIComponent

function under(ui: AirflowUi, path: string): string {
  const base = ui.base.href.replace(/(?<!\/)\/+$/, '')
  return `${base}/${path}`
}

/**
 * The run's page. Airflow 3's UI router (apache/airflow
 * airflow-core/src/airflow/ui/src/router.tsx) serves it at `dags/:dagId/runs/:runId` under the
 * UI's base path; Airflow 2 shows a run in the grid view (airflow/www/views.py,
 * `@expose("/dags/<string:dag_id>/grid")`), selected by the `dag_run_id` parameter that
 * airflow/www/static/js/dag/useSelection.ts reads.
 */
export function runPageUrl(ui: AirflowUi, dagId: string, runId: string): string {
  if (ui.version === 2) {
    return `${under(ui, `dags/${segment(dagId)}/grid`)}?${new URLSearchParams({ dag_run_id: runId })}`
  }
  return under(ui, `dags/${segment(dagId)}/runs/${segment(runId)}`)
}

/**
 * The DAG's page: Airflow 3's `dags/:dagId` (its overview, with the pause switch); Airflow 2's
 * grid view of the DAG, `dags/<dag_id>/grid`, which has the switch too.
 */
export function dagPageUrl(ui: AirflowUi, dagId: string): string {
  return under(ui, ui.version === 2 ? `dags/${segment(dagId)}/grid` : `dags/${segment(dagId)}`)
}

/**
 * A task instance's log. Airflow 3: `dags/:dagId/runs/:runId/tasks/:taskId` (mapped:
 * `…/mapped/:mapIndex`) with the `logs` tab (TaskInstanceTab.Logs in ui/src/constants/tab.ts).
 * Airflow 2: the grid view with `task_id`, `map_index` and `tab=logs`, as TaskInstance.log_url
 * builds it (airflow/models/taskinstance.py).
 */
export function taskLogUrl(ui: AirflowUi, dagId: string, runId: string, task: TaskRef): string {
  if (ui.version === 2) {
    const query = new URLSearchParams({ dag_run_id: runId, task_id: task.taskId })
    if (task.mapIndex >= 0) query.set('map_index', String(task.mapIndex))
    query.set('tab', 'logs')
    return `${under(ui, `dags/${segment(dagId)}/grid`)}?${query}`
  }
  const mapped = task.mapIndex >= 0 ? `/mapped/${task.mapIndex}` : ''
  return under(
    ui,
    `dags/${segment(dagId)}/runs/${segment(runId)}/tasks/${segment(task.taskId)}${mapped}/logs`
  )
}
