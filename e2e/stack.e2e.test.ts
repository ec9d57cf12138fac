import { readFileSync } from 'node:fs'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  basicAuth,
  fixturePath,
  followAccessLog,
  loadStackEnv,
  mediaCount,
  resetCdn,
  setCdnFlag,
  type StackEnv
} from './stack-env.js'

let env: StackEnv
let jpeg: Buffer

beforeAll(() => {
  env = loadStackEnv()
  jpeg = readFileSync(fixturePath('photo.jpg', env))
})

afterEach(() => {
  setCdnFlag('block-posts', false)
  setCdnFlag('block-api-posts', false)
})

function upload(baseUrl: string, name: string, password = env.WP_APP_PASSWORD, user = env.WP_USER) {
  return fetch(`${baseUrl}${env.WP_MEDIA_PATH}`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(user, password),
      'content-type': 'image/jpeg',
      'content-disposition': `attachment; filename="${name}"`
    },
    body: jpeg
  })
}

const stock405 =
  /^<html>\r?\n<head><title>405 Not Allowed<\/title><\/head>[\s\S]*<hr><center>nginx<\/center>/

function originPosts(entries: { method: string }[]): number {
  return entries.filter(entry => entry.method === 'POST').length
}

describe('origin', () => {
  it('stores a JPEG uploaded with an application password and serves the same bytes back', async () => {
    const response = await upload(env.ORIGIN_URL, 'smoke-origin.jpg')
    const created = (await response.json()) as { id: number; source_url: string }
    expect(response.status).toBe(201)
    expect(response.headers.get('server')).toBe('nginx')
    expect(response.headers.get('x-wp-upload-attachment-id')).toBe(String(created.id))

    const found = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}/${created.id}`)
    const media = (await found.json()) as { id: number; source_url: string; mime_type: string }
    expect(found.status).toBe(200)
    expect(media).toMatchObject({ id: created.id, mime_type: 'image/jpeg' })
    expect(media.source_url.startsWith(`${env.ORIGIN_URL}/wp-content/uploads/`)).toBe(true)

    const file = await fetch(media.source_url)
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(jpeg)).toBe(true)
  })
})

describe('blocking CDN', () => {
  it('lets the first two POSTs through, then answers its own 405 without asking the origin', async () => {
    resetCdn(2)
    const cdnLog = followAccessLog(env.CDN_ACCESS_LOG)
    const originLog = followAccessLog(env.ORIGIN_ACCESS_LOG)
    const before = await mediaCount(env)

    for (const n of [1, 2]) {
      const passed = await upload(env.CDN_BLOCK_URL, `smoke-cdn-${n}.jpg`)
      expect(passed.status).toBe(201)
      expect(passed.headers.get('server')).toBe(env.CDN_NAME)
      expect(passed.headers.get('x-wp-upload-attachment-id')).toMatch(/^\d+$/)
      await passed.arrayBuffer()
    }
    expect(originPosts(await originLog.take(2))).toBe(2)

    const blocked = await upload(env.CDN_BLOCK_URL, 'smoke-cdn-3.jpg')
    const body = await blocked.text()
    expect(blocked.status).toBe(405)
    expect(blocked.headers.get('server')).toBe('hcdn')
    expect(blocked.headers.get('x-cdn-request-id')).toMatch(
      new RegExp(`^[0-9a-f]{32}-${env.CDN_BLOCK_EDGE_ID}$`)
    )
    expect(blocked.headers.get('content-type')).toBe('text/html')
    expect(blocked.headers.get('link')).toBeNull()
    expect(body).toMatch(stock405)

    expect(await mediaCount(env)).toBe(before + 2)
    expect(originPosts(await originLog.take(0))).toBe(0)
    const posts = (await cdnLog.take(3)).filter(entry => entry.method === 'POST')
    expect(posts.map(entry => [entry.status, entry.upstream === ''])).toEqual([
      [201, false],
      [201, false],
      [405, true]
    ])
    const requestId = blocked.headers.get('x-cdn-request-id')!
    expect(requestId.startsWith(posts[2]!.request_id)).toBe(true)

    // GETs keep passing while POSTs are blocked.
    const listed = await fetch(`${env.CDN_BLOCK_URL}${env.WP_MEDIA_PATH}?per_page=1`)
    expect(listed.status).toBe(200)
    expect(listed.headers.get('server')).toBe('hcdn')
    expect(Number(listed.headers.get('x-wp-total'))).toBe(before + 2)
    await listed.arrayBuffer()
  })

  it('starts counting again after reset-cdn, with the allowance given', async () => {
    resetCdn(1)
    expect(loadStackEnv().CDN_PASS_POSTS).toBe('1')
    expect((await upload(env.CDN_BLOCK_URL, 'smoke-reset-1.jpg')).status).toBe(201)
    expect((await upload(env.CDN_BLOCK_URL, 'smoke-reset-2.jpg')).status).toBe(405)
    resetCdn()
    expect(loadStackEnv().CDN_PASS_POSTS).toBe(env.CDN_PASS_POSTS_DEFAULT)
  })

  it('blocks every POST while the block-posts flag exists', async () => {
    resetCdn()
    const originLog = followAccessLog(env.ORIGIN_ACCESS_LOG)
    setCdnFlag('block-posts', true)
    const blocked = await upload(env.CDN_BLOCK_URL, 'smoke-flag.jpg')
    expect(blocked.status).toBe(405)
    expect(await blocked.text()).toMatch(stock405)
    expect(originPosts(await originLog.take(0))).toBe(0)

    setCdnFlag('block-posts', false)
    const passed = await upload(env.CDN_BLOCK_URL, 'smoke-flag.jpg')
    expect(passed.status).toBe(201)
    await passed.arrayBuffer()
  })

  it('blocks POSTs to /api/ while the block-api-posts flag exists, and only those', async () => {
    resetCdn()
    const cdnLog = followAccessLog(env.CDN_ACCESS_LOG)
    const trigger = `${env.CDN_BLOCK_URL}/api/v2/dags/example_dag/dagRuns`
    const authorization = `Bearer ${env.SANDBOX_TOKEN || 'e2e'}`
    const post = () =>
      fetch(trigger, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ logical_date: '2024-01-01T00:00:00Z' })
      })

    setCdnFlag('block-api-posts', true)
    const blocked = await post()
    expect(blocked.status).toBe(405)
    expect(blocked.headers.get('server')).toBe('hcdn')
    expect(await blocked.text()).toMatch(stock405)
    await (await fetch(trigger, { headers: { authorization } })).arrayBuffer()
    const media = await upload(env.CDN_BLOCK_URL, 'smoke-api-flag.jpg')
    expect(media.status).toBe(201)
    await media.arrayBuffer()
    expect((await cdnLog.take(3)).map(entry => [entry.method, entry.upstream === ''])).toEqual([
      ['POST', true],
      ['GET', false],
      ['POST', false]
    ])

    setCdnFlag('block-api-posts', false)
    const unblocked = await post()
    const text = await unblocked.text()
    expect(await cdnLog.take(1)).toMatchObject([{ method: 'POST', status: unblocked.status }])
    if (env.SANDBOX_STARTED === '1') {
      expect(unblocked.status).toBe(200)
      expect(JSON.parse(text)).toHaveProperty('dag_run_id')
    } else {
      // Nothing listens behind /api/: the CDN can only say 502.
      expect(unblocked.status).toBe(502)
    }
  })
})

describe('pass-through CDN', () => {
  it('passes WordPress 401s through under its own server header', async () => {
    for (const password of [
      env.WP_WRONG_APP_PASSWORD,
      env.WP_REVOKED_APP_PASSWORD,
      env.WP_LOGIN_PASSWORD,
      'not-the-password'
    ]) {
      const response = await upload(env.CDN_PASS_URL, 'smoke-401.jpg', password)
      const body = (await response.json()) as { code: string; data: { status: number } }
      expect(response.status).toBe(401)
      expect(response.headers.get('server')).toBe('hcdn')
      expect(response.headers.get('x-cdn-request-id')).toMatch(
        new RegExp(`-${env.CDN_PASS_EDGE_ID}$`)
      )
      // The origin's markers survive the CDN.
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(response.headers.get('link')).toContain('rel="https://api.w.org/"')
      expect(response.headers.get('x-robots-tag')).toBe('noindex')
      expect(response.headers.get('access-control-expose-headers')).toContain('X-WP-Total')
      expect(body.data.status).toBe(401)
      expect(typeof body.code).toBe('string')
    }
  })

  it('passes a 403 for a user who may not upload', async () => {
    const response = await upload(
      env.CDN_PASS_URL,
      'smoke-403.jpg',
      env.WP_SUBSCRIBER_APP_PASSWORD,
      env.WP_SUBSCRIBER_USER
    )
    expect(response.status).toBe(403)
    expect(((await response.json()) as { code: string }).code).toBe('rest_cannot_create')
  })

  it('never blocks: more POSTs than the blocking CDN allows all succeed', async () => {
    const count = Number(env.CDN_PASS_POSTS_DEFAULT) + 1
    for (let n = 1; n <= count; n++) {
      const response = await upload(env.CDN_PASS_URL, `smoke-pass-${n}.jpg`)
      expect(response.status).toBe(201)
      expect(response.headers.get('server')).toBe('hcdn')
      await response.arrayBuffer()
    }
  })
})
