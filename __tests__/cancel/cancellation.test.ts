import { EventEmitter } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cancelledBy,
  CancelledError,
  listenForCancel,
  pause,
  throwIfCancelled
} from '../../src/cancel/cancellation.js'
import { send } from '../../src/http/send.js'

describe('listenForCancel', () => {
  it('aborts at the first signal and names it; a later one changes nothing', () => {
    const source = new EventEmitter()
    const cancellation = listenForCancel(source)
    expect(cancelledBy(cancellation.signal)).toBeUndefined()
    expect(() => throwIfCancelled(cancellation.signal)).not.toThrow()
    source.emit('SIGINT')
    source.emit('SIGTERM')
    expect(cancelledBy(cancellation.signal)).toBe('SIGINT')
    expect(() => throwIfCancelled(cancellation.signal)).toThrow(
      new CancelledError('SIGINT').message
    )
    cancellation.dispose()
  })

  it('keeps listening until disposed, so that no signal is left to its default (the end)', () => {
    const source = new EventEmitter()
    const cancellation = listenForCancel(source)
    expect(source.listenerCount('SIGINT')).toBe(1)
    expect(source.listenerCount('SIGTERM')).toBe(1)
    source.emit('SIGTERM')
    expect(cancelledBy(cancellation.signal)).toBe('SIGTERM')
    expect(source.listenerCount('SIGINT')).toBe(1)
    cancellation.dispose()
    expect(source.listenerCount('SIGINT') + source.listenerCount('SIGTERM')).toBe(0)
  })
})

describe('pause', () => {
  it('ends as soon as the step is cancelled, without an error', async () => {
    const controller = new AbortController()
    const paused = pause(600_000, controller.signal)
    controller.abort(new CancelledError('SIGINT'))
    await expect(paused).resolves.toBeUndefined()
  })
})

describe('send, when the step is cancelled', () => {
  let server: http.Server
  let url: URL
  let requests = 0
  let arrived: () => void
  beforeAll(async () => {
    // Answers nothing: only the cancel ends a request here.
    server = http.createServer(() => {
      requests++
      arrived()
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise(resolve => server.close(resolve))
  })

  it('sends nothing after the cancel', async () => {
    const controller = new AbortController()
    controller.abort()
    const before = requests
    const result = await send({
      method: 'GET',
      url,
      headers: {},
      timeoutMs: 30_000,
      signal: controller.signal
    })
    expect(result).toMatchObject({
      failure: { cancelled: true, mayHaveReachedServer: false, timedOut: false }
    })
    expect(requests).toBe(before)
  })

  it('abandons a request in flight, which may have reached the server', async () => {
    const controller = new AbortController()
    const seen = new Promise<void>(resolve => (arrived = resolve))
    const sending = send({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 30_000,
      signal: controller.signal
    })
    await seen
    controller.abort()
    expect(await sending).toMatchObject({
      failure: {
        code: 'ABORT_ERR',
        cancelled: true,
        mayHaveReachedServer: true,
        timedOut: false,
        permanent: false
      }
    })
  })
})
