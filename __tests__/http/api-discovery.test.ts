import { describe, expect, it } from 'vitest'
import { apiPathOf, apiUnder, endpointUrl, whereOf } from '../../src/http/api-url.js'
import type { HttpResult } from '../../src/http/send.js'
import { locateAirflowApi } from '../../src/trigger/airflow/locate-api.js'
import { restRootApi, restRootLink } from '../../src/upload/wordpress/rest-link.js'

const site = new URL('https://www.example.com/blog')

describe('endpoint URLs from an API root', () => {
  it('joins path segments under a path root, keeping its query-free form', () => {
    const api = apiUnder(site, '/wp-json/wp/v2')
    expect(api.href).toBe('https://www.example.com/blog/wp-json/wp/v2')
    expect(endpointUrl(api, 'media', { slug: 'a,b', per_page: '100' }).href).toBe(
      'https://www.example.com/blog/wp-json/wp/v2/media?slug=a%2Cb&per_page=100'
    )
  })

  it('puts the route into rest_route for a plain-permalink root, and adds the query after it', () => {
    const api = new URL('https://www.example.com/blog/index.php?rest_route=/wp/v2')
    const url = endpointUrl(api, 'media', { title: 'a&b=c', rest: 'x' })
    expect(url.pathname).toBe('/blog/index.php')
    expect(url.searchParams.get('rest_route')).toBe('/wp/v2/media')
    expect(url.searchParams.get('title')).toBe('a&b=c')
    expect([...url.searchParams.keys()]).toEqual(['rest_route', 'title', 'rest'])
    expect(whereOf(url)).toBe('www.example.com/blog/index.php?rest_route=/wp/v2/media')
    expect(apiPathOf(api, site)).toBe('/index.php?rest_route=/wp/v2')
  })

  it('keeps repeated query names, and never lets a field value change the route', () => {
    const api = apiUnder(new URL('https://airflow.example.com/dep-1'), '/api/v2')
    const url = endpointUrl(api, 'dags/a%20b/dagRuns/r%2F1/taskInstances', [
      ['state', 'failed'],
      ['state', 'queued']
    ])
    expect(url.pathname).toBe('/dep-1/api/v2/dags/a%20b/dagRuns/r%2F1/taskInstances')
    expect(url.searchParams.getAll('state')).toEqual(['failed', 'queued'])
    const wp = new URL('https://site.example/index.php?rest_route=/wp/v2')
    const sneaky = endpointUrl(wp, 'media', { alt_text: '&rest_route=/wp/v2/users' })
    expect(sneaky.searchParams.getAll('rest_route')).toEqual(['/wp/v2/media'])
  })

  it('says where a URL is without its other query parameters', () => {
    expect(whereOf(new URL('https://h.example/wp-json/wp/v2/media?slug=secret'))).toBe(
      'h.example/wp-json/wp/v2/media'
    )
  })
})

describe("WordPress's Link header", () => {
  it.each([
    [
      ['<https://www.example.com/wp-json/>; rel="https://api.w.org/"'],
      'https://www.example.com/wp-json/'
    ],
    [
      ['<https://x.example/index.php?rest_route=/>; rel="https://api.w.org/"'],
      'https://x.example/index.php?rest_route=/'
    ],
    [
      [
        '<https://x.example/?p=1>; rel=shortlink, <https://x.example/wp-json/wp/v2/pages/2>; rel="alternate"; type="application/json", <https://x.example/wp-json/>; rel="https://api.w.org/"'
      ],
      'https://x.example/wp-json/'
    ],
    [['<https://x.example/a/>; rel="other https://api.w.org/"'], 'https://x.example/a/'],
    [['<https://x.example/b/>; rel=https://api.w.org/'], 'https://x.example/b/'],
    [['<https://x.example/c/>; REL="https://api.w.org/"'], 'https://x.example/c/']
  ])('finds the REST root in %j', (values, root) => {
    expect(restRootLink(values)).toBe(root)
  })

  it.each([
    [[]],
    [['<https://x.example/wp-json/>; rel="alternate"']],
    [['<https://x.example/wp-json/>; rel="https://api.w.org/x"']],
    [['https://x.example/wp-json/; rel="https://api.w.org/"']],
    [[`<https://x.example/${'a'.repeat(3000)}/>; rel="https://api.w.org/"`]],
    [[`${'<x>; rel=a, '.repeat(1000)}<https://x.example/>; rel="https://api.w.org/"`]]
  ])('finds none in %#, and reads no unbounded text', values => {
    expect(restRootLink(values)).toBeUndefined()
  })
})

describe('an announced REST root, made safe to send credentials to', () => {
  const at = new URL('https://www.example.com/blog/')

  it('takes only the path and query, on base-url’s own scheme, host and port', () => {
    const root = restRootApi('https://example.com/blog/wp-json/', site, at)
    expect(root).toEqual({
      ok: true,
      api: new URL('https://www.example.com/blog/wp-json/wp/v2'),
      canonical: 'https://example.com'
    })
    const plain = restRootApi('http://203.0.113.7:8080/blog/index.php?rest_route=/', site, at)
    expect(plain.ok && plain.api.href).toBe(
      'https://www.example.com/blog/index.php?rest_route=%2Fwp%2Fv2'
    )
    expect(plain.ok && plain.canonical).toBe('http://203.0.113.7:8080')
  })

  it('says nothing of the canonical address when it is base-url’s', () => {
    expect(restRootApi('/blog/site-api/', site, at)).toEqual({
      ok: true,
      api: new URL('https://www.example.com/blog/site-api/wp/v2')
    })
  })

  it.each([
    ['https://www.example.com/other/wp-json/', /not under base-url's path \/blog/],
    ['https://www.example.com/blog/../other/wp-json/', /not under/],
    ['https://www.example.com/blog/%2e%2e/other/wp-json/', /not under/],
    ['https://www.example.com/blogger/wp-json/', /not under/],
    ['javascript:alert(1)', /neither an http\(s\) URL nor a path/],
    ['http://[::1', /not a URL/]
  ])('refuses %s', (announced, why) => {
    const root = restRootApi(announced, site, at)
    expect(root.ok).toBe(false)
    expect(!root.ok && root.why).toMatch(why)
  })
})

describe('which Airflow serves the API', () => {
  const json = (status: number, body: unknown): HttpResult => ({
    response: { status, headers: {}, body: JSON.stringify(body), elapsedMs: 1 }
  })
  const base = new URL('https://org.astronomer.run/dep-1')
  const asking = (answers: Record<string, HttpResult>) => {
    const asked: string[] = []
    const get = (url: URL) => {
      asked.push(url.pathname)
      return Promise.resolve(answers[url.pathname] ?? json(404, { detail: 'Not Found' }))
    }
    return { asked, get }
  }

  it('is Airflow 3 when /api/v2/version answers, in one GET, under the base path', async () => {
    const { asked, get } = asking({ '/dep-1/api/v2/version': json(200, { version: '3.1.2' }) })
    const found = await locateAirflowApi(base, undefined, '/api/v2', get)
    expect(found).toMatchObject({
      apiPath: '/api/v2',
      version: 3,
      release: '3.1.2',
      source: 'found'
    })
    expect(found.api.href).toBe('https://org.astronomer.run/dep-1/api/v2')
    expect(asked).toEqual(['/dep-1/api/v2/version'])
  })

  it('is Airflow 2 when only /api/v1/version answers', async () => {
    const { asked, get } = asking({
      '/dep-1/api/v1/version': json(200, { version: '2.10.5+composer', git_version: null })
    })
    const found = await locateAirflowApi(base, undefined, '/api/v2', get)
    expect(found).toMatchObject({ apiPath: '/api/v1', version: 2, release: '2.10.5+composer' })
    expect(asked).toEqual(['/dep-1/api/v2/version', '/dep-1/api/v1/version'])
  })

  it.each([
    ['HTML', { response: { status: 200, headers: {}, body: '<html>login</html>', elapsedMs: 1 } }],
    ['a version that is not one', json(200, { version: '3.0\n::error::forged' })],
    ['no version', json(200, { status: 'ok' })],
    ['a refusal', json(401, { detail: 'Not authenticated' })]
  ])('keeps the default when the server answers %s', async (_what, answer) => {
    const { get } = asking({ '/dep-1/api/v2/version': answer, '/dep-1/api/v1/version': answer })
    const found = await locateAirflowApi(base, undefined, '/api/v2', get)
    expect(found).toMatchObject({ apiPath: '/api/v2', version: 3, source: 'default' })
    expect(found.release).toBeUndefined()
    expect(found.how).toMatch(/did not say its version/)
  })

  it('asks nothing when api-path is given, and reads the version from it', async () => {
    const { asked, get } = asking({})
    const found = await locateAirflowApi(base, '/api/v1', '/api/v2', get)
    expect(found).toMatchObject({ apiPath: '/api/v1', version: 2, source: 'given' })
    expect(asked).toEqual([])
  })
})
