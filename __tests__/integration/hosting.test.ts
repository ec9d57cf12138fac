import { describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import { annotationTitles, errorMessages, mediaOutput } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

// WordPress as shared hosting runs it: stored-then-500, limits, roles, lost answers.

const MIB = 1024 * 1024

const kit = useSandbox({ sandbox: { wordpress: { permalinks: 'pretty' } } })
const { files, upload } = kit

const requests = (method: string, pattern: RegExp) =>
  kit.sandbox.requests.filter(r => r.method === method && pattern.test(r.path))
const mediaPosts = () => requests('POST', /\/media(\?|$)/)

/** A GIF padded to `size` bytes: WordPress's sandbox only reads its name and type. */
const sized = (size: number) => Buffer.concat([GIF, Buffer.alloc(size - GIF.length)])

describe('stored, then a 500', () => {
  it('is uploaded with the id WordPress gave, POSTed once, its sizes completed by post-process', async () => {
    kit.sandbox.configure({ wordpress: { storedThen500: 1, postProcessFailures: 1 } })
    await files({ 'img/photo.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(mediaPosts()).toHaveLength(1)
    expect(requests('POST', /\/media\/4\/post-process$/).map(r => r.status)).toEqual([500, 200])
    expect(mediaOutput(run)).toEqual([
      {
        file: 'img/photo.gif',
        id: 4,
        url: `${kit.sandbox.url}/uploads/photo.gif`,
        status: 'uploaded',
        attempts: 1,
        sizes: 'complete',
        sizesBy: 'wordpress',
        post: null
      }
    ])
    expect(kit.sandbox.media).toHaveLength(1)
    expect(run.stdout).toContain(
      'img/photo.gif: post-process 2/5 → HTTP 200: WordPress made the missing image sizes.'
    )
    const summary = summaryAsText(run.summary)
    // The HTTP status said once, in the remark that explains it.
    expect(summary).toContain(
      '| ✅ uploaded: stored as item 4 although WordPress answered HTTP 500; its image sizes are complete |'
    )
  })

  it('keeps the item and warns when even post-process runs out of memory', async () => {
    kit.sandbox.configure({ wordpress: { storedThen500: 1, postProcessFailures: 5 } })
    await files({ 'img/photo.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({ id: 4, status: 'uploaded', sizes: 'missing' })
    expect(annotationTitles(run)).toContain('Uploaded without its image sizes')
    expect(run.stdout).toContain('memory_limit')
    expect(kit.sandbox.media.map(item => item.sizesMissing)).toEqual([true])
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('stored without its smaller image sizes')
    // No ✅ over a file that is not as it should be: the heading and its row say what is missing.
    expect(summary).toContain(
      '# WordPress upload: ⚠️ 1 of 1 file uploaded; 1 item without its smaller image sizes'
    )
    expect(summary).toContain(
      '| ⚠️ uploaded, without its smaller sizes: stored as item 4 although WordPress answered HTTP 500;'
    )
    expect(summary).not.toContain('✅')
  })
})

describe('the user may not upload', () => {
  /** Media POSTs that carried a file, not the empty one that asks WordPress's own rule. */
  const filePosts = () => mediaPosts().filter(r => r.bodyBytes > 0)

  it('a Contributor is refused before any file is sent, named by role, with the remedy', async () => {
    kit.sandbox.configure({ wordpress: { role: 'contributor' } })
    await files({ 'img/a.gif': GIF, 'img/b.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(1)
    // Only the empty upload, which WordPress refused with 403 rest_cannot_create.
    expect(mediaPosts().map(r => [r.bodyBytes, r.status])).toEqual([[0, 403]])
    const error = errorMessages(run)
    expect(error).toContain('role contributor')
    expect(error).toContain('refused it an empty upload (HTTP 403 rest_cannot_create)')
    expect(error).toContain('Author role or higher')
    expect(mediaOutput(run).map(m => m.status)).toEqual(['not-attempted', 'not-attempted'])
  })

  it.each([
    ['a Contributor whom a plugin lets upload', 'contributor', 'filter'],
    ['a network super admin with a Subscriber role here', 'subscriber', 'super-admin']
  ] as const)(
    '%s: users/me does not list upload_files, and the uploads go ahead',
    async (_name, role, uploadGrant) => {
      kit.sandbox.configure({ wordpress: { role, uploadGrant } })
      await files({ 'img/a.gif': GIF, 'img/b.gif': GIF })
      const run = await upload()
      expect(run.exitCode).toBe(0)
      expect(run.stdout).toContain(
        `The user has role ${role}, and its capabilities do not list upload_files, yet WordPress lets it upload`
      )
      expect(filePosts()).toHaveLength(2)
      expect(mediaOutput(run).map(m => m.status)).toEqual(['uploaded', 'uploaded'])
    }
  )

  it('a dry run sends the empty upload once, for the rights and the write path alike', async () => {
    kit.sandbox.configure({ wordpress: { role: 'contributor', uploadGrant: 'filter' } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(mediaPosts().map(r => r.bodyBytes)).toEqual([0])
    expect(mediaOutput(run).map(m => m.status)).toEqual(['would-upload'])
  })
})

describe('refusals', () => {
  it('a refused type is sent once and the other files go on', async () => {
    await files({ 'img/a.exe': 'MZ', 'img/b.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(2)
    const [refused] = mediaOutput(run)
    expect(refused).toMatchObject({ file: 'img/a.exe', status: 'failed', attempts: 1 })
    expect(errorMessages(run)).toContain('does not accept this file type (extension ".exe"')
    expect(mediaOutput(run)[1]!.status).toBe('uploaded')
  })

  it('an unwritable uploads folder stops the run after one file', async () => {
    kit.sandbox.configure({ wordpress: { uploadsUnwritable: true } })
    await files({ 'img/a.gif': GIF, 'img/b.gif': GIF, 'img/c.gif': GIF })
    const run = await upload({ concurrency: '1' })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(1)
    expect(mediaOutput(run).map(m => m.status)).toEqual([
      'failed',
      'not-attempted',
      'not-attempted'
    ])
    expect(errorMessages(run)).toContain('write permission on wp-content/uploads')
  })

  it.each([
    // Who refused, in the lead's words.
    [
      'the origin web server',
      { wordpress: { bodyLimit: 3.5 * MIB } },
      'origin server',
      'the web server in front of WordPress (nginx/1.22.1)'
    ],
    [
      'the CDN',
      { cdn: { bodyLimit: 3.5 * MIB, passPosts: 100 } },
      'CDN',
      'Hostinger CDN (the CDN in front of WordPress)'
    ]
  ])(
    'a 413 from %s names the layer; the body is not sent, nor any larger file',
    async (_, options, layer, who) => {
      kit.sandbox.configure(options)
      await files({
        'img/a-3mib.gif': sized(3 * MIB),
        'img/b-4mib.gif': sized(4 * MIB),
        'img/c-5mib.gif': sized(5 * MIB),
        'img/d-small.gif': GIF
      })
      // One at a time: the 413 is learnt before the larger files start.
      const run = await upload({ concurrency: '1' })
      expect(run.exitCode).toBe(1)
      const posts = mediaPosts()
      expect(posts.map(r => [r.status, r.headers.expect, r.bodyBytes])).toEqual([
        [201, '100-continue', 3 * MIB],
        [413, '100-continue', 0],
        [201, undefined, GIF.length]
      ])
      expect(mediaOutput(run).map(m => [m.file, m.status, m.attempts])).toEqual([
        ['img/a-3mib.gif', 'uploaded', 1],
        ['img/b-4mib.gif', layer === 'CDN' ? 'blocked' : 'failed', 1],
        ['img/c-5mib.gif', layer === 'CDN' ? 'blocked' : 'failed', 0],
        ['img/d-small.gif', 'uploaded', 1]
      ])
      const error = errorMessages(run)
      expect(error).toContain(`too large: 4.0\u00a0MiB refused with HTTP 413 by ${who}`)
      expect(error).toContain(
        `not sent: at least as large as img/b-4mib.gif (4.0\u00a0MiB), which ${who} refused with HTTP 413`
      )
      expect(error).toContain(layer === 'CDN' ? 'body size limit' : 'client_max_body_size')
      // In the table, each said once: the size, the status, who refused; nobody answered for c.
      const table = summaryAsText(run.summary)
      expect(table).toMatch(
        new RegExp(
          `img/b-4mib\\.gif \\| 4\\.0\\sMiB \\| [^|]+ \\(HTTP 413\\): too large \\| ${who.charAt(0).toUpperCase()}${who.slice(1).replace(/[()./]/g, '\\$&')} \\|`
        )
      )
      expect(table).toMatch(
        /img\/c-5mib\.gif \| 5\.0\sMiB \| (?:❌ failed|⛔ blocked): not sent: at least as large as img\/b-4mib\.gif [^|]+ \| — \|/
      )
    }
  )
})

describe('a lost answer is settled by the look-up', () => {
  it('stored before the reset: found by its content key, not POSTed again', async () => {
    kit.sandbox.configure({ wordpress: { resetAfterStore: 1 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(mediaPosts()).toHaveLength(1)
    expect(kit.sandbox.media).toHaveLength(1)
    expect(mediaOutput(run)[0]).toMatchObject({ id: 4, status: 'uploaded', attempts: 1 })
  })

  it('not stored: sent again once', async () => {
    kit.sandbox.configure({ wordpress: { resetBeforeStore: 1 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({}, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(mediaPosts()).toHaveLength(2)
    expect(kit.sandbox.media).toHaveLength(1)
    expect(mediaOutput(run)[0]).toMatchObject({ id: 4, status: 'uploaded', attempts: 2 })
  })

  it('a 200 {} after the file was stored: found by its content key, not POSTed again', async () => {
    kit.sandbox.configure({ wordpress: { okWithoutIdAfterStore: 1 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(mediaPosts().map(r => r.status)).toEqual([200])
    expect(kit.sandbox.media).toHaveLength(1)
    expect(mediaOutput(run)[0]).toMatchObject({ id: 4, status: 'uploaded', attempts: 1 })
  })

  it('with skip-existing: false it is reported as may-have-been-stored, never sent again', async () => {
    kit.sandbox.configure({ wordpress: { resetAfterStore: 1 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({ 'skip-existing': 'false' })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(1)
    expect(errorMessages(run)).toContain('it may have been stored')
  })
})
