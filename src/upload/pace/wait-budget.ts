import { formatDuration } from '../../log/duration.js'

/** Answers that say the server is busy: rate limited, unavailable, a host's resource limit. */
const BUSY_STATUSES = new Set([429, 503, 508])

export const isBusy = (status: number | undefined) => BUSY_STATUSES.has(status ?? 0)

/**
 * How long a run may wait, in all, for a server that says it is busy: as long as one file may
 * take with every attempt spent on a request that runs to the time-out (timeout-seconds ×
 * max-attempts, 90 s by default). Waiting longer helps nobody: a host that turns requests away
 * that long is down for this job, and the job's minutes are the user's.
 */
export function waitBudgetMs(config: { timeoutMs: number; maxAttempts: number }): number {
  return config.timeoutMs * config.maxAttempts
}

/**
 * The run's one bound on the time spent waiting for a busy server (429, 503, 508), whichever
 * files waited: the time, not the sum, so that files waiting out the same Retry-After together
 * spend it once.
 */
export class WaitBudget {
  private spentMs = 0
  /** Until when the waits taken so far run: time already covered is not spent twice. */
  private coveredUntil = 0

  constructor(readonly totalMs: number) {}

  /**
   * Takes a wait of `waitMs` from `now` (what the server's `Retry-After` asked, when it did), or
   * says why the run ends instead when the time it adds does not fit; then nothing is taken.
   */
  take(waitMs: number, retryAfter: string | undefined, now: Date): string | undefined {
    const from = Math.max(now.getTime(), this.coveredUntil)
    const end = now.getTime() + waitMs
    const added = Math.max(0, end - from)
    if (this.spentMs + added > this.totalMs) return this.refusal(waitMs, retryAfter)
    this.spentMs += added
    this.coveredUntil = Math.max(this.coveredUntil, end)
    return undefined
  }

  private refusal(waitMs: number, retryAfter: string | undefined): string {
    const budget = `the run waits at most ${formatDuration(this.totalMs)} in all for a busy server (timeout-seconds × max-attempts)`
    const spent = this.spentMs > 0 ? `, and ${formatDuration(this.spentMs)} of it is spent` : ''
    const asked = retryAfter
      ? `the server asked to wait ${formatDuration(waitMs)} (${named(retryAfter)})`
      : `one more pause of ${formatDuration(waitMs)} would be needed`
    return `${asked}, but ${budget}${spent}`
  }
}

/** The header as the server sent it when it is a number of seconds; a date is not repeated. */
function named(retryAfter: string): string {
  const text = retryAfter.trim()
  return /^\d{1,12}$/.test(text) ? `Retry-After: ${text}` : 'Retry-After'
}
