export interface BackoffPolicy {
  /** Wait before attempt n+1 is `stepMs × n` plus up to `jitterMs` of randomness (n is 1-based). */
  stepMs: number
  jitterMs: number
}

/** Spec §7.2's policy for a 405 at the media path: 3 s × attempt + a random 0–2 s. */
export const CDN_BLOCK_BACKOFF: BackoffPolicy = { stepMs: 3000, jitterMs: 2000 }

/** Re-sending a trigger after a lost answer: the server is known to be reachable, so keep it short. */
export const TRIGGER_BACKOFF: BackoffPolicy = { stepMs: 1000, jitterMs: 1000 }

/** Longest wait a server's Retry-After may impose before the attempt counts as failed instead. */
export const MAX_RETRY_AFTER_MS = 60_000

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
