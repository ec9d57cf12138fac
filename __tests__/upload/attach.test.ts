import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../src/http/send.js'
import { InputError } from '../../src/inputs/input-error.js'
import type { InputName } from '../../src/inputs/names.js'
import { findHolders } from '../../src/upload/checks/existing.js'
import { findTargetPost, type FoundPost } from '../../src/upload/checks/target-post.js'
import { parseUploadConfig } from '../../src/upload/config.js'
import { featuredFile } from '../../src/upload/files/featured-file.js'
import type { LocalFile } from '../../src/upload/files/local-file.js'
import type { FileOutcome } from '../../src/upload/send/outcome.js'
import { placeMedia } from '../../src/upload/place/place-media.js'
import { dryRunPlacement, parentState, placementLines } from '../../src/upload/place/placement.js'
import { fakeMediaApi } from '../../test-support/fake-apis.js'
import type { MediaApi } from '../../src/upload/wordpress/media-api.js'
import { isRoute, postsApi, type PostsApi } from '../../src/upload/wordpress/posts-api.js'
import { apiClient } from '../../src/http/client.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

const WP = {
  link: '<https://www.example.com/wp-json/>; rel="https://api.w.org/"',
  'content-type': 'application/json; charset=UTF-8'
}
const answer = (status: number, body: unknown): HttpResult => ({
  response: { status, headers: WP, body: JSON.stringify(body), elapsedMs: 2 }
})
const wpError = (status: number, code: string) =>
  answer(status, { code, message: 'Sorry.', data: { status } })

const file = (display: string, mediaType: string): LocalFile => ({
  path: `/work/${display}`,
  display,
  size: 10,
  mediaType
})

describe('the inputs attach-to and featured-image', () => {
  const parse = (inputs: Record<string, string>) =>
    parseUploadConfig((name: InputName) => {
      const all: Record<string, string> = {
        'base-url': 'https://www.example.com',
        files: 'img/*',
        username: 'ci',
        'app-password': 'abcd efgh',
        'timeout-seconds': '30',
        'max-attempts': '3',
        'allow-insecure-http': 'false',
        'if-no-files-found': 'error',
        'dry-run': 'false',
        'blocked-wait-seconds': '0',
        preflight: 'true',
        'skip-existing': 'true',
        concurrency: '1',
        ...inputs
      }
      return all[name] ?? ''
    })

  it('reads a post id and a featured image', () => {
    expect(parse({ 'attach-to': ' 42 ', 'featured-image': 'first' })).toMatchObject({
      attachTo: 42,
      featuredImage: 'first'
    })
    expect(parse({})).not.toHaveProperty('attachTo')
  })

  it.each(['-1', '0', '4.5', '1e3', 'post-42', '9'.repeat(16)])('refuses attach-to %j', value => {
    expect(() => parse({ 'attach-to': value })).toThrow(InputError)
    expect(() => parse({ 'attach-to': value })).toThrow(
      /^Input "attach-to" expected a post id: a whole number above 0/
    )
  })

  it('refuses featured-image without attach-to, naming both', () => {
    expect(() => parse({ 'featured-image': 'img/a.png' })).toThrow(
      'Input "featured-image" is set, but "attach-to" is empty: a featured image is the featured image of the post in "attach-to". Set "attach-to" to that post\'s id, or remove "featured-image".'
    )
  })
})

describe('featuredFile', () => {
  const files = [
    file('docs/notes.pdf', 'application/pdf'),
    file('img/a.png', 'image/png'),
    file('img/b.webp', 'image/webp')
  ]

  it('"first" is the first image in the order of the files', () => {
    expect(featuredFile(files, 'first')).toBe(files[1])
  })

  it.each(['img/b.webp', './img/b.webp', 'img//b.webp', 'img\\b.webp', '/work/img/b.webp'])(
    'finds %j by its path',
    wanted => expect(featuredFile(files, wanted)).toBe(files[2])
  )

  it('lists the first ten files when it names none of them', () => {
    const many = Array.from({ length: 12 }, (_, n) => file(`img/${n}.png`, 'image/png'))
    expect(() => featuredFile(many, 'img/x.png')).toThrow(
      /\(img\/0\.png, .*img\/9\.png, … 12 in all\), got "img\/x\.png"\.$/
    )
  })
})

describe('placement: where an item stands, and what is said of it', () => {
  it.each([
    [undefined, 'unknown'],
    [null, 'unattached'],
    [7, 'attached'],
    [3, 'elsewhere']
  ] as const)('post %j → %s', (post, state) => expect(parentState(post, 7)).toBe(state))

  const target: FoundPost = { id: 7, type: 'page', route: 'pages', title: 'About', featured: 4 }

  it('a dry run tells each change, and the featured image already right writes nothing', () => {
    const outcome = (name: string, status: FileOutcome['status'], id?: number): FileOutcome => ({
      file: name,
      size: 1,
      mediaType: 'image/png',
      status,
      attempts: 0,
      ...(id ? { id } : {})
    })
    const files = [
      outcome('a.png', 'existing', 4),
      outcome('b.png', 'existing', 5),
      outcome('c.png', 'existing', 6),
      outcome('d.png', 'would-upload')
    ]
    const known = [
      { id: 4, slug: 'a', others: [], post: 7 },
      { id: 5, slug: 'b', others: [], post: null },
      { id: 6, slug: 'c', others: [], post: 3 }
    ]
    const plan = dryRunPlacement(files, index => known[index], target, 0)
    expect(plan).toEqual({
      lines: [
        '1 file would be uploaded into page 7 "About".',
        '1 item already in the library would be attached to it: b.png (item 5).',
        '1 item is attached to another post and would be left there: c.png (item 6, post 3).',
        'Featured image: item 4 (a.png) already; nothing would be written.'
      ],
      featuredId: 4
    })
    expect(dryRunPlacement(files, index => known[index], target, 3).lines.at(-1)).toBe(
      'Featured image: d.png would be set once uploaded (now: item 4).'
    )
  })

  it('a stopped run says why nothing was attached', () => {
    const report = { target, uploaded: 0, attached: [], elsewhere: [], failed: [] }
    expect(placementLines({ ...report, skipped: 'the run stopped early' })).toEqual([
      'Nothing attached to page 7 "About": the run stopped early.'
    ])
  })
})

describe('isRoute: a rest_base from the server is used only as plain path segments', () => {
  it.each(['pages', 'wp_block', 'shop/products'])('%j is', value =>
    expect(isRoute(value)).toBe(true)
  )
  it.each(['../settings', 'a b', '/pages', 'pages/', '%2e%2e', 'x'.repeat(101), 7, null])(
    '%j is not',
    value => expect(isRoute(value)).toBe(false)
  )
})

/** A posts API answering each route from `routes`, 404 elsewhere, recording what was asked. */
function postsAnswering(routes: Record<string, HttpResult>, types: HttpResult) {
  const asked: string[] = []
  const posts: PostsApi = {
    context: method => ({ app: wordpressProfile, method, apiPath: '/wp-json/wp/v2', host: 'x' }),
    where: (route, id) => `www.example.com/wp-json/wp/v2/${route}/${id}`,
    getPost: async (route, id) => {
      asked.push(`${route}/${id}`)
      return routes[route] ?? wpError(404, 'rest_post_invalid_id')
    },
    types: async () => {
      asked.push('types')
      return types
    },
    setFeatured: () => Promise.reject(new Error('no write here')),
    attach: () => Promise.reject(new Error('no write here')),
    viewLink: site.viewLink
  }
  return { posts, asked }
}

/** The posts API of www.example.com, for what it decides without a request. */
const site = postsApi(apiClient({ baseUrl: new URL('https://www.example.com'), timeoutMs: 1000 }), {
  api: new URL('https://www.example.com/wp-json/wp/v2'),
  apiPath: '/wp-json/wp/v2',
  source: 'found'
})

describe("a post's page, as the summary links it", () => {
  it.each([
    [
      'https://www.example.com/2026/11/hello-world/',
      'https://www.example.com/2026/11/hello-world/'
    ],
    ['https://www.example.com/?p=12', 'https://www.example.com/?p=12'],
    ['https://evil.example/phish', undefined],
    ['http://www.example.com/plain', undefined],
    ['javascript:alert(1)', undefined],
    [`https://www.example.com/${'a'.repeat(2100)}`, undefined],
    [42, undefined]
  ])('%j → %j', (link, view) => expect(site.viewLink(link)).toBe(view))

  it('comes from the post found', async () => {
    const post = answer(200, {
      id: 7,
      type: 'page',
      title: { raw: 'About' },
      link: 'https://www.example.com/about/'
    })
    const found = await findTargetPost(postsAnswering({ posts: post }, typeList).posts, 7)
    expect(found).toMatchObject({ kind: 'found', view: 'https://www.example.com/about/' })
  })
})

const typeList = answer(200, {
  post: { slug: 'post', rest_base: 'posts', rest_namespace: 'wp/v2' },
  page: { slug: 'page', rest_base: 'pages', rest_namespace: 'wp/v2' },
  attachment: { slug: 'attachment', rest_base: 'media', rest_namespace: 'wp/v2' },
  shop_item: { slug: 'shop_item', rest_base: 'shop/items', rest_namespace: 'shop/v1' },
  evil: { slug: 'evil', rest_base: '../../settings', rest_namespace: 'wp/v2' },
  release: { slug: 'release', rest_base: 'releases' }
})

describe('findTargetPost', () => {
  it('looks in posts, then in the route of each type that can be a parent', async () => {
    const release = answer(200, { id: 12, type: 'release', title: { raw: 'v2.0' } })
    const { posts, asked } = postsAnswering({ releases: release }, typeList)
    const found = await findTargetPost(posts, 12)
    expect(asked).toEqual(['posts/12', 'types', 'pages/12', 'releases/12'])
    expect(found).toMatchObject({
      kind: 'found',
      id: 12,
      type: 'release',
      route: 'releases',
      title: 'v2.0'
    })
    expect(found).not.toHaveProperty('featured')
  })

  it('keeps a featured image of 0 (none) apart from none possible', async () => {
    const post = answer(200, { id: 1, type: 'post', title: { raw: 'Hi' }, featured_media: 0 })
    const { posts, asked } = postsAnswering({ posts: post }, typeList)
    expect(await findTargetPost(posts, 1)).toMatchObject({ kind: 'found', featured: 0 })
    expect(asked).toEqual(['posts/1'])
  })

  it('a route that will not say, and no post found: the check fails naming it', async () => {
    const { posts } = postsAnswering({ pages: wpError(500, 'internal_server_error') }, typeList)
    const found = await findTargetPost(posts, 5)
    expect(found.kind).toBe('failed')
    expect(found.message).toContain(
      'attach-to: post 5 was not found, and 1 route would not say: GET www.example.com/wp-json/wp/v2/pages/5?context=edit → HTTP 500'
    )
  })

  it('a list of types that cannot be read fails the check', async () => {
    const { posts } = postsAnswering({}, wpError(403, 'rest_cannot_view'))
    const found = await findTargetPost(posts, 5)
    expect(found.kind).toBe('failed')
    expect(found.message).toContain(
      'the list of other post types could not be read (GET types → HTTP 403)'
    )
  })
})

describe('the look-up reads the post each item is attached to', () => {
  it('null for none, the id, or nothing when the answer does not say', async () => {
    const api = {
      context: (method: 'GET') => ({
        app: wordpressProfile,
        method,
        apiPath: '/wp-json/wp/v2',
        host: 'x'
      }),
      target: 'x',
      findBySlugs: async () =>
        answer(200, [
          { id: 4, slug: 'a', post: null },
          { id: 5, slug: 'b', post: 12 },
          { id: 6, slug: 'c' }
        ])
    } as unknown as MediaApi
    const lookup = await findHolders(api, ['a', 'b', 'c'])
    if (lookup.kind !== 'found') throw new Error('found')
    expect([...lookup.holders.values()].map(([item]) => item?.post)).toEqual([null, 12, undefined])
  })
})

describe('featured-image writes only an image', () => {
  const target: FoundPost = { id: 12, type: 'post', route: 'posts', title: 'Release', featured: 0 }
  const png = { ...file('img/a.png', 'image/png'), key: 'a-0123456789ab' }
  const uploaded: FileOutcome = {
    file: png.display,
    size: png.size,
    mediaType: png.mediaType,
    status: 'uploaded',
    attempts: 1,
    id: 7
  }
  const place = (stored: string) => {
    const writes: string[] = []
    const api = fakeMediaApi({ getItem: async id => answer(200, { id, mime_type: stored }) })
    const posts = {
      context: (method: 'POST') => ({
        app: wordpressProfile,
        method,
        apiPath: '/wp-json/wp/v2',
        host: 'x'
      }),
      setFeatured: async (_route: string, post: number, id: number) => {
        writes.push(`featured ${post} ← ${id}`)
        return answer(200, { id: post, featured_media: id })
      }
    } as unknown as PostsApi
    const input = {
      report: { files: [uploaded] },
      local: [png],
      existing: new Map(),
      target,
      featured: png
    }
    const deps = { api, posts, log: () => {}, warn: () => {} }
    return { writes, placed: placeMedia(input, deps) }
  }

  it('sets an item WordPress stored as an image', async () => {
    const { writes, placed } = place('image/png')
    expect((await placed).placement.featured).toMatchObject({ state: 'set', id: 7 })
    expect(writes).toEqual(['featured 12 ← 7'])
  })

  it('writes nothing when WordPress stored the item as another type', async () => {
    const { writes, placed } = place('application/octet-stream')
    expect((await placed).placement.featured).toEqual({
      state: 'failed',
      message:
        'not set: item 7 (img/a.png) is application/octet-stream on the server, not an image, and WordPress would drop the featured image of post 12 "Release" instead'
    })
    expect(writes).toEqual([])
  })
})
