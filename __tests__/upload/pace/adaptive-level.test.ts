import { describe, expect, it } from 'vitest'
import {
  AUTO_MAX,
  AUTO_START,
  AUTO_STORED,
  AdaptiveLevel,
  type LevelChange
} from '../../../src/upload/pace/adaptive-level.js'

/** Feeds answers of the current round: `ms` each, 100 KiB bodies, the given status. */
function answers(level: AdaptiveLevel, count: number, ms: number, status: number | 'lost' = 201) {
  const changes: LevelChange[] = []
  for (let i = 0; i < count; i++) {
    const change = level.record({
      round: level.round,
      status: status === 'lost' ? undefined : status,
      elapsedMs: ms,
      bytes: 100 * 1024
    })
    if (change) changes.push(change)
  }
  return changes
}

describe('concurrency: auto', () => {
  it('starts at 1, goes to 2 once a file is stored, and rises by one after each full round of clean, fast answers, up to 8', () => {
    const level = new AdaptiveLevel()
    expect(level.level).toBe(AUTO_START)
    expect(AUTO_START).toBe(1)
    const changes = answers(level, 100, 50)
    expect(changes.map(c => c.to)).toEqual([2, 3, 4, 5, 6, 7, 8])
    expect(level.level).toBe(AUTO_MAX)
    expect(changes[0]).toEqual({ from: 1, to: 2, reason: 'the first file stored' })
    // A full round at each level: 2 answers at 2, 3 at 3, … before the next step.
    expect(changes[1]).toEqual({ from: 2, to: 3, reason: '2 answers clean and fast' })
    expect(changes[6]).toEqual({ from: 7, to: 8, reason: '7 answers clean and fast' })
  })

  it('stays at 1 through refusals and failures until a file is stored', () => {
    const level = new AdaptiveLevel()
    expect(answers(level, 3, 50, 403)).toEqual([])
    expect(answers(level, 3, 50, 'lost')).toEqual([])
    expect(answers(level, 3, 900, 500)).toEqual([])
    expect(level.level).toBe(1)
    expect(answers(level, 1, 50, 200).map(c => c.to)).toEqual([2])
  })

  it.each([429, 503, 508])(
    'halves at an HTTP %i, ignores the same answer to older requests, and stays below the level that met it',
    status => {
      const level = new AdaptiveLevel()
      answers(level, 1 + 2 + 3 + 4 + 5 + 6, 50)
      expect(level.level).toBe(7)
      const sentBefore = level.round
      expect(level.record({ round: sentBefore, status, elapsedMs: 50, bytes: 0 })).toEqual({
        from: 7,
        to: 3,
        reason: `HTTP ${status}; at most 6 from now on`
      })
      // Five more requests of the old round answer the same: already acted upon.
      for (let i = 0; i < 5; i++) {
        expect(level.record({ round: sentBefore, status, elapsedMs: 50, bytes: 0 })).toBeUndefined()
      }
      expect(level.level).toBe(3)
      // Clean answers raise it again, to the ceiling and no further.
      expect(answers(level, 100, 50).map(c => c.to)).toEqual([4, 5, 6])
      expect(answers(level, 1, 50, status)).toEqual([
        { from: 6, to: 3, reason: `HTTP ${status}; at most 5 from now on` }
      ])
    }
  )

  it('meets a host capped at 2 at once with one overload answer, then stays at 2', () => {
    const level = new AdaptiveLevel()
    expect(answers(level, 3, 50).map(c => c.to)).toEqual([2, 3])
    expect(answers(level, 1, 50, 508).map(c => c.to)).toEqual([1])
    expect(answers(level, 100, 50).map(c => c.to)).toEqual([2])
    expect(level.level).toBe(2)
  })

  it('never goes below one', () => {
    const level = new AdaptiveLevel()
    answers(level, 1, 50)
    expect(answers(level, 1, 50, 503).map(c => c.to)).toEqual([1])
    expect(answers(level, 3, 50, 503)).toEqual([])
    expect(level.level).toBe(1)
  })

  it('stays at one for the run after an overload answer met before the first store', () => {
    const level = new AdaptiveLevel()
    expect(answers(level, 1, 50, 429)).toEqual([])
    expect(answers(level, 100, 50)).toEqual([])
    expect(level.level).toBe(1)
  })

  it('steps down by one when answers grow to over twice the fastest, twice in a row', () => {
    const level = new AdaptiveLevel()
    answers(level, 1 + 2 + 3, 100)
    expect(level.level).toBe(4)
    expect(answers(level, 1, 250)).toEqual([])
    expect(answers(level, 1, 250)).toEqual([
      {
        from: 4,
        to: 3,
        reason: '2 slow or failed answers in a row, the last one 2.5× as long as the fastest'
      }
    ])
  })

  it('steps down for slowness no lower than 2; a failure takes it to one', () => {
    const level = new AdaptiveLevel()
    answers(level, 1 + 2 + 3, 100)
    expect(level.level).toBe(4)
    expect(answers(level, 20, 300).map(c => c.to)).toEqual([3, 2])
    expect(level.level).toBe(AUTO_STORED)
    expect(answers(level, 2, 100, 500)).toEqual([
      { from: 2, to: 1, reason: '2 slow or failed answers in a row, the last one HTTP 500' }
    ])
  })

  it('does not rise while answers are slower than 1.5 times the fastest, nor step down', () => {
    const level = new AdaptiveLevel()
    answers(level, 1, 100)
    expect(answers(level, 50, 180)).toEqual([])
    expect(level.level).toBe(2)
  })

  it('compares answer times per size: a large file is not a slow answer', () => {
    const level = new AdaptiveLevel()
    level.record({ round: 0, status: 201, elapsedMs: 100, bytes: 0 })
    // 20 MiB in 4 s is faster per byte than an empty request in 100 ms.
    for (let i = 0; i < 2; i++) {
      level.record({ round: level.round, status: 201, elapsedMs: 4000, bytes: 20 * 1024 * 1024 })
    }
    expect(level.level).toBe(3)
  })

  it('takes lost answers and server errors for slowness, and never goes below one', () => {
    const level = new AdaptiveLevel()
    answers(level, 1, 50)
    expect(answers(level, 2, 50, 'lost')).toEqual([
      { from: 2, to: 1, reason: '2 slow or failed answers in a row, the last one lost' }
    ])
    expect(answers(level, 6, 50, 500)).toEqual([])
    expect(level.level).toBe(1)
  })

  it('does not count a refusal as fast, nor answers of an older round', () => {
    const level = new AdaptiveLevel()
    answers(level, 1, 50)
    answers(level, 10, 50, 403)
    expect(level.level).toBe(2)
    for (let i = 0; i < 5; i++) level.record({ round: -1, status: 201, elapsedMs: 50, bytes: 0 })
    expect(level.level).toBe(2)
  })

  it('stays within a smaller ceiling when given one', () => {
    const level = new AdaptiveLevel(3)
    expect(answers(level, 50, 50).map(c => c.to)).toEqual([2, 3])
  })
})
