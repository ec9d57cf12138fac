import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import { decideCopies, type FoundItem } from '../../../src/upload/send/copies.js'
import { slugForms } from '../../../src/upload/checks/slug-forms.js'
import type { LocalFile } from '../../../src/upload/files/local-file.js'
import { deleteProblem } from '../../../src/upload/send/settle-copies.js'
import { renderUploadSummary } from '../../../src/upload/summary/summary.js'
import { uploadFiles } from '../../../src/upload/send/upload-files.js'
import { mediaOutput } from '../../../src/upload/send/outcome.js'
import {
  editLink as edit,
  fakeMediaApi,
  scriptedMediaApi
} from '../../../test-support/fake-apis.js'
import { GIF } from '../../../test-support/images.js'
import { answer, hungUp } from '../../../test-support/http-results.js'
import { cdn405, WP_HEADERS as WP, wpError } from '../../../test-support/wordpress-answers.js'
import { summaryAsText } from '../../../test-support/summary-text.js'

// A server that stores a file a while after the answer was lost: the file must end up in the
// library once, reported once.

const KEY = 'chart-3f2a9c1b7d4e'

const lost = hungUp()
const url = (id: number) => `https://www.example.com/uploads/chart-${id}.gif`
const created = (id: number, slug: string) =>
  answer(201, WP, JSON.stringify({ id, slug, source_url: url(id), mime_type: 'image/gif' }))
/** The look-up's answer: the items are the user's own, of the file's type and size. */
const list = (...items: [number, string][]) =>
  answer(
    200,
    WP,
    JSON.stringify(
      items.map(([id, slug]) => ({
        id,
        slug,
        source_url: url(id),
        author: 1,
        mime_type: 'image/gif',
        media_details: { filesize: GIF.length }
      }))
    )
  )
const item = (id: number) =>
  answer(200, WP, JSON.stringify({ id, source_url: url(id), mime_type: 'image/gif' }))
const sizesDone = (id: number) =>
  answer(200, WP, JSON.stringify({ id, source_url: url(id), missing_image_sizes: [] }))
const deleted = (id: number) =>
  answer(200, WP, JSON.stringify({ deleted: true, previous: { id, source_url: url(id) } }))
const CANNOT_DELETE = 'Sorry, you are not allowed to delete this post.'

let dir: string
let file: LocalFile

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'late-store-'))
  await writeFile(path.join(dir, 'chart.gif'), GIF)
  file = {
    path: path.join(dir, 'chart.gif'),
    display: 'chart.gif',
    size: GIF.length,
    mediaType: 'image/gif',
    key: KEY
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function run(fake: ReturnType<typeof scriptedMediaApi>, maxAttempts = 3) {
  const warnings: string[] = []
  const lines: string[] = []
  const report = await uploadFiles(
    [file],
    { maxAttempts, concurrency: 1, timeoutMs: 30_000 },
    {
      api: fake.api,
      sleep: async () => {
        fake.calls.push('back-off')
      },
      now: () => new Date('2026-11-24T12:00:00Z'),
      random: () => 0,
      log: line => lines.push(line),
      warn: (message, title) => warnings.push(`${title}: ${message}`)
    },
    { existing: new Map(), fields: {}, me: 1 }
  )
  for (const queue of Object.values(fake.script)) expect(queue).toEqual([])
  const [output] = JSON.parse(mediaOutput(report.files)) as object[]
  return { report, outcome: report.files[0]!, output, warnings, log: lines.join('\n') }
}

const SLUGS = `GET ?slug=${slugForms(KEY).join(',')}`

describe('the look-up before a re-send', () => {
  it('runs after the back-off, and a late store found then is kept, never sent again', async () => {
    const fake = scriptedMediaApi({
      posts: [lost],
      lookUps: [list(), list([4, KEY])],
      items: [item(4)],
      postProcess: [sizesDone(4)]
    })
    const { outcome, output, log } = await run(fake)
    expect(fake.calls).toEqual([
      'POST chart.gif',
      SLUGS,
      'back-off',
      SLUGS,
      'GET 4',
      'post-process 4'
    ])
    expect(output).toEqual({
      file: 'chart.gif',
      id: 4,
      url: url(4),
      status: 'uploaded',
      attempts: 1,
      sizes: 'complete',
      sizesBy: 'wordpress',
      post: null
    })
    expect(outcome.message).toBe(
      'stored as item 4 (found by its content key after the back-off, before sending it again); its image sizes are complete'
    )
    expect(log).toContain(
      'chart.gif: looked up by its content key after the answer failed: not stored.'
    )
  })

  it('that fails ends the file as may-have-been-stored: not sent again', async () => {
    const fake = scriptedMediaApi({ posts: [lost], lookUps: [list(), cdn405] })
    const { outcome } = await run(fake)
    expect(fake.calls.filter(call => call.startsWith('POST'))).toHaveLength(1)
    expect(outcome).toMatchObject({ status: 'failed', attempts: 1 })
    expect(outcome.message).toBe(
      'no answer (socket hang up); the look-up before sending it again failed, so it may have been stored: check the media library before sending it again'
    )
  })

  it('is not asked when nothing may have been stored (a CDN throttling the POST)', async () => {
    const fake = scriptedMediaApi({ posts: [cdn405, created(4, KEY)] })
    const { outcome } = await run(fake)
    expect(fake.calls).toEqual(['POST chart.gif', 'back-off', 'POST chart.gif'])
    expect(outcome).toMatchObject({ status: 'uploaded', id: 4 })
  })

  it.each([
    ['a host over its limit of requests at once (508)', 508],
    ['a rate limit (429)', 429]
  ])(
    'is not asked after %s: turned away before WordPress ran, the file is sent again',
    async (_name, status) => {
      // The look-up would meet the same limit while other uploads are in flight.
      const fake = scriptedMediaApi({ posts: [answer(status, {}, ''), created(4, KEY)] })
      const { outcome } = await run(fake)
      expect(fake.calls).toEqual(['POST chart.gif', 'back-off', 'POST chart.gif'])
      expect(outcome).toMatchObject({ status: 'uploaded', id: 4, attempts: 2 })
    }
  )
})

describe('after a re-send that followed a lost answer', () => {
  /** The lost POST stored item 4 late, seen only after the re-send stored item 5 as `-2`. */
  const lateThenResent = (deletes: HttpResult[]) =>
    scriptedMediaApi({
      posts: [lost, created(5, `${KEY}-2`)],
      lookUps: [list(), list(), list([5, `${KEY}-2`], [4, KEY])],
      deletes,
      items: [item(4)],
      postProcess: [sizesDone(4)]
    })

  it('the newer copy, the re-send’s own, is deleted; the file is reported once, as the older item', async () => {
    const fake = lateThenResent([deleted(5)])
    const { outcome, output, warnings, log } = await run(fake)
    expect(fake.calls).toEqual([
      'POST chart.gif',
      SLUGS,
      'back-off',
      SLUGS,
      'POST chart.gif',
      SLUGS,
      'DELETE 5',
      'GET 4',
      'post-process 4'
    ])
    expect(output).toEqual({
      file: 'chart.gif',
      id: 4,
      url: url(4),
      status: 'uploaded',
      attempts: 2,
      sizes: 'complete',
      sizesBy: 'wordpress',
      post: null
    })
    expect(warnings).toEqual([])
    expect(log).toContain(
      'chart.gif: looked up once more after the re-send: the POST whose answer was lost had stored it as item 4, so item 5 from the re-send was a second copy; DELETE www.example.com/wp-json/wp/v2/media/5?force=true → removed. Item 4 is kept.'
    )
    expect(outcome.copies).toEqual({ state: 'removed', items: [{ id: 4, edit: edit(4) }] })
    expect(outcome.message).toBe(
      'the POST whose answer was lost had stored it as item 4, so item 5 from the re-send was a second copy: it was removed; item 4 is kept'
    )
  })

  it.each([
    [
      '403 rest_cannot_delete',
      wpError(403, 'rest_cannot_delete', CANNOT_DELETE),
      `HTTP 403: ${CANNOT_DELETE.slice(0, -1)} (rest_cannot_delete)`
    ],
    [
      '401 rest_cannot_delete',
      wpError(401, 'rest_cannot_delete', CANNOT_DELETE),
      `HTTP 401: ${CANNOT_DELETE.slice(0, -1)} (rest_cannot_delete)`
    ],
    [
      '404',
      wpError(404, 'rest_post_invalid_id', 'Invalid post ID.'),
      'HTTP 404: Invalid post ID (rest_post_invalid_id)'
    ],
    ['a bare 500', answer(500, {}, ''), 'HTTP 500'],
    [
      "the CDN's block",
      cdn405,
      'HTTP 405: refused by the CDN at edge-ams-3 before reaching the server'
    ],
    ['no answer', lost, 'no answer (socket hang up)']
  ])(
    'a deletion refused with %s: a warning names both items and their edit pages; reported once',
    async (_name, refusal, said) => {
      const fake = lateThenResent([refusal])
      const { outcome, output, warnings } = await run(fake)
      expect(output).toMatchObject({ id: 4, url: url(4), status: 'uploaded' })
      expect(warnings).toEqual([
        `Stored twice: chart.gif is in the library more than once: item 4 (${edit(4)}) holds its content key and is reported; item 5 (${edit(5)}) is the copy this run's re-send made after the first answer was lost: WordPress did not remove it (DELETE www.example.com/wp-json/wp/v2/media/5?force=true → ${said}): delete it in the media library if it is still there.`
      ])
      expect(outcome.copies).toEqual({
        state: 'left',
        items: [
          { id: 4, edit: edit(4) },
          { id: 5, edit: edit(5) }
        ]
      })
    }
  )

  it('an item stored after the re-send is named, never deleted: no id of it came back', async () => {
    const fake = scriptedMediaApi({
      posts: [lost, created(5, KEY)],
      lookUps: [list(), list(), list([6, `${KEY}-2`], [5, KEY])]
    })
    const { outcome, output, warnings } = await run(fake)
    expect(fake.calls.some(call => call.startsWith('DELETE'))).toBe(false)
    expect(output).toMatchObject({ id: 5, status: 'uploaded' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Stored twice: chart\.gif is in the library more than once/)
    expect(warnings[0]).toContain(`item 6 (${edit(6)})`)
    expect(outcome.copies?.state).toBe('left')
  })

  it.each([
    ['fails', cdn405, 'the look-up after the re-send failed'],
    ['does not show the re-sent item', list(), 'did not show even item 5']
  ])(
    'a look-up that %s says the file may be there twice and what to check',
    async (_name, lookUp, why) => {
      const fake = scriptedMediaApi({
        posts: [lost, created(5, KEY)],
        lookUps: [list(), list(), lookUp]
      })
      const { outcome, output, warnings } = await run(fake)
      expect(output).toMatchObject({ id: 5, status: 'uploaded', attempts: 2 })
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/^May be stored twice: chart\.gif may be in the library twice/)
      expect(warnings[0]).toContain(why)
      expect(warnings[0]).toContain(`items with the slug ${KEY} or ${KEY}-2`)
      expect(warnings[0]).toContain(`item 5 (${edit(5)})`)
      expect(outcome.copies).toEqual({ state: 'unknown', items: [{ id: 5, edit: edit(5) }] })
    }
  )

  it('only the re-sent item under the key: said in the log, nothing else', async () => {
    const fake = scriptedMediaApi({
      posts: [lost, created(5, KEY)],
      lookUps: [list(), list(), list([5, KEY])]
    })
    const { outcome, warnings, log } = await run(fake)
    expect(outcome).toMatchObject({ id: 5, status: 'uploaded' })
    expect(outcome.copies).toBeUndefined()
    expect(warnings).toEqual([])
    expect(log).toContain("only item 5, this run's, holds it")
  })
})

describe('which item is kept', () => {
  const found = (...items: [number, string][]): FoundItem[] =>
    items.map(([id, slug]) => ({ id, slug }))

  it('removes the re-sent item when an older one holds the key', () => {
    expect(decideCopies(found([5, 'k-2'], [4, 'k']), 'k', 5)).toEqual({
      kind: 'remove',
      keep: { id: 4, slug: 'k' },
      others: []
    })
  })

  it('keeps the oldest holder and names the rest', () => {
    expect(decideCopies(found([4, 'k'], [3, 'k'], [5, 'k-2'], [6, 'k-3']), 'k', 5)).toEqual({
      kind: 'remove',
      keep: { id: 3, slug: 'k' },
      others: found([4, 'k'], [6, 'k-3'])
    })
  })

  it('deletes nothing when the re-sent item holds the key: a newer or an older item is only named', () => {
    expect(decideCopies(found([5, 'k'], [6, 'k-2']), 'k', 5)).toEqual({
      kind: 'others',
      others: found([6, 'k-2'])
    })
    expect(decideCopies(found([5, 'k'], [2, 'k-2']), 'k', 5)).toEqual({
      kind: 'others',
      others: found([2, 'k-2'])
    })
  })

  it('deletes nothing when the holder of the key is newer than the re-sent item', () => {
    expect(decideCopies(found([5, 'k-2'], [6, 'k']), 'k', 5)).toEqual({
      kind: 'others',
      others: found([6, 'k'])
    })
  })

  it('cannot tell when the re-sent item itself is not listed', () => {
    expect(decideCopies(found([4, 'k']), 'k', 5)).toEqual({ kind: 'unseen' })
    expect(decideCopies([], 'k', 5)).toEqual({ kind: 'unseen' })
  })

  it('only "deleted": true is a deletion', () => {
    const api = fakeMediaApi()
    expect(deleteProblem(deleted(5), api)).toBeUndefined()
    expect(deleteProblem(answer(200, WP, '{"deleted":false}'), api)).toBe(
      'HTTP 200, without "deleted": true'
    )
    expect(deleteProblem(answer(200, { 'content-type': 'text/html' }, '<p>ok</p>'), api)).toBe(
      'HTTP 200, without "deleted": true'
    )
  })
})

describe('the summary', () => {
  it('lists each file checked for a second copy, with the edit pages to look at', () => {
    const files = [
      {
        file: 'chart.gif',
        size: 100,
        mediaType: 'image/gif',
        status: 'uploaded' as const,
        attempts: 2,
        id: 4,
        httpStatus: 201,
        message: 'item 5 … WordPress did not remove it',
        copies: {
          state: 'left' as const,
          items: [
            { id: 4, edit: edit(4) },
            { id: 5, edit: edit(5) }
          ]
        }
      }
    ]
    const html = renderUploadSummary({ target: 't', files, report: { files } })
    expect(html).toContain(
      `⚠️ <code>chart.gif</code>: item 5 … WordPress did not remove it (edit: <a href="${edit(4).replace('&', '&amp;')}">#4</a>, <a href="${edit(5).replace('&', '&amp;')}">#5</a>)`
    )
    expect(summaryAsText(html)).toContain(
      'chart.gif\u00a0#4 | 100\u00a0B | ✅ uploaded (HTTP 201) on attempt 2: item 5 … WordPress did not remove it |'
    )
  })
})
