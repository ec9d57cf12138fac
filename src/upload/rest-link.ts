import { endpointUrl } from '../http/api-url.js'

/** The link relation WordPress announces its REST API with (rest_output_link_header). */
export const REST_API_REL = 'https://api.w.org/'

/** A header longer than this is not read: no site needs it, and it is untrusted text. */
const MAX_HEADER_CHARS = 8192
const MAX_TARGET_CHARS = 2048

/**
 * The target of the first link with relation `https://api.w.org/` in `Link` header values
 * (RFC 8288: `<target>; rel="a b", <target>; …`), or undefined.
 */
export function restRootLink(values: string[]): string | undefined {
  for (const value of values) {
    if (value.length > MAX_HEADER_CHARS) continue
    for (const match of value.matchAll(/<([^<>]*)>([^<]*)/g)) {
      const [, target, params] = match
      const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params!)
      const relations = (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/)
      if (relations.includes(REST_API_REL) && target!.length <= MAX_TARGET_CHARS) return target
    }
  }
  return undefined
}

/** WordPress's own API: the `wp/v2` namespace under the REST root. */
const NAMESPACE = 'wp/v2'

export type RestRoot =
  | {
      ok: true
      /** The `wp/v2` API on base-url's scheme, host and port. */
      api: URL
      /** The address the site names as its own, when it is not base-url's. */
      canonical?: string
    }
  | { ok: false; why: string }

/**
 * The API a site announced, made safe to send credentials to. Only the announced path and query
 * are used, on base-url's own scheme, host and port: the announcement names the site's canonical
 * address, which may differ from the one the workflow chose (the apex instead of `www`, the
 * origin's own address to bypass a CDN). The path, its dot segments resolved, must lie under
 * base-url's path, so that a site in /blog never sends credentials to /other/.
 */
export function restRootApi(announced: string, site: URL, answeredAt: URL): RestRoot {
  let root: URL
  try {
    root = new URL(announced, answeredAt)
  } catch {
    return { ok: false, why: 'it is not a URL' }
  }
  if (root.protocol !== 'http:' && root.protocol !== 'https:') {
    return { ok: false, why: 'it is not an http(s) URL' }
  }
  const base = site.pathname.replace(/(?<!\/)\/+$/, '')
  if (root.pathname !== base && !root.pathname.startsWith(`${base}/`)) {
    return { ok: false, why: `its path is not under base-url's path ${base || '/'}` }
  }
  const local = new URL(`${root.pathname}${root.search}`, site.origin)
  return {
    ok: true,
    api: endpointUrl(local, NAMESPACE),
    ...(root.origin !== site.origin ? { canonical: root.origin } : {})
  }
}
