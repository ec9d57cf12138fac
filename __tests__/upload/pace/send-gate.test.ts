import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import type { LocalFile } from '../../../src/upload/files/local-file.js'
import { RunBlock } from '../../../src/upload/pace/run-block.js'
import { SendGate } from '../../../src/upload/pace/send-gate.js'
import { WaitBudget } from '../../../src/upload/pace/wait-budget.js'
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

/** A 403 is a refusal every file would meet. */
const meetsEveryFile = (result: HttpResult) =>
  'response' in result && result.response.status === 403

function gateOver(
  held: ReturnType<typeof heldApi>,
  concurrency: number | 'auto' = 'auto',
  budgetMs = 90_000
) {
  const lines: string[] = []
  const sleeps: number[] = []
  let now = Date.UTC(2026, 10, 26, 12)
  const block = new RunBlock()
  const gate = new SendGate(
    {
      now: () => new Date(now),
      sleep: async ms => {
        sleeps.push(ms)
        now += ms
      },
      log: line => lines.push(line)
    },
    { block, waits: new WaitBudget(budgetMs) },
    concurrency
  )
  const send = async (n: number) => {
    const sent = await gate.send(file(n), () => held.api.postFile(file(n)), meetsEveryFile)
    return sent?.result
  }
  return { gate, block, send, lines, sleeps }
}

const ok = answer(201, {}, '{"id":1}', 20)

describe('the send gate under concurrency: auto', () => {
  it('lets one upload through until a file is stored, then 2, and a third once that round came back clean and fast', async () => {
    const held = heldApi()
    const { send, lines } = gateOver(held)
    const sent = [1, 2, 3, 4, 5, 6].map(send)
    await settle()
    expect([...held.pending.keys()]).toEqual([1])
    held.answerOf(1, ok)
    await settle()
    expect([...held.pending.keys()]).toEqual([2, 3])
    held.answerOf(2, ok)
    await settle()
    expect([...held.pending.keys()]).toEqual([3, 4])
    held.answerOf(3, ok)
    await settle()
    // Two clean answers at level 2: the level is 3, so two more start.
    expect([...held.pending.keys()]).toEqual([4, 5, 6])
    expect(lines).toEqual([
      'Concurrency 1 → 2: the first file stored.',
      'Concurrency 2 → 3: 2 answers clean and fast.'
    ])
    for (const n of [4, 5, 6]) held.answerOf(n, ok)
    expect(await Promise.all(sent)).toHaveLength(6)
    expect(held.most()).toBe(3)
  })

  it('stays at one request through a refusal of one file, until a file is stored', async () => {
    const held = heldApi()
    const { send } = gateOver(held)
    const sent = [1, 2, 3].map(send)
    await settle()
    held.answerOf(1, answer(400, {}, '{"code":"rest_upload_no_content_type"}', 20))
    await settle()
    // Still one at a time: a refusal is not a store.
    expect([...held.pending.keys()]).toEqual([2])
    held.answerOf(2, ok)
    await settle()
    held.answerOf(3, ok)
    await Promise.all(sent)
    expect(held.most()).toBe(1)
  })

  it('halves at a 508 and holds new uploads for the Retry-After the server asked', async () => {
    const held = heldApi()
    const { gate, send, lines, sleeps } = gateOver(held)
    const sent = [1, 2, 3, 4, 5].map(send)
    await settle()
    held.answerOf(1, ok)
    await settle()
    held.answerOf(2, answer(508, { 'retry-after': '7' }, 'Resource Limit Is Reached', 20))
    await settle()
    expect(lines).toEqual([
      'Concurrency 1 → 2: the first file stored.',
      'Concurrency 2 → 1: HTTP 508; at most 1 from now on.'
    ])
    // One upload (file 3) is still in flight: at level 1 none more starts until it is answered.
    expect([...held.pending.keys()]).toEqual([3])
    held.answerOf(3, ok)
    await settle()
    expect(sleeps).toEqual([7000])
    expect([...held.pending.keys()]).toEqual([4])
    held.answerOf(4, ok)
    await settle()
    held.answerOf(5, ok)
    await Promise.all(sent)
    expect(gate.report()).toEqual({
      final: 1,
      highest: 2,
      changes: [
        { from: 1, to: 2, reason: 'the first file stored' },
        { from: 2, to: 1, reason: 'HTTP 508; at most 1 from now on' }
      ]
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

  it('stops the run at a Retry-After longer than the run may wait: the waiting uploads are not sent', async () => {
    const held = heldApi()
    const { block, send, sleeps } = gateOver(held, 2)
    const sent = [1, 2, 3, 4].map(send)
    await settle()
    held.answerOf(1, answer(429, { 'retry-after': '100000' }, '', 20))
    await settle()
    expect(block.stop?.why).toBe(
      '1.gif: the server asked to wait 27 h 46 min (Retry-After: 100000), but the run waits at most 1 min 30 s in all for a busy server (timeout-seconds × max-attempts)'
    )
    held.answerOf(2, ok)
    const results = await Promise.all(sent)
    expect(results.map(result => (result ? 'sent' : 'not sent'))).toEqual([
      'sent',
      'sent',
      'not sent',
      'not sent'
    ])
    expect(sleeps).toEqual([])
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

describe('the send gate with a fixed concurrency', () => {
  it('meets a refusal every file would meet with the ones in flight only', async () => {
    const held = heldApi()
    const { block, send } = gateOver(held, 2)
    const sent = [1, 2, 3, 4].map(send)
    await settle()
    const refused = answer(403, {}, '{"code":"rest_cannot_create"}', 20)
    held.answerOf(1, refused)
    held.answerOf(2, refused)
    await settle()
    // File 1 finds out for all: nothing else is sent until its fate is known.
    expect(block.finding).toBe('1.gif')
    expect([...held.pending.keys()]).toEqual([])
    block.ended('1.gif', {
      file: '1.gif',
      status: 'failed',
      attempts: 1,
      httpStatus: 403
    })
    expect(await Promise.all(sent)).toEqual([refused, refused, undefined, undefined])
    expect(held.most()).toBe(2)
  })

  it('lets that many through from the start, and holds new uploads for a busy answer too', async () => {
    const held = heldApi()
    const { send, sleeps, gate } = gateOver(held, 3)
    const sent = [1, 2, 3, 4].map(send)
    await settle()
    expect([...held.pending.keys()]).toEqual([1, 2, 3])
    held.answerOf(1, answer(503, { 'retry-after': '4' }, '', 20))
    await settle()
    expect(sleeps).toEqual([4000])
    for (const n of [2, 3, 4]) {
      await settle()
      held.answerOf(n, ok)
    }
    await Promise.all(sent)
    expect(gate.report()).toBeUndefined()
  })

  it('sends no other file while one finds out whether a block stands, and all go on once it lifted', async () => {
    const held = heldApi()
    const { block, send } = gateOver(held, 4)
    expect(block.met('1.gif')).toBeUndefined()
    const sent = [2, 3].map(send)
    await settle()
    expect([...held.pending.keys()]).toEqual([])
    const retry = send(1)
    await settle()
    expect([...held.pending.keys()]).toEqual([1])
    held.answerOf(1, ok)
    await retry
    block.ended('1.gif', {
      file: '1.gif',
      status: 'uploaded',
      attempts: 2
    })
    await settle()
    expect([...held.pending.keys()]).toEqual([2, 3])
    held.answerOf(2, ok)
    held.answerOf(3, ok)
    expect(await Promise.all(sent)).toEqual([ok, ok])
  })

  it('sends none of them once the block stands', async () => {
    const held = heldApi()
    const { block, send } = gateOver(held, 4)
    block.met('1.gif')
    const sent = [2, 3].map(send)
    block.ended('1.gif', {
      file: '1.gif',
      status: 'blocked',
      attempts: 3,
      httpStatus: 405
    })
    expect(await Promise.all(sent)).toEqual([undefined, undefined])
    expect(block.stop?.why).toBe('1.gif was still blocked after 3 attempts')
    expect(held.most()).toBe(0)
  })
})
