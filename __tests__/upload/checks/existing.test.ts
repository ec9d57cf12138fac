import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import { contentKey, slugStem } from '../../../src/upload/files/content-key.js'
import { createHash } from 'node:crypto'
import { findHolders } from '../../../src/upload/checks/existing.js'
import type { Holder } from '../../../src/upload/checks/holder.js'
import { sortHolders } from '../../../src/upload/checks/proof.js'
import { mediaFields } from '../../../src/upload/wordpress/media-fields.js'
import { fakeMediaApi } from '../../../test-support/fake-apis.js'
import { answer as answerOf, hungUp } from '../../../test-support/http-results.js'
import { WP_HEADERS as WP } from '../../../test-support/wordpress-answers.js'

const answer = (status: number, headers: Record<string, string>, body: unknown) =>
  answerOf(status, headers, JSON.stringify(body))
const item = (id: number, slug: string) => ({
  id,
  slug,
  source_url: `https://www.example.com/uploads/${slug}.gif`
})

/** A media API whose listing answers from `respond`, recording each batch of slugs asked for. */
function listing(respond: (slugs: string[]) => HttpResult) {
  const asked: string[][] = []
  const api = fakeMediaApi({
    findBySlugs: async slugs => {
      asked.push(slugs)
      return respond(slugs)
    }
  })
  return { api, asked }
}

describe('content keys', () => {
  it.each([
    ['chart.png', 'chart'],
    ['Überblick Straße.jpg', 'uberblick-strasse'],
    ['Crème brûlée (final) v2.JPG', 'creme-brulee-final-v2'],
    ['日本語.png', 'file'],
    ['---.png', 'file'],
    ['.hidden', 'hidden'],
    [
      `${'long-name-'.repeat(20)}.gif`,
      'long-name-long-name-long-name-long-name-long-name-long-name'
    ]
  ])('%j has the stem %j', (name, stem) => {
    expect(slugStem(name)).toBe(stem)
    expect(slugStem(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  })

  it('joins the stem and 12 hex digits of the hash, well under WordPress’s 200 characters', () => {
    const sha = 'a'.repeat(64)
    expect(contentKey('img/chart.png', sha)).toBe('chart-aaaaaaaaaaaa')
    expect(contentKey(`${'x'.repeat(500)}.png`, sha).length).toBeLessThanOrEqual(73)
  })
})

describe('media fields', () => {
  const file = {
    path: '/w/img/Chart 1.png',
    display: 'img/Chart 1.png',
    size: 1,
    mediaType: 'image/png'
  }

  it('fills the placeholders, and sends the key as the slug', () => {
    expect(
      mediaFields(
        { ...file, key: 'chart-1-aaaaaaaaaaaa' },
        { title: '{stem} ({name})', alt_text: 'Chart from {path}', caption: 'Built {stem}{stem}' }
      )
    ).toEqual({
      slug: 'chart-1-aaaaaaaaaaaa',
      title: 'Chart 1 (Chart 1.png)',
      alt_text: 'Chart from img/Chart 1.png',
      caption: 'Built Chart 1Chart 1'
    })
  })

  it.each([
    ['an element with a handler', 'img/<img src=x onerror=alert(1)>.png'],
    ['a quote that ends an attribute', `img/a" onmouseover="alert(1).png`],
    ['an entity', 'img/&lt;script&gt;.png'],
    ['an apostrophe and an ampersand', "img/Tom's & Jerry's.png"]
  ])(
    'fills in a file name with %s as text, and keeps the template as written',
    (_name, display) => {
      const fields = mediaFields(
        { ...file, path: `/w/${display}`, display },
        { title: '<b>{stem}</b>', caption: '<em>{name}</em> from {path}', description: '{name}' }
      )
      const stem = display.slice(4, -4)
      const escaped = (text: string) =>
        text
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/'/g, '&#39;')
      expect(fields).toEqual({
        title: `<b>${escaped(stem)}</b>`,
        caption: `<em>${escaped(`${stem}.png`)}</em> from ${escaped(display)}`,
        description: escaped(`${stem}.png`)
      })
    }
  )

  it('sends nothing of its own when no key and no template is given', () => {
    expect(mediaFields(file, {})).toEqual({})
  })
})

describe('the look-up of what holds each key', () => {
  it('asks for each key and its forms -2 … -10, ten keys (100 slugs) per request, and matches the answers itself', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `file-${i}-aaaaaaaaaaaa`)
    const { api, asked } = listing(slugs =>
      answer(200, WP, [item(7, slugs[0]!), item(9, slugs[1]!), item(8, 'not-asked-for')])
    )
    const lookup = await findHolders(api, [...keys, keys[0]!])
    expect(asked.map(batch => batch.length)).toEqual([100, 100, 50])
    expect(asked[0]!.slice(0, 10)).toEqual([
      keys[0],
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map(n => `${keys[0]}-${n}`)
    ])
    expect(lookup.kind).toBe('found')
    if (lookup.kind !== 'found') return
    expect([...lookup.holders.keys()]).toEqual([keys[0], keys[10], keys[20]])
    expect(lookup.holders.get(keys[0]!)?.map(holder => [holder.id, holder.slug])).toEqual([
      [7, keys[0]],
      [9, `${keys[0]}-2`]
    ])
  })

  it('ignores a page of unrelated items, as from a server that ignored the filter', async () => {
    const { api } = listing(() => answer(200, WP, [item(4, 'banner'), item(5, 'hero-image')]))
    const lookup = await findHolders(api, ['banner-aaaaaaaaaaaa'])
    expect(lookup).toEqual({ kind: 'found', holders: new Map() })
  })

  it.each([
    ['a WordPress-like origin without a listing (404)', 404],
    ['an origin that refuses the method (405)', 405],
    ['an origin that does not implement it (501)', 501]
  ])('%s: unsupported, so every file is sent', async (_name, status) => {
    const { api } = listing(() =>
      answer(status, WP, {
        code: 'rest_no_route',
        message: 'No route was found.',
        data: { status }
      })
    )
    expect((await findHolders(api, ['a-aaaaaaaaaaaa'])).kind).toBe('unsupported')
  })

  it.each([
    [
      'refused credentials',
      answer(401, WP, { code: 'rest_forbidden', message: 'Sorry.', data: { status: 401 } })
    ],
    [
      'a CDN refusal',
      answer(
        403,
        { server: 'cloudflare', 'cf-ray': '8a1b2c3d4e5f6a7b-AMS', 'content-type': 'text/html' },
        '<html><title>Attention Required! | Cloudflare</title></html>'
      )
    ],
    [
      'a 404 of unknown origin',
      answer(404, { 'content-type': 'text/html' }, '<html>Not Found</html>')
    ],
    [
      'a catch-all page instead of a list',
      answer(200, { 'content-type': 'text/html' }, '<html>Home</html>')
    ],
    ['no answer', hungUp()]
  ])('%s: the run stops before anything is sent', async (_name, result) => {
    const { api } = listing(() => result)
    const lookup = await findHolders(api, ['a-aaaaaaaaaaaa'])
    expect(lookup.kind).toBe('failed')
  })
})

describe('which items under a key are the file', () => {
  const GIF_BYTES = Buffer.from('GIF89a the file')
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
  const file = {
    path: '/w/img/chart.gif',
    display: 'img/chart.gif',
    size: GIF_BYTES.length,
    mediaType: 'image/gif',
    key: 'chart-aaaaaaaaaaaa',
    sha256: sha(GIF_BYTES)
  }
  const holder = (id: number, extra: Partial<Holder> = {}): Holder => ({
    id,
    slug: file.key,
    url: `https://www.example.com/uploads/${id}.gif`,
    author: 1,
    mimeType: 'image/gif',
    filesize: file.size,
    ...extra
  })
  /** Hashes of the files on the site, by URL; every fetch is recorded. */
  const site = (files: Record<string, Buffer>) => {
    const fetched: string[] = []
    const fileDigest = async (url: URL) => {
      fetched.push(url.href)
      const bytes = files[url.href]
      return bytes
        ? {
            response: {
              status: 200,
              headers: {},
              body: '',
              elapsedMs: 1,
              digest: { sha256: sha(bytes), bytes: bytes.length }
            }
          }
        : answerOf(404, {}, '')
    }
    return { fetched, proof: { me: 1, fileDigest } }
  }

  it("takes the user's own item of the same type and size without fetching it", async () => {
    const { fetched, proof } = site({})
    const sorted = await sortHolders(file, [holder(5), holder(9, { slug: `${file.key}-2` })], proof)
    expect(sorted.item).toMatchObject({ id: 5, others: [9] })
    expect(sorted.foreign).toEqual([])
    expect(fetched).toEqual([])
  })

  it("takes another user's item only when its bytes, fetched once, are the file's", async () => {
    const same = holder(5, { author: 2 })
    const other = holder(6, { author: 2, slug: `${file.key}-2` })
    const { fetched, proof } = site({
      [same.url!]: GIF_BYTES,
      [other.url!]: Buffer.from('GIF89a something else')
    })
    const sorted = await sortHolders(file, [same, other], proof)
    expect(sorted.item).toMatchObject({ id: 5, others: [] })
    expect(sorted.foreign.map(item => [item.id, item.why])).toEqual([
      [6, "it is user 2's, and its bytes are another file's"]
    ])
    expect(fetched).toEqual([same.url, other.url])
  })

  it('never takes an item of another type or size, and fetches nothing for it', async () => {
    const { fetched, proof } = site({})
    const sorted = await sortHolders(
      file,
      [holder(5, { mimeType: 'application/pdf' }), holder(6, { filesize: 3 })],
      proof
    )
    expect(sorted.item).toBeUndefined()
    expect(sorted.foreign.map(item => item.why)).toEqual([
      'its type is application/pdf, not image/gif',
      `its size is 3 bytes, not ${file.size}`
    ])
    expect(fetched).toEqual([])
  })

  it('compares the bytes of an own item without filesize (WordPress before 6.0)', async () => {
    const old = holder(5, { filesize: undefined })
    const { fetched, proof } = site({ [old.url!]: GIF_BYTES })
    expect((await sortHolders(file, [old], proof)).item?.id).toBe(5)
    expect(fetched).toEqual([old.url])
  })

  it('takes no item of another user whose file cannot be fetched', async () => {
    const { proof } = site({})
    const sorted = await sortHolders(file, [holder(5, { author: 2 })], proof)
    expect(sorted.item).toBeUndefined()
    expect(sorted.foreign[0]?.why).toBe(
      "it is user 2's, and its file could not be fetched to compare"
    )
  })
})
