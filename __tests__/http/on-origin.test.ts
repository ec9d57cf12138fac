import { describe, expect, it } from 'vitest'
import { addressOnOrigin, onOrigin, pathProblem, requestProblem } from '../../src/http/on-origin.js'

const root = new URL('https://www.example.com')
const blog = new URL('https://www.example.com/blog')
const at = (site: URL) => new URL(`${site.origin}${site.pathname.replace(/(?<!\/)\/+$/, '')}/`)
const refusal = (text: string, site = root) => {
  const address = addressOnOrigin(text, site, at(site))
  return address.ok ? `used as ${address.url.href}` : address.why
}

describe('an address a server gave that would name another host to some parser', () => {
  it.each([
    ['a network-path reference', '//other.example/wp-json/', /begins with "\/\/"/],
    ['a network-path reference with a port', '//127.0.0.1:8081/wp-json/', /begins with "\/\/"/],
    [
      'a path from // in an absolute URL',
      'https://www.example.com//other.example/wp-json/',
      /its path begins with "\/\/"/
    ],
    [
      'a path from // on another host',
      'https://example.com//other.example/wp-json/',
      /its path begins with "\/\/"/
    ],
    ['/.//host', '/.//other.example/wp-json/', /its path begins with "\/\/"/],
    ['/x/..//host', '/x/..//other.example/wp-json/', /its path begins with "\/\/"/],
    ['an encoded dot', '/%2e//other.example/wp-json/', /its path begins with "\/\/"/],
    ['encoded dots', '/%2E%2E//other.example/wp-json/', /its path begins with "\/\/"/],
    ['encoded slashes', '/%2F%2Fother.example/wp-json/', /its path begins with "\/\/"/],
    ['an encoded slash after one', '/%2f/other.example/wp-json/', /its path begins with "\/\/"/],
    ['slashes encoded twice', '/%252F%252Fother.example/wp-json/', /its path begins with "\/\/"/],
    ['an encoded backslash', '/%5Cother.example/wp-json/', /backslash/],
    ['a backslash after the slash', '/\\other.example/wp-json/', /backslash/],
    ['two backslashes', '\\\\other.example/wp-json/', /backslash/],
    ['a backslash in an absolute URL', 'https://www.example.com/\\other.example/', /backslash/],
    ['a backslash in the authority', 'https://other.example\\@www.example.com/', /backslash/],
    ['a tab between the slashes', '/\t/other.example/wp-json/', /control character/],
    ['a line break', '/\n/other.example/wp-json/', /control character/],
    ['a leading space', ' //other.example/wp-json/', /space/],
    ['user information', 'https://user:pass@www.example.com/wp-json/', /user information/],
    [
      'a host as user information',
      'https://www.example.com@other.example/wp-json/',
      /user information/
    ],
    ['empty user information', 'https://@other.example/wp-json/', /user information/],
    [
      'a scheme without slashes',
      'https:other.example/wp-json/',
      /neither an http\(s\) URL nor a path/
    ],
    ['a scheme with one slash', 'https:/other.example/wp-json/', /neither/],
    ['a path-relative reference', 'other.example/wp-json/', /neither/],
    ['another scheme', 'ftp://www.example.com/wp-json/', /neither/],
    ['a script', 'javascript:alert(1)', /neither/],
    ['a climb encoded within a segment', '/%2e%2e%2fwp-json/', /"\.\." segment once decoded/],
    ['a climb with parameters', '/..;/wp-json/', /"\.\." segment/],
    ["IIS's encoded dots", '/%u002e%u002e/wp-json/', /"\.\." segment once decoded/],
    ["IIS's encoded dots in upper case", '/%U002E%u002E/wp-json/', /"\.\." segment/],
    ['overlong UTF-8 dots', '/%c0%ae%c0%ae/wp-json/', /"\.\." segment once decoded/],
    ['overlong UTF-8 dots in any case', '/%C0%AE%c0%Ae/wp-json/', /"\.\." segment/],
    ['three-byte overlong dots', '/%e0%80%ae%E0%80%AE/wp-json/', /"\.\." segment/],
    ['a four-byte overlong dot', '/%f0%80%80%ae./wp-json/', /"\.\." segment/],
    ['overlong dots encoded twice', '/%25c0%25ae%25c0%25ae/wp-json/', /"\.\." segment/],
    ['a climb with an overlong slash', '/%c0%ae%c0%ae%c0%afwp-json/', /"\.\." segment/],
    ["IIS's encoded slashes", '/%u002f%u002fother.example/wp-json/', /begins with "\/\/"/],
    ['an overlong backslash', '/%c1%9cother.example/wp-json/', /backslash/],
    ['a broken URL', 'https://[::1/wp-json/', /not a URL/]
  ])('refuses %s: %j', (_what, text, why) => {
    expect(refusal(text)).toMatch(why)
  })

  it.each([
    ['another path', '/other/wp-json/'],
    ['a path that only starts alike', 'https://www.example.com/blogger/wp-json/'],
    ['a climb out of it', '/blog/../other/wp-json/'],
    ['an encoded climb out of it', '/blog/%2e%2e/other/wp-json/'],
    ['an overlong climb out of it', '/blog/%c0%ae%c0%ae/other/wp-json/'],
    ['an IIS-encoded climb out of it', '/blog/%u002E%u002E/other/wp-json/'],
    ['a slash encoded after its name', '/blog%2Fwp-json/'],
    ['the root', 'https://www.example.com/']
  ])("refuses %s, outside base-url's path /blog", (_what, text) => {
    expect(refusal(text, blog)).toMatch(/not under base-url's path \/blog|segment/)
  })
})

describe('a path with other escapes', () => {
  it('is used as written: only escapes of ".", "/", "\\" and "%" are decoded', () => {
    for (const path of ['/blog/%c3%a9t%c3%a9/wp-json/', '/blog/%c0%80x%u0041/wp-json/']) {
      expect(pathProblem(path, blog)).toBeUndefined()
    }
  })
})

describe('an address a server gave, used on base-url', () => {
  it.each([
    ['its own address', 'https://www.example.com/blog/wp-json/', undefined],
    ['a path', '/blog/wp-json/', undefined],
    ['a path with a dot segment that stays under it', '/blog/x/../wp-json/', undefined],
    [
      'another host (a canonical address)',
      'https://example.com/blog/wp-json/',
      'https://example.com'
    ],
    ['another scheme', 'http://www.example.com/blog/wp-json/', 'http://www.example.com'],
    ['another port', 'https://www.example.com:8443/blog/wp-json/', 'https://www.example.com:8443'],
    ['another host and port', 'HTTP://203.0.113.7:8080/blog/wp-json/', 'http://203.0.113.7:8080']
  ])('takes only the path of %s: %j', (_what, text, named) => {
    const address = addressOnOrigin(text, blog, at(blog))
    expect(address).toEqual({
      ok: true,
      url: new URL('https://www.example.com/blog/wp-json/'),
      ...(named ? { named } : {})
    })
  })

  it('keeps the query, set as a string', () => {
    const address = addressOnOrigin('http://x.example/blog/index.php?rest_route=/', blog, at(blog))
    expect(address.ok && address.url.href).toBe(
      'https://www.example.com/blog/index.php?rest_route=/'
    )
  })
})

describe('a request URL', () => {
  it('is made from base-url’s scheme, host and port, the path set as a string', () => {
    const url = onOrigin(new URL('http://127.0.0.1:8080/blog'), '/blog/wp-json/', '?a=1')
    expect(url.href).toBe('http://127.0.0.1:8080/blog/wp-json/?a=1')
  })

  it.each([
    ['https://other.example/blog/x', /not on base-url's origin https:\/\/www\.example\.com/],
    ['http://www.example.com/blog/x', /not on base-url's origin/],
    ['https://www.example.com:444/blog/x', /not on base-url's origin/],
    ['https://www.example.com//other.example/blog', /begins with "\/\/"/],
    ['https://www.example.com/%2F%2Fother.example/blog', /begins with "\/\/"/],
    ['https://www.example.com/blog/%5c', /backslash/],
    ['https://www.example.com/blog/%2E%2E/x', /segment|not under/],
    ['https://www.example.com/other', /not under base-url's path \/blog/]
  ])('%s may not carry credentials', (href, why) => {
    expect(requestProblem(new URL(href), blog)).toMatch(why)
  })

  it.each([
    'https://www.example.com/blog',
    'https://www.example.com/blog/',
    'https://www.example.com/blog/wp-json/wp/v2/media/12',
    'https://www.example.com/blog/api/v2/dags/a%20b/dagRuns/manual__2026-01-01T00%3A00%3A00%2B00%3A00',
    'https://www.example.com/blog/index.php?rest_route=//other.example/'
  ])('%s may', href => {
    expect(requestProblem(new URL(href), blog)).toBeUndefined()
  })

  it('under a base-url whose path is percent-encoded, judged against it encoded alike', () => {
    const encoded = new URL('https://www.example.com/a%2Fb')
    expect(pathProblem('/a%2Fb/wp-json/wp/v2', encoded)).toBeUndefined()
    expect(pathProblem('/a/b/wp-json/wp/v2', encoded)).toMatch(/not under/)
  })

  it('under a site at the root, any path from a single slash may', () => {
    expect(pathProblem('/wp-json/wp/v2', root)).toBeUndefined()
    expect(pathProblem('//wp-json/wp/v2', root)).toMatch(/begins with "\/\/"/)
  })
})
