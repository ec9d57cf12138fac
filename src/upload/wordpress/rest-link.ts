import { endpointUrl } from '../../http/api-url.js'
import { addressOnOrigin } from '../../http/on-origin.js'

/** The link relation WordPress announces its REST API with (rest_output_link_header). */
const REST_API_REL = 'https://api.w.org/'

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

type RestRoot =
  | {
      ok: true
      /** The `wp/v2` API on base-url's scheme, host and port. */
      api: URL
      /** The address the site names as its own, when it is not base-url's. */
      canonical?: string
    }
  | { ok: false; why: string }

/**
 * The API a site announced, made safe to send credentials to: only the announced path and query
 * are used, on base-url's own scheme, host and port (`addressOnOrigin`). The announcement names
 * the site's canonical address, which may differ from the one the workflow chose (the apex
 * instead of `www`, the origin's own address to bypass a CDN); it is told, never asked.
 */
export function restRootApi(announced: string, site: URL, answeredAt: URL): RestRoot {
  const root = addressOnOrigin(announced, site, answeredAt)
  if (!root.ok) return root
  return {
    ok: true,
    api: endpointUrl(root.url, NAMESPACE),
    ...(root.named ? { canonical: root.named } : {})
  }
}
