// concurrency: auto against a real WordPress on a host that serves at most 2 requests at once and
// answers 508 above that (nginx limit_conn on ORIGIN_CAPPED_URL), as CloudLinux does above its
// entry-process limit. What is checked is what a user would see in the library and in the host's
// log: every file stored once, and the limit met at most twice. Times are for docs/benchmarks.md
// (BENCH_ONLY=concurrency npm run bench), not for here.
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import buildSourceBundle from '../test-support/build-source.js'
import { logLines, mediaOutput, runAction } from '../test-support/run-action.js'
import {
  basicAuth,
  fixturePath,
  followAccessLog,
  loadStackEnv,
  mediaCount,
  type AccessLogEntry,
  type StackEnv
} from './stack-env.js'

let env: StackEnv
let workspace: string
let removeBundle: () => Promise<void>

beforeAll(async () => {
  env = loadStackEnv()
  // The current source, bundled once for this file's runs.
  removeBundle = await buildSourceBundle()
})
afterAll(() => removeBundle())
beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'e2e-concurrency-'))
})
afterEach(() => rm(workspace, { recursive: true, force: true }))

const isMediaPost = (entry: AccessLogEntry) =>
  entry.method === 'POST' && /\/wp-json\/wp\/v2\/media(\?|$)/.test(entry.uri)

describe('concurrency: auto on a host that answers 508 above 2 requests at once', () => {
  it('stores every file once, and meets the limit at most twice', async () => {
    expect(env.ORIGIN_CAPPED_AT_ONCE).toBe('2')
    // 1600×1200 JPEGs, each with bytes of its own: WordPress takes long enough over each that
    // uploads started together are in flight together.
    const photo = await readFile(fixturePath('large.jpg', env))
    const names = Array.from({ length: 12 }, (_, n) => `capped-${n + 1}.jpg`)
    for (const name of names) {
      await writeFile(path.join(workspace, name), Buffer.concat([photo, randomBytes(16)]))
    }
    const before = await mediaCount(env)
    const log = followAccessLog(env.ORIGIN_CAPPED_ACCESS_LOG)
    const run = await runAction({
      source: true,
      inputs: {
        mode: 'upload',
        'base-url': env.ORIGIN_CAPPED_URL,
        files: '*.jpg',
        username: env.WP_USER,
        'app-password': env.WP_APP_PASSWORD,
        concurrency: 'auto'
      },
      cwd: workspace,
      timeoutMs: 110_000
    })
    expect(run.exitCode, run.stdout).toBe(0)

    const media = mediaOutput(run)
    expect(media.map(entry => entry.status)).toEqual(names.map(() => 'uploaded'))
    expect(new Set(media.map(entry => entry.id)).size).toBe(names.length)
    expect(await mediaCount(env)).toBe(before + names.length)
    for (const entry of media) {
      const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}/${entry.id}`, {
        headers: { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) }
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
    }

    // nginx logs a request once it has answered it: wait for every stored file's POST.
    const entries = log.read()
    while (entries.filter(e => isMediaPost(e) && e.status === 201).length < names.length)
      entries.push(...(await log.take(1, { settleMs: 0 })))
    expect(entries.filter(e => isMediaPost(e) && e.status === 201)).toHaveLength(names.length)
    const refused = entries.filter(e => e.status === 508)
    expect(refused.length).toBeLessThanOrEqual(2)
    // A 508 lowers the ceiling: no later change goes above it.
    const changes = logLines(run.stdout).filter(line => line.startsWith('Concurrency '))
    let ceiling = Infinity
    for (const line of changes) {
      const [, to, most] = /^Concurrency \d+ → (\d+): (?:HTTP 508; at most (\d+))?/.exec(line)!
      expect(Number(to), changes.join('\n')).toBeLessThanOrEqual(ceiling)
      if (most) ceiling = Number(most)
    }
  })
})
