import { diagnose } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import { STOP_RUN_TIMEOUT_MS, type StopResult } from '../backend/backend.js'
import { outputOf } from './api/answers.js'
import type { ServerlessClient } from './api/client.js'

/**
 * `stop-run-on-cancel`: StopWorkflowRun after the step was cancelled while waiting, within the
 * time the runner leaves after its signal. The service answers STOPPING, then stops the run's
 * tasks; `state` is what it answered, in Airflow's case.
 */
export async function stopWorkflowRun(
  client: ServerlessClient,
  run: { workflowArn: string; runId: string }
): Promise<StopResult> {
  const result = await client.call(
    'StopWorkflowRun',
    { WorkflowArn: run.workflowArn, RunId: run.runId },
    { uncancelledTimeoutMs: STOP_RUN_TIMEOUT_MS }
  )
  const output = outputOf(result)
  if (output) {
    const status = typeof output.Status === 'string' ? output.Status : 'STOPPING'
    const state = /^[A-Z_]{1,40}$/.test(status) ? status.toLowerCase() : 'stopping'
    return {
      stopped: true,
      state,
      message: `StopWorkflowRun answered ${state}: MWAA Serverless stops run ${run.runId}.`
    }
  }
  if ('failure' in result) {
    return {
      stopped: false,
      message: `StopWorkflowRun got no answer (${result.failure.message}): the run's page in the AWS console tells whether it still runs.`
    }
  }
  const verdict = diagnose(result, client.context('StopWorkflowRun'))
  return {
    stopped: false,
    message: `StopWorkflowRun did not work (${describeResult(result)}: ${verdict.headline}): the run goes on; stop it in the AWS console.`
  }
}
