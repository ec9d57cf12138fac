import { RUNNER_SIGINT_GRACE_MS } from '../../cancel/cancellation.js'
import { diagnose } from '../../diagnosis/index.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'

/**
 * The longest the PATCH of `stop-run-on-cancel` may take: well inside the runner's grace after
 * SIGINT, so that the summary is still written before the process is killed.
 */
export const STOP_RUN_TIMEOUT_MS = RUNNER_SIGINT_GRACE_MS / 2

export interface StopRunResult {
  stopped: boolean
  /** One sentence for the log and the summary. */
  message: string
}

/** Marks the run failed in Airflow after the step was cancelled while waiting for it. */
export async function stopRun(api: AirflowApi, dagRunId: string): Promise<StopRunResult> {
  const result = await api.failRun(dagRunId, STOP_RUN_TIMEOUT_MS)
  if ('response' in result && result.response.status >= 200 && result.response.status < 300) {
    return { stopped: true, message: `Run ${dagRunId} was marked failed in Airflow.` }
  }
  if ('failure' in result) {
    return {
      stopped: false,
      message: `Marking run ${dagRunId} failed got no answer (${result.failure.message}): its page tells whether it still runs.`
    }
  }
  const why = quoteAnswer(result, diagnose(result, api.context('PATCH')))
  return {
    stopped: false,
    message: `Marking run ${dagRunId} failed did not work (${why}): it goes on in Airflow; stop it from its page.`
  }
}
