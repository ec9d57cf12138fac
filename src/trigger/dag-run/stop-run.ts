import { diagnose } from '../../diagnosis/index.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import { STOP_RUN_TIMEOUT_MS, type StopResult } from '../backend/backend.js'

/** Marks the run failed in Airflow after the step was cancelled while waiting for it. */
export async function stopRun(api: AirflowApi, dagRunId: string): Promise<StopResult> {
  const result = await api.failRun(dagRunId, STOP_RUN_TIMEOUT_MS)
  if ('response' in result && result.response.status >= 200 && result.response.status < 300) {
    return {
      stopped: true,
      state: 'failed',
      message: `Run ${dagRunId} was marked failed in Airflow.`
    }
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
