import { formatDuration } from '../../log/duration.js'

/** Answers that say the server is busy: rate limited, unavailable, a host's resource limit. */
export const BUSY_STATUSES = new Set([429, 503, 508])

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
 * The run's one bound on the pauses after busy answers (429, 503, 508), whichever file met them:
 * files at once waiting alike each spend from it.
 */
export class WaitBudget {
  private spentMs = 0

  constructor(readonly totalMs: number) {}

  get leftMs(): number {
    return this.totalMs - this.spentMs
  }

  /**
   * Why the run ends instead of pausing `waitMs` (what the server's `Retry-After` asked, when it
   * did), or undefined when the pause fits and is taken from the budget.
   */
  take(waitMs: number, retryAfter: string | undefined): string | undefined {
    if (waitMs <= this.leftMs) {
      this.spentMs += waitMs
      return undefined
    }
    return this.refusal(waitMs, retryAfter)
  }

  /** Why a pause of `waitMs` does not fit, or undefined when it does; nothing is taken. */
  refusal(waitMs: number, retryAfter: string | undefined): string | undefined {
    if (waitMs <= this.leftMs) return undefined
    const budget = `the run waits at most ${formatDuration(this.totalMs)} in all for a busy server (timeout-seconds × max-attempts)`
    const left = this.spentMs > 0 ? `, and ${formatDuration(this.spentMs)} of it is spent` : ''
    const asked = retryAfter
      ? `the server asked to wait ${formatDuration(waitMs)} (${named(retryAfter)})`
      : `one more pause of ${formatDuration(waitMs)} would be needed`
    return `${asked}, but ${budget}${left}`
  }
}

/** The header as the server sent it when it is a number of seconds; a date is not repeated. */
function named(retryAfter: string): string {
  const text = retryAfter.trim()
  return /^\d{1,12}$/.test(text) ? `Retry-After: ${text}` : 'Retry-After'
}
