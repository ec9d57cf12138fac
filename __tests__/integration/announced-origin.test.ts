import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/server.js'
import { GIF, png } from '../../test-support/images.js'
import {
  mediaOutput,
  runAction,
  type ActionRun,
  warningMessages
} from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'

const USER = 'demo'
const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'

interface Seen {
  method: string
  url: string
  host: string
  authorization?: string
}

/** Listens on 127.0.0.1; the server's own address as `http://127.0.0.1:port`. */
async function listen(server: http.Server): Promise<string> {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const record = (req: http.IncomingMessage): Seen => ({
  method: req.method ?? '',
  url: req.url ?? '',
  host: req.headers.host ?? '',
  ...(req.headers.authorization ? { authorization: req.headers.authorization } : {})
})

/** WordPress, as the action reaches it at base-url. */
let wordpress: Sandbox
/** base-url: its home page announces `announced`; everything else is WordPress's answer. */
let site: http.Server
let siteUrl: string
let announced = ''
const seenBySite: Seen[] = []
/** The other host an announcement points to: it must never be asked anything. */
let other: http.Server
let otherHost: string
const seenByOther: Seen[] = []
let workspace: string

beforeAll(async () => {
  wordpress = await startSandbox()
  site = http.createServer((req, res) => {
    seenBySite.push(record(req))
    if (req.method === 'HEAD' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html', link: announced }).end()
      return
    }
    // Forwarded as it came: the path is the request's own, never resolved against an address.
    const forward = http.request(
      {
        host: '127.0.0.1',
        port: wordpress.port,
        path: req.url,
        method: req.method,
        headers: req.headers
      },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    req.pipe(forward)
  })
  siteUrl = await listen(site)
  other = http.createServer((req, res) => {
    seenByOther.push(record(req))
    res.writeHead(404, { 'content-type': 'text/html' }).end('<html>other</html>')
  })
  otherHost = new URL(await listen(other)).host
  workspace = await mkdtemp(path.join(tmpdir(), 'announced-origin-'))
  await mkdir(path.join(workspace, 'img'))
  await writeFile(path.join(workspace, 'img', 'a.png'), png(2, 2, [0, 128, 255]))
  await writeFile(path.join(workspace, 'img', 'b.gif'), GIF)
})
afterEach(() => {
  wordpress.reset()
  seenBySite.length = 0
  seenByOther.length = 0
})
afterAll(async () => {
  for (const server of [site, other]) {
    server.closeAllConnections()
    await new Promise<void>(resolve => server.close(() => resolve()))
  }
  await wordpress.close()
  await rm(workspace, { recursive: true, force: true })
})

/** An upload with api-path empty, so that the action reads the announcement. */
async function upload(link: string): Promise<ActionRun> {
  announced = `<${link}>; rel="https://api.w.org/"`
  return runAction({
    source: true,
    inputs: {
      mode: 'upload',
      'base-url': siteUrl,
      files: 'img/*',
      username: USER,
      'app-password': PASSWORD
    },
    cwd: workspace
  })
}

/** Nothing reached the other host, and every request with credentials stayed on base-url's. */
function expectAllOnBaseUrl(run: ActionRun) {
  expect(seenByOther).toEqual([])
  expect(seenBySite.length).toBeGreaterThan(1)
  for (const seen of seenBySite) expect(seen.host).toBe(new URL(siteUrl).host)
  expect(seenBySite[0]).toEqual({ method: 'HEAD', url: '/', host: new URL(siteUrl).host })
  // The upload went on, on base-url: the preflight, users/me, the look-up and both files.
  expect(run.exitCode).toBe(0)
  expect(mediaOutput(run).map(file => file.status)).toEqual(['uploaded', 'uploaded'])
  expect(wordpress.media).toHaveLength(2)
  const signed = seenBySite.filter(seen => seen.authorization)
  expect(signed.map(seen => `${seen.method} ${seen.url.replace(/\?.*/, '')}`)).toEqual(
    expect.arrayContaining(['GET /cms-json/cms/v2/users/me', 'POST /cms-json/cms/v2/media'])
  )
}

describe('an announced REST API that would name another host', () => {
  const forms: [string, () => string, RegExp][] = [
    ['a path from //', () => `${siteUrl}//${otherHost}/wp-json/`, /its path begins with "\/\/"/],
    ['a network-path reference', () => `//${otherHost}/wp-json/`, /it begins with "\/\/"/],
    ['/.//host', () => `/.//${otherHost}/wp-json/`, /its path begins with "\/\/"/],
    ['/x/..//host', () => `/x/..//${otherHost}/wp-json/`, /its path begins with "\/\/"/],
    ['an encoded dot', () => `/%2e//${otherHost}/wp-json/`, /its path begins with "\/\/"/],
    [
      "IIS's encoded dots",
      () => `/%u002e%U002E//${otherHost}/wp-json/`,
      /its path holds a "\." or "\.\." segment once decoded/
    ],
    [
      'overlong UTF-8 dots',
      () => `/%c0%ae%C0%AE//${otherHost}/wp-json/`,
      /its path holds a "\." or "\.\." segment once decoded/
    ],
    [
      'three-byte overlong UTF-8 dots',
      () => `/%e0%80%ae%E0%80%AE//${otherHost}/wp-json/`,
      /its path holds a "\." or "\.\." segment once decoded/
    ],
    ['encoded slashes', () => `/%2F%2F${otherHost}/wp-json/`, /its path begins with "\/\/"/],
    [
      'slashes encoded twice',
      () => `/%252f%252f${otherHost}/wp-json/`,
      /its path begins with "\/\/"/
    ],
    ['a backslash', () => `/\\${otherHost}/wp-json/`, /backslash/],
    ['an encoded backslash', () => `/%5C${otherHost}/wp-json/`, /backslash/],
    ['user information', () => `http://user:pass@${otherHost}/wp-json/`, /user information/],
    ['base-url as user information', () => `${siteUrl}@${otherHost}/wp-json/`, /user information/],
    ['a scheme without slashes', () => `http:${otherHost}/wp-json/`, /neither an http\(s\) URL/]
  ]

  it.each(forms)(
    'is refused, said with its text, and discovery goes on: %s',
    async (_form, link, why) => {
      const text = link()
      const run = await upload(text)
      expectAllOnBaseUrl(run)
      const said = warningMessages(run).find(line =>
        line.startsWith('The site announced its REST API')
      )
      expect(said).toContain(`The site announced its REST API at ${JSON.stringify(text)} (HEAD /)`)
      expect(said).toMatch(why)
      // Nothing else announced: the REST index asked next, then the default.
      expect(run.stdout).toContain(
        'REST API: /cms-json/cms/v2 (no announcement of the REST API could be used (HEAD / → HTTP 200; GET /wp-json/ → HTTP 404; GET /index.php?rest_route=/ → HTTP 404)'
      )
      expect(summaryAsText(run.summary)).toContain(
        `⚠️ The site announced its REST API at ${JSON.stringify(text)} (HEAD /), which was not used`
      )
    }
  )
})

describe('an announced REST API on another scheme or port', () => {
  it.each([
    ['another port', () => `http://${otherHost}/wp-json/`, () => `http://${otherHost}`],
    [
      'another scheme',
      () => `https://${new URL(siteUrl).host}/wp-json/`,
      () => `https://${new URL(siteUrl).host}`
    ]
  ])('%s: only its path is used, on base-url', async (_what, link, canonical) => {
    const run = await upload(link())
    expect(seenByOther).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(wordpress.media).toHaveLength(2)
    expect(run.stdout).toContain(
      'REST API: /wp-json/wp/v2 (announced by WordPress (HEAD / → HTTP 200, its Link header)).'
    )
    expect(run.stdout).toContain(
      `The site names ${canonical()} as its address; requests stay with base-url's ${siteUrl}.`
    )
    for (const seen of seenBySite) expect(seen.host).toBe(new URL(siteUrl).host)
    expect(seenBySite.filter(seen => seen.authorization).map(seen => seen.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/wp-json\/wp\/v2\/media\?/)])
    )
  })
})
