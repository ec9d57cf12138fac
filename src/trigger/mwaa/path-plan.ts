import type { AirflowRequest } from '../airflow/transport.js'
import { logicalDateOf, sameInstant } from '../airflow/airflow-answers.js'
import type { AirflowVersion } from '../airflow/airflow-ui.js'

/** InvokeRestApi's `Path`: 1 to 64 characters (service-2.json, shape RestApiPath). */
export const MAX_PATH_LENGTH = 64

/** The run this step creates: Airflow keeps one run per DAG and logical date. */
export interface OwnRun {
  dagId: string
  dagRunId: string
  logicalDate: string
}

/** What MWAA is asked, and how its answer becomes the answer of the request planned. */
export interface Planned {
  request: AirflowRequest
  /** Turns a list's answer into the one run's: 200 with the run, or Airflow's 404. */
  pick?: (answer: { status: number; json: unknown }) => { status: number; body: unknown }
}

/** InvokeRestApi's `Path` of a request: no /api/v1 or /api/v2 prefix, MWAA adds it. */
export function mwaaPath(path: string): string {
  return `/${path}`
}

const segment = encodeURIComponent

/** The paths of the created run, whose lengths decide whether they are sent as they are. */
export function runPaths(run: Pick<OwnRun, 'dagId' | 'dagRunId'>): {
  runs: string
  run: string
  taskInstances: string
} {
  const runs = `dags/${segment(run.dagId)}/dagRuns`
  const one = `${runs}/${segment(run.dagRunId)}`
  return { runs, run: one, taskInstances: `${one}/taskInstances` }
}

const fits = (path: string) => mwaaPath(path).length <= MAX_PATH_LENGTH

/**
 * The request as MWAA can take it. A path over 64 characters that reads the created run or its
 * task instances becomes Airflow's list endpoint with the filters in the body, whose field names
 * differ by version: Airflow 2's ListDagRunsForm and ListTaskInstanceForm
 * (airflow/api_connexion/openapi/v1.yaml: `dag_ids`, `execution_date_gte`/`_lte`, `page_limit`;
 * `dag_ids`, `dag_run_ids`, `state`), Airflow 3's DAGRunsBatchBody and TaskInstancesBatchBody
 * (airflow-core/src/airflow/api_fastapi/core_api/datamodels/dag_run.py and task_instances.py:
 * `dag_ids`, `logical_date_gte`/`_lte`, `page_limit`; `dag_ids`, `dag_run_ids`, `state`,
 * `page_limit`; both forbid unknown fields). Anything else over the limit cannot be sent:
 * `refused` says why.
 */
export function planRequest(
  request: AirflowRequest,
  run: OwnRun,
  version: AirflowVersion
): Planned | { refused: string } {
  if (fits(request.path)) return { request }
  const paths = runPaths(run)
  const states = (request.query ?? []).filter(([name]) => name === 'state').map(([, v]) => v)
  const limit = (request.query ?? []).find(([name]) => name === 'limit')?.[1]
  if (request.method === 'GET' && request.path === paths.run) {
    const dates =
      version === 2
        ? { execution_date_gte: run.logicalDate, execution_date_lte: run.logicalDate }
        : { logical_date_gte: run.logicalDate, logical_date_lte: run.logicalDate }
    return {
      request: {
        method: 'POST',
        path: 'dags/~/dagRuns/list',
        body: { dag_ids: [run.dagId], ...dates, page_limit: 100 }
      },
      pick: answer => pickRun(answer, run)
    }
  }
  if (request.method === 'GET' && request.path === paths.taskInstances) {
    return {
      request: {
        method: 'POST',
        path: 'dags/~/dagRuns/~/taskInstances/list',
        body: {
          dag_ids: [run.dagId],
          dag_run_ids: [run.dagRunId],
          ...(states.length > 0 ? { state: states } : {}),
          // Airflow 2's form has no page_limit in every release that MWAA runs; 100 is its page.
          ...(version === 3 && limit ? { page_limit: Number(limit) } : {})
        }
      }
    }
  }
  return {
    refused: `${request.method} ${mwaaPath(request.path)} is ${mwaaPath(request.path).length} characters, over the ${MAX_PATH_LENGTH} that MWAA's InvokeRestApi takes, and has no shorter form`
  }
}

/**
 * The run out of the list of runs at its logical date, or Airflow's 404 when the list proves it
 * absent: a list whose every run is at that date (the filter was applied). Any other answer (not
 * a list, runs at other dates) is passed on as it is, a 200 without the run, which proves nothing.
 */
function pickRun(
  answer: { status: number; json: unknown },
  run: OwnRun
): { status: number; body: unknown } {
  const passed = { status: answer.status, body: answer.json }
  if (answer.status !== 200) return passed
  const listed = (answer.json as { dag_runs?: unknown } | null)?.dag_runs
  if (!Array.isArray(listed)) return passed
  const runs = listed.map(item => (item ?? {}) as Record<string, unknown>)
  const found = runs.find(item => item.dag_run_id === run.dagRunId)
  if (found !== undefined) return { status: 200, body: found }
  if (!runs.every(item => sameInstant(logicalDateOf(item), run.logicalDate))) return passed
  return {
    status: 404,
    body: {
      detail: `DAGRun with DAG ID: '${run.dagId}' and DagRun ID: '${run.dagRunId}' not found`,
      status: 404,
      title: 'DAGRun not found'
    }
  }
}

/**
 * Why the mode cannot run on MWAA with this DAG id, or undefined: the run's collection
 * (`/dags/{dag_id}/dagRuns`, where the run is created) has no shorter form, so a DAG id longer
 * than 50 characters once percent-encoded can never be triggered through InvokeRestApi.
 */
export function dagIdProblem(dagId: string): string | undefined {
  const path = mwaaPath(runPaths({ dagId, dagRunId: '' }).runs)
  if (path.length <= MAX_PATH_LENGTH) return undefined
  return `expected at most ${MAX_PATH_LENGTH - path.length + segment(dagId).length} characters (percent-encoded) with "mwaa-environment": MWAA's InvokeRestApi takes paths of at most ${MAX_PATH_LENGTH} characters, and ${path} has ${path.length}`
}
