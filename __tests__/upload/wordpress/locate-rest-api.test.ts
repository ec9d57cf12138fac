import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../src/http/client.js'
import type { HttpResult } from '../../../src/http/send.js'
import { locateRestApi } from '../../../src/upload/wordpress/locate-rest-api.js'
import { answer, lost } from '../../../test-support/http-results.js'

const SITE = new URL('https://www.example.com/')
const DEFAULTS = { apiPath: '/cms-json/cms/v2', timeoutMs: 30_000 }
const timedOut = lost('ETIMEDOUT', true, { timedOut: true, message: 'timed out' })

/** A client that answers each discovery request from `answers`, by what it asks. */
function client(answers: { head: HttpResult; index: HttpResult; plain: HttpResult }) {
  const asked: string[] = []
  const fake = {
    head: (url: URL) => {
      asked.push(`HEAD ${url.pathname}`)
      return Promise.resolve(answers.head)
    },
    get: (url: URL) => {
      asked.push(`GET ${url.pathname}${url.search}`)
      return Promise.resolve(url.pathname === '/wp-json/' ? answers.index : answers.plain)
    }
  } as unknown as ApiClient
  return { fake, asked }
}

const page = answer(200, { 'content-type': 'text/html' }, '<html>home</html>')
const notFound = answer(404, { 'content-type': 'text/html' }, '<html>404</html>')

describe('finding the REST API', () => {
  it("takes WordPress's own index when it lists wp/v2, though no Link header said so", async () => {
    const index = answer(
      200,
      { 'content-type': 'application/json' },
      '{"namespaces":["oembed/1.0","wp/v2","wp-site-health/v1"]}'
    )
    const { fake } = client({ head: page, index, plain: notFound })
    const location = await locateRestApi(fake, SITE, undefined, DEFAULTS)
    expect(location).toMatchObject({
      apiPath: '/wp-json/wp/v2',
      source: 'found',
      how: "WordPress's REST index answered (GET /wp-json/ → HTTP 200, listing wp/v2) without a Link header"
    })
    expect(location.slow).toBeUndefined()
  })

  it('does not take an index that lists no wp/v2, nor a page that is no JSON', async () => {
    const other = answer(200, { 'content-type': 'application/json' }, '{"namespaces":["shop/v3"]}')
    const { fake } = client({ head: page, index: other, plain: page })
    const location = await locateRestApi(fake, SITE, undefined, DEFAULTS)
    expect(location).toMatchObject({ apiPath: '/cms-json/cms/v2', source: 'default' })
  })

  it('says that the site was too slow, and names api-path, when the look-ups timed out', async () => {
    const { fake, asked } = client({ head: timedOut, index: timedOut, plain: timedOut })
    const location = await locateRestApi(fake, SITE, undefined, DEFAULTS)
    expect(asked).toHaveLength(3)
    expect(location).toMatchObject({ apiPath: '/cms-json/cms/v2', source: 'default' })
    expect(location.slow).toBe(
      'The site did not answer within timeout-seconds (30 s) where WordPress says where its REST API is, so the default /cms-json/cms/v2 is used without knowing. Set api-path (on most WordPress sites /wp-json/wp/v2) to skip this look-up, or raise timeout-seconds.'
    )
  })

  it('says nothing of slowness when the site answered, only not with the REST API', async () => {
    const { fake } = client({ head: page, index: notFound, plain: notFound })
    expect((await locateRestApi(fake, SITE, undefined, DEFAULTS)).slow).toBeUndefined()
  })
})
