import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { pollDelayMs } from '../../http/retry.js'
import { isRenewalRefused, type AirflowApi } from '../airflow/airflow-api.js'
import { TERMINAL_STATES, type DagRun } from '../airflow/airflow-answers.js'
import { classifyPoll } from './poll-answer.js'
import { explainQueued } from './queued.js'
import type { Progress } from '../airflow/task-answers.js'
import { readProgress } from './tasks.js'
import { WatchLog } from './watch-log.js'
import { awaitingInputLines } from './awaiting-input.js'

/** Failed polls in a row before the log says so louder than one line each. */
export const FAILED_POLLS_WARNING = 3

export type WaitEnd =
  /** The run reached `success` or `failed`. */
  | { kind: 'finished' }
  | { kind: 'timed-out' }
  /** The step was cancelled: no poll after that. */
  | { kind: 'cancelled' }
  /** An answer that no later poll could change; `verdict` is absent when no request failed. */
  | { kind: 'stopped'; why: string; verdict?: Verdict }

export interface WaitResult {
  end: WaitEnd
  /** The state last seen, if any answer carried one. */
  state?: string
  /** From the first poll to the end of the wait. */
  elapsedMs: number
  /** The run's own time from its start to its end, when the server told both. */
  runDurationMs?: number
  progress?: Progress
  /** Polls that failed for a passing reason and were tried again. */
  failedPolls: number
  /**
   * The body of the last answer that decided: the last one that told the run's state, or the one
   * that stopped the wait (raw; the renderer escapes and cuts).
   */
  answer?: string
}

export interface WaitDeps {
  sleep: (ms: number) => Promise<void>
  /** Milliseconds on a monotonic clock: what the wait's deadline and elapsed times are read on. */
  monotonicMs: () => number
  now: () => Date
  log: (line: string) => void
  warn: (message: string, title: string) => void
  /** The step's cancellation, which ends the wait at once. */
  signal?: AbortSignal
}

function runDurationMs(run: DagRun): number | undefined {
  if (!run.start_date || !run.end_date) return undefined
  const ms = Date.parse(run.end_date) - Date.parse(run.start_date)
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined
}

/**
 * `api` as the wait may use it until `deadline`: a request started before the deadline keeps its
 * own time-out, one started later only what is left of the deadline plus one time-out, so that no
 * request, and no token renewal or retry inside one, outlasts that.
 */
export function boundedBy(
  api: AirflowApi,
  deadline: number,
  requestTimeoutMs: number,
  monotonicMs: () => number
): AirflowApi {
  return api.within(() => deadline + requestTimeoutMs - monotonicMs())
}

interface WaitOptions {
  timeoutMs: number
  intervalMs: number
  /** Each request's own time-out (`timeout-seconds`): the wait ends at most this late. */
  requestTimeoutMs: number
  /** Set to say, once, why the run stays queued (not for a run waiting for its date). */
  explainQueued?: { dagId: string; afterMs: number }
  /** The run's page, named when a task waits for input. */
  runUrl?: string
}

/** One wait: what stays fixed from its start, and what the polls have learnt so far. */
interface Wait {
  api: AirflowApi
  dagRunId: string
  options: WaitOptions
  deps: WaitDeps
  started: number
  deadline: number
  watch: WatchLog
  state?: string
  progress?: Progress
  duration?: number
  /** False once the server refused to list the run's tasks: not asked again. */
  tasksListed: boolean
  failedPolls: number
  failuresInRow: number
  /** The body of the last answer that decided (WaitResult's `answer`). */
  decided?: string
  /** When the run was first seen queued in the current stretch of queued answers. */
  queuedSince?: number
  explained: boolean
  /** The tasks already said to be waiting for input. */
  awaitingSaid: Set<string>
}

function timeLeft(wait: Wait): boolean {
  return wait.deps.monotonicMs() < wait.deadline
}

/** The end of the wait, with what it saw. */
function endOfWait(wait: Wait, end: WaitEnd): WaitResult {
  return {
    end,
    state: wait.state,
    elapsedMs: wait.deps.monotonicMs() - wait.started,
    runDurationMs: wait.duration,
    progress: wait.progress,
    failedPolls: wait.failedPolls,
    ...(wait.decided === undefined ? {} : { answer: wait.decided })
  }
}

/**
 * Reads the run's task progress, and says which tasks wait for input; a server that refuses the
 * list is not asked again.
 */
async function readTaskProgress(wait: Wait): Promise<void> {
  // A failed token renewal here shows again, and stops the wait, at the next poll.
  const read = await readProgress(wait.api, wait.dagRunId)
  if (read.kind === 'tasks') {
    if (read.progress) wait.progress = read.progress
    const { runUrl } = wait.options
    for (const line of awaitingInputLines(read.awaiting, wait.awaitingSaid, runUrl)) {
      wait.deps.log(line)
    }
  }
  if (read.kind === 'refused') {
    wait.tasksListed = false
    wait.deps.log(`The run's tasks cannot be listed (${read.why}); waiting without task progress.`)
  }
}

/** Says once why the run stays queued, when it has been queued long enough and time is left. */
async function explainIfStillQueued(wait: Wait): Promise<void> {
  const { deps } = wait
  const explain = wait.options.explainQueued
  if (!explain || wait.explained || wait.queuedSince === undefined || !timeLeft(wait)) return
  if (deps.monotonicMs() - wait.queuedSince < explain.afterMs) return
  wait.explained = true
  // A failed token renewal shows in the line, and the next poll stops the wait.
  deps.log(await explainQueued(wait.api, explain.dagId, wait.dagRunId))
}

/** A poll that told the run's state: logs the progress; true once the run has ended. */
async function sawRun(wait: Wait, run: DagRun): Promise<boolean> {
  const { deps } = wait
  wait.failuresInRow = 0
  wait.state = run.state
  wait.duration = runDurationMs(run)
  const { state } = wait
  // A queued run has no task started yet; from running on, progress is worth a request.
  if (wait.tasksListed && state !== undefined && state !== 'queued' && timeLeft(wait)) {
    await readTaskProgress(wait)
  }
  const line = wait.watch.next({
    elapsedMs: deps.monotonicMs() - wait.started,
    state,
    progress: wait.progress
  })
  if (line) deps.log(line)
  wait.queuedSince = state === 'queued' ? (wait.queuedSince ?? deps.monotonicMs()) : undefined
  await explainIfStillQueued(wait)
  return state !== undefined && TERMINAL_STATES.has(state)
}

/** A poll that failed for a passing reason: counted, and warned about once too many in a row. */
function countFailedPoll(wait: Wait, why: string): void {
  wait.failedPolls++
  wait.failuresInRow++
  wait.deps.log(`Could not read the run's state (${why}); polling again.`)
  if (wait.failuresInRow === FAILED_POLLS_WARNING) {
    wait.deps.warn(
      `${wait.failuresInRow} polls of run ${wait.dagRunId} in a row failed, the last with ${why}. Still polling until the wait's deadline.`,
      'Polls failing'
    )
  }
}

/**
 * One poll and what follows from its answer: the wait's end, or, to go on, the answer's
 * `Retry-After` (which the pause before the next poll honours).
 */
async function pollRound(wait: Wait): Promise<{ end: WaitEnd } | { retryAfter?: string }> {
  const answer = await wait.api.getRun(wait.dagRunId)
  if (isRenewalRefused(answer))
    return { end: { kind: 'stopped', why: answer.renewalRefused.message } }
  // The poll the cancel abandoned tells nothing about the run.
  if (wait.deps.signal?.aborted) return { end: { kind: 'cancelled' } }
  const verdict = diagnose(answer, wait.api.context('GET'))
  const poll = classifyPoll(answer, verdict, wait.dagRunId, wait.api.renewsToken)
  if (poll.kind !== 'transient' && 'response' in answer) wait.decided = answer.response.body
  if (poll.kind === 'permanent') return { end: { kind: 'stopped', why: poll.why, verdict } }
  if (poll.kind === 'run') {
    if (await sawRun(wait, poll.run)) return { end: { kind: 'finished' } }
  } else {
    countFailedPoll(wait, poll.why)
  }
  return 'response' in answer
    ? { retryAfter: headerValue(answer.response.headers, 'retry-after') }
    : {}
}

/**
 * Polls the run until it ends, the deadline passes, or an answer says that polling cannot help.
 * A poll that fails for a passing reason (the network, a 5xx, throttling) is tried again after a
 * growing pause; a run that is running also has its task progress read, unless the poll itself
 * took the wait past its deadline: a round sends nothing more once the time is up.
 */
export async function waitForRun(
  unbounded: AirflowApi,
  dagRunId: string,
  options: WaitOptions,
  deps: WaitDeps
): Promise<WaitResult> {
  const started = deps.monotonicMs()
  const deadline = started + options.timeoutMs
  const wait: Wait = {
    api: boundedBy(unbounded, deadline, options.requestTimeoutMs, deps.monotonicMs),
    dagRunId,
    options,
    deps,
    started,
    deadline,
    watch: new WatchLog(dagRunId),
    tasksListed: true,
    failedPolls: 0,
    failuresInRow: 0,
    explained: false,
    awaitingSaid: new Set()
  }
  for (;;) {
    if (deps.signal?.aborted) return endOfWait(wait, { kind: 'cancelled' })
    const round = await pollRound(wait)
    if ('end' in round) return endOfWait(wait, round.end)
    const left = deadline - deps.monotonicMs()
    if (left <= 0) return endOfWait(wait, { kind: 'timed-out' })
    const pause = pollDelayMs(options.intervalMs, wait.failuresInRow, round.retryAfter, deps.now())
    await deps.sleep(Math.min(pause, left))
  }
}
