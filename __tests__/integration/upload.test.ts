import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { GIF, png } from '../../test-support/images.js'
import {
  annotationTitles,
  errorMessages,
  mediaOutput,
  warningMessages
} from '../../test-support/run-action.js'
import { useSandbox, WP_PASSWORD, WP_USER } from '../../test-support/sandbox-kit.js'
import { summaryAsText } from '../../test-support/summary-text.js'

const kit = useSandbox()
const { files, upload, inProcess } = kit

const mediaPosts = () =>
  kit.sandbox.requests.filter(
    r => r.method === 'POST' && new URL(r.path, 'http://x').pathname.endsWith('/media')
  )

describe('upload mode: the happy path', () => {
  it('uploads every file with the right headers and reports each', async () => {
    const red = png(3, 2, [255, 0, 0])
    await files({ 'img/a.png': red, 'img/b.gif': GIF, 'img/c.pdf': '%PDF-1.4\n%…' })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'uploaded-count': '3',
      'failed-count': '0',
      diagnosis: 'origin'
    })
    expect(mediaOutput(run)).toEqual([
      {
        file: 'img/a.png',
        id: 4,
        url: `${kit.sandbox.url}/uploads/a.png`,
        status: 'uploaded',
        attempts: 1,
        sizes: 'complete',
        sizesBy: 'wordpress',
        post: null
      },
      {
        file: 'img/b.gif',
        id: 5,
        url: `${kit.sandbox.url}/uploads/b.gif`,
        status: 'uploaded',
        attempts: 1,
        sizes: 'complete',
        sizesBy: 'wordpress',
        post: null
      },
      {
        file: 'img/c.pdf',
        id: 6,
        url: `${kit.sandbox.url}/uploads/c.pdf`,
        status: 'uploaded',
        attempts: 1,
        sizes: 'complete',
        sizesBy: null,
        post: null
      }
    ])
    expect(kit.sandbox.media.map(item => [item.fileName, item.mimeType])).toEqual([
      ['a.png', 'image/png'],
      ['b.gif', 'image/gif'],
      ['c.pdf', 'application/pdf']
    ])
    expect(kit.sandbox.media[0]!.bytes).toEqual(red)
    const [first] = mediaPosts()
    expect(first!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${WP_USER}:${WP_PASSWORD}`).toString('base64')}`,
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="a.png"',
      'content-length': String(red.length)
    })
    // The server announces no WordPress REST API: asked without credentials, then the default.
    const discovery = kit.sandbox.requests.slice(0, 3)
    expect(discovery.map(r => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'HEAD / 404',
      'GET /wp-json/?_fields=namespaces 404',
      'GET /index.php?rest_route=%2F&_fields=namespaces 404'
    ])
    expect(discovery.every(r => r.headers.authorization === undefined)).toBe(true)
    expect(kit.sandbox.requests[3]!.path).toBe('/cms-json/cms/v2/settings')
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('3 of 3 files uploaded')
    // The three say the same: one row, each item linked to its edit page beside its name, in
    // the table every run shows; the media library linked first.
    const item = (id: number) =>
      `<a href="${kit.sandbox.url}/wp-admin/post.php?post=${id}&amp;action=edit">#${id}</a>`
    expect(run.summary).toContain(
      `<table><tr><th>File</th><th>Size</th><th>Status</th><th>Answered\u00a0by</th></tr><tr><td><code>img/a.png</code>\u00a0${item(4)}<br><code>img/b.gif</code>\u00a0${item(5)}<br><code>img/c.pdf</code>\u00a0${item(6)}</td>`
    )
    expect(run.summary).toContain('<td>✅ uploaded (HTTP 201)</td><td>WordPress</td></tr></table>')
    expect(run.summary).toContain(
      `<a href="${kit.sandbox.url}/wp-admin/upload.php">open the media library</a>`
    )
    expect(summary).not.toContain('Diagnosis')
    // WordPress's own thumbnail of each image, linked to its file.
    expect(run.summary).toContain(
      `<a href="${kit.sandbox.url}/uploads/a.png"><img src="${kit.sandbox.url}/uploads/a-150x150.png" alt="a.png" width="96" height="96"></a>`
    )
  })

  it('gives WordPress sane names for awkward file names', async () => {
    await files({
      'img/my logo.gif': GIF,
      'img/Café “menu”.gif': GIF,
      'img/a"b;c.gif': GIF,
      'img/日本.gif': GIF
    })
    const run = await upload({ 'api-path': '/wp-json/wp/v2' })
    expect(run.exitCode).toBe(0)
    expect(kit.sandbox.media.map(item => item.fileName).sort()).toEqual([
      'Cafe-_menu_.gif',
      'a_b_c.gif',
      'file.gif',
      'my-logo.gif'
    ])
  })

  it('waits out a 429 with Retry-After and uploads', async () => {
    kit.sandbox.configure({ wordpress: { rateLimit429: 1 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({}, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({ status: 'uploaded', attempts: 2 })
    // The second attempt came after the second the server asked for.
    expect(run.pauses).toEqual([1000])
  })
})

describe('upload mode: a CDN that starts blocking', () => {
  it('tries the blocked file max-attempts times, sends no more, and accounts for every file', async () => {
    kit.sandbox.configure({ cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 2 } })
    await files({
      'img/1.gif': GIF,
      'img/2.gif': GIF,
      'img/3.gif': GIF,
      'img/4.gif': GIF,
      'img/5.gif': GIF
    })
    // One at a time, so that which file meets the block is known.
    const run = await upload({ 'max-attempts': '2', concurrency: '1' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(mediaOutput(run).map(m => [m.file, m.status, m.attempts])).toEqual([
      ['img/1.gif', 'uploaded', 1],
      ['img/2.gif', 'uploaded', 1],
      ['img/3.gif', 'blocked', 2],
      ['img/4.gif', 'not-attempted', 0],
      ['img/5.gif', 'not-attempted', 0]
    ])
    expect(mediaPosts().map(r => r.answeredBy)).toEqual(['origin', 'origin', 'cdn', 'cdn'])
    expect(kit.sandbox.media).toHaveLength(2)
    expect(run.outputs).toMatchObject({
      'uploaded-count': '2',
      'failed-count': '3',
      diagnosis: 'cdn',
      'edge-node': 'edge-ams-3'
    })
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('2 of 5 uploaded, 1 blocked, 2 not attempted')
    expect(summary).toMatch(/Diagnosis[\s\S]*CDN[\s\S]*edge-ams-3/)
    expect(summary).toContain('Disable the CDN')
    // The path: who answered, and what DNS says (nothing, for an address).
    expect(summary).toContain(`answered from ${new URL(kit.sandbox.url).host}`)
    expect(summary).toContain(
      'base-url names an IP address: no DNS lookup stands between the CDN and this runner'
    )
    expect(summary).toContain('base-url names an IP address, which no DNS change moves')
    expect(summary).toContain('allow POST on /cms-json/cms/v2/*')
    expect(summary).toContain('credentials are not the cause')
    expect(errorMessages(run)).toContain('img/3.gif: blocked')
    expect(errorMessages(run)).toContain('What to do: Disable the CDN')
    // The diagnosis leads; the files' table follows.
    expect(run.summary.indexOf('What to do')).toBeLessThan(run.summary.indexOf('<table>'))
    // The lead names the CDN, not WordPress, as who refused the upload.
    const host = new URL(kit.sandbox.url).host
    const lead = `Hostinger CDN (the CDN in front of ${host}) refused the upload: HTTP 405 (405 Not Allowed); it never reached WordPress.`
    expect(summary.split('\n')[1]?.startsWith(`${lead} 2 of 5 files are`)).toBe(true)
    expect(errorMessages(run).split('\n')[0]).toBe(lead)
    expect(annotationTitles(run)).toEqual([
      `Upload blocked by Hostinger CDN (the CDN in front of ${host}), edge-ams-3`
    ])
  })

  it('still diagnoses the origin when a CDN passes a 401 through', async () => {
    kit.sandbox.configure({ cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 100 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({
      'app-password': 'wrong pass word',
      preflight: 'false',
      'skip-existing': 'false'
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('origin')
    expect(mediaPosts()).toHaveLength(1)
  })
})

describe('upload mode: the roles the README recommends', () => {
  it.each(['editor', 'author'] as const)(
    'an %s, who may not read settings, uploads with no warning',
    async role => {
      kit.sandbox.configure({ wordpress: { role } })
      await files({ 'img/a.gif': GIF })
      const run = await upload()
      expect(run.exitCode).toBe(0)
      expect(mediaOutput(run).map(m => m.status)).toEqual(['uploaded'])
      // WordPress answers the settings only to an administrator.
      const settings = kit.sandbox.requests.find(r => r.path.endsWith('/settings'))
      expect(settings?.status).toBe(403)
      expect(warningMessages(run)).toEqual([])
      expect(summaryAsText(run.summary)).not.toContain('⚠️')
    }
  )
})

describe('upload mode: failures at the origin', () => {
  it('names WordPress as who refused, when WordPress answers the upload with 403', async () => {
    kit.sandbox.configure({ wordpress: { uploadRevoked: true } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({ 'skip-existing': 'false' })
    expect(run.exitCode).toBe(1)
    const lead =
      'WordPress refused the upload: HTTP 403 (Sorry, you are not allowed to create posts as this user).'
    expect(summaryAsText(run.summary).split('\n')[1]?.startsWith(`${lead} `)).toBe(true)
    expect(errorMessages(run).split('\n')[0]).toBe(lead)
    expect(annotationTitles(run)).toContain('1 file not uploaded: answered by WordPress')
  })

  it('stops at a failed preflight for wrong credentials and sends no file', async () => {
    await files({ 'img/a.gif': GIF, 'img/b.gif': GIF })
    const run = await upload({ 'app-password': 'not the password' })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(0)
    expect(mediaOutput(run).map(m => m.status)).toEqual(['not-attempted', 'not-attempted'])
    expect(run.outputs).toMatchObject({
      'uploaded-count': '0',
      'failed-count': '2',
      diagnosis: 'origin'
    })
    expect(errorMessages(run)).toMatch(/Preflight GET .*\/settings failed with HTTP 401/)
    expect(errorMessages(run)).toMatch(
      /\nWhat to do: WordPress received the credentials and rejected them/
    )
    expect(summaryAsText(run.summary)).toMatch(/application password/i)
  })

  it('refuses to send more after a 401 without preflight, with no retry', async () => {
    await files({ 'img/a.gif': GIF, 'img/b.gif': GIF })
    const run = await upload({
      'app-password': 'not the password',
      preflight: 'false',
      'skip-existing': 'false',
      concurrency: '1'
    })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(1)
    expect(mediaOutput(run).map(m => [m.status, m.attempts])).toEqual([
      ['failed', 1],
      ['not-attempted', 0]
    ])
  })

  it('explains a 404: REST API off or a wrong api-path', async () => {
    kit.sandbox.configure({ wordpress: { restDisabled: true } })
    await files({ 'img/a.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('failed with HTTP 404')
    expect(summaryAsText(run.summary)).toMatch(/api-path/)
    expect(mediaPosts()).toHaveLength(0)
  })

  it('reports a file type the server refuses, and uploads the others', async () => {
    await files({ 'img/a.gif': GIF, 'img/firmware.bin': 'MZ…', 'img/z.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(1)
    expect(mediaOutput(run).map(m => [m.file, m.status, m.attempts])).toEqual([
      ['img/a.gif', 'uploaded', 1],
      ['img/firmware.bin', 'failed', 1],
      ['img/z.gif', 'uploaded', 1]
    ])
    expect(
      mediaPosts().find(r => r.headers['content-disposition']?.includes('firmware.bin'))!.headers[
        'content-type'
      ]
    ).toBe('application/octet-stream')
    expect(summaryAsText(run.summary)).toContain('not allowed to upload this file type')
  })
})

describe('upload mode: bad inputs send nothing', () => {
  it('names the patterns that matched nothing', async () => {
    const run = await inProcess.upload({ files: 'img/*.png\nother/**/*.jpg' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Input "files" expected glob patterns that match at least one file, but none matched'
    )
    expect(errorMessages(run)).toContain('"img/*.png", "other/**/*.jpg"')
    expect(kit.sandbox.requests).toHaveLength(0)
  })

  it.each([
    [{ username: '' }, 'Input "username" is required'],
    [{ 'app-password': '' }, 'Input "app-password" is required'],
    [{ preflight: 'maybe' }, 'Input "preflight" expected true or false, got "maybe"'],
    [{ 'base-url': 'http://www.example.com' }, 'Input "base-url" expected an https:// URL']
  ])('%o', async (inputs, message) => {
    await files({ 'img/a.gif': GIF })
    const run = await inProcess.upload(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(message)
    expect(summaryAsText(run.summary)).toContain(message)
    expect(kit.sandbox.requests).toHaveLength(0)
  })
})

describe('upload mode: secrets', () => {
  it('masks the password, its spaceless form and the Basic value, and prints them nowhere else', async () => {
    await files({ 'img/a.gif': GIF })
    const run = await upload({ 'app-password': 'wxyz wxyz wxyz' })
    const secrets = [
      'wxyz wxyz wxyz',
      'wxyzwxyzwxyz',
      Buffer.from(`${WP_USER}:wxyz wxyz wxyz`).toString('base64')
    ]
    let stdout = run.stdout
    for (const secret of secrets) {
      expect(stdout).toContain(`::add-mask::${secret}`)
      stdout = stdout.replace(`::add-mask::${secret}`, '')
    }
    for (const text of [stdout, run.stderr, run.summary, JSON.stringify(run.outputs)]) {
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
  })
})

describe('upload mode: re-runs never duplicate', () => {
  const four = {
    'img/banner.gif': GIF,
    'img/hero image.gif': png(2, 2, [1, 2, 3]),
    'img/icon.gif': png(3, 3, [4, 5, 6]),
    'img/logo.gif': png(4, 4, [7, 8, 9])
  }

  it('after a CDN block, the re-run sends only what did not make it; a third run sends nothing', async () => {
    await files(four)
    kit.sandbox.configure({ cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 2 } })
    const first = await upload({ 'max-attempts': '1', concurrency: '1' })
    expect(first.exitCode).toBe(1)
    expect(mediaOutput(first).map(m => m.status)).toEqual([
      'uploaded',
      'uploaded',
      'blocked',
      'not-attempted'
    ])
    // Who refused is said once in the row, in the lead's words; the log says it its own way.
    expect(first.summary).toContain(
      '<td>⛔ blocked (HTTP 405)</td><td>Hostinger CDN (the CDN in front of WordPress)</td></tr>'
    )
    expect(first.summary).not.toContain('refused by the CDN')
    expect(first.stdout).toContain('refused by the CDN')

    // The user disables the CDN and re-runs the job.
    kit.sandbox.configure({ cdn: false })
    const postsBefore = mediaPosts().length
    const second = await upload()
    expect(second.exitCode).toBe(0)
    expect(mediaPosts().length - postsBefore).toBe(2)
    expect(mediaOutput(second).map(m => [m.file, m.status])).toEqual([
      ['img/banner.gif', 'existing'],
      ['img/hero image.gif', 'existing'],
      ['img/icon.gif', 'uploaded'],
      ['img/logo.gif', 'uploaded']
    ])
    expect(second.outputs).toMatchObject({
      'uploaded-count': '2',
      'existing-count': '2',
      'failed-count': '0'
    })
    expect(mediaOutput(second)[0]).toMatchObject({ id: mediaOutput(first)[0]!.id, attempts: 0 })
    expect(summaryAsText(second.summary)).toContain(
      '4 of 4 files in the library: 2 uploaded, 2 existing'
    )
    // An existing image is shown by WordPress's thumbnail, which the look-up's media_details
    // names, linked to its own file: the summary loads no full-size picture.
    expect(second.summary).toContain(
      `<a href="${kit.sandbox.url}/uploads/banner.gif"><img src="${kit.sandbox.url}/uploads/banner-150x150.gif" alt="banner.gif" width="96" height="96"></a>`
    )
    // The status in words; nobody was asked for a file not sent.
    expect(summaryAsText(second.summary)).toMatch(
      /img\/banner\.gif\s#\d+\n\s+img\/hero image\.gif\s#\d+ \| [^|]+ \| ♻️ already in the library \| — \|/
    )

    // The library holds each file once: no "-2" slug, no "-1" file name.
    expect(kit.sandbox.media).toHaveLength(4)
    expect(kit.sandbox.media.map(item => item.slug).join()).not.toMatch(/-2\b/)
    expect(kit.sandbox.media.map(item => item.fileName).join()).not.toMatch(/-1\./)

    const postsThen = mediaPosts().length
    const third = await upload()
    expect(third.exitCode).toBe(0)
    expect(mediaPosts().length).toBe(postsThen)
    expect(third.outputs).toMatchObject({ 'uploaded-count': '0', 'existing-count': '4' })
    // One look-up for all four files.
    expect(
      kit.sandbox.requests.filter(r => r.method === 'GET' && r.path.includes('slug=')).length
    ).toBe(3)
  })

  it('sends every file again with skip-existing: false', async () => {
    await files(four)
    expect((await upload()).exitCode).toBe(0)
    const again = await upload({ 'skip-existing': 'false' })
    expect(again.exitCode).toBe(0)
    expect(mediaOutput(again).map(m => m.status)).toEqual([
      'uploaded',
      'uploaded',
      'uploaded',
      'uploaded'
    ])
    expect(kit.sandbox.media).toHaveLength(8)
  })

  it('stores title, alt text and caption with the upload itself', async () => {
    await files({ 'img/chart.gif': GIF })
    const run = await upload({
      title: 'Chart {stem}',
      'alt-text': 'A chart from {path}',
      caption: '{name}',
      description: 'Built from {path}'
    })
    expect(run.exitCode).toBe(0)
    expect(mediaPosts()).toHaveLength(1)
    expect(kit.sandbox.media[0]).toMatchObject({
      title: 'Chart chart',
      altText: 'A chart from img/chart.gif',
      caption: 'chart.gif',
      description: 'Built from img/chart.gif',
      slug: expect.stringMatching(/^chart-[0-9a-f]{12}$/) as string
    })
  })

  it('refuses an unknown placeholder before any request', async () => {
    await files({ 'img/chart.gif': GIF })
    const run = await inProcess.upload({ title: '{date}' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Input "title" expected placeholders among {name}, {stem}, {path}, got {date}.'
    )
    expect(kit.sandbox.requests).toHaveLength(0)
  })
})

describe('upload mode: several files at once', () => {
  it('uploads 12 files 4 at a time, every one stored, reported in natural order', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `img/p${i + 1}.gif`)
    await files(Object.fromEntries(names.map((name, i) => [name, png(i + 1, 1, [i, i, i])])))
    const run = await upload({ concurrency: '4' })
    expect(run.exitCode).toBe(0)
    const media = mediaOutput(run)
    expect(media.map(m => m.file)).toEqual(names)
    expect(media.every(m => m.status === 'uploaded' && m.attempts === 1)).toBe(true)
    expect(new Set(media.map(m => m.id)).size).toBe(12)
    for (const entry of media) {
      const stored = kit.sandbox.media.find(item => item.id === entry.id)!
      expect(stored.bytes?.equals(await readFile(path.join(kit.workspace, entry.file)))).toBe(true)
    }
  })
})

describe('concurrency: auto', () => {
  it('finds the level a host capped at 2 takes: every file stored once, at most two 508s', async () => {
    // Each answer is held a while, so that uploads started together are in flight together.
    kit.sandbox.configure({ wordpress: { workerCap: 2, uploadDelayMs: 150 } })
    const names = Array.from({ length: 10 }, (_, i) => `img/${String(i).padStart(2, '0')}.png`)
    await files(Object.fromEntries(names.map((name, i) => [name, png(i + 1, 1, [i, 0, 0])])))
    const run = await upload({ concurrency: 'auto' }, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run).map(m => m.status)).toEqual(names.map(() => 'uploaded'))
    expect(kit.sandbox.media).toHaveLength(10)
    const refused = mediaPosts().filter(r => r.status === 508)
    expect(refused.length).toBeLessThanOrEqual(2)
    const changes = run.stdout.split('\n').filter(line => line.startsWith('Concurrency '))
    expect(changes.slice(0, 2)).toEqual([
      'Concurrency 1 → 2: the first file stored.',
      'Concurrency 2 → 3: 2 answers clean and fast.'
    ])
    // Above the cap, the host's 508 halves the level, and 3 is not tried again.
    if (refused.length > 0) {
      expect(changes).toContain('Concurrency 3 → 1: HTTP 508; at most 2 from now on.')
      expect(changes.filter(line => / → 3:/.test(line))).toHaveLength(1)
    }
    expect(summaryAsText(run.summary)).toMatch(/At once: up to [23] \(concurrency: auto/)
  })

  it('keeps a fixed level as given: never more in flight than the number', async () => {
    kit.sandbox.configure({ wordpress: { workerCap: 1, uploadDelayMs: 50 } })
    await files({ 'img/a.gif': GIF, 'img/b.gif': GIF, 'img/c.gif': GIF })
    const run = await upload({ concurrency: '1' })
    expect(run.exitCode).toBe(0)
    expect(mediaPosts().map(r => r.status)).toEqual([201, 201, 201])
    expect(run.stdout).not.toMatch(/^Concurrency /m)
    expect(summaryAsText(run.summary)).not.toContain('At once')
  })
})
