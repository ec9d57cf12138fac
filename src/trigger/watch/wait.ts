import type { Verdict } from '../../diagnosis/index.js'
import { pollDelayMs } from '../../http/retry.js'
import type { Poll, Progress, ProgressRead, RunWatcher } from '../backend/backend.js'
import { awaitingInputLines } from './awaiting-input.js'
import { WatchLog } from './watch-log.js'

/** Failed polls in a row before the log says so louder than one line each. */
const FAILED_POLLS_WARNING = 3

type WaitEnd =
  /** The run reached a state it ends in. */
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

interface WaitOptions {
  dagRunId: string
  /** The states the run ends in. */
  finalStates: ReadonlySet<string>
  /** The wait ends at this time on the monotonic clock. */
  deadline: number
  intervalMs: number
  /** After this long queued, why is said once (not for a run waiting for its date). */
  explainQueuedAfterMs?: number
  /** The run's page, named when a task waits for input. */
  runUrl?: string
}

/** One wait: what stays fixed from its start, and what the polls have learnt so far. */
interface Wait {
  watcher: RunWatcher
  options: WaitOptions
  deps: WaitDeps
  started: number
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
  return wait.deps.monotonicMs() < wait.options.deadline
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
function tellProgress(wait: Wait, read: ProgressRead): void {
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
  const { deps, watcher } = wait
  const afterMs = wait.options.explainQueuedAfterMs
  if (!watcher.whyQueued || afterMs === undefined) return
  if (wait.explained || wait.queuedSince === undefined || !timeLeft(wait)) return
  if (deps.monotonicMs() - wait.queuedSince < afterMs) return
  wait.explained = true
  deps.log(await watcher.whyQueued())
}

/** A poll that told the run's state: logs the progress; true once the run has ended. */
async function sawRun(wait: Wait, run: Extract<Poll, { kind: 'run' }>): Promise<boolean> {
  const { deps, watcher } = wait
  wait.failuresInRow = 0
  wait.state = run.state
  wait.duration = run.durationMs
  const { state } = wait
  // A queued run has no task started yet; from running on, progress is worth a request.
  if (watcher.progress && wait.tasksListed && state && state !== 'queued' && timeLeft(wait))
    tellProgress(wait, await watcher.progress())
  const line = wait.watch.next({
    elapsedMs: deps.monotonicMs() - wait.started,
    state,
    progress: wait.progress
  })
  if (line) deps.log(line)
  wait.queuedSince = state === 'queued' ? (wait.queuedSince ?? deps.monotonicMs()) : undefined
  await explainIfStillQueued(wait)
  return state !== undefined && wait.options.finalStates.has(state)
}

/** A poll that failed for a passing reason: counted, and warned about once too many in a row. */
function countFailedPoll(wait: Wait, why: string): void {
  wait.failedPolls++
  wait.failuresInRow++
  wait.deps.log(`Could not read the run's state (${why}); polling again.`)
  if (wait.failuresInRow === FAILED_POLLS_WARNING) {
    wait.deps.warn(
      `${wait.failuresInRow} polls of run ${wait.options.dagRunId} in a row failed, the last with ${why}. Still polling until the wait's deadline.`,
      'Polls failing'
    )
  }
}

/** One poll and what follows from its answer: the wait's end, or the `Retry-After` to honour. */
async function pollRound(wait: Wait): Promise<{ end: WaitEnd } | { retryAfter?: string }> {
  const poll = await wait.watcher.poll()
  // The poll the cancel abandoned tells nothing about the run.
  if (wait.deps.signal?.aborted) return { end: { kind: 'cancelled' } }
  if (poll.answer !== undefined) wait.decided = poll.answer
  if (poll.kind === 'permanent') {
    const end: WaitEnd = poll.verdict
      ? { kind: 'stopped', why: poll.why, verdict: poll.verdict }
      : { kind: 'stopped', why: poll.why }
    return { end }
  }
  if (poll.kind === 'run') {
    if (await sawRun(wait, poll)) return { end: { kind: 'finished' } }
  } else {
    countFailedPoll(wait, poll.why)
  }
  return poll.retryAfter === undefined ? {} : { retryAfter: poll.retryAfter }
}

/**
 * Polls the run until it ends, the deadline passes, or an answer says that polling cannot help.
 * A poll that fails for a passing reason (the network, a 5xx, throttling) is tried again after a
 * growing pause; a run that is running also has its task progress read where the service tells
 * it, unless the poll itself took the wait past its deadline: a round sends nothing more once the
 * time is up.
 */
export async function waitForRun(
  watcher: RunWatcher,
  options: WaitOptions,
  deps: WaitDeps
): Promise<WaitResult> {
  const wait: Wait = {
    watcher,
    options,
    deps,
    started: deps.monotonicMs(),
    watch: new WatchLog(options.dagRunId, options.finalStates),
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
    const left = options.deadline - deps.monotonicMs()
    if (left <= 0) return endOfWait(wait, { kind: 'timed-out' })
    const pause = pollDelayMs(options.intervalMs, wait.failuresInRow, round.retryAfter, deps.now())
    await deps.sleep(Math.min(pause, left))
  }
}
