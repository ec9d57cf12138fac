import { describe, expect, it } from 'vitest'
import { png } from '../../test-support/images.js'
import { errorMessages, mediaOutput } from '../../test-support/run-action.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { summaryAsText } from '../../test-support/summary-text.js'

const kit = useSandbox()
const { files, upload } = kit

const mediaPosts = () =>
  kit.sandbox.requests.filter(
    r => r.method === 'POST' && new URL(r.path, 'http://x').pathname.endsWith('/media')
  )
const filePosts = () => mediaPosts().filter(r => r.bodyBytes > 0)
const probes = () => mediaPosts().filter(r => r.bodyBytes === 0)

/** `n` images of different bytes, so that none is taken for another. */
async function images(n: number) {
  const names = Array.from({ length: n }, (_, i) => `img/${i + 1}.png`)
  await files(Object.fromEntries(names.map((name, i) => [name, png(i + 2, 1, [i, 9, 9])])))
  return names
}

/** More 429s than a run can use up: every upload is turned away. */
const EVERY_TIME = 1000

describe('concurrency: auto starts with one request', () => {
  it("meets a CDN's standing block with one file's attempts, not every file's", async () => {
    kit.sandbox.configure({ cdn: { blockAll: true } })
    await images(6)
    const run = await upload({ concurrency: 'auto' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(filePosts()).toHaveLength(3)
    // Which file goes first is whichever was read first: the others wait for it.
    const media = mediaOutput(run)
    const blocked = media.filter(m => m.status === 'blocked')
    expect(blocked.map(m => m.attempts)).toEqual([3])
    expect(media.filter(m => m.status === 'not-attempted')).toHaveLength(5)
    expect(run.pauses).toHaveLength(2)
    expect(errorMessages(run)).toContain(
      `${blocked[0]!.file} was still blocked after 3 attempts; the 5 remaining files were not sent.`
    )
    // Nothing arrived: the summary offers no media library to open.
    expect(summaryAsText(run.summary)).toContain('No file reached the media library of')
    expect(run.summary).not.toContain('open the media library')
  })

  it('meets a refusal of every upload with one request', async () => {
    kit.sandbox.configure({ wordpress: { uploadRevoked: true } })
    await images(6)
    const run = await upload({ concurrency: 'auto' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(filePosts()).toHaveLength(1)
    expect(mediaOutput(run).filter(m => m.status === 'not-attempted')).toHaveLength(5)
  })

  it('sends one file at a time until one is stored, then more at once', async () => {
    kit.sandbox.configure({ wordpress: { uploadDelayMs: 20 } })
    const names = await images(6)
    const run = await upload({ concurrency: 'auto' }, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run).map(m => m.status)).toEqual(names.map(() => 'uploaded'))
    const [first, second] = filePosts()
    // The second upload arrived only after the first was answered.
    expect(second!.arrivedSeq).toBeGreaterThan(first!.answeredSeq!)
    expect(run.stdout).toContain('Concurrency 1 → 2: the first file stored.')
  })
})

describe('a block or a refusal is the run’s, not one file’s', () => {
  it('with concurrency 4, the block is met by the four in flight and found out by one of them', async () => {
    kit.sandbox.configure({ cdn: { blockAll: true } })
    await images(6)
    const run = await upload({ concurrency: '4' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    // Four met it at once, then one file's two retries: 6 POSTs, where 12 went before.
    expect(filePosts()).toHaveLength(6)
    expect(run.pauses).toHaveLength(2)
    const statuses = mediaOutput(run).map(m => m.status)
    expect(statuses.filter(s => s === 'blocked')).toHaveLength(4)
    expect(statuses.filter(s => s === 'not-attempted')).toHaveLength(2)
    expect(run.stdout.match(/waiting for its attempts to tell whether it stands/g)).toHaveLength(3)
  })

  it('with blocked-wait-seconds, no file is sent after the block stood, only empty probes', async () => {
    kit.sandbox.configure({ cdn: { blockAll: true } })
    await images(3)
    const run = await upload(
      { concurrency: 'auto', 'blocked-wait-seconds': '60' },
      { instantPauses: true }
    )
    expect(run.exitCode).toBe(1)
    expect(filePosts()).toHaveLength(3)
    const first = probes()[0]!
    // Every POST with a file came before the first empty probe.
    expect(filePosts().every(r => r.arrivedSeq < first.arrivedSeq)).toBe(true)
    expect(summaryAsText(run.summary)).toContain('The CDN block did not lift within')
  })
})

describe('a busy server: one budget of waiting per run', () => {
  it('ends the run at once at a Retry-After longer than the run may wait, naming it', async () => {
    kit.sandbox.configure({ wordpress: { rateLimit429: EVERY_TIME, retryAfter: '100000' } })
    await images(6)
    const run = await upload({ concurrency: 'auto' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(filePosts()).toHaveLength(1)
    expect(run.pauses).toEqual([])
    expect(errorMessages(run)).toMatch(
      /img\/\d\.png: the server asked to wait 27 h 46 min \(Retry-After: 100000\), but the run waits at most 1 min 30 s in all for a busy server \(timeout-seconds × max-attempts\); the 5 remaining files were not sent\./
    )
  })

  it('stops once the time waited for it, whichever file waited, reaches the budget', async () => {
    kit.sandbox.configure({ wordpress: { rateLimit429: EVERY_TIME, retryAfter: '20' } })
    await images(6)
    const run = await upload({ concurrency: '1' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    // 90 s of waiting at most: img/1's two waits of 20 s, img/2 held 20 s by the last Retry-After,
    // then one wait of its own; a fifth would pass the budget.
    // The hold is what is left of the Retry-After when img/2 comes to it: the real time between
    // the answer and the hold (more on a busy machine) is taken off it.
    expect(run.pauses).toHaveLength(4)
    expect(run.pauses.filter(ms => ms === 20_000).length).toBeGreaterThanOrEqual(3)
    expect(run.pauses.every(ms => ms > 0 && ms <= 20_000)).toBe(true)
    expect(filePosts()).toHaveLength(5)
    expect(mediaOutput(run).map(m => `${m.status} ${m.attempts}`)).toEqual([
      'failed 3',
      'failed 2',
      ...Array.from({ length: 4 }, () => 'not-attempted 0')
    ])
    expect(errorMessages(run)).toMatch(
      /img\/2\.png: the server asked to wait 20 s \(Retry-After: 20\), but the run waits at most 1 min 30 s in all for a busy server \(timeout-seconds × max-attempts\), and 1 min 20 s of it is spent; the 4 remaining files were not sent\./
    )
  })
})
