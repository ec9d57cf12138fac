import { diagnose } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { pollDelayMs } from '../../http/retry.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import {
  FAILED_POLLS_WARNING,
  type WaitDeps,
  type WaitEnd,
  type WaitResult
} from '../watch/wait.js'
import { WatchLog } from '../watch/watch-log.js'
import type { Watched } from '../watch/watch-run.js'
import { FINAL_RUN_STATES, outputOf, shownAnswer, workflowRun } from './answers.js'
import { errorTypeOf, unsettled } from './calls.js'
import type { ServerlessClient } from './client.js'
import { reportTasks } from './tasks.js'

interface ServerlessWaitOptions {
  workflowArn: string
  runId: string
  timeoutMs: number
  intervalMs: number
  /** Each call's own time-out (`timeout-seconds`): the wait ends at most this late. */
  requestTimeoutMs: number
}

/** One wait: what stays fixed, and what the polls have learnt so far. */
interface Wait {
  client: ServerlessClient
  options: ServerlessWaitOptions
  deps: WaitDeps
  started: number
  deadline: number
  watch: WatchLog
  state?: string
  durationMs?: number
  failedPolls: number
  failuresInRow: number
  /** The body of the last answer that decided. */
  decided?: string
}

/** The milliseconds a call may still take: what is left of the deadline, plus one time-out. */
const leftMs = (wait: Wait) => () =>
  wait.deadline + wait.options.requestTimeoutMs - wait.deps.monotonicMs()

function endOfWait(wait: Wait, end: WaitEnd): WaitResult {
  return {
    end,
    state: wait.state,
    elapsedMs: wait.deps.monotonicMs() - wait.started,
    runDurationMs: wait.durationMs,
    failedPolls: wait.failedPolls,
    ...(wait.decided === undefined ? {} : { answer: wait.decided })
  }
}

/** A poll that failed for a passing reason: counted, and warned about once too many in a row. */
function countFailedPoll(wait: Wait, why: string): void {
  wait.failedPolls++
  wait.failuresInRow++
  wait.deps.log(`Could not read the run's state (${why}); polling again.`)
  if (wait.failuresInRow === FAILED_POLLS_WARNING) {
    wait.deps.warn(
      `${wait.failuresInRow} polls of run ${wait.options.runId} in a row failed, the last with ${why}. Still polling until the wait's deadline.`,
      'Polls failing'
    )
  }
}

/** What one GetWorkflowRun told: the wait's end, or nothing yet (then how long to pause). */
function readPoll(wait: Wait, result: HttpResult): WaitEnd | undefined {
  const type = errorTypeOf(result)
  const run = workflowRun(outputOf(result))
  if ('response' in result && (run || !unsettled(result, type)))
    wait.decided = shownAnswer(result.response.body)
  if (run && run.runId !== wait.options.runId) {
    const why = `asked for run ${wait.options.runId}, the service answered with run ${run.runId}`
    return { kind: 'stopped', why }
  }
  if (run) {
    wait.failuresInRow = 0
    wait.state = run.state
    wait.durationMs = run.durationMs
    const line = wait.watch.next({
      elapsedMs: wait.deps.monotonicMs() - wait.started,
      state: run.state
    })
    if (line) wait.deps.log(line)
    return run.state && FINAL_RUN_STATES.has(run.state) ? { kind: 'finished' } : undefined
  }
  const verdict = diagnose(result, wait.client.context('GetWorkflowRun'))
  const seen = `${describeResult(result)}${type ? ` ${type}` : ''}`
  const passing = type === 'ThrottlingException' || unsettled(result, type)
  if ('response' in result && result.response.status < 300) {
    countFailedPoll(wait, `${seen} without the run in it`)
  } else if (passing || 'failure' in result) {
    countFailedPoll(wait, seen)
  } else {
    return { kind: 'stopped', why: verdict.headline, verdict }
  }
  return undefined
}

/**
 * GetWorkflowRun until the run's RunState is final (SUCCESS, FAILED, TIMEOUT, STOPPED), the wait's
 * time is up, or an answer says polling cannot help; then, for a run that did not succeed, the
 * tasks behind it from ListTaskInstances. Passing failures are polled again after a growing pause.
 */
export async function waitForWorkflowRun(
  client: ServerlessClient,
  options: ServerlessWaitOptions,
  deps: WaitDeps
): Promise<Watched> {
  const started = deps.monotonicMs()
  const wait: Wait = {
    client,
    options,
    deps,
    started,
    deadline: started + options.timeoutMs,
    watch: new WatchLog(options.runId, FINAL_RUN_STATES),
    failedPolls: 0,
    failuresInRow: 0
  }
  const request = { WorkflowArn: options.workflowArn, RunId: options.runId }
  let end: WaitEnd | undefined
  while (!end) {
    if (deps.signal?.aborted) break
    const result = await client.call('GetWorkflowRun', request, { leftMs: leftMs(wait) })
    if (deps.signal?.aborted) break
    end = readPoll(wait, result)
    const left = wait.deadline - deps.monotonicMs()
    if (end || left <= 0) break
    const retryAfter =
      'response' in result ? headerValue(result.response.headers, 'retry-after') : undefined
    const pause = pollDelayMs(options.intervalMs, wait.failuresInRow, retryAfter, deps.now())
    await deps.sleep(Math.min(pause, left))
  }
  const result = endOfWait(
    wait,
    end ?? (deps.signal?.aborted ? { kind: 'cancelled' } : { kind: 'timed-out' })
  )
  const unexplained =
    result.end.kind === 'timed-out' ||
    (result.end.kind === 'finished' && result.state !== 'success')
  if (!unexplained) return { wait: result }
  return { wait: result, tasks: await reportTasks(client, options, leftMs(wait)) }
}
