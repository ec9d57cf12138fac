import { describe, expect, it } from 'vitest'
import {
  backoffDelayMs,
  CDN_THROTTLE_BACKOFF,
  nextStep,
  pollDelayMs,
  retryAfterMs,
  TRIGGER_BACKOFF
} from '../../src/http/retry.js'

describe('the back-off for a CDN that throttles POSTs', () => {
  it('waits 3 s × attempt plus 0–2 s', () => {
    expect(backoffDelayMs(1, CDN_THROTTLE_BACKOFF, () => 0)).toBe(3000)
    expect(backoffDelayMs(2, CDN_THROTTLE_BACKOFF, () => 0)).toBe(6000)
    expect(backoffDelayMs(1, CDN_THROTTLE_BACKOFF, () => 0.5)).toBe(4000)
    expect(backoffDelayMs(2, CDN_THROTTLE_BACKOFF, () => 0.999999)).toBe(7999)
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

describe('nextStep: wait or give up', () => {
  const clock = { now: () => new Date('2026-11-21T12:00:00Z'), random: () => 0.5 }

  it.each([
    ['backs off when the server says nothing', 1, 3, undefined, { retry: true, waitMs: 1500 }],
    ['grows with the attempt number', 2, 3, undefined, { retry: true, waitMs: 2500 }],
    ['waits what Retry-After asks', 1, 3, '7', { retry: true, waitMs: 7000 }],
    ['accepts a Retry-After of exactly a minute', 1, 3, '60', { retry: true, waitMs: 60_000 }],
    ['gives up on a longer Retry-After', 1, 3, '61', { retry: false, why: 'retry-after' }],
    ['gives up when the attempts are used up', 3, 3, '1', { retry: false, why: 'attempts' }],
    ['never retries with max-attempts 1', 1, 1, undefined, { retry: false, why: 'attempts' }],
    ['backs off on an unreadable Retry-After', 1, 3, 'soon', { retry: true, waitMs: 1500 }]
  ])('%s', (_name, attempt, max, retryAfter, expected) => {
    expect(nextStep(attempt, max, TRIGGER_BACKOFF, retryAfter, clock)).toEqual(expected)
  })
})

describe('pollDelayMs: the pause between polls of a wait', () => {
  const now = new Date('2026-11-21T12:00:00Z')
  it('is the interval after a good poll', () => {
    expect(pollDelayMs(15_000, 0, undefined, now)).toBe(15_000)
    expect(pollDelayMs(15_000, 0, '120', now)).toBe(15_000)
  })
  it('doubles per failure in a row, up to a minute', () => {
    expect([1, 2, 3, 4, 5].map(n => pollDelayMs(5000, n, undefined, now))).toEqual([
      10_000, 20_000, 40_000, 60_000, 60_000
    ])
  })
  it('never drops below an interval longer than a minute', () => {
    expect(pollDelayMs(300_000, 3, undefined, now)).toBe(300_000)
  })
  it('honours a longer Retry-After, up to the same ceiling', () => {
    expect(pollDelayMs(1000, 1, '30', now)).toBe(30_000)
    expect(pollDelayMs(1000, 1, '3600', now)).toBe(60_000)
    expect(pollDelayMs(20_000, 2, '1', now)).toBe(60_000)
  })
})
