import { createHash } from 'node:crypto'
import http from 'node:http'
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { send, type HttpResult } from '../../src/http/send.js'

let dir: string
let server: http.Server
let url: URL
let connections = 0
let closedEndless = 0
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'http-'))
  server = http.createServer((req, res) => {
    if (req.url === '/early') {
      // Answers without reading the body, as a CDN refusing a POST does.
      res.writeHead(405, { 'content-type': 'text/html' }).end('<html>405</html>')
      return
    }
    if (req.url === '/silent') return
    if (req.url === '/trickle' || req.url === '/endless') {
      // Never ends: one byte at a time, or as fast as the client takes it.
      res.writeHead(200, { 'content-type': 'text/plain' })
      const chunk = req.url === '/trickle' ? 'x' : Buffer.alloc(64 * 1024, 'y')
      const timer = setInterval(() => res.write(chunk), req.url === '/trickle' ? 20 : 1)
      res.on('close', () => {
        clearInterval(timer)
        closedEndless++
      })
      return
    }
    if (req.url === '/slow') return readSlowly(req, res)
    const hash = createHash('md5')
    let size = 0
    req.on('data', (chunk: Buffer) => {
      hash.update(chunk)
      size += chunk.length
    })
    req.on('end', () => res.end(JSON.stringify({ size, md5: hash.digest('hex') })))
  })
  server.on('connection', () => connections++)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/`)
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(dir, { recursive: true, force: true })
})

/** The part of a body read at a slow pace; the rest is read at full speed. */
const SLOW_PART = 24 * 1024 * 1024

/**
 * Reads like a slow link: 256 KiB, then a pause of 25 ms, about 10 MiB/s, until `SLOW_PART`. The
 * rest goes at full speed, since the answer's deadline starts once the last byte is in the socket
 * buffers, which hold several MiB that the server has still to read. The pauses pass on the fake
 * clock that `send` reads (its time-outs and its elapsed time): at once, and never longer than
 * that however busy the machine is.
 */
function readSlowly(req: http.IncomingMessage, res: http.ServerResponse): void {
  let size = 0
  let sincePause = 0
  req.on('data', (chunk: Buffer) => {
    size += chunk.length
    sincePause += chunk.length
    if (size < SLOW_PART && sincePause >= 256 * 1024) {
      sincePause = 0
      req.pause()
      setImmediate(() => {
        vi.advanceTimersByTime(25)
        req.resume()
      })
    }
  })
  req.on('end', () => res.end(JSON.stringify({ size })))
}

function json(result: HttpResult): unknown {
  if (!('response' in result)) throw new Error(`failed: ${result.failure.message}`)
  return JSON.parse(result.response.body)
}

describe('send', () => {
  it('streams files intact, several of them over one kept-alive connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const before = connections
    try {
      for (const size of [0, 1, 1024 * 1024, 3 * 1024 * 1024 + 17]) {
        const content = Buffer.alloc(size, size % 251)
        const file = path.join(dir, `f${size}`)
        await writeFile(file, content)
        const result = await send({
          method: 'POST',
          url,
          headers: { 'Content-Length': size },
          body: { path: file, size },
          timeoutMs: 5000,
          agent
        })
        expect(json(result)).toEqual({ size, md5: createHash('md5').update(content).digest('hex') })
      }
      expect(connections - before).toBe(1)
    } finally {
      agent.destroy()
    }
  })

  it('returns an early answer at once, without sending the rest of a large body', async () => {
    const file = path.join(dir, 'large')
    await writeFile(file, Buffer.alloc(64 * 1024 * 1024))
    const result = await send({
      method: 'POST',
      url: new URL('/early', url),
      headers: { 'Content-Length': 64 * 1024 * 1024 },
      body: { path: file, size: 64 * 1024 * 1024 },
      timeoutMs: 5000
    })
    expect('response' in result && result.response.status).toBe(405)
  })

  it('lets an upload that keeps progressing take longer than timeoutMs in all', async () => {
    const size = SLOW_PART + 8 * 1024 * 1024
    const file = path.join(dir, 'slow-upload')
    await writeFile(file, '')
    await truncate(file, size)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    let result: HttpResult
    try {
      result = await send({
        method: 'POST',
        url: new URL('/slow', url),
        headers: { 'Content-Length': size },
        body: { path: file, size },
        timeoutMs: 1000
      })
    } finally {
      vi.useRealTimers()
    }
    expect(json(result)).toEqual({ size })
    // The server's pauses alone (76 or more of 25 ms) make the upload outlast the time-out.
    expect('response' in result && result.response.elapsedMs).toBeGreaterThan(1000)
  })

  it('reports a file that got shorter than announced as a failure', async () => {
    const file = path.join(dir, 'short')
    await writeFile(file, 'abc')
    const result = await send({
      method: 'POST',
      url,
      headers: { 'Content-Length': 10 },
      body: { path: file, size: 10 },
      timeoutMs: 5000
    })
    expect('failure' in result && result.failure.message).toMatch(/got shorter/)
  })

  it('says a refused connection never reached the server', async () => {
    const closed = http.createServer()
    await new Promise<void>(resolve => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    closed.close()
    const result = await send({
      method: 'GET',
      url: new URL(`http://127.0.0.1:${port}/`),
      headers: {},
      timeoutMs: 5000
    })
    expect('failure' in result && result.failure).toMatchObject({
      code: 'ECONNREFUSED',
      mayHaveReachedServer: false,
      timedOut: false
    })
  })

  it('times out a silent server, and says the request may have reached it', async () => {
    const result = await send({
      method: 'POST',
      url: new URL('/silent', url),
      headers: {},
      body: '{}',
      timeoutMs: 300
    })
    expect('failure' in result && result.failure).toMatchObject({
      code: 'ETIMEDOUT',
      mayHaveReachedServer: true,
      timedOut: true
    })
  })

  it.each(['GET', 'POST'] as const)(
    'gives up on an answer that trickles forever (%s), and closes the connection',
    async method => {
      const before = closedEndless
      const result = await send({
        method,
        url: new URL('/trickle', url),
        headers: {},
        ...(method === 'POST' ? { body: '{}' } : {}),
        timeoutMs: 400
      })
      expect('failure' in result && result.failure).toMatchObject({
        code: 'ETIMEDOUT',
        timedOut: true,
        mayHaveReachedServer: true,
        message: 'no complete answer within 0.4 s'
      })
      // The server hears of the close once it reaches it: waited for, not raced.
      await vi.waitFor(() => expect(closedEndless).toBe(before + 1))
    }
  )

  it('gives up on a trickling answer to a file upload too, once the file is sent', async () => {
    const file = path.join(dir, 'small-upload')
    await writeFile(file, 'abc')
    const result = await send({
      method: 'POST',
      url: new URL('/trickle', url),
      headers: { 'Content-Length': 3 },
      body: { path: file, size: 3 },
      timeoutMs: 400
    })
    expect('failure' in result && result.failure.timedOut).toBe(true)
  })

  it('reads an endless answer only up to the cap, then closes the connection', async () => {
    const before = closedEndless
    const result = await send({
      method: 'GET',
      url: new URL('/endless', url),
      headers: {},
      timeoutMs: 5000
    })
    expect('response' in result && result.response.body.length).toBe(256 * 1024)
    await vi.waitFor(() => expect(closedEndless).toBe(before + 1))
  })
})
