import { beforeEach, describe, expect, it } from 'vitest'
import { png } from '../../test-support/images.js'
import { legOf } from '../../src/upload/files/shard.js'
import {
  annotationTitles,
  errorMessages,
  logLines,
  mediaOutput
} from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

// attach-to and featured-image through the bundle, against the sandbox's posts and pages.

const API = '/wp-json/wp/v2'

const kit = useSandbox({
  sandbox: { wordpress: { permalinks: 'pretty' } },
  // One at a time: WordPress's ids then follow the files' order.
  upload: { 'max-attempts': '1', concurrency: '1' }
})
const { upload, inProcess } = kit
beforeEach(() =>
  kit.files({
    'img/cover.png': png(3, 2, [200, 30, 30]),
    'img/detail.png': png(3, 2, [30, 200, 30]),
    'img/notes.pdf': '%PDF-1.4\n%…'
  })
)

/** Every request to the API from the `from`th on, as `METHOD path status`. */
const calls = (from = 0) =>
  kit.sandbox.requests
    .slice(from)
    .filter(r => r.path.startsWith(API))
    .map(r => `${r.method} ${r.path.slice(API.length)} ${r.status}`)
const writes = (from = 0) => calls(from).filter(call => !call.startsWith('GET'))
const post = (id: number) => kit.sandbox.settings.wordpress.posts.find(entry => entry.id === id)!

describe('attach-to a post, featured-image set', () => {
  it('uploads into the post, sets its featured image, and says so everywhere', async () => {
    const run = await upload({ 'attach-to': '1', 'featured-image': 'first' })
    expect(run.exitCode).toBe(0)
    expect(calls()).toEqual(
      expect.arrayContaining([
        'GET /posts/1?context=edit&_fields=id%2Ctype%2Ctitle%2Cfeatured_media%2Clink 200',
        'POST /posts/1?_fields=id%2Cfeatured_media 200'
      ])
    )
    const uploads = kit.sandbox.requests.filter(
      r => r.method === 'POST' && r.path.includes('/media?')
    )
    expect(
      uploads.every(r => new URL(r.path, kit.sandbox.url).searchParams.get('post') === '1')
    ).toBe(true)
    expect(kit.sandbox.media.map(item => [item.fileName, item.post])).toEqual([
      ['cover.png', 1],
      ['detail.png', 1],
      ['notes.pdf', 1]
    ])
    expect(post(1).featuredMedia).toBe(4)
    expect(run.outputs['featured-media-id']).toBe('4')
    expect(mediaOutput(run).map(entry => [entry.file, entry.id, entry.post])).toEqual([
      ['img/cover.png', 4, 1],
      ['img/detail.png', 5, 1],
      ['img/notes.pdf', 6, 1]
    ])
    expect(run.stdout).toContain('Files go to post 1 "Hello world!"; the user may edit it.')
    expect(run.stdout).toContain(
      'Featured image: item 4 (img/cover.png) set as the featured image of post 1 "Hello world!".'
    )
    const summary = summaryAsText(run.summary)
    // The post is named once, linked to its edit page; its featured image is marked in the table.
    expect(run.summary).toContain(
      `<p>📌 3 files uploaded into <a href="${kit.sandbox.url}/wp-admin/post.php?post=1&amp;action=edit">post 1 &quot;Hello world!&quot;</a> (<a href="${kit.sandbox.url}/?p=1">view it</a>). Featured image: item 4 (img/cover.png) set as the featured image of the post.</p>`
    )
    expect(summary.match(/Hello world!/g)).toHaveLength(1)
    expect(summary).not.toContain('Files go to post 1')
    expect(summary).toMatch(/#4 \(the featured image\)/)
    expect(summary).not.toMatch(/#5 \(the featured image\)/)
  })

  it('a re-run changes nothing that is already right: no upload, no attach, no featured write', async () => {
    const first = await upload({ 'attach-to': '1', 'featured-image': 'img/detail.png' })
    expect(first.exitCode).toBe(0)
    const mark = kit.sandbox.requests.length
    const again = await upload({ 'attach-to': '1', 'featured-image': 'img/detail.png' })
    expect(again.exitCode).toBe(0)
    expect(writes(mark)).toEqual([])
    expect(again.outputs['featured-media-id']).toBe('5')
    expect(mediaOutput(again).map(entry => [entry.status, entry.post])).toEqual([
      ['existing', 1],
      ['existing', 1],
      ['existing', 1]
    ])
    expect(again.stdout).toContain(
      'Featured image: item 5 (img/detail.png) already is the featured image of post 1 "Hello world!"; nothing written.'
    )
  })

  it('finds a page through GET types and its rest_base', async () => {
    const run = await upload({ 'attach-to': '2', 'featured-image': 'img/cover.png' })
    expect(run.exitCode).toBe(0)
    expect(calls().slice(0, 5)).toEqual([
      'GET /settings 200',
      'GET /users/me?context=edit 200',
      'GET /posts/2?context=edit&_fields=id%2Ctype%2Ctitle%2Cfeatured_media%2Clink 404',
      'GET /types 200',
      'GET /pages/2?context=edit&_fields=id%2Ctype%2Ctitle%2Cfeatured_media%2Clink 200'
    ])
    expect(kit.sandbox.media.every(item => item.post === 2)).toBe(true)
    expect(post(2).featuredMedia).toBe(4)
    expect(run.stdout).toContain('Files go to page 2 "Sample Page"')
  })

  it('attaches an item already in the library without a post, and leaves one attached elsewhere', async () => {
    // An earlier run put cover.png in the library unattached and detail.png into page 2.
    await upload({ files: 'img/cover.png' })
    await upload({ files: 'img/detail.png', 'attach-to': '2' })
    const mark = kit.sandbox.requests.length
    const run = await upload({ 'attach-to': '1' })
    expect(run.exitCode).toBe(0)
    expect(writes(mark).map(call => call.replace(/\?\S*/, ''))).toEqual([
      'POST /media 201',
      'POST /media/4 200'
    ])
    expect(kit.sandbox.media.map(item => [item.fileName, item.post])).toEqual([
      ['cover.png', 1],
      ['detail.png', 2],
      ['notes.pdf', 1]
    ])
    expect(mediaOutput(run).map(entry => [entry.status, entry.post])).toEqual([
      ['existing', 1],
      ['existing', 2],
      ['uploaded', 1]
    ])
    expect(annotationTitles(run)).toContain('Attached to another post')
    expect(run.stdout).toContain(
      'img/detail.png: item 5 is attached to post 2, not to post 1 "Hello world!"; it is left there'
    )
    expect(run.stdout).toContain('img/cover.png: item 4 attached to post 1 "Hello world!".')
    expect(run.outputs['featured-media-id']).toBe('')
  })
})

describe('attach-to refused before any upload', () => {
  it('an Author may not edit a page: named, with the remedy, and nothing is sent', async () => {
    kit.sandbox.configure({ wordpress: { role: 'author' } })
    const run = await upload({ 'attach-to': '2', 'featured-image': 'first' })
    expect(run.exitCode).toBe(1)
    expect(writes()).toEqual([])
    expect(kit.sandbox.media).toHaveLength(0)
    const errors = errorMessages(run)
    expect(errors).toContain(
      'attach-to: page 2 exists, but the user may not edit it (GET 127.0.0.1'
    )
    expect(errors).toContain('HTTP 403 rest_forbidden_context')
    expect(errors).toContain('an Author only their own posts, and no page')
    expect(annotationTitles(run)).toEqual(['User may not edit the post: answered by WordPress'])
    expect(mediaOutput(run).map(entry => entry.status)).toEqual([
      'not-attempted',
      'not-attempted',
      'not-attempted'
    ])
    expect(run.outputs['featured-media-id']).toBe('')
  })

  it('an id no type has is refused, naming where it was looked for', async () => {
    const run = await upload({ 'attach-to': '999' })
    expect(run.exitCode).toBe(1)
    expect(writes()).toEqual([])
    expect(errorMessages(run)).toContain(
      'attach-to: no post of any type has the id 999 (looked in posts, pages, blocks): no file was sent.'
    )
  })

  it('a type without featured images is named, and nothing is sent or retried', async () => {
    kit.sandbox.configure({
      wordpress: {
        postTypes: [
          { slug: 'post', name: 'Posts', restBase: 'posts', thumbnail: true },
          { slug: 'release', name: 'Releases', restBase: 'releases', thumbnail: false }
        ],
        posts: [
          { id: 9, type: 'release', title: 'v2.0', author: 1, status: 'publish', featuredMedia: 0 }
        ]
      }
    })
    const run = await upload({ 'attach-to': '9', 'featured-image': 'first' })
    expect(run.exitCode).toBe(1)
    expect(writes()).toEqual([])
    expect(errorMessages(run)).toContain(
      'featured-image: release 9 "v2.0" cannot have a featured image: its type, release, does not support thumbnails on this site'
    )
  })
})

describe('dry run with attach-to', () => {
  it('says what would change, and writes nothing but the empty probe', async () => {
    await upload({ files: 'img/cover.png' })
    const mark = kit.sandbox.requests.length
    const run = await upload({ 'attach-to': '1', 'featured-image': 'first', 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(writes(mark)).toEqual(['POST /media 400'])
    for (const line of [
      'Dry run: 2 files would be uploaded into post 1 "Hello world!".',
      'Dry run: 1 item already in the library would be attached to it: img/cover.png (item 4).',
      'Dry run: Featured image: item 4 (img/cover.png) would be set (now: none).'
    ]) {
      expect(run.stdout).toContain(line)
    }
    expect(run.outputs['featured-media-id']).toBe('')
    expect(summaryAsText(run.summary)).toContain('would be attached to it')
  })
})

describe('attach-to and featured-image refused before any request', () => {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  it.each([
    [{ 'featured-image': 'first' }, 'Input "featured-image" is set, but "attach-to" is empty'],
    [{ 'attach-to': 'hello-world' }, 'Input "attach-to" expected a post id'],
    [{ 'attach-to': '0' }, 'Input "attach-to" expected a post id'],
    [
      { 'attach-to': '1', 'featured-image': 'img/missing.png' },
      'Input "featured-image" expected "first" or one of the files "files" matched (img/cover.png, img/detail.png, img/notes.pdf), got "img/missing.png".'
    ],
    [
      { 'attach-to': '1', 'featured-image': './img/notes.pdf' },
      'Input "featured-image" names img/notes.pdf, which is application/pdf, not an image'
    ],
    [
      { 'attach-to': '1', 'featured-image': 'first', files: 'img/*.pdf' },
      'Input "featured-image" is "first", but none of the 1 file "files" matched is an image'
    ]
  ])('%j', async (inputs, message) => {
    const run = await inProcess.upload(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toMatch(new RegExp(escape(message)))
    expect(kit.sandbox.requests).toHaveLength(0)
  })
})

describe('featured-image over the legs of a matrix', () => {
  it('is checked by every leg and set by the one that sends it', async () => {
    const mine = legOf('img/detail.png', 2)
    const runs = await Promise.all(
      [1, 2].map(leg =>
        upload({ 'attach-to': '1', 'featured-image': 'img/detail.png', shard: `${leg}/2` })
      )
    )
    for (const run of runs) expect(errorMessages(run)).toBe('')
    const setter = runs[mine - 1]!
    const other = runs[2 - mine]!
    const detail = mediaOutput(setter).find(entry => entry.file === 'img/detail.png')!
    expect(post(1).featuredMedia).toBe(detail.id)
    expect(setter.outputs['featured-media-id']).toBe(String(detail.id))
    expect(other.outputs['featured-media-id'] ?? '').toBe('')
    expect(logLines(other.stdout)).toContain(
      "img/detail.png, the featured image, is another leg's."
    )
    // A name no file has is refused by every leg alike, before any request.
    const wrong = await upload({ 'attach-to': '1', 'featured-image': 'img/none.png', shard: '1/2' })
    expect(errorMessages(wrong)).toMatch(/^Input "featured-image" expected "first" or one of/)
  })
})
