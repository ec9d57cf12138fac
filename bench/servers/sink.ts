/**
 * A minimal WordPress-shaped sink for the upload scenarios, run in its own process: it drains
 * every body without hashing or keeping it, so neither the action nor curl is slowed by the server.
 *
 *   POST {api}/media    201 {"id": n, "source_url": …} once the body is read
 *   GET  {api}/settings 200 {}
 *   GET  /__stats       what was received (posts, bytes, transfer times) since the last reset
 *   POST /__reset       forget it
 *
 * Prints {"url": "http://127.0.0.1:PORT"} when listening; stops on SIGTERM.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'

interface Transfer {
  bytes: number
  /** From the request's headers to the body's last byte. */
  ms: number
  contentLength: number
}

let nextId = 1
let transfers: Transfer[] = []
let connections = 0

function json(res: import('node:http').ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body)
  })
  res.end(body)
}

const server = createServer((req, res) => {
  const started = performance.now()
  const path = (req.url ?? '/').split('?')[0]!
  if (path === '/__stats') return json(res, 200, { transfers, connections })
  if (path === '/__reset') {
    transfers = []
    connections = 0
    return json(res, 200, {})
  }
  if (!req.headers.authorization) {
    req.resume()
    return json(res, 401, { code: 'rest_not_logged_in', message: 'not logged in' })
  }
  if (req.method === 'GET' && path.endsWith('/settings')) return json(res, 200, { title: 'sink' })
  // A media listing that finds nothing: the look-up of skip-existing costs a request, no more.
  if (req.method === 'GET' && path.endsWith('/media')) return json(res, 200, [])
  if (req.method === 'POST' && path.endsWith('/media')) {
    let received = 0
    req.on('data', (chunk: Buffer) => (received += chunk.length))
    req.on('end', () => {
      transfers.push({
        bytes: received,
        ms: performance.now() - started,
        contentLength: Number(req.headers['content-length'] ?? -1)
      })
      const id = nextId++
      json(res, 201, { id, source_url: `http://127.0.0.1/uploads/${id}` })
    })
    return
  }
  req.resume()
  json(res, 404, { code: 'rest_no_route', message: 'no route' })
})
server.on('connection', () => connections++)
server.keepAliveTimeout = 10_000
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }))
})
process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
})
