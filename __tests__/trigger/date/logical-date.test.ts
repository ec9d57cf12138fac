import { describe, expect, it } from 'vitest'
import {
  formatLogicalDate,
  isInFuture,
  normalizeLogicalDate
} from '../../../src/trigger/date/logical-date.js'

describe('normalizeLogicalDate', () => {
  it.each([
    ['2026-01-31T12:00:00Z', '2026-01-31T12:00:00Z'],
    ['2026-01-31T12:00:00z', '2026-01-31T12:00:00Z'],
    ['2026-01-31T13:00:00+01:00', '2026-01-31T12:00:00Z'],
    ['2026-01-31T13:00:00+0100', '2026-01-31T12:00:00Z'],
    ['2026-01-31T07:30:00-04:30', '2026-01-31T12:00:00Z'],
    ['2026-01-31T12:00Z', '2026-01-31T12:00:00Z'],
    ['2026-01-31 12:00:00+00:00', '2026-01-31T12:00:00Z'],
    ['2026-01-31T12:00:00.987Z', '2026-01-31T12:00:00Z'],
    ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00Z'],
    ['  2026-01-31T12:00:00Z  ', '2026-01-31T12:00:00Z']
  ])('%s → %s', (input, expected) => {
    expect(normalizeLogicalDate(input)).toEqual({ ok: true, value: expected })
  })

  it.each([
    ['2026-01-31T12:00:00', 'no-zone'],
    ['2026-01-31', 'no-zone'],
    ['2026-01-31 12:00', 'no-zone'],
    ['yesterday', 'not-iso'],
    ['1706702400', 'not-iso'],
    ['2026-02-30T12:00:00Z', 'impossible'],
    ['2026-01-31T25:00:00Z', 'impossible']
  ])('refuses %s (%s)', (input, problem) => {
    expect(normalizeLogicalDate(input)).toEqual({ ok: false, problem })
  })
})

describe('formatLogicalDate and isInFuture', () => {
  it('drops milliseconds and keeps UTC', () => {
    expect(formatLogicalDate(new Date(Date.UTC(2026, 10, 21, 23, 58, 44, 512)))).toBe(
      '2026-11-21T23:58:44Z'
    )
  })

  it('compares instants', () => {
    const now = new Date('2026-11-21T12:00:00Z')
    expect(isInFuture('2026-11-21T12:00:01Z', now)).toBe(true)
    expect(isInFuture('2026-11-21T12:00:00Z', now)).toBe(false)
  })
})
