import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import type { LocalFile } from '../../../src/upload/files/local-file.js'
import { uploadFiles } from '../../../src/upload/send/upload-files.js'
import type { SiteSizes } from '../../../src/upload/sizes/offer.js'
import type { KnownItem } from '../../../src/upload/checks/holder.js'
import { fakeMediaApi } from '../../../test-support/fake-apis.js'
import { answer, lost } from '../../../test-support/http-results.js'
import { cdn405, restLink } from '../../../test-support/wordpress-answers.js'

let dir: string

const SITE: SiteSizes = {
  registered: {
    thumbnail: { width: 150, height: 150, crop: true },
    medium: { width: 300, height: 300, crop: false },
    medium_large: { width: 768, height: 0, crop: false },
    large: { width: 1024, height: 1024, crop: false },
    '1536x1536': { width: 1536, height: 1536, crop: false },
    '2048x2048': { width: 2048, height: 2048, crop: false }
  },
  threshold: 2560,
  stripMeta: true
}

async function image(name: string, width: number, height: number): Promise<LocalFile> {
  const file = path.join(dir, name)
  await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .toFile(file)
  const { size } = await stat(file)
  return { path: file, display: name, size, mediaType: 'image/jpeg' }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'runner-sizes-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const wp = (status: number, body: unknown): HttpResult =>
  answer(status, { link: restLink(), 'content-type': 'application/json' }, JSON.stringify(body))

/** WordPress 7.1's answer to an upload with generate_sub_sizes=false: the original alone. */
const stored = (id: number, file: LocalFile, width: number, height: number) =>
  wp(201, {
    id,
    mime_type: file.mediaType,
    source_url: `https://www.example.com/wp-content/uploads/2026/11/${file.display}`,
    media_details: { width, height, file: `2026/11/${file.display}`, sizes: {} },
    missing_image_sizes: Object.keys(SITE.registered),
    exif_orientation: 1,
    image_quality: { default: 82, sizes: [] },
    image_output_format: null
  })

interface Sideloaded {
  names: string[]
  fileName: string
  width: number
  height: number
}

/**
 * A WordPress 7.1 that stores each sideloaded file as given and answers with what it read of it;
 * `refuse` answers instead for the sizes it names.
 */
function site(
  uploads: HttpResult[],
  options: {
    refuse?: (names: string[]) => HttpResult | undefined
    finalize?: HttpResult[]
    postProcess?: HttpResult[]
  } = {}
) {
  const sideloads: Sideloaded[] = []
  const finalized: unknown[][] = []
  const postProcessed: number[] = []
  const api = fakeMediaApi({
    postFile: async (_file, fields) => {
      expect(fields?.generate_sub_sizes).toBe('false')
      return uploads.shift()!
    },
    sideload: async (_id, body, fileName, mediaType, names) => {
      const { width, height } = await sharp(body.path).metadata()
      sideloads.push({ names, fileName, width, height })
      const refused = options.refuse?.(names)
      if (refused) return refused
      return wp(200, {
        image_size: names.length > 1 ? names : names[0],
        width,
        height,
        file: fileName,
        mime_type: mediaType,
        filesize: body.size
      })
    },
    finalize: async (id, subSizes) => {
      finalized.push(subSizes)
      return (
        options.finalize?.shift() ??
        wp(200, {
          id,
          source_url: `https://www.example.com/wp-content/uploads/2026/11/${id}-scaled.jpg`,
          missing_image_sizes: []
        })
      )
    },
    getItem: async id => wp(200, { id }),
    postProcess: async id => {
      postProcessed.push(id)
      return options.postProcess?.shift() ?? wp(200, { id, missing_image_sizes: [] })
    }
  })
  return { api, sideloads, finalized, postProcessed }
}

async function upload(
  files: LocalFile[],
  fake: ReturnType<typeof site>,
  existing: Map<string, KnownItem> = new Map()
) {
  const warnings: string[] = []
  const sleeps: number[] = []
  const report = await uploadFiles(
    files,
    { maxAttempts: 3, concurrency: 1, timeoutMs: 30_000 },
    {
      api: fake.api,
      sleep: async ms => {
        sleeps.push(ms)
      },
      now: () => new Date('2026-11-28T12:00:00Z'),
      random: () => 0,
      log: () => {},
      warn: (message, title) => warnings.push(`${title}: ${message}`)
    },
    { existing, fields: {}, sizes: SITE }
  )
  return { report, warnings, sleeps, file: report.files[0]! }
}

describe('sizes made on the runner (WordPress 7.1)', () => {
  it('sends every size, the -scaled copy last, and finalizes with what the sideloads answered', async () => {
    const big = await image('big.jpg', 3000, 2000)
    const fake = site([stored(7, big, 3000, 2000)])
    const { file, warnings } = await upload([big], fake)
    expect(file).toMatchObject({ status: 'uploaded', id: 7, sizes: 'complete', sizesBy: 'runner' })
    expect(warnings).toEqual([])
    expect(
      fake.sideloads.map(s => `${s.names.join('+')} ${s.fileName} ${s.width}×${s.height}`)
    ).toEqual([
      'medium big-300x200.jpg 300×200',
      'large big-1024x683.jpg 1024×683',
      'thumbnail big-150x150.jpg 150×150',
      'medium_large big-768x512.jpg 768×512',
      '1536x1536 big-1536x1024.jpg 1536×1024',
      '2048x2048 big-2048x1365.jpg 2048×1365',
      'scaled big-scaled.jpg 2560×1707'
    ])
    expect(fake.finalized).toHaveLength(1)
    expect(fake.finalized[0]).toHaveLength(7)
    expect(fake.finalized[0]![6]).toMatchObject({ image_size: 'scaled', file: 'big-scaled.jpg' })
    expect(fake.postProcessed).toEqual([])
  })

  it('a size refused as 1 px too large: the rest is recorded, and WordPress makes that one', async () => {
    const photo = await image('photo.jpg', 1200, 800)
    const tooLarge = wp(400, {
      code: 'rest_upload_dimension_mismatch',
      message: 'Uploaded image width (1026) exceeds maximum for "large" size (1024).',
      data: { status: 400 }
    })
    const fake = site([stored(8, photo, 1200, 800)], {
      refuse: names => (names.includes('large') ? tooLarge : undefined)
    })
    const { file, sleeps } = await upload([photo], fake)
    expect(file).toMatchObject({ sizes: 'complete', sizesBy: 'runner and wordpress' })
    expect(file.message).toBe('not stored: large; WordPress made the rest')
    // A refusal is not sent again.
    expect(fake.sideloads.filter(s => s.names.includes('large'))).toHaveLength(1)
    expect(sleeps).toEqual([])
    expect(fake.finalized[0]!.map(s => (s as { image_size: string }).image_size)).toEqual([
      'medium',
      'thumbnail',
      'medium_large'
    ])
    expect(fake.postProcessed).toEqual([8])
  })

  it('finalize unanswered: asked max-attempts times, then WordPress makes the sizes, and the missing -scaled copy is warned of', async () => {
    const big = await image('wide.jpg', 3000, 1000)
    const fake = site([stored(9, big, 3000, 1000)], {
      finalize: [lost('ECONNRESET', true), lost('ECONNRESET', true), lost('ECONNRESET', true)]
    })
    const { file, warnings, sleeps } = await upload([big], fake)
    expect(fake.finalized).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
    expect(fake.postProcessed).toEqual([9])
    expect(file).toMatchObject({ sizes: 'complete', sizesBy: 'wordpress' })
    expect(warnings).toEqual([
      'Uploaded without its main image: wide.jpg: stored as item 9 with its sizes, but its -scaled copy was not made, so the full-size original is the file WordPress serves as its largest size.'
    ])
  })

  it('the routes there but the user refused (403): nothing sent twice, WordPress makes the sizes', async () => {
    const photo = await image('denied.jpg', 900, 600)
    const forbidden = wp(403, {
      code: 'rest_cannot_edit',
      message: 'Sorry, you are not allowed to edit this post.',
      data: { status: 403 }
    })
    const fake = site([stored(10, photo, 900, 600)], { refuse: () => forbidden })
    const { file, warnings } = await upload([photo], fake)
    expect(fake.sideloads).toHaveLength(3)
    expect(fake.finalized).toEqual([])
    expect(fake.postProcessed).toEqual([10])
    expect(file).toMatchObject({ sizes: 'complete', sizesBy: 'wordpress' })
    expect(file.message).toBe(
      'no size was stored (medium, thumbnail, medium_large); WordPress made them'
    )
    expect(warnings).toEqual([])
  })

  it('a file sharp cannot read: no sideload, WordPress makes the sizes as before', async () => {
    const broken = path.join(dir, 'broken.jpg')
    await writeFile(broken, Buffer.from('not a JPEG at all'))
    const file: LocalFile = {
      path: broken,
      display: 'broken.jpg',
      size: 17,
      mediaType: 'image/jpeg'
    }
    const fake = site([stored(11, file, 640, 480)])
    const { file: outcome } = await upload([file], fake)
    expect(fake.sideloads).toEqual([])
    expect(fake.postProcessed).toEqual([11])
    expect(outcome).toMatchObject({ status: 'uploaded', sizes: 'complete', sizesBy: 'wordpress' })
    expect(outcome.message).toBe(
      'WordPress describes it as 640×480, the runner sees an image it cannot read, so no size was made on the runner; WordPress made them'
    )
  })

  it('an answer whose dimensions are not the file’s: nothing planned from it, WordPress makes the sizes', async () => {
    const photo = await image('claimed.jpg', 900, 600)
    const fake = site([stored(13, photo, 90_000, 60_000)])
    const { file } = await upload([photo], fake)
    expect(fake.sideloads).toEqual([])
    expect(fake.postProcessed).toEqual([13])
    expect(file.message).toBe(
      'WordPress describes it as 90000×60000, the runner sees 900×600, so no size was made on the runner; WordPress made them'
    )
  })

  it('a CDN blocks the sizes: tried as an upload is, then nothing more is sent into the block', async () => {
    const photo = await image('blocked.jpg', 900, 600)
    const fake = site([stored(14, photo, 900, 600)], { refuse: () => cdn405 })
    const { file, warnings, sleeps } = await upload([photo], fake)
    // The first size, max-attempts times with the CDN's back-off; no other size, no finalize,
    // and no post-process, which the CDN would refuse alike.
    expect(fake.sideloads.map(s => s.names.join('+'))).toEqual(['medium', 'medium', 'medium'])
    // The CDN's back-off, as an upload's: 3 s, then 6 s.
    expect(sleeps).toEqual([3000, 6000])
    expect(fake.finalized).toEqual([])
    expect(fake.postProcessed).toEqual([])
    expect(file).toMatchObject({ status: 'uploaded', id: 14, sizes: 'missing', sizesBy: 'runner' })
    expect(file.verdict?.layer).toBe('cdn')
    expect(file.message).toBe(
      'its sizes were refused by the CDN at edge-ams-3 before reaching the server'
    )
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^Uploaded without its image sizes: blocked\.jpg: stored as item 14, but its sizes were refused by the CDN at edge-ams-3 .* WordPress was not asked to make them/
    )
  })

  it('a passing CDN throttle: one size finds out, and those it held back go once it lifted', async () => {
    const photo = await image('throttled.jpg', 900, 600)
    let refusals = 1
    const fake = site([stored(15, photo, 900, 600)], {
      refuse: () => (refusals-- > 0 ? cdn405 : undefined)
    })
    const { file, warnings } = await upload([photo], fake)
    expect(file).toMatchObject({ sizes: 'complete', sizesBy: 'runner' })
    expect(warnings).toEqual([])
    // medium met the throttle and was sent again; every size was stored once.
    expect(fake.sideloads.map(s => s.names.join('+'))).toEqual([
      'medium',
      'medium',
      'thumbnail',
      'medium_large'
    ])
    expect(fake.finalized[0]).toHaveLength(3)
    expect(fake.postProcessed).toEqual([])
  })

  it('WordPress asks for another format: the sizes made ahead in the file’s own are made again in it', async () => {
    const photo = await image('convert.jpg', 900, 600)
    const answer = stored(16, photo, 900, 600)
    const body = JSON.parse((answer as { response: { body: string } }).response.body)
    const fake = site([
      wp(201, {
        ...body,
        image_output_format: 'image/webp',
        image_quality: { default: 86, sizes: [] }
      })
    ])
    const formats: string[] = []
    const sideload = fake.api.sideload
    fake.api.sideload = async (id, file, name, type, names) => {
      formats.push(`${name} ${type} ${(await sharp(file.path).metadata()).format}`)
      return sideload(id, file, name, type, names)
    }
    const { file } = await upload([photo], fake)
    expect(file).toMatchObject({ sizes: 'complete', sizesBy: 'runner' })
    expect(formats).toEqual([
      'convert-300x200.webp image/webp webp',
      'convert-150x150.webp image/webp webp',
      'convert-768x512.webp image/webp webp',
      // WordPress's main file in the new format, sent last.
      'convert.webp image/webp webp'
    ])
  })

  it('an item already in the library without its sizes: not sent again, its sizes made now', async () => {
    const photo = await image('earlier.jpg', 900, 600)
    photo.key = 'earlier-0123456789ab'
    const known: KnownItem = {
      id: 21,
      slug: photo.key,
      others: [],
      image: { width: 900, height: 600, sizes: [] }
    }
    // Its editor view, as WordPress 7.1 gives it: every size missing.
    const editView = JSON.parse(
      (stored(21, photo, 900, 600) as { response: { body: string } }).response.body
    )
    const fake = site([])
    fake.api.editItem = async () => wp(200, editView)
    const { file } = await upload([photo], fake, new Map([[photo.key, known]]))
    expect(file).toMatchObject({
      status: 'existing',
      attempts: 0,
      id: 21,
      sizes: 'complete',
      sizesBy: 'runner'
    })
    expect(file.message).toBe(
      'already in the library; its missing sizes (thumbnail, medium, medium_large, large, 1536x1536, 2048x2048) were made on the runner'
    )
    expect(fake.sideloads.map(s => s.names.join('+'))).toEqual([
      'medium',
      'thumbnail',
      'medium_large'
    ])
    expect(fake.finalized).toHaveLength(1)
  })

  it('an item already in the library with its sizes: nothing asked, nothing sent', async () => {
    const photo = await image('whole.jpg', 900, 600)
    photo.key = 'whole-0123456789ab'
    const known: KnownItem = {
      id: 22,
      slug: photo.key,
      others: [],
      image: { width: 900, height: 600, sizes: ['medium', 'thumbnail', 'medium_large'] }
    }
    const fake = site([])
    const { file } = await upload([photo], fake, new Map([[photo.key, known]]))
    expect(file).toMatchObject({ status: 'existing', id: 22 })
    expect(file.sizesBy).toBeUndefined()
    expect(fake.sideloads).toEqual([])
  })

  it('refused alike by WordPress: the warning says so, with no word of PHP memory', async () => {
    const photo = await image('refused.jpg', 900, 600)
    const forbidden = wp(403, { code: 'rest_cannot_edit', message: 'No.', data: { status: 403 } })
    const fake = site([stored(17, photo, 900, 600)], {
      refuse: () => forbidden,
      postProcess: [forbidden]
    })
    const { file, warnings } = await upload([photo], fake)
    expect(file).toMatchObject({ sizes: 'missing', sizesBy: 'wordpress' })
    expect(fake.postProcessed).toEqual([17])
    expect(warnings).toEqual([
      'Uploaded without its image sizes: refused.jpg: stored as item 17 and usable (its original file is in place), but WordPress refused to make its smaller image sizes (post-process: HTTP 403 (rest_cannot_edit)): have the site regenerate them (a thumbnail-regeneration plugin).'
    ])
  })

  it('WordPress cannot make them either: the item is kept, and both failures are said', async () => {
    const photo = await image('starved.jpg', 900, 600)
    const forbidden = wp(403, { code: 'rest_cannot_edit', message: 'No.', data: { status: 403 } })
    const outOfMemory = answer(500, { 'content-type': 'text/html' }, 'Fatal error')
    const fake = site([stored(12, photo, 900, 600)], {
      refuse: () => forbidden,
      postProcess: Array.from({ length: 5 }, () => outOfMemory)
    })
    const { file, warnings } = await upload([photo], fake)
    expect(file).toMatchObject({
      status: 'uploaded',
      id: 12,
      sizes: 'missing',
      sizesBy: 'wordpress'
    })
    expect(fake.postProcessed).toHaveLength(5)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^Uploaded without its image sizes: starved\.jpg: stored as item 12/
    )
  })
})
