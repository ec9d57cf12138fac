import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import type { LocalFile } from '../../../src/upload/files/local-file.js'
import { AdaptiveGate } from '../../../src/upload/send/adaptive-gate.js'
import { answer, hungUp } from '../../../test-support/http-results.js'

const file = (n: number): LocalFile => ({
  path: `/w/${n}.gif`,
  display: `${n}.gif`,
  size: 1000,
  mediaType: 'image/gif'
})

/**
 * A media API whose POSTs wait until the test answers them, in any order: `pending` holds the
 * unanswered ones by file number.
 */
function heldApi() {
  const pending = new Map<number, (result: HttpResult) => void>()
  let inFlight = 0
  let most = 0
  const api = {
    postFile: (f: LocalFile) =>
      new Promise<HttpResult>(resolve => {
        most = Math.max(most, ++inFlight)
        pending.set(Number.parseInt(f.display, 10), result => {
          inFlight--
          resolve(result)
        })
      })
  }
  const answerOf = (n: number, result: HttpResult) => {
    const resolve = pending.get(n)
    if (!resolve) throw new Error(`file ${n} is not in flight`)
    pending.delete(n)
    resolve(result)
  }
  return { api, pending, answerOf, most: () => most }
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise(resolve => setImmediate(resolve))

function gateOver(held: ReturnType<typeof heldApi>) {
  const lines: string[] = []
  const sleeps: number[] = []
  let now = Date.UTC(2026, 10, 26, 12)
  const gate = new AdaptiveGate({
    now: () => new Date(now),
    sleep: async ms => {
      sleeps.push(ms)
      now += ms
    },
    log: line => lines.push(line)
  })
  const guarded = gate.guard({ postFile: held.api.postFile } as never)
  const send = (n: number) => guarded.postFile(file(n))
  return { gate, send, lines, sleeps }
}

const ok = answer(201, {}, '{"id":1}', 20)

describe('the adaptive gate', () => {
  it('lets 2 uploads through at first, and a third once the round came back clean and fast', async () => {
    const held = heldApi()
    const { send, lines } = gateOver(held)
    const sent = [1, 2, 3, 4, 5].map(send)
    await settle()
    expect([...held.pending.keys()]).toEqual([1, 2])
    held.answerOf(1, ok)
    await settle()
    expect([...held.pending.keys()]).toEqual([2, 3])
    held.answerOf(2, ok)
    await settle()
    // Two clean answers at level 2: the level is 3, so two more start.
    expect([...held.pending.keys()]).toEqual([3, 4, 5])
    expect(lines).toEqual(['Concurrency 2 → 3: 2 answers clean and fast.'])
    for (const n of [3, 4, 5]) held.answerOf(n, ok)
    expect(await Promise.all(sent)).toHaveLength(5)
    expect(held.most()).toBe(3)
  })

  it('halves at a 508 and holds new uploads for the Retry-After the server asked', async () => {
    const held = heldApi()
    const { gate, send, lines, sleeps } = gateOver(held)
    const sent = [1, 2, 3, 4].map(send)
    await settle()
    held.answerOf(1, answer(508, { 'retry-after': '7' }, 'Resource Limit Is Reached', 20))
    await settle()
    expect(lines).toEqual(['Concurrency 2 → 1: HTTP 508; at most 1 from now on.'])
    // One upload (file 2) is still in flight: at level 1 none more starts until it is answered.
    expect([...held.pending.keys()]).toEqual([2])
    held.answerOf(2, ok)
    await settle()
    expect(sleeps).toEqual([7000])
    expect([...held.pending.keys()]).toEqual([3])
    held.answerOf(3, ok)
    await settle()
    held.answerOf(4, ok)
    await Promise.all(sent)
    expect(gate.report()).toEqual({
      final: 1,
      highest: 2,
      changes: [{ from: 2, to: 1, reason: 'HTTP 508; at most 1 from now on' }]
    })
  })

  it("does not hold the refused file's own retry, which waits out the Retry-After itself", async () => {
    const held = heldApi()
    const { send, sleeps } = gateOver(held)
    const first = send(1)
    await settle()
    held.answerOf(1, answer(429, { 'retry-after': '5' }, '', 20))
    await first
    const retry = send(1)
    await settle()
    expect(sleeps).toEqual([])
    expect([...held.pending.keys()]).toEqual([1])
    held.answerOf(1, ok)
    await retry
    const other = send(2)
    await settle()
    expect(sleeps).toEqual([5000])
    held.answerOf(2, ok)
    await other
  })

  it('passes every answer on as it came, lost ones too', async () => {
    const held = heldApi()
    const { send } = gateOver(held)
    const lost = hungUp()
    const first = send(1)
    await settle()
    held.answerOf(1, lost)
    expect(await first).toBe(lost)
  })
})
