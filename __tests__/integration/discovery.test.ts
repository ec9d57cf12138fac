import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GIF, png } from '../../test-support/images.js'
import { mediaOutput, runAction, type ActionRun } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox, WP_PASSWORD, WP_USER } from '../../test-support/sandbox-kit.js'

const kit = useSandbox()
const { upload } = kit
beforeEach(() => kit.files({ 'img/a.png': png(2, 2, [0, 128, 255]), 'img/b.gif': GIF }))

const lines = () => kit.sandbox.requests.map(r => `${r.method} ${decodeURIComponent(r.path)}`)
const logLines = (run: ActionRun) => run.stdout.split('\n')

describe('upload mode finds WordPress without api-path', () => {
  it('with pretty permalinks: one HEAD of the home page, then /wp-json/wp/v2', async () => {
    kit.sandbox.configure({ wordpress: { permalinks: 'pretty' } })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(lines()).toEqual([
      'HEAD /',
      'GET /wp-json/wp/v2/settings',
      'GET /wp-json/wp/v2/users/me?context=edit',
      // Whether the site lets the runner make the images' sizes (WordPress 7.1): this one does not.
      expect.stringMatching(/^GET \/wp-json\/\?_fields=image_sizes,/),
      expect.stringMatching(/^GET \/wp-json\/wp\/v2\/media\?slug=/),
      expect.stringMatching(/^POST \/wp-json\/wp\/v2\/media\?slug=a-/),
      expect.stringMatching(/^POST \/wp-json\/wp\/v2\/media\?slug=b-/)
    ])
    expect(kit.sandbox.requests[0]!.headers.authorization).toBeUndefined()
    expect(logLines(run)).toContain(
      'REST API: /wp-json/wp/v2 (announced by WordPress (HEAD / → HTTP 200, its Link header)).'
    )
    expect(summaryAsText(run.summary)).toContain('REST API: /wp-json/wp/v2, announced by WordPress')
  })

  it('without pretty permalinks: every request in the ?rest_route= form, the re-run too', async () => {
    kit.sandbox.configure({ wordpress: { permalinks: 'plain' } })
    const first = await upload({ title: 'Chart {stem}' })
    expect(first.exitCode).toBe(0)
    const rest = lines().slice(1)
    expect(rest).toHaveLength(6)
    // The REST index (rest_route=/) is asked whether the runner may make the images' sizes.
    for (const line of rest) {
      expect(line).toMatch(/^(GET|POST) \/index\.php\?rest_route=\/(wp\/v2\/|&_fields=image_sizes)/)
    }
    expect(rest[4]).toMatch(/rest_route=\/wp\/v2\/media&slug=a-[0-9a-f]+&title=Chart\+a$/)
    expect(kit.sandbox.media.map(item => item.title)).toEqual(['Chart a', 'Chart b'])
    expect(logLines(first)).toContain(
      'REST API: /index.php?rest_route=/wp/v2 (announced by WordPress (HEAD / → HTTP 200, its Link header)).'
    )
    // The look-up works in that form too: a re-run sends nothing.
    const again = await upload({ title: 'Chart {stem}' })
    expect(again.exitCode).toBe(0)
    expect(mediaOutput(again).map(file => file.status)).toEqual(['existing', 'existing'])
    expect(kit.sandbox.media).toHaveLength(2)
  })

  it('asks the REST index when the home page redirects to the canonical host, and stays on base-url’s', async () => {
    kit.sandbox.configure({
      wordpress: { permalinks: 'pretty', canonicalUrl: 'https://www.example.test' }
    })
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(lines().slice(0, 3)).toEqual([
      'HEAD /',
      'GET /wp-json/?_fields=namespaces',
      'GET /wp-json/wp/v2/settings'
    ])
    expect(kit.sandbox.requests.every(r => r.headers.host === new URL(kit.sandbox.url).host)).toBe(
      true
    )
    expect(logLines(run)).toContain(
      `The site names https://www.example.test as its address; requests stay with base-url's ${kit.sandbox.url}.`
    )
  })

  it('in a site under a path, every request stays under it', async () => {
    kit.sandbox.configure({
      wordpress: { permalinks: 'plain', sitePath: '/blog', apiPaths: ['/blog/wp-json/wp/v2'] }
    })
    const run = await upload({ 'base-url': `${kit.sandbox.url}/blog` })
    expect(run.exitCode).toBe(0)
    expect(lines()[0]).toBe('HEAD /blog/')
    for (const line of lines().slice(1)) {
      expect(line).toMatch(/^(GET|POST) \/blog\/index\.php\?rest_route=\/(wp\/v2\/|&_fields=)/)
    }
  })

  it('an explicit api-path wins: nothing is asked first', async () => {
    kit.sandbox.configure({ wordpress: { permalinks: 'pretty' } })
    const run = await upload({ 'api-path': '/cms-json/cms/v2' })
    expect(run.exitCode).toBe(0)
    expect(lines()[0]).toBe('GET /cms-json/cms/v2/settings')
    expect(logLines(run)).toContain('REST API: /cms-json/cms/v2 (given as api-path).')
  })
})

describe('an announcement that would lead credentials elsewhere', () => {
  let server: http.Server
  let base: string
  const seen: string[] = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ? 'with' : 'without'}`)
      const link =
        req.url === '/blog/'
          ? { link: `<${base}/blog/../other/wp-json/>; rel="https://api.w.org/"` }
          : {}
      res.writeHead(404, { 'content-type': 'text/html', ...link })
      res.end('<html><title>404 Not Found</title></html>')
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

  it('is not used, and is said; nothing goes outside base-url’s path', async () => {
    const run = await runAction({
      source: true,
      inputs: {
        mode: 'upload',
        'base-url': `${base}/blog`,
        files: 'img/*',
        username: WP_USER,
        'app-password': WP_PASSWORD
      },
      cwd: kit.workspace
    })
    expect(run.exitCode).toBe(1)
    expect(seen.every(line => line.split(' ')[1]!.startsWith('/blog/'))).toBe(true)
    expect(run.stdout).toMatch(
      /::warning title=REST API announcement not used::The site announced its REST API at ".*\/blog\/\.\.\/other\/wp-json\/" \(HEAD \/\), which was not used: its path is not under base-url's path \/blog\./
    )
    expect(seen.filter(line => line.endsWith('with'))).toEqual([
      'GET /blog/cms-json/cms/v2/settings with'
    ])
  })
})

describe('a proxy in front that drops the Link header', () => {
  let proxy: http.Server
  let base = ''
  beforeAll(async () => {
    // Forwards everything to the sandbox, headers and bodies as they are, but every Link header.
    proxy = http.createServer((req, res) => {
      const target = new URL(req.url ?? '/', kit.sandbox.url)
      const upstream = http.request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        answer => {
          const headers = { ...answer.headers }
          delete headers.link
          res.writeHead(answer.statusCode ?? 502, headers)
          answer.pipe(res)
        }
      )
      req.pipe(upstream)
    })
    await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>(resolve => proxy.close(() => resolve())))

  it("finds WordPress's own REST API by its index, before the neutral default", async () => {
    kit.sandbox.configure({ wordpress: { permalinks: 'pretty' } })
    const run = await runAction({
      source: true,
      inputs: {
        mode: 'upload',
        'base-url': base,
        files: 'img/*',
        username: WP_USER,
        'app-password': WP_PASSWORD,
        concurrency: '1'
      },
      cwd: kit.workspace
    })
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run).map(m => m.status)).toEqual(['uploaded', 'uploaded'])
    expect(logLines(run)).toContain(
      "REST API: /wp-json/wp/v2 (WordPress's REST index answered (GET /wp-json/ → HTTP 200, listing wp/v2) without a Link header)."
    )
    expect(lines().filter(line => line.includes('/cms-json/'))).toEqual([])
  })
})

describe('trigger mode finds the Airflow REST API without api-path', () => {
  const trigger = (inputs: Record<string, string>) =>
    runAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'base-url': kit.sandbox.url,
        'dag-id': 'example_dag',
        'logical-date': '2026-03-01T00:00:00Z',
        ...inputs
      },
      cwd: kit.workspace
    })

  it('on Airflow 2: /api/v1 after two GETs, HTTP Basic for a password, the grid link', async () => {
    kit.sandbox.configure({ airflow: { apiPaths: ['/api/v1'] } })
    const run = await trigger({ username: 'airflow', password: 'sandbox-password' })
    expect(run.exitCode).toBe(0)
    expect(kit.sandbox.requests.map(r => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /api/v2/version 404',
      'GET /api/v1/version 200',
      'GET /api/v1/dags/example_dag 200',
      'POST /api/v1/dags/example_dag/dagRuns 200',
      'PATCH /api/v1/dags/example_dag/dagRuns/github__2026-03-01T00%3A00%3A00Z/setNote 200'
    ])
    for (const request of kit.sandbox.requests.slice(2)) {
      expect(request.headers.authorization).toMatch(/^Basic /)
    }
    expect(logLines(run)).toContain(
      'Airflow 2.10.5 REST API at /api/v1 (the server answered GET /api/v1/version with version 2.10.5).'
    )
    expect(run.outputs['dag-run-url']).toBe(
      `${kit.sandbox.url}/dags/example_dag/grid?dag_run_id=github__2026-03-01T00%3A00%3A00Z`
    )
    expect(summaryAsText(run.summary)).toContain('Airflow 2.10.5, REST API /api/v1')
  })

  it('under a path prefix (a hosted deployment): every request of a waited, failing run keeps it', async () => {
    kit.sandbox.configure({
      airflow: { apiPaths: ['/dep-1/api/v2'], runStartMs: 0, runDurationMs: 200 }
    })
    const run = await trigger({
      'base-url': `${kit.sandbox.url}/dep-1`,
      'dag-id': 'fails_dag',
      token: 'sandbox-token',
      wait: 'true',
      'poll-interval-seconds': '0.1'
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    const paths = kit.sandbox.requests.map(r => r.path)
    expect(paths[0]).toBe('/dep-1/api/v2/version')
    expect(paths.some(p => p.includes('/taskInstances'))).toBe(true)
    expect(paths.every(p => p.startsWith('/dep-1/api/v2/'))).toBe(true)
    expect(run.outputs['dag-run-url']).toMatch(
      new RegExp(`^${kit.sandbox.url}/dep-1/dags/fails_dag/runs/`)
    )
  })
})
