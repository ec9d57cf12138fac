import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import { fakeMediaApi } from '../../../test-support/fake-apis.js'
import { answer } from '../../../test-support/http-results.js'
import { WP_HEADERS as WP } from '../../../test-support/wordpress-answers.js'
import { preflight } from '../../../src/upload/checks/preflight.js'

const api = (result: HttpResult) => fakeMediaApi({ getSettings: async () => result })

describe('the preflight passes only on the REST API’s own answer', () => {
  it('passes on the settings JSON', async () => {
    const result = await preflight(
      api(answer(200, WP, '{"title":"Site","url":"https://www.example.com"}'))
    )
    expect(result).toMatchObject({ ok: true, status: 200 })
  })

  it('passes, without a warning, on WordPress refusing a non-administrator the settings', async () => {
    const result = await preflight(
      api(
        answer(
          403,
          WP,
          '{"code":"rest_forbidden","message":"Sorry, you are not allowed to do that.","data":{"status":403}}'
        )
      )
    )
    expect(result).toMatchObject({ ok: true, status: 403 })
    expect(result.message).toContain('accepted the credentials')
  })

  it.each([
    [
      'a catch-all HTML page',
      answer(
        200,
        { 'content-type': 'text/html' },
        '<html><head><title>My Blog</title></head><body>Hello</body></html>'
      ),
      /not with the REST API's JSON \(it sent "My Blog"\)/
    ],
    [
      'a parked domain',
      answer(
        200,
        { 'content-type': 'text/html', server: 'nginx' },
        '<html><body>This domain is for sale</body></html>'
      ),
      /not with the REST API's JSON/
    ],
    ['an empty 200', answer(200, {}, ''), /the body was empty/],
    ['a JSON list, not the settings object', answer(200, WP, '[]'), /not with the REST API's JSON/],
    ['plain text', answer(200, { 'content-type': 'text/plain' }, 'OK'), /it sent "OK"/]
  ])('fails on %s', async (_name, page, message) => {
    const result = await preflight(api(page))
    expect(result.ok).toBe(false)
    expect(result.message).toMatch(message)
    expect(result.message).toMatch(
      /Check base-url \(the site.s own address\); leave api-path empty/
    )
  })

  it('fails on a 403 that is not WordPress’s own refusal', async () => {
    const result = await preflight(
      api(
        answer(
          403,
          { server: 'nginx', 'content-type': 'text/html' },
          '<html><head><title>403 Forbidden</title></head><hr><center>nginx</center></html>'
        )
      )
    )
    expect(result.ok).toBe(false)
  })
})
