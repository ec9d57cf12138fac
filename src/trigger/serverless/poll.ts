import { diagnose } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { describeResult } from '../../http/send.js'
import type { Poll } from '../backend/backend.js'
import { outputOf, shownAnswer, workflowRun } from './api/answers.js'
import { errorTypeOf, unsettled } from './api/calls.js'
import type { ServerlessClient } from './api/client.js'

/** One GetWorkflowRun, as the wait reads it. */
export async function pollWorkflowRun(
  client: ServerlessClient,
  run: { workflowArn: string; runId: string },
  leftMs: () => number
): Promise<Poll> {
  const result = await client.call(
    'GetWorkflowRun',
    { WorkflowArn: run.workflowArn, RunId: run.runId },
    { leftMs }
  )
  const type = errorTypeOf(result)
  const found = workflowRun(outputOf(result))
  const retryAfter =
    'response' in result ? headerValue(result.response.headers, 'retry-after') : undefined
  const said = {
    ...('response' in result && (found || !unsettled(result, type))
      ? { answer: shownAnswer(result.response.body) }
      : {}),
    ...(retryAfter === undefined ? {} : { retryAfter })
  }
  if (found && found.runId !== run.runId) {
    const why = `asked for run ${run.runId}, the service answered with run ${found.runId}`
    return { kind: 'permanent', why, ...said }
  }
  if (found) {
    return {
      kind: 'run',
      ...(found.state === undefined ? {} : { state: found.state }),
      ...(found.durationMs === undefined ? {} : { durationMs: found.durationMs }),
      ...said
    }
  }
  const seen = `${describeResult(result)}${type ? ` ${type}` : ''}`
  if ('response' in result && result.response.status < 300) {
    return { kind: 'transient', why: `${seen} without the run in it`, ...said }
  }
  if (type === 'ThrottlingException' || unsettled(result, type) || 'failure' in result) {
    return { kind: 'transient', why: seen, ...said }
  }
  const verdict = diagnose(result, client.context('GetWorkflowRun'))
  return { kind: 'permanent', why: verdict.headline, verdict, ...said }
}
