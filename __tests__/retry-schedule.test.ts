import { describe, expect, it } from 'vitest'
import { backoffDelayMs, CDN_BLOCK_BACKOFF, retryAfterMs } from '../src/retry/schedule.js'

describe('the CDN block backoff of spec §7.2', () => {
  it('waits 3 s × attempt plus 0–2 s', () => {
    expect(backoffDelayMs(1, CDN_BLOCK_BACKOFF, () => 0)).toBe(3000)
    expect(backoffDelayMs(2, CDN_BLOCK_BACKOFF, () => 0)).toBe(6000)
    expect(backoffDelayMs(1, CDN_BLOCK_BACKOFF, () => 0.5)).toBe(4000)
    expect(backoffDelayMs(2, CDN_BLOCK_BACKOFF, () => 0.999999)).toBe(7999)
  })
})

describe('retryAfterMs', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('5', now)).toBe(5000)
    expect(retryAfterMs('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0)
  })
  it('ignores what it cannot read', () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined()
    expect(retryAfterMs('soon', now)).toBeUndefined()
  })
})
