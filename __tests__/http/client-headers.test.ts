import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, type ApiClient } from '../../src/http/client.js'
import type { HttpResult } from '../../src/http/send.js'

/** A server that records each request's path and headers and answers as its handler says. */
async function recordingServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void
) {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = []
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers })
    answer(req, res)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  return { server, url, seen }
}

/** Bytes that are no UTF-8: a text body would mangle them. */
const BINARY = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, 0x0a])

let site: Awaited<ReturnType<typeof recordingServer>>
let elsewhere: Awaited<ReturnType<typeof recordingServer>>
let client: ApiClient

beforeAll(async () => {
  elsewhere = await recordingServer((_req, res) => res.end('{}'))
  site = await recordingServer((req, res) => {
    if (req.url === '/blog/uploads/a.bin') {
      res.end(BINARY)
    } else if (req.url === '/blog/redirect') {
      res.writeHead(302, { location: new URL('/landed', elsewhere.url).href }).end()
    } else {
      res.end('{}')
    }
  })
})
afterEach(() => {
  client.close()
  site.seen.length = 0
  elsewhere.seen.length = 0
})
afterAll(() => {
  for (const { server } of [site, elsewhere]) {
    server.closeAllConnections()
    server.close()
  }
})

const status = (result: HttpResult) => ('response' in result ? result.response.status : undefined)

function connect(): ApiClient {
  client = apiClient({
    baseUrl: new URL('/blog', site.url),
    timeoutMs: 5000,
    headers: { 'CF-Access-Client-Id': 'id-1', 'CF-Access-Client-Secret': 'secret-1' }
  })
  client.authorize('Basic abc')
  return client
}

describe('extra headers of the client', () => {
  it("go with every GET and POST to base-url's origin, beside the action's own", async () => {
    connect()
    await client.get(client.siteUrl('/wp-json/wp/v2/settings'))
    await client.head(client.siteUrl('/'))
    await client.post(client.siteUrl('auth/token'), '{}', { 'Content-Type': 'application/json' })
    expect(site.seen.map(request => request.path)).toEqual([
      '/blog/wp-json/wp/v2/settings',
      '/blog/',
      '/blog/auth/token'
    ])
    for (const { headers } of site.seen) {
      expect(headers).toMatchObject({
        'cf-access-client-id': 'id-1',
        'cf-access-client-secret': 'secret-1',
        accept: 'application/json'
      })
    }
    // The home page is asked as any visitor asks it: without the action's credentials.
    expect(site.seen.map(request => request.headers.authorization)).toEqual([
      'Basic abc',
      undefined,
      'Basic abc'
    ])
  })

  it("never follow a redirect to the redirect's target", async () => {
    connect()
    expect(status(await client.get(new URL('/blog/redirect', site.url)))).toBe(302)
    expect(elsewhere.seen).toEqual([])
  })
})

describe('a request off base-url', () => {
  const hostPort = () => elsewhere.url.host
  it.each([
    ['another origin', () => new URL('/blog/x', elsewhere.url), /not on base-url's origin/],
    [
      'another scheme',
      () => new URL(`https://${site.url.host}/blog/x`),
      /not on base-url's origin/
    ],
    [
      'a path from //',
      () => new URL(`${site.url.origin}//${hostPort()}/blog/x`),
      /begins with "\/\/"/
    ],
    [
      'a path from // once decoded',
      () => new URL(`/%2F%2F${hostPort()}/blog`, site.url),
      /begins with "\/\/"/
    ],
    ['a backslash once decoded', () => new URL('/blog/%5C%5Cx', site.url), /backslash/],
    [
      'a path climbing once decoded',
      () => new URL('/blog/%2e%2e%2fadmin', site.url),
      /"\.\." segment/
    ],
    [
      'a path outside base-url’s',
      () => new URL('/admin/x', site.url),
      /not under base-url's path \/blog/
    ]
  ])('is not sent, credentials or not: %s', async (_what, target, why) => {
    connect()
    const url = target()
    for (const result of [
      await client.get(url),
      await client.head(url),
      await client.post(url, '{}', { 'Content-Type': 'application/json' }),
      await client.patch(url, '{}')
    ]) {
      expect(result).toMatchObject({
        failure: { mayHaveReachedServer: false, permanent: true }
      })
      expect('failure' in result && result.failure.message).toMatch(/^not sent to /)
      expect('failure' in result && result.failure.message).toMatch(why)
    }
    expect(site.seen).toEqual([])
    expect(elsewhere.seen).toEqual([])
  })
})

describe('a public file hashed as it streams in', () => {
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

  it('is fetched without credentials, and its bytes, not their text, are hashed', async () => {
    const result = await connect().digest(new URL('/blog/uploads/a.bin', site.url), 100)
    expect('response' in result && result.response.digest).toEqual({
      sha256: sha(BINARY),
      bytes: BINARY.length
    })
    expect(site.seen[0]?.headers.authorization).toBeUndefined()
  })

  it('is read to the cap and one byte more, enough to tell it is larger', async () => {
    const result = await connect().digest(new URL('/blog/uploads/a.bin', site.url), 3)
    expect('response' in result && result.response.digest?.bytes).toBe(4)
  })

  it('is never fetched off base-url', async () => {
    const result = await connect().digest(new URL('/uploads/a.bin', elsewhere.url), 100)
    expect('failure' in result && result.failure.message).toContain('not sent')
    expect(elsewhere.seen).toEqual([])
  })
})
