import type { AirflowApi } from '../airflow/airflow-api.js'
import type { AirflowUi } from '../airflow/airflow-ui.js'
import type { RunWatcher } from '../backend/backend.js'
import { pollRun } from './poll-answer.js'
import { explainQueued } from './queued.js'
import { readProgress, reportTasks, withTaskLogs } from './tasks.js'

/**
 * A DAG run as the wait sees it through `api` (already bound to the wait's deadline): its state,
 * its tasks' progress and those awaiting input, why it stays queued, and the tasks behind a run
 * that failed or did not finish, each linked to its log when the UI is known.
 */
export function dagRunWatcher(
  api: AirflowApi,
  run: { dagId: string; dagRunId: string; ui?: AirflowUi }
): RunWatcher {
  const { dagId, dagRunId, ui } = run
  return {
    poll: () => pollRun(api, dagRunId),
    progress: () => readProgress(api, dagRunId),
    whyQueued: () => explainQueued(api, dagId, dagRunId),
    problemTasks: async () => withTaskLogs(await reportTasks(api, dagRunId), ui, dagId, dagRunId)
  }
}
