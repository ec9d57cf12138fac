// The bundled action, run as the Actions runner runs it, against a real WordPress and a real nginx
// acting as the CDN. Results are checked in WordPress itself, not only in the action's outputs.
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  annotationTitles,
  errorMessages,
  mediaOutput,
  runAction,
  startAction,
  type ActionRun
} from '../test-support/run-action.js'
import { startSandbox } from '../sandbox/server.js'
import { summaryAsText } from '../test-support/summary-text.js'
import {
  basicAuth,
  fixturePath,
  followAccessLog,
  loadStackEnv,
  mediaCount,
  resetCdn,
  setCdnFlag,
  setPermalinks,
  wordpressAtLeast,
  type StackEnv
} from './stack-env.js'

let env: StackEnv
let workspace: string

beforeAll(() => {
  env = loadStackEnv()
})
beforeEach(async () => {
  resetCdn()
  workspace = await mkdtemp(path.join(tmpdir(), 'e2e-action-'))
})
afterEach(async () => {
  setCdnFlag('block-api-posts', false)
  setCdnFlag('block-posts', false)
  await rm(workspace, { recursive: true, force: true })
})

/** Copies fixtures into the workspace under the given names. */
async function stage(files: Record<string, string>): Promise<void> {
  for (const [name, fixture] of Object.entries(files)) {
    await copyFile(fixturePath(fixture, env), path.join(workspace, name))
  }
}

function upload(baseUrl: string, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    inputs: {
      mode: 'upload',
      'base-url': baseUrl,
      files: '*',
      username: env.WP_USER,
      'app-password': env.WP_APP_PASSWORD,
      // One file at a time unless a test says otherwise: the order of requests is then known.
      concurrency: '1',
      ...inputs
    },
    cwd: workspace,
    timeoutMs: 110_000
  })
}

interface WordPressItem {
  status: number
  source_url?: string
  missing_image_sizes?: string[]
  media_details?: { sizes: object }
}

async function wordpressMedia(id: number): Promise<WordPressItem> {
  const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}/${id}?context=edit`, {
    headers: { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) }
  })
  const body = (await response.json()) as Omit<WordPressItem, 'status'>
  return { ...body, status: response.status }
}

describe('upload straight to the origin', () => {
  it('stores every image; WordPress has each one, byte for byte', async () => {
    const images = {
      'photo.jpg': 'photo.jpg',
      'photo.png': 'photo.png',
      'photo.gif': 'photo.gif',
      'photo.webp': 'photo.webp'
    }
    await stage(images)
    const before = await mediaCount(env)
    const run = await upload(env.ORIGIN_URL)
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'uploaded-count': '4',
      'failed-count': '0',
      diagnosis: 'origin'
    })
    const entries = mediaOutput(run)
    expect(entries.map(e => [e.file, e.status, e.attempts])).toEqual(
      Object.keys(images)
        .sort()
        .map(name => [name, 'uploaded', 1])
    )
    for (const entry of entries) {
      const stored = await wordpressMedia(entry.id!)
      expect(stored.status).toBe(200)
      expect(stored.source_url).toBe(entry.url)
      const served = Buffer.from(await (await fetch(entry.url!)).arrayBuffer())
      expect(served.equals(await readFile(path.join(workspace, entry.file)))).toBe(true)
    }
    expect(await mediaCount(env)).toBe(before + 4)
  })

  it('gives awkward file names sane names in WordPress', async () => {
    await stage({
      'my photo.jpg': 'photo.jpg',
      'Café ünï.png': 'photo.png',
      'say "cheese".gif': 'photo.gif',
      'a;b.webp': 'photo.webp'
    })
    const run = await upload(env.ORIGIN_URL)
    expect(run.exitCode).toBe(0)
    const names = mediaOutput(run).map(entry => path.basename(new URL(entry.url!).pathname))
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9._-]+$/)
    expect(names.map(name => name.replace(/-\d+(?=\.\w+$)/, ''))).toEqual([
      'Cafe-uni.png',
      'a_b.webp',
      'my-photo.jpg',
      'say-_cheese_.gif'
    ])
  })

  it('diagnoses a wrong application password as the origin, with no retry', async () => {
    await stage({ 'photo.jpg': 'photo.jpg', 'photo.png': 'photo.png' })
    const log = followAccessLog(env.ORIGIN_ACCESS_LOG)
    // WordPress answers a listing to a wrong application password as to anyone: only the upload
    // itself is refused, so the look-up is left out to reach it.
    const run = await upload(env.ORIGIN_URL, {
      'app-password': env.WP_WRONG_APP_PASSWORD,
      preflight: 'false',
      'skip-existing': 'false',
      concurrency: '1'
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('origin')
    expect(mediaOutput(run).map(e => [e.status, e.attempts])).toEqual([
      ['failed', 1],
      ['not-attempted', 0]
    ])
    const posts = (await log.take(1)).filter(entry => entry.method === 'POST')
    expect(posts.map(entry => entry.status)).toEqual([401])
    expect(summaryAsText(run.summary)).toMatch(/application password/i)
  })
})

describe('a user who may not upload', () => {
  it('passes the preflight without a warning, and is refused before any upload', async () => {
    await stage({ 'photo.jpg': 'photo.jpg', 'photo.png': 'photo.png' })
    const before = await mediaCount(env)
    // These photos are in the library already: without skip-existing: false, nothing is sent.
    const run = await upload(env.ORIGIN_URL, {
      username: env.WP_SUBSCRIBER_USER,
      'app-password': env.WP_SUBSCRIBER_APP_PASSWORD,
      'skip-existing': 'false'
    })
    expect(run.exitCode).toBe(1)
    // WordPress answers the settings to administrators only: its 403 shows the credentials passed.
    expect(run.stdout).toMatch(
      /Preflight GET \S+\/settings: the REST API answered and accepted the credentials/
    )
    expect(run.stdout).not.toContain('::warning')
    // users/me lists no upload_files, and WordPress refuses an empty upload: no file is sent.
    expect(mediaOutput(run).map(e => [e.status, e.attempts])).toEqual([
      ['not-attempted', 0],
      ['not-attempted', 0]
    ])
    expect(run.stdout).toContain(
      'The user has role subscriber, and its capabilities do not list upload_files; WordPress refused it an empty upload (HTTP 403 rest_cannot_create)'
    )
    expect(run.outputs.diagnosis).toBe('origin')
    expect(await mediaCount(env)).toBe(before)
  })
})

describe('finding the REST API without api-path', () => {
  it('with pretty permalinks: announced by the home page, then /wp-json/wp/v2', async () => {
    await stage({ 'found.jpg': 'photo.jpg' })
    const log = followAccessLog(env.ORIGIN_ACCESS_LOG)
    const run = await upload(env.ORIGIN_URL)
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(
      'REST API: /wp-json/wp/v2 (announced by WordPress (HEAD / → HTTP 200, its Link header)).'
    )
    const [home, settings] = await log.take(2)
    expect(home).toMatchObject({ method: 'HEAD', uri: '/', status: 200 })
    expect(settings).toMatchObject({ method: 'GET', uri: '/wp-json/wp/v2/settings', status: 200 })
  })

  it('without pretty permalinks: every request in the ?rest_route= form, and a re-run finds the file', async () => {
    await stage({ 'plain.png': 'photo.png' })
    setPermalinks('')
    try {
      const before = await mediaCount(env)
      const run = await upload(env.ORIGIN_URL, { title: 'Plain {stem}' })
      expect(run.exitCode).toBe(0)
      expect(run.stdout).toContain('REST API: /index.php?rest_route=/wp/v2 (announced by WordPress')
      const [item] = mediaOutput(run)
      expect(item).toMatchObject({ file: 'plain.png', status: 'uploaded', attempts: 1 })
      expect(await mediaCount(env)).toBe(before + 1)
      const again = await upload(env.ORIGIN_URL, { title: 'Plain {stem}' })
      expect(again.exitCode).toBe(0)
      expect(mediaOutput(again)[0]).toMatchObject({ status: 'existing', id: item!.id })
      expect(await mediaCount(env)).toBe(before + 1)
    } finally {
      setPermalinks('/%postname%/')
    }
  })
})

describe('upload through the CDN', () => {
  it('uploads 2, tries the third exactly 3 times, sends no more, and loses nothing', async () => {
    await stage({
      '1.jpg': 'photo.jpg',
      '2.png': 'photo.png',
      '3.gif': 'photo.gif',
      '4.webp': 'photo.webp',
      '5.jpg': 'photo-2.jpg'
    })
    const before = await mediaCount(env)
    const log = followAccessLog(env.CDN_ACCESS_LOG)
    // One POST a file: sizes made on the runner would be POSTs the CDN counts too (see below).
    const run = await upload(env.CDN_BLOCK_URL, { concurrency: '1', 'image-sizes': 'server' })
    expect(run.exitCode).toBe(1)
    const entries = await log.take(7)
    // Finding the REST API and the preflight pass the CDN: only POSTs are blocked.
    expect(entries.slice(0, 2)).toMatchObject([
      { method: 'HEAD', uri: '/', status: 200 },
      { method: 'GET', uri: '/wp-json/wp/v2/settings', status: 200 }
    ])
    expect(entries[1]!.upstream).not.toBe('')
    const posts = entries.filter(entry => entry.method === 'POST')
    expect(posts.map(entry => [entry.status, entry.upstream === '' ? 'cdn' : 'origin'])).toEqual([
      [201, 'origin'],
      [201, 'origin'],
      [405, 'cdn'],
      [405, 'cdn'],
      [405, 'cdn']
    ])
    expect(mediaOutput(run).map(e => [e.file, e.status, e.attempts])).toEqual([
      ['1.jpg', 'uploaded', 1],
      ['2.png', 'uploaded', 1],
      ['3.gif', 'blocked', 3],
      ['4.webp', 'not-attempted', 0],
      ['5.jpg', 'not-attempted', 0]
    ])
    expect(await mediaCount(env)).toBe(before + 2)
    expect(run.outputs).toMatchObject({
      'uploaded-count': '2',
      'failed-count': '3',
      diagnosis: 'cdn',
      'edge-node': 'edge-e2e-1'
    })
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Preflight: passed')
    expect(summary).toMatch(/Layer: CDN \(Hostinger CDN\) · Edge node: edge-e2e-1/)
    expect(summary).toContain('405 Not Allowed')
  })

  it.runIf(wordpressAtLeast(loadStackEnv(), 7, 1))(
    'sizes made on the runner meet the block: the item is kept, its sizes missing, the CDN named',
    async () => {
      await stage({ 'sized.jpg': 'photo.jpg' })
      resetCdn(1)
      const before = await mediaCount(env)
      const log = followAccessLog(env.CDN_ACCESS_LOG)
      const run = await upload(env.CDN_BLOCK_URL)
      expect(run.exitCode).toBe(0)
      const [entry] = mediaOutput(run)
      expect(entry).toMatchObject({
        status: 'uploaded',
        sizes: 'missing',
        sizesBy: 'runner'
      })
      expect(await mediaCount(env)).toBe(before + 1)
      const posts = (await log.take(8)).filter(e => e.method === 'POST')
      // The upload, then the first size max-attempts times; no other size, no finalize, and no
      // post-process, which the CDN would refuse too.
      expect(
        posts.map(e => [e.uri.replace(/\?.*/, '').replace(/\/\d+\//, '/N/'), e.status])
      ).toEqual([
        ['/wp-json/wp/v2/media', 201],
        ['/wp-json/wp/v2/media/N/sideload', 405],
        ['/wp-json/wp/v2/media/N/sideload', 405],
        ['/wp-json/wp/v2/media/N/sideload', 405]
      ])
      expect(annotationTitles(run)).toContain('Uploaded without its image sizes')
      expect(summaryAsText(run.summary)).toContain('refused by the CDN')

      // The block lifted (room for the sizes' POSTs), the job re-run: the item is found, not
      // sent again, and gets its sizes.
      resetCdn(10)
      const again = await upload(env.CDN_BLOCK_URL)
      expect(again.exitCode).toBe(0)
      expect(mediaOutput(again)[0]).toMatchObject({
        status: 'existing',
        id: entry!.id,
        sizes: 'complete',
        sizesBy: 'runner'
      })
      expect(await mediaCount(env)).toBe(before + 1)
      const item = await wordpressMedia(entry!.id!)
      expect(item.missing_image_sizes).toEqual([])
      expect(Object.keys(item.media_details?.sizes ?? {}).sort()).toEqual([
        'full',
        'medium',
        'thumbnail'
      ])
    }
  )

  it('diagnoses a 401 relayed by a pass-through CDN as the origin', async () => {
    await stage({ 'photo.jpg': 'photo.jpg' })
    const run = await upload(env.CDN_PASS_URL, { 'app-password': env.WP_WRONG_APP_PASSWORD })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('origin')
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(/Layer: origin server \(via Hostinger CDN\)/)
    expect(summary).toContain('failed with HTTP 401')
  })
})

describe('re-runs on the real WordPress never duplicate', () => {
  const images = {
    'rerun-1.jpg': 'photo.jpg',
    'rerun-2.png': 'photo.png',
    'rerun-3.gif': 'photo.gif',
    'rerun-4.webp': 'photo.webp'
  }

  it('after a CDN block, the re-run sends only the missing files; a third run sends none', async () => {
    await stage(images)
    const before = await mediaCount(env)
    const first = await upload(env.CDN_BLOCK_URL, {
      'max-attempts': '1',
      concurrency: '1',
      // One POST a file, as the CDN counts them.
      'image-sizes': 'server'
    })
    expect(first.exitCode).toBe(1)
    expect(mediaOutput(first).map(e => e.status)).toEqual([
      'uploaded',
      'uploaded',
      'blocked',
      'not-attempted'
    ])

    // The block is lifted (the CDN restarted with room for more POSTs), and the job re-run.
    resetCdn()
    const log = followAccessLog(env.CDN_ACCESS_LOG)
    const second = await upload(env.CDN_BLOCK_URL, { 'image-sizes': 'server' })
    expect(second.exitCode).toBe(0)
    const posts = (await log.take(4)).filter(entry => entry.method === 'POST')
    expect(posts.map(entry => entry.status)).toEqual([201, 201])
    expect(mediaOutput(second).map(e => [e.file, e.status])).toEqual([
      ['rerun-1.jpg', 'existing'],
      ['rerun-2.png', 'existing'],
      ['rerun-3.gif', 'uploaded'],
      ['rerun-4.webp', 'uploaded']
    ])
    expect(second.outputs).toMatchObject({ 'uploaded-count': '2', 'existing-count': '2' })
    expect(
      mediaOutput(second)
        .slice(0, 2)
        .map(e => e.id)
    ).toEqual(
      mediaOutput(first)
        .slice(0, 2)
        .map(e => e.id)
    )
    expect(await mediaCount(env)).toBe(before + 4)
    for (const entry of mediaOutput(second)) {
      const stored = await wordpressMedia(entry.id!)
      expect(stored.source_url).toBe(entry.url)
      expect(path.basename(entry.url!)).toMatch(/^rerun-\d\.\w+$/)
    }

    const third = await upload(env.CDN_BLOCK_URL)
    expect(third.exitCode).toBe(0)
    expect(third.outputs).toMatchObject({ 'uploaded-count': '0', 'existing-count': '4' })
    expect(await mediaCount(env)).toBe(before + 4)
  })

  it('sends every file again with skip-existing: false', async () => {
    await stage({ 'again.jpg': 'photo-2.jpg' })
    expect((await upload(env.ORIGIN_URL)).exitCode).toBe(0)
    const before = await mediaCount(env)
    const again = await upload(env.ORIGIN_URL, { 'skip-existing': 'false' })
    expect(mediaOutput(again).map(e => e.status)).toEqual(['uploaded'])
    expect(await mediaCount(env)).toBe(before + 1)
  })

  it('stores title, alt text and caption in WordPress with the upload', async () => {
    await stage({ 'chart.png': 'photo.png' })
    const run = await upload(env.ORIGIN_URL, {
      title: 'Chart {stem}',
      'alt-text': 'A chart from {path}',
      caption: 'Made by CI: {name}',
      'skip-existing': 'false'
    })
    expect(run.exitCode).toBe(0)
    const id = mediaOutput(run)[0]!.id!
    const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}/${id}?context=edit`, {
      headers: { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) }
    })
    const item = (await response.json()) as {
      title: { raw: string }
      alt_text: string
      caption: { raw: string }
    }
    expect([item.title.raw, item.alt_text, item.caption.raw]).toEqual([
      'Chart chart',
      'A chart from chart.png',
      'Made by CI: chart.png'
    ])
  })
})

describe('several files at once on the real WordPress', () => {
  it('uploads 12 images 4 at a time: every id in WordPress, every source_url byte-equal', async () => {
    const photo = await readFile(fixturePath('photo.jpg', env))
    // Bytes after a JPEG's end marker are ignored by decoders: twelve distinct, valid images.
    for (let i = 1; i <= 12; i++) {
      await writeFile(
        path.join(workspace, `c${i}.jpg`),
        Buffer.concat([photo, Buffer.from(`#${i}#${Date.now()}`)])
      )
    }
    const before = await mediaCount(env)
    const run = await upload(env.ORIGIN_URL, { concurrency: '4' })
    expect(run.exitCode).toBe(0)
    const entries = mediaOutput(run)
    expect(entries.map(e => e.file)).toEqual(Array.from({ length: 12 }, (_, i) => `c${i + 1}.jpg`))
    expect(await mediaCount(env)).toBe(before + 12)
    for (const entry of entries) {
      expect(entry.status).toBe('uploaded')
      const stored = await wordpressMedia(entry.id!)
      expect(stored.source_url).toBe(entry.url)
      const served = Buffer.from(await (await fetch(entry.url!)).arrayBuffer())
      expect(served.equals(await readFile(path.join(workspace, entry.file)))).toBe(true)
    }
  })
})

describe('trigger without api-path, the bundle as the runner starts it', () => {
  it.each([
    ['/api/v1', 'Airflow 2.10.5 REST API at /api/v1', /\/dags\/example_dag\/grid\?dag_run_id=/],
    ['/api/v2', 'Airflow 3.0.6 REST API at /api/v2', /\/dags\/example_dag\/runs\//]
  ])(
    'finds the API an Airflow serves at %s, and signs in as that version wants',
    async (apiPath, found, link) => {
      const sandbox = await startSandbox({ airflow: { apiPaths: [apiPath] } })
      try {
        const run = await runAction({
          inputs: {
            mode: 'trigger',
            'base-url': sandbox.url,
            'dag-id': 'example_dag',
            username: 'airflow',
            password: 'sandbox-password',
            'logical-date': '2026-06-01T00:00:00Z'
          },
          cwd: workspace
        })
        expect(run.exitCode).toBe(0)
        expect(run.stdout).toContain(found)
        expect(run.outputs['dag-run-url']).toMatch(link)
        const post = sandbox.requests.find(r => r.method === 'POST' && r.path.includes('/dagRuns'))
        expect(post?.path).toBe(`${apiPath}/dags/example_dag/dagRuns`)
        expect(post?.headers.authorization).toMatch(apiPath === '/api/v1' ? /^Basic / : /^Bearer /)
      } finally {
        await sandbox.close()
      }
    }
  )
})

describe('trigger through the real nginx CDN', () => {
  function trigger(logicalDate: string): Promise<ActionRun> {
    return runAction({
      inputs: {
        mode: 'trigger',
        'base-url': env.CDN_BLOCK_URL,
        'dag-id': 'example_dag',
        token: env.SANDBOX_TOKEN,
        'logical-date': logicalDate,
        'max-attempts': '1'
      },
      cwd: workspace
    })
  }

  it('creates a run through the CDN, and names the CDN when it refuses the POST', async () => {
    const stamp = Math.floor(Date.now() / 1000)
    const ok = await trigger(new Date((stamp - 60) * 1000).toISOString())
    expect(ok.exitCode).toBe(0)
    expect(ok.outputs.diagnosis).toBe('origin')
    // No api-path: the API was asked for its version through the CDN first.
    expect(ok.stdout).toContain(
      'REST API at /api/v2 (the server answered GET /api/v2/version with version'
    )

    setCdnFlag('block-api-posts', true)
    const blocked = await trigger(new Date((stamp - 120) * 1000).toISOString())
    expect(blocked.exitCode).toBe(1)
    expect(blocked.outputs).toMatchObject({ diagnosis: 'cdn', 'edge-node': 'edge-e2e-1' })
    const summary = summaryAsText(blocked.summary)
    expect(summary).toMatch(/Diagnosis[\s\S]*CDN/)
    expect(summary).toContain('405 Not Allowed')
  })
})

/** Every file in WordPress's uploads folder, sizes made from images included. */
async function uploadsFolder(): Promise<string[]> {
  const root = path.join(env.E2E_STATE, 'wp-content', 'uploads')
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries
    .filter(entry => entry.isFile())
    .map(entry => path.join(entry.parentPath, entry.name))
}

describe('a dry run, and a block waited out', () => {
  const withBody = (entry: { method: string; content_length: string }) =>
    entry.method === 'POST' && entry.content_length !== '' && entry.content_length !== '0'

  it('a dry run stores nothing, sends no body to WordPress, and reports each file', async () => {
    await stage({ 'dry-known.jpg': 'photo.jpg' })
    expect((await upload(env.ORIGIN_URL)).exitCode).toBe(0)
    await stage({ 'dry-new.png': 'photo.png' })
    const before = { media: await mediaCount(env), files: await uploadsFolder() }
    const log = followAccessLog(env.ORIGIN_ACCESS_LOG)
    const run = await upload(env.ORIGIN_URL, { 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run).map(entry => [entry.file, entry.status])).toEqual([
      ['dry-known.jpg', 'existing'],
      ['dry-new.png', 'would-upload']
    ])
    expect(await mediaCount(env)).toBe(before.media)
    expect(await uploadsFolder()).toEqual(before.files)
    const entries = log.read()
    expect(entries.filter(withBody)).toEqual([])
    expect(entries.filter(entry => entry.method === 'POST')).toMatchObject([
      { status: 400, content_length: '0' }
    ])
    expect(summaryAsText(run.summary)).toContain('dry run: ✅ 1 file would be uploaded, 1 existing')
  })

  it('a dry run through the blocking CDN fails with the CDN’s diagnosis', async () => {
    await stage({ 'dry-blocked.gif': 'photo.gif' })
    setCdnFlag('block-posts', true)
    const run = await upload(env.CDN_BLOCK_URL, { 'dry-run': 'true' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ diagnosis: 'cdn', 'edge-node': env.CDN_BLOCK_EDGE_ID })
    expect(mediaOutput(run).map(entry => entry.status)).toEqual(['would-fail'])
    expect(errorMessages(run)).toContain('Dry run: the write path is blocked by')
  })

  it('waits out a block, then uploads every file exactly once', async () => {
    await stage({
      'wait-1.jpg': 'photo.jpg',
      'wait-2.png': 'photo.png',
      'wait-3.webp': 'photo.webp'
    })
    resetCdn(100)
    setCdnFlag('block-posts', true)
    const before = await mediaCount(env)
    const cdn = followAccessLog(env.CDN_ACCESS_LOG)
    const origin = followAccessLog(env.ORIGIN_ACCESS_LOG)
    const seen: Awaited<ReturnType<typeof cdn.read>> = []
    const action = await startAction({
      inputs: {
        mode: 'upload',
        'base-url': env.CDN_BLOCK_URL,
        files: '*',
        username: env.WP_USER,
        'app-password': env.WP_APP_PASSWORD,
        'blocked-wait-seconds': '20',
        'max-attempts': '1',
        concurrency: '1',
        // One POST a file, as the test counts them.
        'image-sizes': 'server'
      },
      cwd: workspace,
      timeoutMs: 110_000
    })
    // The first probe, an empty POST the CDN answers itself: then the CDN lets POSTs through.
    await vi.waitFor(
      () => {
        seen.push(...cdn.read())
        expect(
          seen.some(e => e.method === 'POST' && e.content_length === '0' && e.upstream === '')
        ).toBe(true)
      },
      { timeout: 60_000, interval: 50 }
    )
    setCdnFlag('block-posts', false)
    const run = await action.done
    seen.push(...cdn.read())
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run).map(entry => entry.status)).toEqual([
      'uploaded',
      'uploaded',
      'uploaded'
    ])
    expect(await mediaCount(env)).toBe(before + 3)
    // Each file reached WordPress once; the CDN saw the blocked one twice, refused once.
    const stored = origin.read().filter(withBody)
    expect(stored.map(entry => entry.status)).toEqual([201, 201, 201])
    const bodies = seen.filter(withBody)
    expect(bodies.map(entry => (entry.upstream === '' ? 'cdn' : 'origin'))).toEqual([
      'cdn',
      'origin',
      'origin',
      'origin'
    ])
    expect(summaryAsText(run.summary)).toMatch(
      /The CDN block lifted: blocked from \S+ to \S+, \d+ probes?; the remaining files were then sent\./
    )
  })

  it('fails after the time given when the block never lifts', async () => {
    await stage({ 'never.gif': 'photo.gif' })
    setCdnFlag('block-posts', true)
    const run = await upload(env.CDN_BLOCK_URL, {
      'blocked-wait-seconds': '2',
      'max-attempts': '1'
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('cdn')
    expect(summaryAsText(run.summary)).toMatch(
      /The CDN block did not lift within blocked-wait-seconds \(2 s\)/
    )
  })
})
