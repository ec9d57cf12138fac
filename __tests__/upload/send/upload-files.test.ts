import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import type { MediaApi } from '../../../src/upload/wordpress/media-api.js'
import type { LocalFile } from '../../../src/upload/files/local-file.js'
import { uploadFiles } from '../../../src/upload/send/upload-files.js'
import { cancelledUploadText } from '../../../src/upload/send/outcome.js'
import { fakeMediaApi } from '../../../test-support/fake-apis.js'
import { GIF } from '../../../test-support/images.js'
import { answer } from '../../../test-support/http-results.js'
import { cdn405, restLink } from '../../../test-support/wordpress-answers.js'

let dir: string
let files: LocalFile[]

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'upload-files-'))
  files = await Promise.all(
    ['a.gif', 'b.gif', 'c.gif'].map(async name => {
      await writeFile(path.join(dir, name), GIF)
      return { path: path.join(dir, name), display: name, size: GIF.length, mediaType: 'image/gif' }
    })
  )
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** WordPress itself refusing the method: its REST link header and its JSON error. */
const wordpress405 = answer(
  405,
  {
    link: restLink(),
    'content-type': 'application/json'
  },
  JSON.stringify({ code: 'rest_no_route', message: 'No route was found.', data: { status: 405 } })
)
/** A 405 that names no layer: no CDN header, no WordPress marker. */
const bare405 = answer(405, { 'content-type': 'text/plain' }, 'Method Not Allowed')
const created = (id: number): HttpResult =>
  answer(
    201,
    { link: restLink() },
    JSON.stringify({ id, source_url: `https://www.example.com/uploads/${id}.gif` })
  )
const throttled = answer(429, { 'retry-after': '2' }, '')

/** A media API that answers from a script, one answer per POST, and records what was sent. */
function scripted(script: HttpResult[]) {
  const posted: string[] = []
  const api = fakeMediaApi({
    postFile: async file => {
      posted.push(file.display)
      const next = script.shift()
      if (!next) throw new Error(`unexpected POST of ${file.display}`)
      return next
    }
  })
  return { api, posted, script }
}

async function upload(script: HttpResult[], maxAttempts = 3, concurrency = 1) {
  const fake = scripted(script)
  const sleeps: number[] = []
  const warnings: string[] = []
  let now = Date.parse('2026-11-24T12:00:00Z')
  const report = await uploadFiles(
    files,
    { maxAttempts, concurrency, timeoutMs: 30_000 },
    {
      api: fake.api,
      sleep: async ms => {
        sleeps.push(ms)
        now += ms
      },
      now: () => new Date(now),
      random: () => 0,
      log: () => {},
      warn: (message, title) => {
        warnings.push(`${title}: ${message}`)
      }
    }
  )
  expect(fake.script).toEqual([])
  return {
    posted: fake.posted,
    sleeps,
    warnings,
    report,
    statuses: report.files.map(f => `${f.file} ${f.status} ${f.attempts}`)
  }
}

describe('which refusals are sent again', () => {
  it("retries a CDN's 405 with the back-off and uploads once it passes", async () => {
    const run = await upload([created(4), cdn405, created(5), created(6)])
    expect(run.posted).toEqual(['a.gif', 'b.gif', 'b.gif', 'c.gif'])
    expect(run.sleeps).toEqual([3000])
    expect(run.statuses).toEqual(['a.gif uploaded 1', 'b.gif uploaded 2', 'c.gif uploaded 1'])
  })

  it('reports a standing CDN block as blocked after max-attempts and sends no more', async () => {
    const run = await upload([cdn405, cdn405, cdn405])
    expect(run.sleeps).toEqual([3000, 6000])
    expect(run.statuses).toEqual([
      'a.gif blocked 3',
      'b.gif not-attempted 0',
      'c.gif not-attempted 0'
    ])
    expect(run.report.files[0]!.message).toBe(
      'refused by the CDN at edge-ams-3 before reaching the server'
    )
    expect(run.report.verdict?.layer).toBe('cdn')
  })

  it("does not retry WordPress's own 405: the same answer would come back", async () => {
    const run = await upload([wordpress405])
    expect(run.posted).toEqual(['a.gif'])
    expect(run.sleeps).toEqual([])
    expect(run.statuses).toEqual([
      'a.gif failed 1',
      'b.gif not-attempted 0',
      'c.gif not-attempted 0'
    ])
    expect(run.report.files[0]!.message).toBe('No route was found (rest_no_route)')
    expect(run.report.verdict?.layer).toBe('origin')
  })

  it('retries a 405 that names no layer, as it may be a CDN that does not name itself', async () => {
    const run = await upload([bare405, bare405, bare405])
    expect(run.sleeps).toEqual([3000, 6000])
    expect(run.statuses[0]).toBe('a.gif failed 3')
    expect(run.report.verdict?.layer).toBe('unknown')
  })

  it('waits what a 429 asks, then goes on', async () => {
    const run = await upload([throttled, created(4), created(5), created(6)])
    expect(run.sleeps).toEqual([2000])
    expect(run.statuses).toEqual(['a.gif uploaded 2', 'b.gif uploaded 1', 'c.gif uploaded 1'])
  })

  it('sends nothing twice with max-attempts 1', async () => {
    const run = await upload([cdn405], 1)
    expect(run.sleeps).toEqual([])
    expect(run.statuses[0]).toBe('a.gif blocked 1')
  })
})

const NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: size in <b>/var/www/wp-content/plugins/x/x.php</b> on line <b>12</b><br />\n'
const wpHeaders = (extra: Record<string, string> = {}) => ({
  link: '<https://www.example.com/wp-json/>; rel="https://api.w.org/"',
  'content-type': 'application/json; charset=UTF-8',
  ...extra
})
const media = (id: number) =>
  JSON.stringify({ id, source_url: `https://www.example.com/uploads/${id}.gif` })

describe('a stored upload is never reported as failed, nor sent again', () => {
  it.each([
    [
      'a PHP notice in front of the JSON',
      answer(201, wpHeaders(), `${NOTICE}${media(4)}`),
      { id: 4, url: 'https://www.example.com/uploads/4.gif' }
    ],
    [
      'a warning and a deprecation notice in front',
      answer(201, wpHeaders(), `${NOTICE}${NOTICE.replace('Notice', 'Deprecated')}${media(5)}`),
      { id: 5, url: 'https://www.example.com/uploads/5.gif' }
    ],
    [
      'a spoiled body, the id in X-WP-Upload-Attachment-ID',
      answer(201, wpHeaders({ 'x-wp-upload-attachment-id': '7' }), `${NOTICE}{"id":7,"sou`),
      { id: 7 }
    ],
    [
      'no body, the id at the end of Location',
      answer(201, wpHeaders({ location: 'https://www.example.com/wp-json/wp/v2/media/9' }), ''),
      { id: 9 }
    ],
    [
      'a spoiled header, the id in Location',
      answer(
        201,
        wpHeaders({
          'x-wp-upload-attachment-id': 'abc',
          location: 'https://www.example.com/wp-json/wp/v2/media/11'
        }),
        'Fatal error in a shutdown hook'
      ),
      { id: 11 }
    ]
  ])('%s', async (_name, stored, expected) => {
    const run = await upload([stored, created(20), created(21)])
    expect(run.posted).toEqual(['a.gif', 'b.gif', 'c.gif'])
    expect(run.report.files[0]).toMatchObject({ status: 'uploaded', attempts: 1, ...expected })
    expect(run.warnings).toEqual([])
  })

  it.each([
    ['an empty body and no header', answer(201, {}, '')],
    [
      'an HTML page',
      answer(201, { 'content-type': 'text/html' }, '<html><body>Saved!</body></html>')
    ],
    [
      'an id that is no id',
      answer(201, wpHeaders({ 'x-wp-upload-attachment-id': '-1' }), '{"id":"x"}')
    ]
  ])('a 201 with %s: uploaded, id unknown, with a warning', async (_name, stored) => {
    const run = await upload([stored, created(20), created(21)])
    expect(run.posted).toEqual(['a.gif', 'b.gif', 'c.gif'])
    expect(run.report.files[0]).toMatchObject({ status: 'uploaded', attempts: 1 })
    expect(run.report.files[0]!.id).toBeUndefined()
    expect(run.warnings).toEqual([
      'Uploaded, id unknown: a.gif: stored (HTTP 201), but the answer named no media id: find it in the media library.'
    ])
  })

  it('a 200 page without a media id (a catch-all page) is not taken for a stored file, nor for none', async () => {
    const run = await upload([
      answer(200, { 'content-type': 'text/html' }, '<html>Welcome</html>'),
      created(5),
      created(6)
    ])
    // Without a content key (skip-existing: false) nothing can settle it.
    expect(run.report.files[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      message:
        'HTTP 200 without a media id: it may have been stored; check the media library before sending it again'
    })
  })
})

describe('several files in flight', () => {
  let many: LocalFile[]
  beforeAll(async () => {
    many = await Promise.all(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map(async name => {
        const file = path.join(dir, `${name}.gif`)
        await writeFile(file, GIF)
        return { path: file, display: `${name}.gif`, size: GIF.length, mediaType: 'image/gif' }
      })
    )
  })

  /** A promise kept once `count()` was called `n` times: that many POSTs were sent. */
  function inFlight(n: number) {
    let reach = () => {}
    const reached = new Promise<void>(resolve => (reach = resolve))
    let sent = 0
    return { reached, count: () => ++sent === n && reach() }
  }

  /** Answers per file name, each after `delayMs[name]` of waiting; counts files in flight. */
  function byName(
    answers: Record<string, HttpResult[]>,
    delayMs: Record<string, number> = {},
    together = 1
  ) {
    const started: string[] = []
    // No answer comes before `together` POSTs are in flight: events, not timers, decide that.
    const sent = inFlight(together)
    let current = 0
    let mostInFlight = 0
    const api: MediaApi = {
      ...scripted([]).api,
      postFile: async file => {
        started.push(file.display)
        current++
        mostInFlight = Math.max(mostInFlight, current)
        sent.count()
        await sent.reached
        await new Promise(resolve => setTimeout(resolve, delayMs[file.display] ?? 1))
        current--
        const next = answers[file.display]?.shift()
        if (!next) throw new Error(`unexpected POST of ${file.display}`)
        return next
      }
    }
    return { api, started, mostInFlight: () => mostInFlight }
  }

  const run = (api: MediaApi, concurrency: number) =>
    uploadFiles(
      many,
      { maxAttempts: 3, concurrency, timeoutMs: 30_000 },
      {
        api,
        sleep: async () => {},
        now: () => new Date(),
        random: () => 0,
        log: () => {},
        warn: () => {}
      }
    )

  it('keeps at most `concurrency` files in flight, and reports them in the files’ order', async () => {
    const answers = Object.fromEntries(many.map((file, i) => [file.display, [created(40 + i)]]))
    // The first files answer last: completion order is the reverse of the files' order.
    const delays = Object.fromEntries(many.map((file, i) => [file.display, 60 - i * 10]))
    const fake = byName(answers, delays, 3)
    const report = await run(fake.api, 3)
    expect(fake.mostInFlight()).toBe(3)
    expect(report.files.map(f => [f.file, f.status, f.id])).toEqual(
      many.map((file, i) => [file.display, 'uploaded', 40 + i])
    )
  })

  it('starts no new file after a standing block; those in flight finish and are reported', async () => {
    // p1 is answered once p2 and p3 are in flight; they answer once p1's block stood: the order
    // of events, not timers, decides.
    let stood = () => {}
    const p1Done = new Promise<void>(resolve => (stood = resolve))
    const p1 = [cdn405, cdn405, cdn405]
    const started: string[] = []
    const threeSent = inFlight(3)
    const api: MediaApi = {
      ...scripted([]).api,
      postFile: async file => {
        started.push(file.display)
        threeSent.count()
        if (file.display === 'p1.gif') {
          await threeSent.reached
          const next = p1.shift()!
          if (p1.length === 0) setImmediate(stood)
          return next
        }
        await p1Done
        return created(started.indexOf(file.display) + 4)
      }
    }
    const report = await run(api, 3)
    expect(report.files.map(f => `${f.file} ${f.status} ${f.attempts}`)).toEqual([
      'p1.gif blocked 3',
      'p2.gif uploaded 1',
      'p3.gif uploaded 1',
      'p4.gif not-attempted 0',
      'p5.gif not-attempted 0',
      'p6.gif not-attempted 0'
    ])
    expect(report.stopReason).toBe(
      'p1.gif was still blocked after 3 attempts; the 3 remaining files were not sent.'
    )
    expect(report.verdict?.layer).toBe('cdn')
    expect(started).not.toContain('p4.gif')
  })

  it('files in flight that meet the same block wait for the first one’s attempts, and go on once it lifts', async () => {
    // p1 meets the block first; p2 and p3, in flight, meet it after; p1's second attempt passes.
    const answers: Record<string, HttpResult[]> = {
      'p1.gif': [cdn405, created(4)],
      'p2.gif': [cdn405, created(5)],
      'p3.gif': [cdn405, created(6)],
      'p4.gif': [created(7)],
      'p5.gif': [created(8)],
      'p6.gif': [created(9)]
    }
    const started: string[] = []
    const threeSent = inFlight(3)
    const api: MediaApi = {
      ...scripted([]).api,
      postFile: async file => {
        started.push(file.display)
        threeSent.count()
        await threeSent.reached
        // p1's second attempt is answered once p2 and p3 had their answers to the first.
        if (file.display === 'p1.gif' && answers['p1.gif']!.length === 1) {
          await new Promise(resolve => setImmediate(resolve))
        }
        return answers[file.display]!.shift()!
      }
    }
    const sleeps: number[] = []
    const lines: string[] = []
    const report = await uploadFiles(
      many,
      { maxAttempts: 3, concurrency: 3, timeoutMs: 30_000 },
      {
        api,
        sleep: async ms => {
          sleeps.push(ms)
        },
        now: () => new Date(),
        random: () => 0,
        log: line => lines.push(line),
        warn: () => {}
      }
    )
    expect(report.files.map(f => `${f.file} ${f.status} ${f.attempts}`)).toEqual([
      'p1.gif uploaded 2',
      'p2.gif uploaded 2',
      'p3.gif uploaded 2',
      'p4.gif uploaded 1',
      'p5.gif uploaded 1',
      'p6.gif uploaded 1'
    ])
    // The first to meet the block was sent again alone, after the back-off; the other two waited
    // for it and were sent again once it was stored, with no back-off of their own.
    const [scout, ...others] = started.slice(3, 6)
    expect(sleeps).toEqual([3000])
    expect(lines.filter(line => line.endsWith('whether it stands.'))).toHaveLength(2)
    expect(others.sort()).toEqual(['p1.gif', 'p2.gif', 'p3.gif'].filter(name => name !== scout))
    expect(lines).toContain(`${others[0]}: POST 2/4 → HTTP 201`)
    expect(lines).toContain(
      `${others[0]}: met the same answer as ${scout}; waiting for its attempts to tell whether it stands.`
    )
  })

  it('with a refusal every file meets, no more requests than files in flight meet it', async () => {
    const refused = answer(
      403,
      { link: restLink(), 'content-type': 'application/json' },
      '{"code":"rest_cannot_create","message":"Sorry, you are not allowed to upload files.","data":{"status":403}}'
    )
    // Each is answered once four are in flight: the order of events, not timers, decides.
    const started: string[] = []
    const fourSent = inFlight(4)
    const api: MediaApi = {
      ...scripted([]).api,
      postFile: async file => {
        started.push(file.display)
        fourSent.count()
        await fourSent.reached
        return refused
      }
    }
    const report = await run(api, 4)
    expect(started).toHaveLength(4)
    expect(report.files.filter(f => f.status === 'not-attempted')).toHaveLength(2)
    expect(report.stopReason).toMatch(
      /^p\d\.gif was refused after 1 attempt; the 2 remaining files were not sent\.$/
    )
  })

  it('with concurrency 1, one file at a time', async () => {
    const answers = Object.fromEntries(many.map((file, i) => [file.display, [created(40 + i)]]))
    const fake = byName(answers)
    await run(fake.api, 1)
    expect(fake.mostInFlight()).toBe(1)
  })
})

describe('when the step is cancelled', () => {
  async function cancelledUpload(script: HttpResult[], cancelAfterPosts: number) {
    const fake = scripted(script)
    const controller = new AbortController()
    const postFile = fake.api.postFile
    fake.api.postFile = async (file, fields) => {
      const result = await postFile(file, fields)
      if (fake.posted.length === cancelAfterPosts) controller.abort()
      return result
    }
    const report = await uploadFiles(
      files,
      { maxAttempts: 3, concurrency: 1, timeoutMs: 30_000 },
      {
        api: fake.api,
        sleep: () => Promise.resolve(),
        now: () => new Date('2026-11-24T12:00:00Z'),
        random: () => 0,
        log: () => {},
        warn: () => {},
        signal: controller.signal
      }
    )
    return { posted: fake.posted, report }
  }
  const abandoned = (reached: boolean): HttpResult => ({
    failure: {
      code: 'ABORT_ERR',
      message: 'abandoned: the step was cancelled',
      timedOut: false,
      mayHaveReachedServer: reached,
      permanent: false,
      cancelled: true,
      elapsedMs: 5
    }
  })

  it('starts no new file, and reports the one in flight as maybe stored', async () => {
    const { posted, report } = await cancelledUpload([created(4), abandoned(true)], 2)
    expect(posted).toEqual(['a.gif', 'b.gif'])
    expect(report.files.map(f => [f.file, f.status, f.caughtByCancel, f.message])).toEqual([
      ['a.gif', 'uploaded', undefined, undefined],
      [
        'b.gif',
        'failed',
        'in-flight',
        'in flight when the step was cancelled: it may have been stored; check the media library before sending it again'
      ],
      ['c.gif', 'not-attempted', undefined, 'not sent: the step was cancelled']
    ])
    expect(cancelledUploadText(report.files)).toBe(
      '1 of 3 files uploaded, 1 in flight may have been stored (check the media library), 1 not sent.'
    )
  })

  it('does not send again a file that waited to be retried', async () => {
    const { posted, report } = await cancelledUpload([throttled], 1)
    expect(posted).toEqual(['a.gif'])
    expect(report.files.map(f => `${f.file} ${f.status} ${f.attempts} ${f.message}`)).toEqual([
      'a.gif failed 1 not sent again: the step was cancelled',
      'b.gif not-attempted 0 not sent: the step was cancelled',
      'c.gif not-attempted 0 not sent: the step was cancelled'
    ])
    expect(cancelledUploadText(report.files)).toBe('0 of 3 files uploaded, 3 not sent.')
  })

  it('says that a file abandoned before it reached the server was not stored', async () => {
    const { report } = await cancelledUpload([abandoned(false)], 1)
    expect(report.files[0]).toMatchObject({
      status: 'failed',
      caughtByCancel: 'unsent',
      message: 'cancelled before it reached the server: nothing was stored'
    })
    expect(report.stopReason).toBe('The step was cancelled; the 2 remaining files were not sent.')
  })
})
