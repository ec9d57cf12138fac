// image-sizes: an image's sizes made on the runner where WordPress (7.1, client-side media
// processing on) offers it, and by WordPress elsewhere; the action run as the runner runs it,
// against the sandbox's WordPress.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { RecordedRequest } from '../../sandbox/types.js'
import { errorMessages, logLines, mediaOutput } from '../../test-support/run-action.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { summaryAsText } from '../../test-support/summary-text.js'

// WordPress announces its REST API (pretty permalinks): the index at /wp-json/ tells the sizes.
const kit = useSandbox({ sandbox: { wordpress: { clientSideMedia: true, permalinks: 'pretty' } } })
const { files, upload } = kit

/** A photo-like image: a gradient, so that each size's pixels differ. */
function picture(
  width: number,
  height: number,
  format: 'jpeg' | 'png',
  orientation?: number
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      pixels.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3)
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
  const encoded = format === 'jpeg' ? image.jpeg() : image.png()
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer()
}

function item(id: number) {
  const found = kit.sandbox.media.find(stored => stored.id === id)
  if (!found?.image) throw new Error(`the sandbox holds no image ${id}`)
  return { ...found, image: found.image }
}

/** Each size the sandbox recorded for the item, and the pixels of the file it holds for it. */
async function heldSizes(id: number): Promise<Record<string, string>> {
  const { image } = item(id)
  const held: Record<string, string> = {}
  for (const [name, size] of Object.entries(image.meta.sizes)) {
    const file = image.files.find(stored => stored.name === size.file)
    const { width, height } = await sharp(file?.bytes).metadata()
    expect([width, height], `${name}: the file holds what was recorded`).toEqual([
      size.width,
      size.height
    ])
    held[name] = `${size.file} ${size.width}×${size.height}`
  }
  return held
}

const urlOf = (request: RecordedRequest) => new URL(request.path, 'http://sandbox')

/** The POSTs of one item, in the order they arrived: its upload (by file name), then the rest. */
function postsOf(id: number, fileName: string): RecordedRequest[] {
  return kit.sandbox.requests.filter(request => {
    if (request.method !== 'POST') return false
    const { pathname } = urlOf(request)
    if (pathname.endsWith('/media')) {
      return request.headers['content-disposition'] === `attachment; filename="${fileName}"`
    }
    return pathname.includes(`/media/${id}/`)
  })
}

/** `upload 201`, `sideload medium 200`, `finalize 200` … */
function describePost(request: RecordedRequest): string {
  const url = urlOf(request)
  const step = url.pathname.endsWith('/media') ? 'upload' : url.pathname.split('/').at(-1)!
  const sizes = [
    ...url.searchParams.getAll('image_size'),
    ...url.searchParams.getAll('image_size[]')
  ]
  return [step, sizes.join('+'), String(request.status)].filter(Boolean).join(' ')
}

const sideloads = () => kit.sandbox.requests.filter(r => urlOf(r).pathname.endsWith('/sideload'))

const PHOTO_SIZES = {
  medium: 'photo-300x200.jpg 300×200',
  large: 'photo-1024x683.jpg 1024×683',
  thumbnail: 'photo-150x150.jpg 150×150',
  medium_large: 'photo-768x512.jpg 768×512',
  '1536x1536': 'photo-1536x1024.jpg 1536×1024',
  '2048x2048': 'photo-2048x1365.jpg 2048×1365'
}

describe('image-sizes: auto, where WordPress offers client-side media processing', () => {
  it('makes every size on the runner: the upload, its sub-sizes, -scaled last, one finalize', async () => {
    await files({
      'img/photo.jpg': await picture(3000, 2000, 'jpeg'),
      'img/chart.png': await picture(600, 400, 'png')
    })
    const run = await upload()
    expect(run.exitCode, run.stdout).toBe(0)
    expect(logLines(run.stdout).join('\n')).toContain('Image sizes will be made on the runner')
    expect(mediaOutput(run).map(m => [m.file, m.id, m.status, m.sizes, m.sizesBy])).toEqual([
      ['img/chart.png', 4, 'uploaded', 'complete', 'runner'],
      ['img/photo.jpg', 5, 'uploaded', 'complete', 'runner']
    ])
    // The index was read as the user who uploads, for the sizes and the two routes alone.
    const index = kit.sandbox.requests.find(r => urlOf(r).pathname === '/wp-json/')!
    expect(index.headers.authorization).toMatch(/^Basic /)
    expect(urlOf(index).searchParams.get('_fields')).toContain('image_sizes')

    // The PNG: no larger than 768 px, so only the thumbnail and medium; no -scaled copy.
    expect(await heldSizes(4)).toEqual({
      medium: 'chart-300x200.png 300×200',
      thumbnail: 'chart-150x150.png 150×150'
    })
    expect(item(4).image).toMatchObject({
      attached: 'chart.png',
      meta: { width: 600, height: 400 }
    })
    // The JPEG: every size, made from the 3000×2000 original, and a -scaled main file.
    expect(await heldSizes(5)).toEqual(PHOTO_SIZES)
    const photo = item(5).image
    const month = photo.subdir
    expect(photo.attached).toBe('photo-scaled.jpg')
    expect(photo.meta).toMatchObject({
      width: 2560,
      height: 1707,
      file: `${month}/photo-scaled.jpg`,
      original_image: 'photo.jpg'
    })
    const scaled = photo.files.find(file => file.name === 'photo-scaled.jpg')!
    expect(await sharp(scaled.bytes).metadata()).toMatchObject({ width: 2560, height: 1707 })
    expect(mediaOutput(run)[1]!.url).toBe(`${kit.sandbox.url}/uploads/photo-scaled.jpg`)

    // Upload → the sub-sizes (each on its own) → -scaled once they are answered → one finalize.
    const posts = postsOf(5, 'photo.jpg')
    const lines = posts.map(describePost)
    expect(lines[0]).toBe('upload 201')
    expect(lines.slice(1, 7).sort()).toEqual(
      Object.keys(PHOTO_SIZES)
        .map(name => `sideload ${name} 200`)
        .sort()
    )
    expect(lines.slice(7)).toEqual(['sideload scaled 200', 'finalize 200'])
    const [sent, ...rest] = posts
    expect(urlOf(sent!).searchParams.get('generate_sub_sizes')).toBe('false')
    const subs = rest.slice(0, 6)
    const main = rest[6]!
    expect(subs.every(sub => sub.answeredSeq! < main.arrivedSeq)).toBe(true)
    expect(
      rest.slice(0, 7).every(s => urlOf(s).searchParams.get('convert_format') === 'false')
    ).toBe(true)
    expect(postsOf(4, 'chart.png').map(describePost)).toEqual([
      'upload 201',
      expect.stringMatching(/^sideload (medium|thumbnail) 200$/),
      expect.stringMatching(/^sideload (medium|thumbnail) 200$/),
      'finalize 200'
    ])
    // Nothing was left for WordPress to make.
    expect(kit.requestLines().filter(line => line.endsWith('/post-process'))).toEqual([])
  })

  it('turns a JPEG upright by its EXIF orientation: its sizes, then the turned main file', async () => {
    // Stored 600×400 with orientation 6: upright it is 400×600.
    await files({ 'img/portrait.jpg': await picture(600, 400, 'jpeg', 6) })
    const run = await upload()
    expect(run.exitCode, run.stdout).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({ sizes: 'complete', sizesBy: 'runner' })
    expect(await heldSizes(4)).toEqual({
      medium: 'portrait-200x300.jpg 200×300',
      thumbnail: 'portrait-150x150.jpg 150×150'
    })
    // WordPress keeps `-WxH` and `-scaled` names as sent, not `-rotated`: it gets a number.
    const { image } = item(4)
    expect(image.meta).toMatchObject({
      width: 400,
      height: 600,
      file: `${image.subdir}/portrait-rotated-1.jpg`,
      original_image: 'portrait.jpg'
    })
    expect(image.orientation).toBe(1)
    expect(postsOf(4, 'portrait.jpg').map(describePost).slice(-2)).toEqual([
      'sideload original 200',
      'finalize 200'
    ])
  })

  it('says in a dry run where the sizes would be made, and sends none', async () => {
    await files({ 'img/photo.jpg': await picture(3000, 2000, 'jpeg') })
    const run = await upload({ 'dry-run': 'true' })
    expect(run.exitCode, run.stdout).toBe(0)
    expect(logLines(run.stdout).join('\n')).toContain('Image sizes would be made on the runner')
    expect(kit.sandbox.media).toEqual([])
    expect(sideloads()).toEqual([])
  })
})

describe('image-sizes: server', () => {
  it('sends no sideload: WordPress makes the sizes, as before 7.1', async () => {
    await files({ 'img/photo.jpg': await picture(3000, 2000, 'jpeg') })
    const run = await upload({ 'image-sizes': 'server' })
    expect(run.exitCode, run.stdout).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({
      status: 'uploaded',
      sizes: 'complete',
      sizesBy: 'wordpress',
      url: `${kit.sandbox.url}/uploads/photo.jpg`
    })
    // Not asked where the sizes may be made, and the upload asks WordPress to make them.
    expect(kit.sandbox.requests.some(r => urlOf(r).pathname === '/wp-json/')).toBe(false)
    const [sent] = postsOf(4, 'photo.jpg')
    expect(urlOf(sent!).searchParams.has('generate_sub_sizes')).toBe(false)
    expect(kit.requestLines().filter(line => /\/(sideload|finalize)$/.test(line))).toEqual([])
    expect(item(4).image).toMatchObject({ serverSizes: true, files: [] })
  })
})

describe('image-sizes: runner', () => {
  it('fails before any POST, naming image-sizes, where WordPress does not offer it', async () => {
    kit.sandbox.configure({ wordpress: { clientSideMedia: false } })
    await files({ 'img/photo.jpg': await picture(600, 400, 'jpeg') })
    const run = await upload({ 'image-sizes': 'runner' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('image-sizes')
    expect(kit.sandbox.requests.filter(r => r.method === 'POST')).toEqual([])
    expect(mediaOutput(run)).toMatchObject([{ status: 'not-attempted', id: null }])
    // The summary says why, and what to do, as the log does.
    expect(summaryAsText(run.summary)).toContain(
      'image-sizes: runner, but the site does not offer client-side image sizes'
    )
    expect(summaryAsText(run.summary)).toContain('Set "image-sizes" to auto')
  })
})

describe('image-sizes: when a size does not get through', () => {
  it('sends a sideload WordPress failed once again, and the runner makes them all', async () => {
    kit.sandbox.configure({ wordpress: { sideloadFailures: 1 } })
    await files({ 'img/photo.jpg': await picture(3000, 2000, 'jpeg') })
    const run = await upload({}, { instantPauses: true })
    expect(run.exitCode, run.stdout).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({ sizes: 'complete', sizesBy: 'runner' })
    expect(
      sideloads()
        .map(r => r.status)
        .sort()
    ).toEqual([...Array<number>(7).fill(200), 500])
    expect(await heldSizes(4)).toEqual(PHOTO_SIZES)
  })

  it('has WordPress make what the runner could not store, after recording the rest', async () => {
    kit.sandbox.configure({ wordpress: { sideloadFailures: 1 } })
    await files({ 'img/photo.jpg': await picture(3000, 2000, 'jpeg') })
    // One attempt a request: the failed size is not sent again.
    const run = await upload({ 'max-attempts': '1' })
    expect(run.exitCode, run.stdout).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({
      status: 'uploaded',
      sizes: 'complete',
      sizesBy: 'runner and wordpress'
    })
    const posts = postsOf(4, 'photo.jpg').map(describePost)
    expect(posts.filter(line => line.endsWith(' 500'))).toHaveLength(1)
    expect(posts.slice(-3)).toEqual(['sideload scaled 200', 'finalize 200', 'post-process 200'])
    // Every size is recorded: six by the runner but one, that one by WordPress.
    const { image } = item(4)
    expect(Object.keys(image.meta.sizes).sort()).toEqual(Object.keys(PHOTO_SIZES).sort())
    expect(image.meta.file).toBe(`${image.subdir}/photo-scaled.jpg`)
  })

  it('sends a finalize whose answer was lost again, which WordPress takes again', async () => {
    kit.sandbox.configure({ wordpress: { finalizeLost: 1 } })
    await files({ 'img/photo.jpg': await picture(3000, 2000, 'jpeg') })
    const run = await upload({}, { instantPauses: true })
    expect(run.exitCode, run.stdout).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({ sizes: 'complete', sizesBy: 'runner' })
    const finalizes = postsOf(4, 'photo.jpg').filter(r => urlOf(r).pathname.endsWith('/finalize'))
    expect(finalizes.map(r => r.status)).toEqual([null, 200])
    expect(await heldSizes(4)).toEqual(PHOTO_SIZES)
  })
})
