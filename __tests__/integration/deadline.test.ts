import { readFileSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TestClock } from '../../test-support/clock.js'
import {
  answerJson,
  every,
  silence,
  startRawServer,
  type RawHandler,
  type RawServer
} from '../../test-support/raw-http.js'
import {
  errorMessages,
  mediaOutput,
  runAction,
  startAction,
  type StartedAction
} from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'

/**
 * A server cannot stretch `timeout-seconds`: interim answers (1xx) are not progress, and a body
 * the server does not take ends at the time-out like any silence. Each server here misbehaves
 * forever; only the action's own time-out can end the step, and the test's time-out is the one
 * bound on a step that would not end. The action runs on the test's clock, which the servers move
 * on as they go ("every 200 ms" of the action's time): its time-outs fall due without anyone
 * waiting for them.
 */

/** Far more than the socket buffers on both sides hold, so an unread body stalls the sender. */
const LARGE = 64 * 1024 * 1024
/** How long a step that never ends may run before it is killed, failing its test. */
const KILL_AFTER_MS = 25_000

const PROCESSING = 'HTTP/1.1 102 Processing\r\n\r\n'
const EARLY_HINTS = 'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n'
const CONTINUE = 'HTTP/1.1 100 Continue\r\n\r\n'

const clock = new TestClock()
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
  const startUpload = (server: RawServer, timeoutSeconds = '2') =>
    startAction({
      source: true,
      clock,
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
        'timeout-seconds': timeoutSeconds
      }
    })
  const upload = async (server: RawServer) => (await startUpload(server)).done

  const stalls: [string, number, string][] = [
    ['102 Processing', 102, PROCESSING],
    ['103 Early Hints', 103, EARLY_HINTS],
    ['100 Continue', 100, CONTINUE]
  ]
  it.each(stalls)(
    'ends at timeout-seconds when the server sends %s every 200 ms and never reads the body',
    async (_name, status, interim) => {
      const server = await serve(wordpress(socket => every(socket, 200, interim, clock)))
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
    'ends at once on a cancel while the server sends 102 Processing and never reads the body',
    async () => {
      const server = await serve(wordpress(socket => every(socket, 200, PROCESSING)))
      const action = await startUpload(server, '3600')
      await server.seen(r => isMediaPost(r.method, r.path))
      action.child.kill('SIGINT')
      const run = await action.done

      expect(run.exitCode).toBe(1)
      expect(mediaOutput(run).map(({ status }) => status)).toEqual(['failed'])
      expect(run.stdout).toContain(
        '::error title=Cancelled::Cancelled (SIGINT): 0 of 1 file uploaded, 1 in flight may have been stored'
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
          takeBody(socket, size, rest, () => every(socket, 200, PROCESSING, clock))
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
  /** Airflow itself, or Amazon MWAA's InvokeRestApi in front of it. */
  const routes = {
    direct: (url: string) => ({
      inputs: { 'base-url': url, 'api-path': '/api/v2', token: 'deadline-test-token' },
      env: {}
    }),
    'through MWAA': (url: string) => ({
      inputs: { 'mwaa-environment': 'deadline-env', 'aws-region': 'eu-west-1' },
      env: {
        AWS_ACCESS_KEY_ID: 'AKIADEADLINETEST0000',
        AWS_SECRET_ACCESS_KEY: 'deadline-test-secret-access-key',
        AWS_ENDPOINT_URL_MWAA: url
      }
    })
  }
  it.each([
    ['102 Processing', 'direct', PROCESSING],
    ['103 Early Hints', 'direct', EARLY_HINTS],
    ['102 Processing', 'through MWAA', PROCESSING]
  ] as const)(
    'ends at timeout-seconds when every request gets %s forever (%s)',
    async (_name, route, interim) => {
      const server = await serve(socket => every(socket, 200, interim, clock))
      const { inputs, env } = routes[route](server.url)
      const run = await runAction({
        source: true,
        clock,
        timeoutMs: KILL_AFTER_MS,
        env,
        inputs: {
          mode: 'trigger',
          'dag-id': 'etl',
          'logical-date': '2026-01-31T12:00:00Z',
          'max-attempts': '1',
          'timeout-seconds': '1',
          ...inputs
        }
      })

      expect(run.exitCode).toBe(1)
      expect(server.requests.length).toBeGreaterThan(0)
      expect(errorMessages(run)).toContain('no complete answer within 1 s')
    },
    KILL_AFTER_MS + 5000
  )
})

describe("the commit's date, when the GitHub API or git never answers", () => {
  const SHA = 'c'.repeat(40)
  const commitPath = `/repos/octo/widgets/git/commits/${SHA}`
  let workspace: string
  let bin: string
  beforeAll(async () => {
    // Not a checkout: git says so at once, and the API is asked.
    workspace = await mkdtemp(path.join(tmpdir(), 'deadline-date-'))
    bin = await mkdtemp(path.join(tmpdir(), 'deadline-bin-'))
  })
  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true })
    await rm(bin, { recursive: true, force: true })
  })

  /** A trigger without logical-date, whose commit only the API at `api` can date. */
  const trigger = (
    api: RawServer,
    inputs: Record<string, string>,
    env: Record<string, string> = {}
  ): Promise<StartedAction> =>
    startAction({
      source: true,
      clock,
      cwd: workspace,
      timeoutMs: KILL_AFTER_MS,
      inputs: {
        mode: 'trigger',
        'base-url': api.url,
        'dag-id': 'etl',
        token: 'deadline-test-token',
        'github-token': 'ghs_deadlinetesttoken',
        ...inputs
      },
      env: { GITHUB_SHA: SHA, GITHUB_EVENT_NAME: 'release', GITHUB_API_URL: api.url, ...env },
      event: { action: 'published', release: { tag_name: 'v1.0.0' } }
    })

  /** The one line a cancelled step leaves. */
  const cancelledLines = (stdout: string) =>
    stdout.split('\n').filter(line => line.startsWith('::error title=Cancelled::'))

  const apiStalls: [string, RawHandler][] = [
    ['accepts the connection and never answers', socket => silence(socket, 200, clock)],
    ['sends 102 Processing every 200 ms', socket => every(socket, 200, PROCESSING, clock)],
    [
      'trickles its answer',
      socket => {
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 9999\r\n\r\n'
        )
        every(socket, 200, ' ', clock)
      }
    ]
  ]
  it.each(apiStalls)(
    'ends at timeout-seconds, and says so, when the API %s',
    async (_name, stall) => {
      const api = await serve(stall)
      const run = await (await trigger(api, { 'timeout-seconds': '1' })).done

      expect(run.exitCode).toBe(1)
      // Nothing but the look-up was sent: the step ended on it.
      expect(api.requests.map(r => `${r.method} ${r.path}`)).toEqual([`GET ${commitPath}`])
      const said = errorMessages(run)
      expect(said).toContain('Cannot derive the logical date of commit ccccccc')
      expect(said).toContain(`- the GitHub API: no answer within 1 s from ${new URL(api.url).host}`)
      expect(said).not.toContain('HTTP 500')
    },
    KILL_AFTER_MS + 5000
  )

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'ends at once on %s while the API has not answered',
    async signal => {
      const api = await serve(() => {})
      const action = await trigger(api, { 'timeout-seconds': '3600' })
      await api.seen(r => r.path === commitPath)
      action.child.kill(signal)
      const run = await action.done

      expect(run.exitCode).toBe(1)
      const said = `Cancelled (${signal}): stopped before anything was created or sent.`
      expect(cancelledLines(run.stdout)).toEqual([`::error title=Cancelled::${said}`])
      expect(summaryAsText(run.summary)).toContain(said)
    },
    KILL_AFTER_MS + 5000
  )

  /**
   * A `git` that hangs, first on the PATH: it writes its process ids (its own, and its child's
   * when it has one) to GIT_STARTED once it runs.
   */
  const hangingGits: [string, string][] = [
    [
      'hangs',
      'echo "$$" > "$GIT_STARTED.tmp"\nmv "$GIT_STARTED.tmp" "$GIT_STARTED"\nexec sleep 600'
    ],
    [
      'hangs in a child deaf to SIGINT and SIGTERM',
      'trap \'\' INT TERM\nsleep 600 &\necho "$$ $!" > "$GIT_STARTED.tmp"\nmv "$GIT_STARTED.tmp" "$GIT_STARTED"\nwait'
    ]
  ]
  /** Whether a process still runs: a zombie has ended, only its reaping is left. */
  const running = (pid: number) => {
    try {
      process.kill(pid, 0)
    } catch {
      return false
    }
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
    } catch {
      return true
    }
  }
  let started: number[] = []
  afterEach(() => {
    for (const pid of started.splice(0)) if (running(pid)) process.kill(pid, 'SIGKILL')
  })
  /** Puts the script on the PATH as `git`; the ids it wrote, once it runs. */
  async function hangingGit(script: string) {
    const dir = await mkdtemp(path.join(bin, 'git-'))
    await writeFile(path.join(dir, 'git'), `#!/bin/sh\n${script}\n`)
    await chmod(path.join(dir, 'git'), 0o755)
    const marker = path.join(dir, 'started')
    return {
      env: { PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, GIT_STARTED: marker },
      pids: async () => {
        const text = await vi.waitFor(() => readFile(marker, 'utf8'), { timeout: KILL_AFTER_MS })
        started = text.trim().split(' ').map(Number)
        return started
      }
    }
  }

  it.each(hangingGits)(
    'ends a git that %s once timeout-seconds is up, and asks the next source',
    async (_name, script) => {
      const git = await hangingGit(script)
      const api = await serve(socket => answerJson(socket, 404, { message: 'Not Found' }))
      const action = await trigger(api, { 'timeout-seconds': '1' }, git.env)
      const pids = await git.pids()
      // A second passes while git hangs.
      await clock.advance(1000)
      const run = await action.done

      expect(run.exitCode).toBe(1)
      const said = errorMessages(run)
      expect(said).toContain('- the local git checkout: git gave no answer within 1 s')
      expect(said).toContain('- the GitHub API: the commit lookup failed (HTTP 404)')
      await vi.waitFor(() => expect(pids.filter(running)).toEqual([]), { timeout: 10_000 })
    },
    KILL_AFTER_MS + 15_000
  )

  it.each(hangingGits)(
    'ends a git that %s at once on a cancel',
    async (_name, script) => {
      const git = await hangingGit(script)
      const api = await serve(() => {})
      const action = await trigger(api, { 'timeout-seconds': '3600' }, git.env)
      const pids = await git.pids()
      action.child.kill('SIGINT')
      const run = await action.done

      expect(run.exitCode).toBe(1)
      expect(cancelledLines(run.stdout)).toEqual([
        '::error title=Cancelled::Cancelled (SIGINT): stopped before anything was created or sent.'
      ])
      // Cancelled during git: the API was never asked.
      expect(api.requests).toEqual([])
      await vi.waitFor(() => expect(pids.filter(running)).toEqual([]), { timeout: 10_000 })
    },
    KILL_AFTER_MS + 15_000
  )
})
