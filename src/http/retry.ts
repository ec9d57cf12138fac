export interface BackoffPolicy {
  /** Wait before attempt n+1 is `stepMs × n` plus up to `jitterMs` of randomness (n is 1-based). */
  stepMs: number
  jitterMs: number
}

/**
 * A CDN's 405 on the media path is sometimes passing throttling: wait 3 s × the attempt number
 * plus a random 0–2 s, so that retries spread out instead of hitting the edge together.
 */
export const CDN_THROTTLE_BACKOFF: BackoffPolicy = { stepMs: 3000, jitterMs: 2000 }

/** Re-sending a trigger after a lost answer: the server is known to be reachable, so keep it short. */
export const TRIGGER_BACKOFF: BackoffPolicy = { stepMs: 1000, jitterMs: 1000 }

/** Longest wait a server's Retry-After may impose before the attempt counts as failed instead. */
const MAX_RETRY_AFTER_MS = 60_000

/** The wait after failed attempt `attempt` (1-based); `random` returns [0, 1) like Math.random. */
export function backoffDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number
): number {
  return policy.stepMs * attempt + Math.floor(random() * policy.jitterMs)
}

/**
 * Reads a Retry-After header (delta seconds or an HTTP date) as milliseconds from `now`, or
 * undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime())
}

/** What waiting to retry needs from the world: a pause, the time, chance, and the log. */
export interface RetryDeps {
  sleep: (ms: number) => Promise<void>
  now: () => Date
  /** [0, 1), like Math.random. */
  random: () => number
  log: (line: string) => void
}

type NextStep =
  | { retry: true; waitMs: number }
  /** `attempts`: none left; `retry-after`: the server asks for a longer wait than is worth it. */
  | { retry: false; why: 'attempts' | 'retry-after' }

/**
 * The one "wait or give up" rule of both modes, after failed attempt `attempt` (1-based): give up
 * when the attempts are used up or the server's Retry-After is longer than `maxRetryAfterMs`;
 * otherwise wait what the server asked for, or the back-off.
 */
export function nextStep(
  attempt: number,
  maxAttempts: number,
  policy: BackoffPolicy,
  retryAfterHeader: string | undefined,
  deps: Pick<RetryDeps, 'now' | 'random'>,
  maxRetryAfterMs = MAX_RETRY_AFTER_MS
): NextStep {
  if (attempt >= maxAttempts) return { retry: false, why: 'attempts' }
  const asked = retryAfterMs(retryAfterHeader, deps.now())
  if (asked !== undefined && asked > maxRetryAfterMs) return { retry: false, why: 'retry-after' }
  return { retry: true, waitMs: asked ?? backoffDelayMs(attempt, policy, deps.random) }
}

/** Says how long, then waits; `what` names the request in the log line, e.g. a file name. */
export async function waitToRetry(
  step: { waitMs: number },
  attempt: number,
  maxAttempts: number,
  deps: Pick<RetryDeps, 'sleep' | 'log'>,
  what = ''
): Promise<void> {
  const prefix = what ? `${what}: ` : ''
  deps.log(
    `${prefix}retrying in ${(step.waitMs / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${maxAttempts}).`
  )
  await deps.sleep(step.waitMs)
}

/** Longest pause between polls after failures, whatever the poll interval. */
const MAX_POLL_BACKOFF_MS = 60_000

/**
 * The pause before the next poll of a wait after `failuresInRow` failed polls in a row (0 after a
 * good one): the interval, doubled per failure up to a minute (never below the interval); a
 * server's Retry-After is honoured when it asks for longer, up to the same minute.
 */
export function pollDelayMs(
  intervalMs: number,
  failuresInRow: number,
  retryAfterHeader: string | undefined,
  now: Date
): number {
  if (failuresInRow === 0) return intervalMs
  const ceiling = Math.max(intervalMs, MAX_POLL_BACKOFF_MS)
  const backoff = Math.min(intervalMs * 2 ** failuresInRow, ceiling)
  const asked = retryAfterMs(retryAfterHeader, now)
  return asked === undefined ? backoff : Math.min(Math.max(backoff, asked), ceiling)
}
