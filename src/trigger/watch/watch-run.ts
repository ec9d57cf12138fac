import { formatDuration } from '../../log/duration.js'
import type { ServiceWords, TaskReport, TriggerBackend } from '../backend/backend.js'
import { waitForRun, type WaitDeps, type WaitResult } from './wait.js'

/** A run queued longer than this gets one line saying why, unless the wait is shorter. */
const QUEUED_EXPLAIN_MS = 60_000

export interface WatchOptions {
  dagRunId: string
  logicalDate: string
  waitTimeoutMs: number
  pollIntervalMs: number
  /** `timeout-seconds`: how late after its deadline the wait's last request may end. */
  requestTimeoutMs: number
  /** The run's page, when it is known. */
  runUrl?: string
}

export interface Watched {
  /** Why the wait was not even begun: the run cannot start before its deadline. */
  notBefore?: string
  wait?: WaitResult
  /** The tasks behind a failed or unfinished run. */
  tasks?: TaskReport
}

/**
 * When a run still queued is worth explaining: after a minute, or after half the wait when the
 * wait is shorter than two minutes, so that a short wait still says why before it times out.
 */
function queuedExplainAfterMs(waitTimeoutMs: number): number {
  return Math.min(QUEUED_EXPLAIN_MS, waitTimeoutMs / 2)
}

/**
 * Waits for the run and, when it failed or did not finish, lists the tasks that explain why. Every
 * request, the tasks' too, ends by the wait's deadline plus one request's time-out. On a service
 * whose run does not start before its logical date, a date ahead is said before waiting, and
 * there is no wait at all when the date lies beyond the wait's deadline.
 */
export async function watchRun(
  backend: Pick<TriggerBackend, 'watcher' | 'finalStates' | 'runHasLogicalDate'> & {
    words: Pick<ServiceWords, 'service'>
  },
  options: WatchOptions,
  deps: WaitDeps
): Promise<Watched> {
  const { dagRunId, waitTimeoutMs, requestTimeoutMs } = options
  const deadline = deps.monotonicMs() + waitTimeoutMs
  const watcher = backend.watcher(dagRunId, () => deadline + requestTimeoutMs - deps.monotonicMs())
  const aheadMs = backend.runHasLogicalDate
    ? Date.parse(options.logicalDate) - deps.now().getTime()
    : 0
  if (aheadMs > 0) {
    const ahead = `Its logical date ${options.logicalDate} is ${formatDuration(aheadMs)} ahead, and ${backend.words.service} does not start the run before then`
    if (aheadMs >= waitTimeoutMs) {
      return {
        notBefore: `Run ${dagRunId} cannot finish within "wait-timeout-seconds" (${waitTimeoutMs / 1000} s). ${ahead}. Raise "wait-timeout-seconds", or leave "wait" off for a run meant for later.`
      }
    }
    deps.log(`${ahead}.`)
  }
  const wait = await waitForRun(
    watcher,
    {
      dagRunId,
      finalStates: backend.finalStates,
      deadline,
      intervalMs: options.pollIntervalMs,
      ...(options.runUrl ? { runUrl: options.runUrl } : {}),
      // A run waiting for its logical date was explained above.
      ...(aheadMs > 0 ? {} : { explainQueuedAfterMs: queuedExplainAfterMs(waitTimeoutMs) })
    },
    deps
  )
  const unexplained =
    wait.end.kind === 'timed-out' || (wait.end.kind === 'finished' && wait.state !== 'success')
  if (!unexplained) return { wait }
  return { wait, tasks: await watcher.problemTasks() }
}
