import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { exchangeBounds } from '../../src/http/exchange-bounds.js'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Bounds of 1 s, connected unless said; what expired, in order. */
function start(connected = true) {
  const expired: string[] = []
  const bounds = exchangeBounds(
    1000,
    reason => expired.push(reason),
    () => connected
  )
  return { bounds, expired }
}

describe('the bounds of a request', () => {
  it('give an answer one deadline, however the server trickles or sends interim answers', () => {
    const { bounds, expired } = start()
    bounds.awaitAnswer()
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(100)
      bounds.interim(102)
      bounds.bodyTaken()
      bounds.awaitAnswer()
    }
    expect(expired).toEqual([])
    vi.advanceTimersByTime(100)
    expect(expired).toEqual(['no complete answer within 1 s'])
  })

  it('give the server its time again for each part of the file it takes', () => {
    const { bounds, expired } = start()
    bounds.bodyStarts()
    for (let i = 0; i < 30; i++) {
      vi.advanceTimersByTime(900)
      bounds.bodyTaken()
    }
    expect(expired).toEqual([])
    vi.advanceTimersByTime(1000)
    expect(expired).toEqual(['sending the body made no progress for 1 s'])
  })

  it.each([
    [[100], 'HTTP 100'],
    [[102, 103, 102], 'HTTP 102, HTTP 103']
  ])('count interim answers %j for nothing while the file waits, and name them', (codes, named) => {
    const { bounds, expired } = start()
    bounds.bodyStarts()
    for (const code of codes) {
      vi.advanceTimersByTime(300)
      bounds.interim(code)
    }
    vi.advanceTimersByTime(1000 - 300 * codes.length)
    expect(expired).toEqual([
      `sending the body made no progress for 1 s; the server's interim answers (${named}) do not count`
    ])
  })

  it('end the time for the file once the file is sent: the answer has its deadline from then', () => {
    const { bounds, expired } = start()
    bounds.bodyStarts()
    vi.advanceTimersByTime(900)
    bounds.awaitAnswer()
    // Parts still reported as taken after the answer came extend nothing.
    vi.advanceTimersByTime(900)
    bounds.bodyTaken()
    vi.advanceTimersByTime(100)
    expect(expired).toEqual(['no complete answer within 1 s'])
  })

  it('say when no connection was made', () => {
    const { expired } = start(false)
    vi.advanceTimersByTime(1000)
    expect(expired).toEqual(['no connection within 1 s'])
  })

  it('fire nothing once cleared', () => {
    const { bounds, expired } = start()
    bounds.awaitAnswer()
    bounds.clear()
    vi.advanceTimersByTime(5000)
    expect(expired).toEqual([])
  })
})
