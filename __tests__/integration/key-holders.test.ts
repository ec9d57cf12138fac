import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import { annotationTitles, mediaOutput, warningMessages } from '../../test-support/run-action.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { contentKey } from '../../src/upload/files/content-key.js'
import { summaryAsText } from '../../test-support/summary-text.js'

// What holds a file's content key when it is not the file: a draft post, another user's item.

const kit = useSandbox({ sandbox: { wordpress: { permalinks: 'pretty' } } })
const KEY = contentKey('img/chart.gif', createHash('sha256').update(GIF).digest('hex'))
beforeEach(() => kit.files({ 'img/chart.gif': GIF }))

const editPage = (id: number) => `${kit.sandbox.url}/wp-admin/post.php?post=${id}&action=edit`
const writesTo = (id: number) =>
  kit.sandbox.requests.filter(r => r.method !== 'GET' && r.path.includes(`/media/${id}`))

describe('a key held by what is not the file', () => {
  it('a draft post holding the key: one copy, under key-2, however many runs; the first says why', async () => {
    kit.sandbox.configure({
      wordpress: {
        posts: [
          {
            id: 1,
            type: 'post',
            title: 'Plans',
            author: 2,
            status: 'draft',
            featuredMedia: 0,
            slug: KEY
          }
        ]
      }
    })
    const first = await kit.upload()
    expect(first.exitCode).toBe(0)
    expect(annotationTitles(first)).toEqual(['Content key held by another item'])
    expect(warningMessages(first)[0]).toContain(
      `its content key ${KEY} is held by something the media library does not list`
    )
    for (let run = 0; run < 3; run++) {
      const again = await kit.upload()
      expect(again.exitCode).toBe(0)
      expect(mediaOutput(again)).toMatchObject([{ status: 'existing', id: 4 }])
    }
    expect(kit.sandbox.media.map(item => item.slug)).toEqual([`${KEY}-2`])
  })

  it("another user's item under the key with other bytes: named, never written to, and the file uploaded and featured", async () => {
    kit.sandbox.addMedia({
      fileName: 'chart.pdf',
      mimeType: 'image/gif',
      bytes: Buffer.from('GIF89a not the chart'),
      slug: KEY,
      author: 2
    })
    const run = await kit.upload({ 'attach-to': '1', 'featured-image': 'first' })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run)).toMatchObject([{ status: 'uploaded', id: 5, post: 1 }])
    // One warning, though the upload then lands under the key's -2 form.
    const [warning, ...more] = warningMessages(run)
    expect(more).toEqual([])
    expect(warning).toContain(`item 4 (slug ${KEY}, user 2, ${editPage(4)})`)
    expect(warning).toContain("its bytes are another file's")
    expect(run.stdout).toContain(
      `WordPress stored it as item 5 under ${KEY}-2, which later runs find.`
    )
    expect(summaryAsText(run.summary)).toContain(
      `⚠️ Items that hold files' content keys but are not those files, left as they are (each file was uploaded, or found, as an item of its own):\n  • ${KEY}: #4 (it is user 2's, and its bytes are another file's)`
    )
    expect(writesTo(4)).toEqual([])
    expect(kit.sandbox.settings.wordpress.posts[0]!.featuredMedia).toBe(5)
    expect(kit.sandbox.media.find(item => item.id === 4)?.post).toBeNull()
  })

  it("another user's item with the file's very bytes counts as the file, fetched once", async () => {
    kit.sandbox.addMedia({
      fileName: 'chart.gif',
      mimeType: 'image/gif',
      bytes: GIF,
      slug: KEY,
      author: 2
    })
    const run = await kit.upload()
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run)).toMatchObject([{ status: 'existing', id: 4 }])
    expect(warningMessages(run)).toEqual([])
    expect(kit.sandbox.requests.filter(r => r.path === '/uploads/chart.gif')).toHaveLength(1)
  })

  it('an item of another type under the key is never taken for the file', async () => {
    kit.sandbox.addMedia({
      fileName: 'notes.pdf',
      mimeType: 'application/pdf',
      bytes: GIF,
      slug: KEY,
      author: 1
    })
    const run = await kit.upload()
    expect(mediaOutput(run)).toMatchObject([{ status: 'uploaded', id: 5 }])
    expect(warningMessages(run)[0]).toContain('its type is application/pdf, not image/gif')
  })
})
