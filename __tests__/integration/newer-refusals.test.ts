import { describe, expect, it } from 'vitest'
import type { RecordedRequest } from '../../sandbox/server.js'
import { png } from '../../test-support/images.js'
import { errorMessages, mediaOutput } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

// Refusals of newer WordPress, and its race for this month's uploads folder, through the bundle.

const kit = useSandbox({
  sandbox: { wordpress: { permalinks: 'pretty' } },
  upload: { 'max-attempts': '1' }
})
const { upload } = kit

const images = (names: string[]) =>
  kit.files(
    Object.fromEntries(names.map((name, n) => [`img/${name}`, png(2, 2, [n * 40, 10, 200])]))
  )

const mediaPosts = () =>
  kit.sandbox.requests.filter(r => r.method === 'POST' && /\/media(?:\?|$)/.test(r.path))
const fileOf = (request: RecordedRequest) =>
  /filename="([^"]*)"/.exec(String(request.headers['content-disposition']))?.[1]
const overlap = (a: RecordedRequest, b: RecordedRequest) =>
  a.arrivedSeq < (b.answeredSeq ?? Infinity) && b.arrivedSeq < (a.answeredSeq ?? Infinity)

describe("the race for this month's uploads folder", () => {
  it('a file refused with "Unable to create directory" is sent once more, alone, and the run goes on', async () => {
    // Waiting for the uploads in flight is shown by exclusive.test.ts; here, what the user sees.
    kit.sandbox.configure({ wordpress: { mkdirRace: 1 } })
    await images(['a.png', 'b.png', 'c.png'])
    const run = await upload({ concurrency: '2' })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run).map(entry => entry.status)).toEqual([
      'uploaded',
      'uploaded',
      'uploaded'
    ])
    const posts = mediaPosts()
    const lost = posts.find(r => r.status === 500)!
    const again = posts.find(r => r !== lost && fileOf(r) === fileOf(lost))!
    expect(again.status).toBe(201)
    // Alone: no other upload was in flight while it was.
    expect(posts.filter(r => r !== again && overlap(r, again))).toEqual([])
    expect(run.stdout).toContain(
      `img/${fileOf(lost)}: WordPress could not create its uploads folder for this month, as happens when another upload is creating it at the same moment; sending it once more, alone.`
    )
    expect(kit.sandbox.media).toHaveLength(3)
  })

  it('refused again when sent alone, the uploads folder stops the run', async () => {
    kit.sandbox.configure({ wordpress: { mkdirRace: 2 } })
    await images(['a.png', 'b.png', 'c.png'])
    // One at a time: the refused file is the first, and none other is in flight.
    const run = await upload({ concurrency: '1' })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts().map(r => [fileOf(r), r.status])).toEqual([
      ['a.png', 500],
      ['a.png', 500]
    ])
    expect(mediaOutput(run).map(entry => [entry.status, entry.attempts])).toEqual([
      ['failed', 2],
      ['not-attempted', 0],
      ['not-attempted', 0]
    ])
    const errors = errorMessages(run)
    expect(errors).toContain('sent once more alone and refused again')
    expect(errors).toContain('write permission on wp-content/uploads')
  })
})

describe('an image type WordPress cannot process (6.8+)', () => {
  it('names the file, the type and the remedy, and sends no other file of that type', async () => {
    kit.sandbox.configure({ wordpress: { refusedImageTypes: ['image/avif'] } })
    await images(['a.avif', 'b.png', 'c.avif'])
    // One at a time: the refusal is known before c.avif would start.
    const run = await upload({ concurrency: '1' })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts().map(r => [fileOf(r), r.status])).toEqual([
      ['a.avif', 400],
      ['b.png', 201]
    ])
    expect(mediaOutput(run).map(entry => [entry.file, entry.status, entry.attempts])).toEqual([
      ['img/a.avif', 'failed', 1],
      ['img/b.png', 'uploaded', 1],
      ['img/c.avif', 'failed', 0]
    ])
    const errors = errorMessages(run)
    expect(errors).toContain(
      '- img/a.avif: failed (WordPress cannot make image sizes from image/avif on this server'
    )
    expect(errors).toContain('Convert the image to JPEG or PNG')
    expect(errors).toContain(
      '- img/c.avif: failed (not sent: WordPress refused img/a.avif, of the same type (image/avif)'
    )
    expect(summaryAsText(run.summary)).toContain('rest_upload_image_type_not_supported')
  })
})
