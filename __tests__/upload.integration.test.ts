import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../sandbox/server.js'
import { GIF, png } from '../test-support/images.js'
import { errorMessages, mediaOutput, runAction } from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'

const USER = 'demo'
const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'

let sandbox: Sandbox
let workspace: string

beforeAll(async () => {
  sandbox = await startSandbox()
})
beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'upload-'))
})
afterEach(async () => {
  sandbox.reset()
  await rm(workspace, { recursive: true, force: true })
})
afterAll(() => sandbox.close())

async function files(entries: Record<string, Buffer | string>): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(workspace, name)), { recursive: true })
    await writeFile(path.join(workspace, name), content)
  }
}

function upload(inputs: Record<string, string> = {}) {
  return runAction({
    source: true,
    inputs: {
      mode: 'upload',
      'base-url': sandbox.url,
      files: 'img/*',
      username: USER,
      'app-password': PASSWORD,
      ...inputs
    },
    cwd: workspace
  })
}

const mediaPosts = () =>
  sandbox.requests.filter(r => r.method === 'POST' && r.path.endsWith('/media'))

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
        url: `${sandbox.url}/uploads/a.png`,
        status: 'uploaded',
        attempts: 1
      },
      {
        file: 'img/b.gif',
        id: 5,
        url: `${sandbox.url}/uploads/b.gif`,
        status: 'uploaded',
        attempts: 1
      },
      {
        file: 'img/c.pdf',
        id: 6,
        url: `${sandbox.url}/uploads/c.pdf`,
        status: 'uploaded',
        attempts: 1
      }
    ])
    expect(sandbox.media.map(item => [item.fileName, item.mimeType])).toEqual([
      ['a.png', 'image/png'],
      ['b.gif', 'image/gif'],
      ['c.pdf', 'application/pdf']
    ])
    expect(sandbox.media[0]!.bytes).toEqual(red)
    const [first] = mediaPosts()
    expect(first!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`,
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="a.png"',
      'content-length': String(red.length)
    })
    expect(sandbox.requests[0]!.path).toBe('/cms-json/cms/v2/settings')
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('3 of 3 file(s) uploaded')
    expect(summary).toContain(
      `img/a.png | ${red.length} B | ✅ uploaded (HTTP 201) | 1 | #4 | origin server`
    )
    expect(summary).not.toContain('Diagnosis')
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
    expect(sandbox.media.map(item => item.fileName).sort()).toEqual([
      'Cafe-_menu_.gif',
      'a_b_c.gif',
      'file.gif',
      'my-logo.gif'
    ])
  })

  it('waits out a 429 with Retry-After and uploads', async () => {
    sandbox.configure({ wordpress: { rateLimit429: 1 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run)[0]).toMatchObject({ status: 'uploaded', attempts: 2 })
  })
})

describe('upload mode: a CDN that starts blocking', () => {
  it('tries the blocked file max-attempts times, sends no more, and accounts for every file', async () => {
    sandbox.configure({ cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 2 } })
    await files({
      'img/1.gif': GIF,
      'img/2.gif': GIF,
      'img/3.gif': GIF,
      'img/4.gif': GIF,
      'img/5.gif': GIF
    })
    const run = await upload({ 'max-attempts': '2' })
    expect(run.exitCode).toBe(1)
    expect(mediaOutput(run).map(m => [m.file, m.status, m.attempts])).toEqual([
      ['img/1.gif', 'uploaded', 1],
      ['img/2.gif', 'uploaded', 1],
      ['img/3.gif', 'blocked', 2],
      ['img/4.gif', 'not-attempted', 0],
      ['img/5.gif', 'not-attempted', 0]
    ])
    expect(mediaPosts().map(r => r.answeredBy)).toEqual(['origin', 'origin', 'cdn', 'cdn'])
    expect(sandbox.media).toHaveLength(2)
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
    expect(summary).toContain('DNS caches')
    expect(summary).toContain('allow POST on /cms-json/cms/v2/*')
    expect(summary).toContain('credentials are not the cause')
    expect(errorMessages(run)).toContain('img/3.gif: blocked')
  })

  it('still diagnoses the origin when a CDN passes a 401 through', async () => {
    sandbox.configure({ cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 100 } })
    await files({ 'img/a.gif': GIF })
    const run = await upload({ 'app-password': 'wrong pass word', preflight: 'false' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('origin')
    expect(mediaPosts()).toHaveLength(1)
  })
})

describe('upload mode: failures at the origin', () => {
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
    expect(summaryAsText(run.summary)).toMatch(/application password/i)
  })

  it('refuses to send more after a 401 without preflight, with no retry', async () => {
    await files({ 'img/a.gif': GIF, 'img/b.gif': GIF })
    const run = await upload({ 'app-password': 'not the password', preflight: 'false' })
    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(1)
    expect(mediaOutput(run).map(m => [m.status, m.attempts])).toEqual([
      ['failed', 1],
      ['not-attempted', 0]
    ])
  })

  it('explains a 404: REST API off or a wrong api-path', async () => {
    sandbox.configure({ wordpress: { restDisabled: true } })
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
    const run = await upload({ files: 'img/*.png\nother/**/*.jpg' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Input "files" expected glob patterns that match at least one file, but none matched'
    )
    expect(errorMessages(run)).toContain('"img/*.png", "other/**/*.jpg"')
    expect(sandbox.requests).toHaveLength(0)
  })

  it.each([
    [{ username: '' }, 'Input "username" is required'],
    [{ 'app-password': '' }, 'Input "app-password" is required'],
    [{ preflight: 'maybe' }, 'Input "preflight" expected true or false, got "maybe"'],
    [{ 'base-url': 'http://www.example.com' }, 'Input "base-url" expected an https:// URL']
  ])('%o', async (inputs, message) => {
    await files({ 'img/a.gif': GIF })
    const run = await upload(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(message)
    expect(summaryAsText(run.summary)).toContain(message)
    expect(sandbox.requests).toHaveLength(0)
  })
})

describe('upload mode: secrets', () => {
  it('masks the password, its spaceless form and the Basic value, and prints them nowhere else', async () => {
    await files({ 'img/a.gif': GIF })
    const run = await upload({ 'app-password': 'wxyz wxyz wxyz' })
    const secrets = [
      'wxyz wxyz wxyz',
      'wxyzwxyzwxyz',
      Buffer.from(`${USER}:wxyz wxyz wxyz`).toString('base64')
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
