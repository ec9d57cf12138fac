import http from 'node:http'
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { EXPECT_CONTINUE_FROM, send, type HttpResult } from '../../src/http/send.js'

// How a file over 1 MiB is sent: with `Expect: 100-continue`, its body only after `100 Continue`.

interface Seen {
  path: string
  expect?: string
  bodyBytes: number
}

let dir: string
let large: string
let small: string
let server: http.Server
let base: string
const seen: Seen[] = []
const SIZE = EXPECT_CONTINUE_FROM + 512 * 1024

/** Reads the body, records it, and answers with its size. */
function take(req: http.IncomingMessage, res: http.ServerResponse, status = 201): void {
  const record: Seen = {
    path: req.url ?? '',
    bodyBytes: 0,
    ...(req.headers.expect ? { expect: req.headers.expect } : {})
  }
  seen.push(record)
  req.on('data', (chunk: Buffer) => (record.bodyBytes += chunk.length))
  req.on('end', () => res.writeHead(status).end(JSON.stringify({ size: record.bodyBytes })))
}

/** Refuses before the body, as nginx does with a body over `client_max_body_size`. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number): void {
  const record: Seen = { path: req.url ?? '', bodyBytes: 0, expect: req.headers.expect }
  seen.push(record)
  req.on('data', (chunk: Buffer) => (record.bodyBytes += chunk.length))
  res.writeHead(status, { connection: 'close' }).end('refused')
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'expect-'))
  large = path.join(dir, 'large.bin')
  small = path.join(dir, 'small.bin')
  await writeFile(large, '')
  await truncate(large, SIZE)
  await writeFile(small, 'small body')
  server = http.createServer((req, res) => take(req, res))
  server.on('checkContinue', (req, res) => {
    if (req.url === '/too-large') return refuse(req, res, 413)
    if (req.url === '/no-expectations') return refuse(req, res, 417)
    // A server that ignores the expectation: it never says 100, and waits for the body while the
    // client's fake clock reaches its nearest deadline, the end of its wait for 100 Continue (its
    // request has 10 s).
    if (req.url === '/ignores') {
      take(req, res)
      vi.advanceTimersToNextTimer()
      return
    }
    res.writeContinue()
    take(req, res)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(dir, { recursive: true, force: true })
})

function post(where: string, file = large, size = SIZE): Promise<HttpResult> {
  seen.length = 0
  return send({
    method: 'POST',
    url: new URL(where, base),
    headers: { 'Content-Length': size, 'Content-Type': 'application/octet-stream' },
    body: { path: file, size },
    timeoutMs: 10_000
  })
}

const status = (result: HttpResult) =>
  'response' in result ? result.response.status : result.failure.message

describe('Expect: 100-continue', () => {
  it('sends a large file once the server says 100 Continue', async () => {
    const result = await post('/upload')
    expect(status(result)).toBe(201)
    expect(seen).toEqual([{ path: '/upload', expect: '100-continue', bodyBytes: SIZE }])
  })

  it('sends no byte of the body to a server that refuses it first', async () => {
    const result = await post('/too-large')
    expect(status(result)).toBe(413)
    expect(seen).toEqual([{ path: '/too-large', expect: '100-continue', bodyBytes: 0 }])
  })

  it('sends the body anyway to a server that never answers the expectation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let result: HttpResult
    try {
      result = await post('/ignores')
    } finally {
      vi.useRealTimers()
    }
    expect(status(result)).toBe(201)
    expect(seen).toEqual([{ path: '/ignores', expect: '100-continue', bodyBytes: SIZE }])
  })

  it('asks again without it when the server refuses expectations (417)', async () => {
    const result = await post('/no-expectations')
    expect(status(result)).toBe(201)
    expect(seen).toEqual([
      { path: '/no-expectations', expect: '100-continue', bodyBytes: 0 },
      { path: '/no-expectations', bodyBytes: SIZE }
    ])
  })

  it('does not ask for a small file', async () => {
    const result = await post('/upload', small, 10)
    expect(status(result)).toBe(201)
    expect(seen).toEqual([{ path: '/upload', bodyBytes: 10 }])
  })
})
