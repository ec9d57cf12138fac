import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSandbox, type Sandbox } from '../sandbox/server.js'
import { GIF, png } from '../test-support/images.js'
import { errorMessages, mediaOutput, runAction, startAction } from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'

let sandbox: Sandbox
let workspace: string

beforeAll(async () => {
  sandbox = await startSandbox()
  workspace = await mkdtemp(path.join(tmpdir(), 'dry-run-'))
  await mkdir(path.join(workspace, 'img'))
  await writeFile(path.join(workspace, 'img', 'a.png'), png(2, 2, [255, 0, 0]))
  await writeFile(path.join(workspace, 'img', 'b.png'), png(2, 2, [0, 255, 0]))
  await writeFile(path.join(workspace, 'img', 'c.gif'), GIF)
})
afterEach(() => sandbox.reset())
afterAll(async () => {
  await sandbox.close()
  await rm(workspace, { recursive: true, force: true })
})

const inputs = (extra: Record<string, string> = {}) => ({
  mode: 'upload',
  'base-url': sandbox.url,
  files: 'img/*',
  username: 'demo',
  'app-password': 'abcd efgh ijkl mnop qrst uvwx',
  ...extra
})
const upload = (extra: Record<string, string> = {}) =>
  runAction({ source: true, cwd: workspace, inputs: inputs(extra) })

const posts = () => sandbox.requests.filter(r => r.method === 'POST')
/** The POSTs that carried a file, by the name they gave it. */
const filesSent = () =>
  posts()
    .filter(r => r.bodyBytes > 0)
    .map(r => /filename="([^"]+)"/.exec(String(r.headers['content-disposition']))?.[1])

describe('dry-run', () => {
  it('stores nothing, sends no body, and says what the real run would do with each file', async () => {
    await upload({ files: 'img/a.png' })
    const before = sandbox.media.length
    const seen = sandbox.requests.length
    const run = await upload({ 'dry-run': 'true' })
    const requests = sandbox.requests.slice(seen)
    expect(run.exitCode).toBe(0)
    expect(sandbox.media).toHaveLength(before)
    expect(requests.every(r => r.bodyBytes === 0)).toBe(true)
    expect(requests.filter(r => r.method === 'POST')).toHaveLength(1)
    expect(mediaOutput(run).map(file => [file.file, file.status])).toEqual([
      ['img/a.png', 'existing'],
      ['img/b.png', 'would-upload'],
      ['img/c.gif', 'would-upload']
    ])
    expect(run.outputs).toMatchObject({
      'uploaded-count': '0',
      'existing-count': '1',
      'failed-count': '0'
    })
    expect(run.stdout).toContain('Dry run: writes reach WordPress (answered from 127.0.0.1:')
    const summary = summaryAsText(run.summary)
    expect(summary).toContain(
      'WordPress upload, dry run: ✅ 2 file(s) would be uploaded, 1 existing; the write path reaches WordPress'
    )
    expect(summary).toContain('Dry run: nothing was uploaded.')
  })

  it('fails with the CDN’s diagnosis when the CDN blocks writes, and still stores nothing', async () => {
    sandbox.configure({ cdn: { passPosts: 0 } })
    const run = await upload({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ diagnosis: 'cdn', 'edge-node': 'edge-ams-3' })
    expect(sandbox.media).toHaveLength(0)
    expect(posts().map(r => [r.bodyBytes, r.answeredBy])).toEqual([[0, 'cdn']])
    expect(mediaOutput(run).map(file => file.status)).toEqual([
      'would-fail',
      'would-fail',
      'would-fail'
    ])
    expect(errorMessages(run)).toContain(
      'Dry run: the write path is blocked by Hostinger CDN, edge edge-ams-3'
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(
      /^# WordPress upload, dry run: ❌ 0 file\(s\) would be uploaded, 3 would fail; the write path is blocked/
    )
    expect(summary.indexOf('What to do')).toBeLessThan(summary.indexOf('File |'))
  })

  it('fails when WordPress refuses the credentials, naming it', async () => {
    const run = await upload({
      'dry-run': 'true',
      'app-password': 'wrong password here',
      preflight: 'false',
      'skip-existing': 'false'
    })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Dry run: the write path is refused: WordPress did not accept the credentials (HTTP 401)'
    )
  })
})

describe('blocked-wait-seconds', () => {
  // One file at a time throughout: which file meets the block is then known.
  it('waits out a block with empty probes, then uploads the rest, each file exactly once', async () => {
    sandbox.configure({ cdn: { passPosts: 1 } })
    const action = await startAction({
      source: true,
      cwd: workspace,
      inputs: inputs({ 'blocked-wait-seconds': '10', 'max-attempts': '1', concurrency: '1' })
    })
    // The first probe is an empty POST the CDN refuses; then the CDN is switched off.
    await vi.waitFor(
      () => expect(posts().some(r => r.bodyBytes === 0 && r.answeredBy === 'cdn')).toBe(true),
      { timeout: 20_000, interval: 20 }
    )
    sandbox.configure({ cdn: false })
    const run = await action.done
    expect(run.exitCode).toBe(0)
    expect(sandbox.media.map(item => item.fileName).sort()).toEqual(['a.png', 'b.png', 'c.gif'])
    expect(filesSent().sort()).toEqual(['a.png', 'b.png', 'b.png', 'c.gif'])
    expect(mediaOutput(run).map(file => [file.file, file.status, file.attempts])).toEqual([
      ['img/a.png', 'uploaded', 1],
      ['img/b.png', 'uploaded', 2],
      ['img/c.gif', 'uploaded', 1]
    ])
    expect(run.stdout).toMatch(
      /Probe 1: the write path is blocked by Hostinger CDN, edge edge-ams-3/
    )
    expect(run.stdout).toMatch(/Probe \d: the write path reaches WordPress/)
    expect(summaryAsText(run.summary)).toMatch(
      /The CDN block lifted: blocked from \S+ to \S+, \d probe\(s\); the remaining files were then sent\./
    )
  })

  it('fails after the time given when the block never lifts, with the last probe’s diagnosis', async () => {
    sandbox.configure({ cdn: { passPosts: 1 } })
    const run = await upload({
      'blocked-wait-seconds': '1.5',
      'max-attempts': '1',
      concurrency: '1'
    })
    expect(run.exitCode).toBe(1)
    expect(sandbox.media).toHaveLength(1)
    expect(filesSent()).toEqual(['a.png', 'b.png'])
    expect(posts().filter(r => r.bodyBytes === 0).length).toBeGreaterThanOrEqual(1)
    expect(run.outputs.diagnosis).toBe('cdn')
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(
      /The CDN block did not lift within blocked-wait-seconds \(1\.5 s\): blocked from \S+ to \S+, \d probe\(s\); the last probe: the write path is blocked by Hostinger CDN/
    )
    expect(summary).toContain('Disable the CDN')
  })
})
