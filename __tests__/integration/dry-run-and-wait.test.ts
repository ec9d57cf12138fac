import { beforeEach, describe, expect, it } from 'vitest'
import { TestClock } from '../../test-support/clock.js'
import { GIF, png } from '../../test-support/images.js'
import { errorMessages, mediaOutput } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const kit = useSandbox()
const { upload } = kit
beforeEach(() =>
  kit.files({
    'img/a.png': png(2, 2, [255, 0, 0]),
    'img/b.png': png(2, 2, [0, 255, 0]),
    'img/c.gif': GIF
  })
)

const posts = () => kit.sandbox.requests.filter(r => r.method === 'POST')
/** The POSTs that carried a file, by the name they gave it. */
const filesSent = () =>
  posts()
    .filter(r => r.bodyBytes > 0)
    .map(r => /filename="([^"]+)"/.exec(String(r.headers['content-disposition']))?.[1])

describe('dry-run', () => {
  it('stores nothing, sends no body, and says what the real run would do with each file', async () => {
    await upload({ files: 'img/a.png' })
    const before = kit.sandbox.media.length
    const seen = kit.sandbox.requests.length
    const run = await upload({ 'dry-run': 'true' })
    const requests = kit.sandbox.requests.slice(seen)
    expect(run.exitCode).toBe(0)
    expect(kit.sandbox.media).toHaveLength(before)
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
    expect(summary).toContain('WordPress upload, dry run: ✅ 2 files would be uploaded, 1 existing')
    expect(summary).toContain('Dry run: nothing was uploaded; 2 files would be uploaded')
  })

  it('fails with the CDN’s diagnosis when the CDN blocks writes, and still stores nothing', async () => {
    kit.sandbox.configure({ cdn: { passPosts: 0 } })
    const run = await upload({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ diagnosis: 'cdn', 'edge-node': 'edge-ams-3' })
    expect(kit.sandbox.media).toHaveLength(0)
    expect(posts().map(r => [r.bodyBytes, r.answeredBy])).toEqual([[0, 'cdn']])
    expect(mediaOutput(run).map(file => file.status)).toEqual([
      'would-fail',
      'would-fail',
      'would-fail'
    ])
    expect(errorMessages(run)).toContain(
      'Dry run: the write path is blocked by Hostinger CDN, edge-ams-3'
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(
      /^# WordPress upload, dry run: ❌ no file would be uploaded, 3 would fail; the write path is blocked/
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
    kit.sandbox.configure({ cdn: { passPosts: 1 } })
    // The first probe is an empty POST the CDN refuses; then the CDN is switched off, while the
    // action waits to probe again.
    const clock = new TestClock()
    clock.onPause(() => {
      if (posts().some(r => r.bodyBytes === 0 && r.answeredBy === 'cdn')) {
        kit.sandbox.configure({ cdn: false })
      }
    })
    const run = await upload(
      { 'blocked-wait-seconds': '10', 'max-attempts': '1', concurrency: '1' },
      { clock }
    )
    expect(run.exitCode).toBe(0)
    expect(kit.sandbox.media.map(item => item.fileName).sort()).toEqual(['a.png', 'b.png', 'c.gif'])
    expect(filesSent().sort()).toEqual(['a.png', 'b.png', 'b.png', 'c.gif'])
    expect(mediaOutput(run).map(file => [file.file, file.status, file.attempts])).toEqual([
      ['img/a.png', 'uploaded', 1],
      ['img/b.png', 'uploaded', 2],
      ['img/c.gif', 'uploaded', 1]
    ])
    expect(run.stdout).toMatch(/Probe 1: the write path is blocked by Hostinger CDN, edge-ams-3/)
    expect(run.stdout).toMatch(/Probe \d: the write path reaches WordPress/)
    expect(summaryAsText(run.summary)).toMatch(
      /The CDN block lifted: blocked from \S+ to \S+, \d probes?; the remaining files were then sent\./
    )
  })

  it('fails after the time given when the block never lifts, with the last probe’s diagnosis', async () => {
    kit.sandbox.configure({ cdn: { passPosts: 1 } })
    const run = await upload(
      { 'blocked-wait-seconds': '1.5', 'max-attempts': '1', concurrency: '1' },
      { instantPauses: true }
    )
    expect(run.exitCode).toBe(1)
    expect(kit.sandbox.media).toHaveLength(1)
    expect(filesSent()).toEqual(['a.png', 'b.png'])
    expect(posts().filter(r => r.bodyBytes === 0).length).toBeGreaterThanOrEqual(1)
    expect(run.outputs.diagnosis).toBe('cdn')
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(
      /The CDN block did not lift within blocked-wait-seconds \(1\.5 s\): blocked from \S+ to \S+, \d probes?; the last probe: the write path is blocked by Hostinger CDN/
    )
    expect(summary).toContain('Disable the CDN')
  })
})
