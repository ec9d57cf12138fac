import { describe, expect, it } from 'vitest'
import { TERMINAL_STATES } from '../../../src/trigger/airflow/airflow-answers.js'
import { formatDuration } from '../../../src/log/duration.js'
import {
  HEARTBEAT_MS,
  PROGRESS_EVERY_MS,
  WatchLog,
  type Sighting
} from '../../../src/trigger/watch/watch-log.js'

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [420, '0.4 s'],
    [9_949, '9.9 s'],
    [12_400, '12 s'],
    [59_600, '1 min 0 s'],
    [185_000, '3 min 5 s'],
    [7_800_000, '2 h 10 min'],
    [-1, 'unknown'],
    [Number.NaN, 'unknown']
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

/** The lines a sequence of polls produces, one entry per poll (undefined: silent). */
function watch(sightings: Sighting[]): (string | undefined)[] {
  const log = new WatchLog('r1', TERMINAL_STATES)
  return sightings.map(sighting => log.next(sighting))
}

describe('WatchLog: one line per change, not per poll', () => {
  it('tells the first state and each change, and nothing while the state holds', () => {
    expect(
      watch([
        { elapsedMs: 0, state: 'queued' },
        { elapsedMs: 15_000, state: 'queued' },
        { elapsedMs: 30_000, state: 'running', progress: { finished: 0, total: 4 } },
        { elapsedMs: 45_000, state: 'running', progress: { finished: 0, total: 4 } },
        { elapsedMs: 60_000, state: 'success', progress: { finished: 4, total: 4 } }
      ])
    ).toEqual([
      '[0 s] Run r1 is queued.',
      undefined,
      '[30 s] Run r1 is running: 0 of 4 tasks finished.',
      undefined,
      '[1 min 0 s] Run r1 succeeded: 4 of 4 tasks finished.'
    ])
  })

  it('tells progress alone at most once a minute', () => {
    const lines = watch([
      { elapsedMs: 0, state: 'running', progress: { finished: 0, total: 9 } },
      { elapsedMs: 10_000, state: 'running', progress: { finished: 1, total: 9 } },
      { elapsedMs: PROGRESS_EVERY_MS, state: 'running', progress: { finished: 2, total: 9 } },
      {
        elapsedMs: PROGRESS_EVERY_MS + 10_000,
        state: 'running',
        progress: { finished: 3, total: 9 }
      }
    ])
    expect(lines).toEqual([
      '[0 s] Run r1 is running: 0 of 9 tasks finished.',
      undefined,
      '[1 min 0 s] Run r1 is still running: 2 of 9 tasks finished.',
      undefined
    ])
  })

  it('says it is still waiting after five quiet minutes, so a long wait does not look hung', () => {
    const polls = Array.from({ length: 41 }, (_, i) => ({
      elapsedMs: i * 15_000,
      state: 'queued'
    }))
    const lines = watch(polls).filter(line => line !== undefined)
    expect(lines).toEqual([
      '[0 s] Run r1 is queued.',
      '[5 min 0 s] Run r1 is still queued.',
      '[10 min 0 s] Run r1 is still queued.'
    ])
    expect(HEARTBEAT_MS).toBe(300_000)
  })

  it('names a missing state as unknown', () => {
    expect(watch([{ elapsedMs: 0 }])).toEqual(['[0 s] Run r1 is in an unknown state.'])
  })
})
