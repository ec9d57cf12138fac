import { outputOf } from './api/answers.js'
import type { CallLog } from './api/calls.js'
import type { TriggerReport } from '../backend/backend.js'

/**
 * A dry run: GetWorkflow proves the workflow is there, in a state that takes runs (READY), and that
 * the job's credentials reach it; nothing is started. StartWorkflowRun's own permission is not
 * proven: AWS has no call that asks.
 */
export async function checkWouldStart(
  log: CallLog,
  workflowArn: string,
  clientToken: string,
  base: Pick<TriggerReport, 'dagId' | 'logicalDate' | 'dateSource'>
): Promise<TriggerReport> {
  const { result, verdict } = await log.call('GetWorkflow', { WorkflowArn: workflowArn })
  const output = outputOf(result)
  const known = {
    ...base,
    verdict,
    requests: log.calls,
    ...('response' in result ? { serverAnswer: result.response.body } : {})
  }
  if (!output) {
    return { ...known, outcome: 'failed', message: `GetWorkflow failed: ${verdict.headline}` }
  }
  const status = typeof output.WorkflowStatus === 'string' ? output.WorkflowStatus : undefined
  if (status !== undefined && status !== 'READY') {
    return {
      ...known,
      outcome: 'failed',
      message: `The workflow is ${status.slice(0, 40)}, not READY: StartWorkflowRun would be refused.`
    }
  }
  return {
    ...known,
    outcome: 'would-create',
    message: `The workflow is there${status ? ' and READY' : ''}: StartWorkflowRun would be sent with ClientToken ${clientToken}.`
  }
}
