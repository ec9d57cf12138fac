/**
 * Request URLs on base-url's origin. Text a server gave (a `Link` target, a `Location`, a link in
 * an answer) is never resolved against base-url: `new URL('//other.example/x', origin)` is
 * another host, and so is `/.//other.example/x` once its dot segment is resolved. A request URL
 * is base-url's scheme, host and port with a path and query set as strings, and only a path that
 * no parser could read as another host, and that stays under base-url's path, is used.
 */

/** base-url's scheme, host and port, with `path` (percent-encoded, from `/`) and `search`. */
export function onOrigin(site: URL, path: string, search = ''): URL {
  const url = new URL(site.origin)
  url.pathname = path
  url.search = search
  return url
}

/**
 * An ASCII character as servers decode it, in any case: percent-encoded (`%2e`), as IIS's `%u002e`,
 * and as UTF-8's overlong two-, three- and four-byte forms (`%c0%ae`, `%e0%80%ae`,
 * `%f0%80%80%ae`), which lax decoders take for the character itself.
 */
const ENCODED =
  /%u00[0-7][0-9a-f]|%[0-7][0-9a-f]|%c[01]%[89ab][0-9a-f]|%e0%8[01]%[89ab][0-9a-f]|%f0%80%8[01]%[89ab][0-9a-f]/gi
/** The characters that change where a path leads; others stay encoded, as written. */
const SEPARATORS = new Set(['.', '/', '\\', '%'])

/** The character an `ENCODED` escape stands for: an overlong form's last two bytes' payload. */
function charOf(escape: string): string {
  const bytes = escape
    .split('%')
    .slice(1)
    .map(part => parseInt(part.replace(/^u/i, ''), 16))
  const [last = 0, before = 0] = bytes.reverse()
  return String.fromCharCode(bytes.length === 1 ? last : ((before & 0x3f) << 6) | (last & 0x3f))
}

/**
 * The path with `.`, `/`, `\` and `%` decoded in each of `ENCODED`'s forms, again and again until
 * none is left: what a server that decodes once, or twice (a CDN, then the origin), reads. Each
 * pass shortens it, so it ends.
 */
function decodedSeparators(path: string): string {
  let decoded = path
  for (let before = ''; before !== decoded;) {
    before = decoded
    decoded = decoded.replace(ENCODED, escape => {
      const char = charOf(escape)
      return SEPARATORS.has(char) ? char : escape
    })
  }
  return decoded
}

/** `.` or `..`, also with `;parameters` after it (which Tomcat and others strip). */
const DOT_SEGMENT = /^\.\.?(?:;|$)/

/**
 * Why a request path (as sent, percent-encoded) could name another host or leave base-url's path
 * under some parser, or undefined. Judged as written and once decoded, since the servers on the
 * way may decode it.
 */
export function pathProblem(path: string, site: URL): string | undefined {
  const decoded = decodedSeparators(path)
  if (decoded.includes('\\')) {
    return 'its path holds a backslash, which some parsers read as "/"'
  }
  if (decoded.startsWith('//')) {
    return 'its path begins with "//" once resolved and decoded, which names another host'
  }
  if (decoded.split('/').some(segment => DOT_SEGMENT.test(segment))) {
    return 'its path holds a "." or ".." segment once decoded, which each parser resolves its own way'
  }
  const base = site.pathname.replace(/(?<!\/)\/+$/, '')
  const under = (candidate: string, prefix: string) =>
    candidate === prefix || candidate.startsWith(`${prefix}/`)
  if (!under(path, base) || !under(decoded, decodedSeparators(base))) {
    return `its path is not under base-url's path ${base || '/'}`
  }
  return undefined
}

/** Why `url` must not be sent with base-url's credentials, or undefined when it may. */
export function requestProblem(url: URL, site: URL): string | undefined {
  if (url.origin !== site.origin) return `it is not on base-url's origin ${site.origin}`
  return pathProblem(url.pathname, site)
}

/** An address a server gave, as a request URL on base-url's origin; or why it is not used. */
type ServerAddress =
  | {
      ok: true
      /** Its path and query on base-url's scheme, host and port. */
      url: URL
      /** The origin it named, when it named one and that is not base-url's. */
      named?: string
    }
  | { ok: false; why: string }

/** `http(s)://` and a host, without user information: how a server names an address. */
const ABSOLUTE = /^https?:\/\/[^/?#@]+(?:[/?#]|$)/i
/** User information in the authority, which parsers split differently from the host. */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i
/** Whitespace and controls, which parsers drop or keep each their own way. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0020\u007f]/

/** Why an address's text could mean another host to some parser, or undefined. */
function textProblem(text: string): string | undefined {
  if (text.includes('\\')) return 'it holds a backslash, which some parsers read as "/"'
  if (CONTROLS.test(text)) {
    return 'it holds a space or a control character, which parsers drop or keep'
  }
  if (USERINFO.test(text)) {
    return 'it carries user information (user:password@), which parsers split from the host differently'
  }
  if (text.startsWith('//')) return 'it begins with "//", which names another host'
  if (!ABSOLUTE.test(text) && !text.startsWith('/')) {
    return 'it is neither an http(s) URL nor a path from "/"'
  }
  return undefined
}

/**
 * The request URL for an address a server gave: its path and query, on base-url's origin. Only
 * an http(s) URL or a path from a single `/` is taken, and only one that no parser could read as
 * another host (no backslash, no user information, no `//` once resolved and decoded) under
 * base-url's path. An absolute address may name another origin (a site's canonical address, say):
 * that is told in `named`, and never asked.
 */
export function addressOnOrigin(text: string, site: URL, answeredAt: URL): ServerAddress {
  const problem = textProblem(text)
  if (problem) return { ok: false, why: problem }
  let parsed: URL
  try {
    parsed = new URL(text, answeredAt)
  } catch {
    return { ok: false, why: 'it is not a URL' }
  }
  const pathWhy = pathProblem(parsed.pathname, site)
  if (pathWhy) return { ok: false, why: pathWhy }
  return {
    ok: true,
    url: onOrigin(site, parsed.pathname, parsed.search),
    ...(parsed.origin !== site.origin ? { named: parsed.origin } : {})
  }
}
