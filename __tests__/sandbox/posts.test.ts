import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/server.js'

const WP_AUTH = `Basic ${Buffer.from('demo:abcd efgh ijkl mnop qrst uvwx').toString('base64')}`
const API = '/wp-json/wp/v2'
const PNG = Buffer.from('\x89PNG\r\n\x1a\nfake image bytes', 'latin1')

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterEach(() => sandbox.reset())
afterAll(() => sandbox.close())

const get = (path: string, auth = true) =>
  fetch(`${sandbox.url}${API}/${path}`, { headers: auth ? { authorization: WP_AUTH } : {} })

const postJson = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${API}/${path}`, {
    method: 'POST',
    headers: { authorization: WP_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })

const upload = (query = '', type = 'image/png', name = 'photo.png') =>
  fetch(`${sandbox.url}${API}/media${query}`, {
    method: 'POST',
    headers: {
      authorization: WP_AUTH,
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`
    },
    body: PNG
  })

const json = async (response: Response) => (await response.json()) as Record<string, unknown>

describe('the sandbox: posts, pages and their types', () => {
  it('lists the types with their rest_base, attachment among them', async () => {
    const types = await json(await get('types'))
    expect(Object.keys(types)).toEqual(['post', 'page', 'attachment', 'wp_block'])
    expect(types.page).toMatchObject({ slug: 'page', rest_base: 'pages', rest_namespace: 'wp/v2' })
  })

  it('serves a post by its own type only, with featured_media, and 404 under another', async () => {
    const post = await get('posts/1?context=edit&_fields=id,type,featured_media')
    expect(post.status).toBe(200)
    expect(await post.json()).toEqual({ id: 1, type: 'post', featured_media: 0 })
    const wrong = await get('pages/1?context=edit')
    expect(wrong.status).toBe(404)
    expect(await json(wrong)).toMatchObject({ code: 'rest_post_invalid_id' })
    const block = await json(await get('pages/2'))
    expect(block).toMatchObject({ id: 2, type: 'page', title: { rendered: 'Sample Page' } })
  })

  it("an Author may not edit a page: the edit context is refused, the post's own is not", async () => {
    sandbox.configure({ wordpress: { role: 'author' } })
    const page = await get('pages/2?context=edit')
    expect(page.status).toBe(403)
    expect(await json(page)).toMatchObject({ code: 'rest_forbidden_context' })
    expect((await get('posts/1?context=edit')).status).toBe(200)
    expect((await get('pages/2?context=edit', false)).status).toBe(401)
    const write = await postJson('pages/2', { featured_media: 4 })
    expect(write.status).toBe(403)
    expect(await json(write)).toMatchObject({ code: 'rest_cannot_edit' })
  })

  it('an upload with post=N is attached to N, and refused for a post the user may not edit', async () => {
    const attached = await json(await upload('?post=1'))
    expect(attached).toMatchObject({ id: 4, post: 1 })
    expect(sandbox.media[0]!.post).toBe(1)
    expect(await json(await upload())).toMatchObject({ id: 5, post: null })
    sandbox.configure({ wordpress: { role: 'author' } })
    const refused = await upload('?post=2')
    expect(refused.status).toBe(403)
    expect(await json(refused)).toMatchObject({ code: 'rest_cannot_edit' })
    expect(await json(await upload('?post=4'))).toMatchObject({ code: 'rest_invalid_param' })
    expect(sandbox.media).toHaveLength(2)
  })

  it('attaches an item with POST media/{id} {"post": N}; the listing says its post', async () => {
    await upload()
    const moved = await postJson('media/4', { post: 2 })
    expect(moved.status).toBe(200)
    expect(await json(moved)).toMatchObject({ id: 4, post: 2 })
    const listed = (await (await get('media?_fields=id,post')).json()) as unknown[]
    expect(listed).toEqual([{ id: 4, post: 2 }])
    expect((await postJson('media/4', { post: 4 })).status).toBe(400)
  })

  it('sets featured_media to an image only, as set_post_thumbnail does, answering 200 either way', async () => {
    await upload()
    await upload('', 'application/pdf', 'manual.pdf')
    const set = await postJson('posts/1', { featured_media: 4 })
    expect(await json(set)).toMatchObject({ id: 1, featured_media: 4 })
    expect((await postJson('posts/1', { featured_media: 99 })).status).toBe(200)
    expect(sandbox.settings.wordpress.posts[0]!.featuredMedia).toBe(4)
    await postJson('posts/1', { featured_media: 5 })
    expect(sandbox.settings.wordpress.posts[0]!.featuredMedia).toBe(0)
  })

  it('a type without thumbnail support has no featured_media and ignores one sent', async () => {
    sandbox.configure({
      wordpress: {
        postTypes: [
          { slug: 'post', name: 'Posts', restBase: 'posts', thumbnail: true },
          { slug: 'release', name: 'Releases', restBase: 'releases', thumbnail: false }
        ],
        posts: [
          { id: 9, type: 'release', title: 'v2', author: 1, status: 'publish', featuredMedia: 0 }
        ]
      }
    })
    await upload()
    const release = await json(await get('releases/9?context=edit'))
    expect(release).not.toHaveProperty('featured_media')
    const write = await postJson('releases/9', { featured_media: 4 })
    expect(write.status).toBe(200)
    expect(await json(write)).not.toHaveProperty('featured_media')
  })

  it('reset gives back the posts as they were', async () => {
    await upload()
    await postJson('posts/1', { featured_media: 4 })
    sandbox.reset()
    expect(sandbox.settings.wordpress.posts[0]!.featuredMedia).toBe(0)
  })
})

describe('the sandbox: slugs and authors of media, as wp_unique_post_slug and 6.0 have them', () => {
  const listed = async (query: string) =>
    (await (await get(`media?${query}`)).json()) as Record<string, unknown>[]

  it('gives -2, -3 when the slug asked for is held by a draft post, or by another item', async () => {
    sandbox.configure({
      wordpress: {
        posts: [
          {
            id: 1,
            type: 'post',
            title: 'Plans',
            author: 2,
            status: 'draft',
            featuredMedia: 0,
            slug: 'k'
          }
        ]
      }
    })
    await upload('?slug=k')
    sandbox.addMedia({ fileName: 'x.png', mimeType: 'image/png', bytes: PNG, slug: 'k', author: 2 })
    expect(sandbox.media.map(item => [item.id, item.slug, item.author])).toEqual([
      [4, 'k-2', 1],
      [5, 'k-3', 2]
    ])
    expect(await listed('slug=k,k-2,k-3&_fields=id,slug,author')).toEqual([
      { id: 5, slug: 'k-3', author: 2 },
      { id: 4, slug: 'k-2', author: 1 }
    ])
  })

  it('lists media_details, with filesize since 6.0, only when _fields names it whole', async () => {
    await upload('?slug=k')
    expect(await listed('slug=k&_fields=id,mime_type')).toEqual([{ id: 4, mime_type: 'image/png' }])
    const [item] = await listed('slug=k&_fields=id,media_details')
    expect(item?.media_details).toMatchObject({ filesize: PNG.length })
    sandbox.configure({ wordpress: { mediaFilesize: false } })
    const [older] = await listed('slug=k&_fields=id,media_details')
    expect(older?.media_details).not.toHaveProperty('filesize')
  })
})

describe('the sandbox: refusals of newer WordPress', () => {
  it('refuses an image type the server cannot process with 400, storing nothing', async () => {
    sandbox.configure({ wordpress: { refusedImageTypes: ['image/avif'] } })
    const refused = await upload('', 'image/avif', 'photo.avif')
    expect(refused.status).toBe(400)
    expect(await json(refused)).toMatchObject({
      code: 'rest_upload_image_type_not_supported',
      message: expect.stringContaining('Convert it to JPEG or PNG') as string
    })
    expect((await upload()).status).toBe(201)
    expect(sandbox.media).toHaveLength(1)
  })

  it("loses the month folder's race as often as asked: 500 'Unable to create directory'", async () => {
    sandbox.configure({ wordpress: { mkdirRace: 1 } })
    const lost = await upload()
    expect(lost.status).toBe(500)
    expect(await json(lost)).toMatchObject({
      code: 'rest_upload_sideload_error',
      message: expect.stringMatching(/^Unable to create directory/) as string
    })
    expect((await upload()).status).toBe(201)
    expect(sandbox.media).toHaveLength(1)
  })

  it('numbers arrivals and answers in one sequence', async () => {
    await get('types')
    await get('types')
    expect(sandbox.requests.map(r => [r.arrivedSeq, r.answeredSeq])).toEqual([
      [1, 2],
      [3, 4]
    ])
  })
})
