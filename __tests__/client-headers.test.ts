import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, type ApiClient } from '../src/http/client.js'
import type { HttpResult } from '../src/http/send.js'

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

let site: Awaited<ReturnType<typeof recordingServer>>
let elsewhere: Awaited<ReturnType<typeof recordingServer>>
let client: ApiClient

beforeAll(async () => {
  elsewhere = await recordingServer((_req, res) => res.end('{}'))
  site = await recordingServer((req, res) => {
    if (req.url === '/redirect') {
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

  it('never go to another origin', async () => {
    connect()
    await client.get(new URL('/other', elsewhere.url))
    expect(elsewhere.seen).toHaveLength(1)
    expect(elsewhere.seen[0]!.headers).not.toHaveProperty('cf-access-client-id')
    expect(elsewhere.seen[0]!.headers).not.toHaveProperty('cf-access-client-secret')
  })

  it("never follow a redirect to the redirect's target", async () => {
    connect()
    expect(status(await client.get(new URL('/redirect', site.url)))).toBe(302)
    expect(elsewhere.seen).toEqual([])
  })
})
