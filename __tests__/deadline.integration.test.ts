import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type net from 'node:net'
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest'
import {
  answerJson,
  every,
  startRawServer,
  type RawHandler,
  type RawServer
} from '../test-support/raw-http.js'
import { errorMessages, mediaOutput, runAction } from '../test-support/run-action.js'

/**
 * A server cannot stretch `timeout-seconds`: interim answers (1xx) are not progress, and a body
 * the server does not take ends at the time-out like any silence. Each server here misbehaves
 * forever; only the action's own time-out can end the step, and the test's time-out is the one
 * bound on a step that would not end.
 */

/** Far more than the socket buffers on both sides hold, so an unread body stalls the sender. */
const LARGE = 64 * 1024 * 1024
/** How long a step that never ends may run before it is killed, failing its test. */
const KILL_AFTER_MS = 25_000

const PROCESSING = 'HTTP/1.1 102 Processing\r\n\r\n'
const EARLY_HINTS = 'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n'
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n'

const servers: RawServer[] = []
async function serve(handle: RawHandler): Promise<RawServer> {
  const server = await startRawServer(handle)
  servers.push(server)
  return server
}
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** Reads the whole body announced in Content-Length, then calls `then`. */
function takeBody(socket: net.Socket, size: number, rest: Buffer, then: () => void): void {
  let left = size - rest.length
  const done = () => {
    socket.off('data', count)
    then()
  }
  const count = (chunk: Buffer) => {
    left -= chunk.length
    if (left <= 0) done()
  }
  if (left <= 0) return done()
  socket.on('data', count)
  socket.resume()
}

describe('an upload the server never finishes taking', () => {
  let workspace: string
  beforeAll(async () => {
    workspace = await mkdtemp(path.join(tmpdir(), 'deadline-upload-'))
    await mkdir(path.join(workspace, 'out'))
    const file = path.join(workspace, 'out', 'big.bin')
    await writeFile(file, '')
    await truncate(file, LARGE)
  })
  afterAll(() => rm(workspace, { recursive: true, force: true }))

  const isMediaPost = (method: string, where: string) =>
    method === 'POST' && where.startsWith('/wp-json/wp/v2/media')
  /** WordPress's routes answer 404 but the media POST, which `misbehave` answers. */
  const wordpress =
    (misbehave: RawHandler): RawHandler =>
    (socket, request, rest) =>
      isMediaPost(request.method, request.path)
        ? misbehave(socket, request, rest)
        : answerJson(socket, 404, { code: 'rest_no_route' })
  const upload = (server: RawServer) =>
    runAction({
      source: true,
      cwd: workspace,
      timeoutMs: KILL_AFTER_MS,
      inputs: {
        mode: 'upload',
        'base-url': server.url,
        'api-path': '/wp-json/wp/v2',
        files: 'out/big.bin',
        username: 'demo',
        'app-password': 'abcd efgh ijkl mnop qrst uvwx',
        preflight: 'false',
        'skip-existing': 'false',
        'max-attempts': '1',
        'timeout-seconds': '2'
      }
    })

  const stalls: [string, number, string][] = [
    ['102 Processing', 102, PROCESSING],
    ['103 Early Hints', 103, EARLY_HINTS],
    ['100 Continue', 100, CONTINUE]
  ]
  it.each(stalls)(
    'ends at timeout-seconds when the server sends %s every 200 ms and never reads the body',
    async (_name, status, interim) => {
      const server = await serve(wordpress(socket => every(socket, 200, interim)))
      const run = await upload(server)

      expect(run.exitCode).toBe(1)
      expect(server.requests.filter(r => isMediaPost(r.method, r.path))).toHaveLength(1)
      expect(mediaOutput(run).map(({ file, status }) => [file, status])).toEqual([
        ['out/big.bin', 'failed']
      ])
      const said = errorMessages(run)
      expect(said).toContain('timed out')
      expect(said).toContain(
        `sending the body made no progress for 2 s; the server's interim answers (HTTP ${status}) do not count`
      )
    },
    KILL_AFTER_MS + 5000
  )

  it(
    'ends at timeout-seconds when the server takes the body, then sends only 102 Processing',
    async () => {
      const server = await serve(
        wordpress((socket, request, rest) => {
          socket.write(CONTINUE)
          const size = Number(request.headers['content-length'])
          takeBody(socket, size, rest, () => every(socket, 200, PROCESSING))
        })
      )
      const run = await upload(server)

      expect(run.exitCode).toBe(1)
      expect(mediaOutput(run).map(({ status }) => status)).toEqual(['failed'])
      expect(errorMessages(run)).toContain('no complete answer within 2 s')
    },
    KILL_AFTER_MS + 5000
  )
})

describe('a trigger answered only with interim answers', () => {
  it.each([
    ['102 Processing', PROCESSING],
    ['103 Early Hints', EARLY_HINTS]
  ])(
    'ends at timeout-seconds when every request gets %s forever',
    async (_name, interim) => {
      const server = await serve(socket => every(socket, 200, interim))
      const run = await runAction({
        source: true,
        timeoutMs: KILL_AFTER_MS,
        inputs: {
          mode: 'trigger',
          'base-url': server.url,
          'api-path': '/api/v2',
          'dag-id': 'etl',
          token: 'deadline-test-token',
          'logical-date': '2026-01-31T12:00:00Z',
          'max-attempts': '1',
          'timeout-seconds': '1'
        }
      })

      expect(run.exitCode).toBe(1)
      expect(server.requests.length).toBeGreaterThan(0)
      expect(errorMessages(run)).toContain('no complete answer within 1 s')
    },
    KILL_AFTER_MS + 5000
  )
})
