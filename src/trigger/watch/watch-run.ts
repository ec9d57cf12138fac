import type { AirflowApi } from '../airflow/airflow-api.js'
import { formatDuration } from '../../log/duration.js'
import { queuedExplainAfterMs } from './queued.js'
import { reportTasks, type TaskReport } from './tasks.js'
import { boundedBy, waitForRun, type WaitDeps, type WaitResult } from './wait.js'

export interface WatchOptions {
  dagId: string
  dagRunId: string
  logicalDate: string
  waitTimeoutMs: number
  pollIntervalMs: number
  /** `timeout-seconds`: how late after its deadline the wait's last request may end. */
  requestTimeoutMs: number
  /** The run's page in the Airflow UI, when it is known. */
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
 * Waits for the run and, when it failed or did not finish, lists the tasks that explain why. A run
 * whose logical date lies ahead does not start before that date: said before waiting, and no wait
 * at all when the date lies beyond the wait's deadline.
 */
export async function watchRun(
  api: AirflowApi,
  options: WatchOptions,
  deps: WaitDeps
): Promise<Watched> {
  const { dagRunId, waitTimeoutMs, requestTimeoutMs } = options
  // The tasks read after a timed-out wait keep within the wait's bound too.
  const bounded = boundedBy(
    api,
    deps.monotonicMs() + waitTimeoutMs,
    requestTimeoutMs,
    deps.monotonicMs
  )
  const aheadMs = Date.parse(options.logicalDate) - deps.now().getTime()
  if (aheadMs > 0) {
    const ahead = `Its logical date ${options.logicalDate} is ${formatDuration(aheadMs)} ahead, and Airflow does not start the run before then`
    if (aheadMs >= waitTimeoutMs) {
      return {
        notBefore: `Run ${dagRunId} cannot finish within "wait-timeout-seconds" (${waitTimeoutMs / 1000} s). ${ahead}. Raise "wait-timeout-seconds", or leave "wait" off for a run meant for later.`
      }
    }
    deps.log(`${ahead}.`)
  }
  const wait = await waitForRun(
    api,
    dagRunId,
    {
      timeoutMs: waitTimeoutMs,
      intervalMs: options.pollIntervalMs,
      requestTimeoutMs,
      runUrl: options.runUrl,
      // A run waiting for its logical date was explained above.
      ...(aheadMs > 0
        ? {}
        : {
            explainQueued: {
              dagId: options.dagId,
              afterMs: queuedExplainAfterMs(waitTimeoutMs)
            }
          })
    },
    deps
  )
  const unexplained =
    wait.end.kind === 'timed-out' || (wait.end.kind === 'finished' && wait.state !== 'success')
  if (!unexplained) return { wait }
  return { wait, tasks: await reportTasks(bounded, dagRunId) }
}
