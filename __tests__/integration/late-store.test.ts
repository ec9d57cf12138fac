import { beforeEach, describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import { annotationTitles, mediaOutput, warningMessages } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { slugForms } from '../../src/upload/checks/slug-forms.js'

// WordPress that stores a file a while after the answer was lost (a slow disk, a slow scan):
// the first POST is stored, its connection cut before the answer, and the item shows in the
// look-ups only after `lateStoreListings` listings were answered without it.

const kit = useSandbox({ sandbox: { wordpress: { permalinks: 'pretty' } } })
beforeEach(() => kit.files({ 'img/chart.gif': GIF }))

// The back-off before each look-up ends at once: the listings, not the time, decide when it shows.
const upload = () => kit.upload({}, { instantPauses: true })

/** What the media route saw: method, path under the API, the query that matters, status. */
const mediaRequests = () =>
  kit.sandbox.requests.flatMap(r => {
    const url = new URL(r.path, kit.sandbox.url)
    const route = /\/wp-json\/wp\/v2(\/media.*)$/.exec(url.pathname)?.[1]
    if (!route) return []
    // The look-ups' slugs and the deletion's force; an upload's fields are left out.
    const asked = r.method === 'GET' ? 'slug' : r.method === 'DELETE' ? 'force' : ''
    const value = url.searchParams.get(asked)
    const query = value === null ? '' : `?${asked}=${value}`
    return [`${r.method} ${route}${query} ${r.status ?? 'dropped'}`]
  })

/** Every look-up asks for the key and the forms WordPress gives when it is taken. */
const forms = (key: string | undefined) => slugForms(key ?? '').join(',')

const editPage = (id: number) => `${kit.sandbox.url}/wp-admin/post.php?post=${id}&action=edit`

describe('a late store never becomes a second copy', () => {
  it('stored after the first look-up: found by the look-up after the back-off, sent once', async () => {
    kit.sandbox.configure({ wordpress: { resetAfterStore: 1, lateStoreListings: 1 } })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    const [key] = kit.sandbox.media.map(item => item.slug)
    expect(mediaRequests()).toEqual([
      `GET /media?slug=${forms(key)} 200`,
      'POST /media dropped',
      `GET /media?slug=${forms(key)} 200`,
      `GET /media?slug=${forms(key)} 200`,
      'GET /media/4 200',
      'POST /media/4/post-process 200'
    ])
    expect(kit.sandbox.media.map(item => item.id)).toEqual([4])
    expect(run.outputs['uploaded-count']).toBe('1')
    expect(mediaOutput(run)).toEqual([
      {
        file: 'img/chart.gif',
        id: 4,
        url: `${kit.sandbox.url}/uploads/chart.gif`,
        status: 'uploaded',
        attempts: 1,
        sizes: 'complete',
        sizesBy: 'wordpress',
        post: null
      }
    ])
    expect(run.stdout).toContain(
      'img/chart.gif: looked up by its content key after the answer failed: not stored.'
    )
    const said =
      'stored as item 4 (found by its content key after the back-off, before sending it again)'
    expect(run.stdout).toContain(`img/chart.gif: ${said}`)
    expect(summaryAsText(run.summary)).toContain(
      `#4 | 34\u00a0B | ✅ uploaded: ${said}; its image sizes are complete | no answer |`
    )
  })

  it('shown only after the re-send: the re-sent copy, the newer, is deleted; the older is reported', async () => {
    kit.sandbox.configure({ wordpress: { resetAfterStore: 1, lateStoreListings: 2 } })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    const key = kit.sandbox.media[0]!.slug
    expect(mediaRequests()).toEqual([
      `GET /media?slug=${forms(key)} 200`,
      'POST /media dropped',
      `GET /media?slug=${forms(key)} 200`,
      `GET /media?slug=${forms(key)} 200`,
      'POST /media 201',
      `GET /media?slug=${forms(key)} 200`,
      'DELETE /media/5?force=true 200',
      'GET /media/4 200',
      'POST /media/4/post-process 200'
    ])
    expect(kit.sandbox.media.map(item => [item.id, item.slug])).toEqual([[4, key]])
    expect(run.outputs['uploaded-count']).toBe('1')
    expect(mediaOutput(run)).toEqual([
      {
        file: 'img/chart.gif',
        id: 4,
        url: `${kit.sandbox.url}/uploads/chart.gif`,
        status: 'uploaded',
        attempts: 2,
        sizes: 'complete',
        sizesBy: 'wordpress',
        post: null
      }
    ])
    expect(warningMessages(run)).toEqual([])
    expect(run.stdout).toContain(
      'img/chart.gif: looked up by its content key after the back-off, before sending it again: not stored.'
    )
    const removed =
      'the POST whose answer was lost had stored it as item 4, so item 5 from the re-send was a second copy'
    expect(run.stdout).toContain(
      `img/chart.gif: looked up once more after the re-send: ${removed}; DELETE 127.0.0.1:${kit.sandbox.port}/wp-json/wp/v2/media/5?force=true → removed. Item 4 is kept.`
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('WordPress upload: ✅ 1 of 1 file uploaded\n')
    expect(summary).toContain(`♻️ img/chart.gif: ${removed}: it was removed; item 4 is kept`)
  })

  it('a deletion WordPress refuses (403 rest_cannot_delete) leaves both, named with their edit pages', async () => {
    kit.sandbox.configure({
      wordpress: { resetAfterStore: 1, lateStoreListings: 2, deleteRefused: true }
    })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(mediaRequests()).toContain('DELETE /media/5?force=true 403')
    expect(kit.sandbox.media.map(item => item.id)).toEqual([4, 5])
    expect(run.outputs['uploaded-count']).toBe('1')
    expect(mediaOutput(run)).toMatchObject([{ id: 4, status: 'uploaded', attempts: 2 }])
    expect(annotationTitles(run)).toEqual(['Stored twice'])
    const [warning] = warningMessages(run)
    expect(warning).toContain(`item 4 (${editPage(4)}) holds its content key and is reported`)
    expect(warning).toContain(`item 5 (${editPage(5)}) is the copy this run's re-send made`)
    expect(warning).toContain(
      'HTTP 403: Sorry, you are not allowed to delete this post (rest_cannot_delete)'
    )
    const summary = summaryAsText(run.summary)
    // Every file is in the library, yet one twice: the heading says so, not a plain ✅.
    expect(summary).toContain(
      'WordPress upload: ⚠️ 1 of 1 file uploaded; 1 file may be in the library twice'
    )
    expect(summary).toContain(
      '⚠️ img/chart.gif: the POST whose answer was lost had stored it as item 4, so item 5 from the re-send was a second copy: WordPress did not remove it (HTTP 403: Sorry, you are not allowed to delete this post (rest_cannot_delete)): delete it by hand; item 4 is kept (edit: #4, #5)'
    )
    expect(run.summary).toContain(`<a href="${editPage(5).replace('&', '&amp;')}">#5</a>`)
  })

  it('a re-send answered 200 {} finds both copies: the warning names both ids', async () => {
    kit.sandbox.configure({
      wordpress: { resetAfterStore: 1, lateStoreListings: 2, okWithoutIdAfterStore: 1 }
    })
    const run = await upload()
    expect(kit.sandbox.media.map(item => item.id)).toEqual([4, 5])
    expect(mediaOutput(run)).toMatchObject([{ id: 4, status: 'uploaded' }])
    expect(annotationTitles(run)).toEqual(['Stored twice'])
    const [warning] = warningMessages(run)
    expect(warning).toContain(`item 4 (${editPage(4)}), item 5 (${editPage(5)})`)
  })
})
