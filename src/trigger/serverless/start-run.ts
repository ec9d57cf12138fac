import { headerValue } from '../../http/headers.js'
import { nextStep, TRIGGER_BACKOFF, waitToRetry, type RetryDeps } from '../../http/retry.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { outputOf, startedRun } from './api/answers.js'
import type { TriggerReport } from '../backend/backend.js'
import { unsettled, type CallLog } from './api/calls.js'
import { findStartedRun } from './settle.js'

interface StartRequest {
  workflowArn: string
  clientToken: string
  conf?: Record<string, unknown>
  maxAttempts: number
  /** What every report says of the run: the workflow's name, the date behind the ClientToken. */
  base: Pick<TriggerReport, 'dagId' | 'logicalDate' | 'dateSource'>
}

interface StartDeps extends RetryDeps {
  /** The step's cancellation: nothing is sent again after it. */
  signal?: AbortSignal
}

const bodyOf = (result: HttpResult) => ('response' in result ? result.response.body : undefined)

/** What one StartWorkflowRun led to: the report, or another attempt after `giveUp`. */
type Step = { done: TriggerReport } | { giveUp: TriggerReport; retryAfter?: string }

/** One attempt: its answer read, and an unsettled one settled before anything is sent again. */
async function attemptStart(
  log: CallLog,
  request: StartRequest,
  attempt: number,
  sentAt: number,
  deps: StartDeps
): Promise<Step> {
  const { workflowArn, clientToken, conf } = request
  const { result, verdict, type } = await log.call('StartWorkflowRun', {
    WorkflowArn: workflowArn,
    ClientToken: clientToken,
    ...(conf ? { OverrideParameters: conf } : {})
  })
  const report = (
    outcome: TriggerReport['outcome'],
    message: string,
    extra: Partial<TriggerReport> = {}
  ): TriggerReport => ({
    ...request.base,
    outcome,
    message,
    verdict,
    requests: log.calls,
    serverAnswer: bodyOf(result),
    ...extra
  })
  if ('response' in result && result.response.status < 300) {
    const run = startedRun(outputOf(result))
    if (run) {
      const again =
        attempt > 1
          ? ' (the ClientToken gave back the run of the first attempt, if it made one)'
          : ''
      return {
        done: report('created', `Run ${run.runId} was started${again}.`, {
          dagRunId: run.runId,
          ...(run.state ? { state: run.state } : {})
        })
      }
    }
    return {
      done: report(
        'failed',
        `StartWorkflowRun answered ${describeResult(result)} without a RunId, which alone proves a run was started.`
      )
    }
  }
  const seen = `${describeResult(result)}${type ? ` ${type}` : ''}`
  if (deps.signal?.aborted) {
    const message = `StartWorkflowRun ended with ${seen}; whether it started a run was not looked up, as the step was cancelled: the workflow's runs in the AWS console tell.`
    return { done: report('failed', message) }
  }
  if (!unsettled(result, type)) {
    const retried = 'failure' in result && !result.failure.permanent
    const giveUp = report('failed', `No run was started: StartWorkflowRun answered ${seen}.`)
    return retried ? { giveUp } : { done: giveUp }
  }
  return settleUnclear(log, { ...request, sentAt, seen, result }, report, deps)
}

/**
 * After an answer that leaves the start unsettled, before anything is sent again: the run found
 * with ListWorkflowRuns and GetWorkflowRun, or another attempt, with the same ClientToken.
 */
async function settleUnclear(
  log: CallLog,
  start: StartRequest & { sentAt: number; seen: string; result: HttpResult },
  report: (
    outcome: TriggerReport['outcome'],
    message: string,
    extra?: Partial<TriggerReport>
  ) => TriggerReport,
  deps: StartDeps
): Promise<Step> {
  const { workflowArn, conf, sentAt, seen, result } = start
  deps.log(
    `StartWorkflowRun: ${seen}; whether the run was started is checked before anything else.`
  )
  const settled = await findStartedRun(log, { workflowArn, ...(conf ? { conf } : {}), sentAt })
  if (settled.kind === 'found') {
    const { run } = settled
    return {
      done: report(
        'recovered',
        `Run ${run.runId} was started: StartWorkflowRun answered ${seen}, and ListWorkflowRuns and GetWorkflowRun found it.`,
        {
          dagRunId: run.runId,
          ...(run.state ? { state: run.state } : {}),
          verdict: settled.verdict,
          serverAnswer: settled.body
        }
      )
    }
  }
  const why =
    settled.kind === 'none'
      ? 'no run with these parameters was made since it was sent'
      : `whether it made one could not be told (${settled.why})`
  deps.log(`StartWorkflowRun: ${why}; it is sent again with the same ClientToken.`)
  const giveUp = report('failed', `StartWorkflowRun answered ${seen}, and ${why}.`)
  return {
    giveUp,
    ...('response' in result
      ? { retryAfter: headerValue(result.response.headers, 'retry-after') }
      : {})
  }
}

/**
 * StartWorkflowRun with this commit's ClientToken; the step fails unless a RunId comes back. An
 * answer that leaves the start unsettled (AWS's OperationTimeoutException, a lost answer) is
 * settled with ListWorkflowRuns and GetWorkflowRun before the start is sent again, with the same
 * ClientToken, which cannot start a second run.
 */
export async function startRun(
  log: CallLog,
  request: StartRequest,
  deps: StartDeps
): Promise<TriggerReport> {
  const sentAt = deps.now().getTime()
  for (let attempt = 1; ; attempt++) {
    const step = await attemptStart(log, request, attempt, sentAt, deps)
    if ('done' in step) return step.done
    const next = nextStep(attempt, request.maxAttempts, TRIGGER_BACKOFF, step.retryAfter, deps)
    if (!next.retry || deps.signal?.aborted) return step.giveUp
    await waitToRetry(next, attempt, request.maxAttempts, deps, 'StartWorkflowRun')
  }
}
