import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { pollDelayMs } from '../../http/retry.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import { TERMINAL_STATES, type DagRun } from '../airflow/airflow-answers.js'
import { classifyPoll } from './poll-answer.js'
import { explainQueued } from './queued.js'
import type { Progress } from '../airflow/task-answers.js'
import { readProgress } from './tasks.js'
import { WatchLog } from './watch-log.js'

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

/**
 * Polls the run until it ends, the deadline passes, or an answer says that polling cannot help.
 * A poll that fails for a passing reason (the network, a 5xx, throttling) is tried again after a
 * growing pause; a run that is running also has its task progress read, unless the poll itself
 * took the wait past its deadline: a round sends nothing more once the time is up.
 */
export async function waitForRun(
  unbounded: AirflowApi,
  dagRunId: string,
  options: {
    timeoutMs: number
    intervalMs: number
    /** Each request's own time-out (`timeout-seconds`): the wait ends at most this late. */
    requestTimeoutMs: number
    /** Set to say, once, why the run stays queued (not for a run waiting for its date). */
    explainQueued?: { dagId: string; afterMs: number }
  },
  deps: WaitDeps
): Promise<WaitResult> {
  const started = deps.monotonicMs()
  const deadline = started + options.timeoutMs
  const api = boundedBy(unbounded, deadline, options.requestTimeoutMs, deps.monotonicMs)
  const timeLeft = () => deps.monotonicMs() < deadline
  const watch = new WatchLog(dagRunId)
  let state: string | undefined
  let progress: Progress | undefined
  let duration: number | undefined
  let tasksListed = true
  let failedPolls = 0
  let failuresInRow = 0
  let decided: string | undefined
  let queuedSince: number | undefined
  let explained = false
  const result = (end: WaitEnd): WaitResult => ({
    end,
    state,
    elapsedMs: deps.monotonicMs() - started,
    runDurationMs: duration,
    progress,
    failedPolls,
    ...(decided === undefined ? {} : { answer: decided })
  })
  for (;;) {
    if (deps.signal?.aborted) return result({ kind: 'cancelled' })
    let answer
    try {
      answer = await api.getRun(dagRunId)
    } catch (error) {
      // Only a failed token renewal throws; its message says what was refused.
      return result({ kind: 'stopped', why: (error as Error).message })
    }
    // The poll the cancel abandoned tells nothing about the run.
    if (deps.signal?.aborted) return result({ kind: 'cancelled' })
    const verdict = diagnose(answer, api.context('GET'))
    const poll = classifyPoll(answer, verdict, dagRunId, api.renewsToken)
    if (poll.kind !== 'transient' && 'response' in answer) decided = answer.response.body
    if (poll.kind === 'permanent') return result({ kind: 'stopped', why: poll.why, verdict })
    if (poll.kind === 'run') {
      failuresInRow = 0
      state = poll.run.state
      duration = runDurationMs(poll.run)
      // A queued run has no task started yet; from running on, progress is worth a request.
      if (tasksListed && state !== undefined && state !== 'queued' && timeLeft()) {
        // A failed token renewal here shows again, and stops the wait, at the next poll.
        const read = await readProgress(api, dagRunId).catch(() => ({ kind: 'unknown' }) as const)
        if (read.kind === 'progress') progress = read.progress
        if (read.kind === 'refused') {
          tasksListed = false
          deps.log(`The run's tasks cannot be listed (${read.why}); waiting without task progress.`)
        }
      }
      const line = watch.next({ elapsedMs: deps.monotonicMs() - started, state, progress })
      if (line) deps.log(line)
      queuedSince = state === 'queued' ? (queuedSince ?? deps.monotonicMs()) : undefined
      const explain = options.explainQueued
      if (explain && !explained && queuedSince !== undefined && timeLeft()) {
        if (deps.monotonicMs() - queuedSince >= explain.afterMs) {
          explained = true
          // Only a failed token renewal throws; the next poll says so and stops the wait.
          const why = await explainQueued(api, explain.dagId, dagRunId).catch(
            (error: Error) =>
              `Run ${dagRunId} is still queued; why could not be read (${error.message}).`
          )
          deps.log(why)
        }
      }
      if (state && TERMINAL_STATES.has(state)) return result({ kind: 'finished' })
    } else {
      failedPolls++
      failuresInRow++
      deps.log(`Could not read the run's state (${poll.why}); polling again.`)
      if (failuresInRow === FAILED_POLLS_WARNING) {
        deps.warn(
          `${failuresInRow} polls of run ${dagRunId} in a row failed, the last with ${poll.why}. Still polling until the wait's deadline.`,
          'Polls failing'
        )
      }
    }
    const left = deadline - deps.monotonicMs()
    if (left <= 0) return result({ kind: 'timed-out' })
    const retryAfter =
      'response' in answer ? headerValue(answer.response.headers, 'retry-after') : undefined
    const pause = pollDelayMs(options.intervalMs, failuresInRow, retryAfter, deps.now())
    await deps.sleep(Math.min(pause, left))
  }
}
