import { diagnose } from '../diagnosis/index.js'
import { describeResult } from '../http/send.js'
import type { AirflowApi } from './airflow-api.js'
import { parseDagRun } from './airflow-answers.js'

const TERMINAL_STATES = new Set(['success', 'failed'])

export interface WaitResult {
  /** The state last seen, if any answer carried one. */
  state?: string
  timedOut: boolean
}

export interface WaitDeps {
  sleep: (ms: number) => Promise<void>
  /** Milliseconds on a monotonic clock. */
  clock: () => number
  log: (message: string) => void
}

/** Polls the run until it ends or the time is up; a failed poll is logged and tried again. */
export async function waitForRun(
  api: AirflowApi,
  dagRunId: string,
  options: { timeoutMs: number; intervalMs: number },
  deps: WaitDeps
): Promise<WaitResult> {
  const deadline = deps.clock() + options.timeoutMs
  let state: string | undefined
  for (;;) {
    const result = await api.getRun(dagRunId)
    if ('response' in result && result.response.status === 200) {
      const seen = parseDagRun(diagnose(result, api.context('GET')))?.state
      if (seen !== state) deps.log(`Run ${dagRunId} is ${seen ?? 'in an unknown state'}.`)
      state = seen
      if (state && TERMINAL_STATES.has(state)) return { state, timedOut: false }
    } else {
      deps.log(`Could not read the run's state (${describeResult(result)}); trying again.`)
    }
    const left = deadline - deps.clock()
    if (left <= 0) return { state, timedOut: true }
    await deps.sleep(Math.min(options.intervalMs, left))
  }
}
