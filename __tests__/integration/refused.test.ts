import http from 'node:http'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import { TestClock } from '../../test-support/clock.js'
import { errorMessages } from '../../test-support/run-action.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const kit = useSandbox({ trigger: { 'logical-date': '2026-01-31T12:00:00Z' } })
const { upload, trigger, inProcess } = kit
let outside: string

beforeEach(async () => {
  outside = await mkdtemp(path.join(tmpdir(), 'outside-'))
  await writeFile(path.join(outside, 'id_ed25519'), 'PRIVATE KEY')
  await kit.files({ 'img/a.gif': GIF })
})
afterEach(() => rm(outside, { recursive: true, force: true }))

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('refused before any request, naming the input', () => {
  const triggerCases: [string, Record<string, string>, string][] = [
    [
      'an api-path that names a host',
      { 'api-path': '//evil.example/api/v2' },
      "a path on base-url's host"
    ],
    [
      'an api-path that climbs',
      { 'api-path': '/api/../admin' },
      'a path without "." or ".." segments'
    ],
    ['an api-path that climbs, encoded', { 'api-path': '/api/%2e%2e/admin' }, 'a path without'],
    ['a token with a line break', { token: 'secret\nX-Injected: 1' }, 'contains a line break'],
    [
      'a user name with a colon',
      { token: '', username: 'a:b', password: 'p' },
      'must not contain ":"'
    ],
    ['a conf list 2000 deep', { conf: `${'['.repeat(2000)}${']'.repeat(2000)}` }, 'a JSON object'],
    [
      'a conf object 500 deep',
      { conf: `${'{"a":'.repeat(500)}1${'}'.repeat(500)}` },
      'at most 64 levels'
    ],
    [
      'a prefix too long for a run id',
      { 'run-id-prefix': 'p'.repeat(240) },
      'at most 230 characters'
    ],
    ['a run id with ..', { 'dag-run-id': 'release..1' }, 'no ".."'],
    ['a run id that is a dot', { 'dag-run-id': '.' }, 'not "."'],
    ['a DAG id that climbs', { 'dag-id': '..' }, 'without ".."']
  ]
  it.each(triggerCases)('trigger: %s', async (_label, inputs, message) => {
    const run = await inProcess.trigger(inputs)
    expect(run.exitCode).toBe(1)
    const input = Object.keys(inputs).at(-1) === 'password' ? 'username' : Object.keys(inputs)[0]
    expect(errorMessages(run)).toMatch(new RegExp(`Input "${input}" .*${escape(message)}`))
    expect(run.stdout + run.summary).not.toContain('secret\nX-Injected')
    expect(kit.sandbox.requests).toHaveLength(0)
  })

  const uploadCases: [string, Record<string, string>, string][] = [
    [
      'a password with a carriage return',
      { 'app-password': 'abcd\refgh' },
      'contains a line break'
    ],
    ['a user name with a colon', { username: 'demo:admin' }, 'must not contain ":"'],
    ['an api-path that climbs', { 'api-path': '/wp-json/../wp-admin' }, 'a path without']
  ]
  it.each(uploadCases)('upload: %s', async (_label, inputs, message) => {
    const run = await inProcess.upload(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toMatch(
      new RegExp(`Input "${Object.keys(inputs)[0]}" .*${escape(message)}`)
    )
    expect(kit.sandbox.requests).toHaveLength(0)
  })

  it.each([
    [
      'a link to a file outside the workspace',
      async () =>
        symlink(path.join(outside, 'id_ed25519'), path.join(kit.workspace, 'img', 'logo.gif')),
      /img\/logo\.gif is a link to .*id_ed25519, outside/
    ],
    [
      'a link to a directory outside the workspace',
      async () => symlink(outside, path.join(kit.workspace, 'img', 'keys')),
      /img\/keys\/id_ed25519 is a link to/
    ],
    [
      'an empty file',
      async () => writeFile(path.join(kit.workspace, 'img', 'empty.gif'), ''),
      /img\/empty\.gif is empty \(0 bytes\)/
    ]
  ])('upload of %s: nothing is sent, not even the good files', async (_name, arrange, message) => {
    await arrange()
    const run = await inProcess.upload({ files: 'img/**' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toMatch(/^Input "files" matched 1 file that will not be sent/)
    expect(errorMessages(run)).toMatch(message)
    expect(kit.sandbox.requests).toHaveLength(0)
    expect(run.stdout).not.toContain('PRIVATE KEY')
  })
})

describe('servers that would hold or fool the step', () => {
  let server: http.Server
  let base: string
  let handler: http.RequestListener
  beforeAll(async () => {
    server = http.createServer((req, res) => handler(req, res))
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  it.each([
    [
      'a blog with pretty permalinks off',
      '<html><head><title>My Blog</title></head><body>Hello world</body></html>'
    ],
    ['a parked domain', '<html><body>This domain is for sale</body></html>'],
    ['a login page', '<html><head><title>Log In</title></head><form></form></html>']
  ])('a catch-all page (%s) fails the preflight, and no file is sent', async (_name, page) => {
    const posts: string[] = []
    handler = (req, res) => {
      if (req.method === 'POST') posts.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'text/html' }).end(page)
    }
    const run = await upload({ 'base-url': base })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain("answered 200, but not with the REST API's JSON")
    expect(posts).toEqual([])
  })

  it.each(['GET settings', 'POST trigger'])(
    'an answer that trickles forever (%s) ends at the time-out',
    async what => {
      // A space every 100 ms of the action's time, which moves on after each one.
      const clock = new TestClock()
      handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        void clock.every(
          100,
          () => res.write(' '),
          () => res.destroyed
        )
      }
      // api-path named: no look for the API first, whose every request would trickle as long.
      const run =
        what === 'GET settings'
          ? await upload(
              { 'base-url': base, 'timeout-seconds': '1', 'api-path': '/wp-json/wp/v2' },
              { clock }
            )
          : await trigger(
              {
                'base-url': base,
                'timeout-seconds': '1',
                'max-attempts': '1',
                'api-path': '/api/v2'
              },
              { clock }
            )
      expect(run.exitCode).toBe(1)
      expect(run.stdout).toContain('no complete answer within 1 s')
    }
  )
})
