import { apiPathOf, apiUnder } from '../../http/api-url.js'
import type { ApiClient } from '../../http/client.js'
import { headerValues } from '../../http/headers.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { shown } from '../../inputs/input-error.js'
import { restRootApi, restRootLink } from './rest-link.js'

/** Where the media library's REST API is, and how that was learnt. */
export interface RestApiLocation {
  /** The API prefix (`…/wp-json/wp/v2`, `…/index.php?rest_route=/wp/v2`) on base-url's host. */
  api: URL
  /** The prefix as it would be written in `api-path`. */
  apiPath: string
  /** `given`: api-path; `found`: WordPress said where; `default`: nothing said, the default. */
  source: 'given' | 'found' | 'default'
  /** How it was learnt, one sentence for the log and the summary. */
  how: string
  /** Said when the site names another address than base-url's as its own. */
  note?: string
  /** Each announcement that was not used, and why (its text quoted, untrusted). */
  refused: string[]
}

interface Probe {
  /** What was asked, for messages: `HEAD /`. */
  asked: string
  url: URL
  send: (url: URL) => Promise<HttpResult>
}

/**
 * Finds WordPress's REST API the way WordPress tells clients to (its REST API handbook,
 * "Discovery"): the `Link: <root>; rel="https://api.w.org/"` header that `rest_output_link_header`
 * adds to every front-end page, HEAD included. When the home page does not say (a CDN's challenge
 * page, a cached copy, a redirect to the canonical host, which WordPress answers without the
 * header), the REST index is asked directly, in both of its forms: `/wp-json/` with pretty
 * permalinks, `/index.php?rest_route=/` without (where `/wp-json/` redirects to the home page).
 * No credentials are sent: all three are public. An explicit api-path is used as given.
 */
export async function locateRestApi(
  client: ApiClient,
  site: URL,
  apiPath: string | undefined,
  defaultApiPath: string
): Promise<RestApiLocation> {
  if (apiPath !== undefined) {
    return {
      api: apiUnder(site, apiPath),
      apiPath,
      source: 'given',
      how: 'given as api-path',
      refused: []
    }
  }
  const index = (path: string, query: Record<string, string>) => {
    const url = apiUnder(site, path)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    return url
  }
  // `_fields` keeps the index small: WordPress filters any REST answer by it.
  const probes: Probe[] = [
    { asked: 'HEAD /', url: apiUnder(site, '/'), send: url => client.head(url) },
    {
      asked: 'GET /wp-json/',
      url: index('/wp-json/', { _fields: 'namespaces' }),
      send: url => client.get(url, { anonymous: true })
    },
    {
      asked: 'GET /index.php?rest_route=/',
      url: index('/index.php', { rest_route: '/', _fields: 'namespaces' }),
      send: url => client.get(url, { anonymous: true })
    }
  ]
  const tried: string[] = []
  const refused = new Map<string, string>()
  for (const probe of probes) {
    const result = await probe.send(probe.url)
    tried.push(`${probe.asked} → ${describeResult(result)}`)
    // An untrusted certificate fails every request alike: the preflight will say why.
    if ('failure' in result && result.failure.permanent) break
    if (!('response' in result)) continue
    const announced = restRootLink(headerValues(result.response.headers, 'link'))
    if (announced === undefined) continue
    const root = restRootApi(announced, site, probe.url)
    // Refused, discovery goes on as if nothing had been announced: the next probe, the default.
    if (!root.ok) {
      if (!refused.has(announced)) {
        refused.set(
          announced,
          `The site announced its REST API at ${shown(announced, 200)} (${probe.asked}), which was not used: ${root.why}.`
        )
      }
      continue
    }
    return {
      api: root.api,
      apiPath: apiPathOf(root.api, site),
      source: 'found',
      how: `announced by WordPress (${probe.asked} → ${describeResult(result)}, its Link header)`,
      ...(root.canonical
        ? {
            note: `The site names ${root.canonical} as its address; requests stay with base-url's ${site.origin}.`
          }
        : {}),
      refused: [...refused.values()]
    }
  }
  return {
    api: apiUnder(site, defaultApiPath),
    apiPath: defaultApiPath,
    source: 'default',
    how: `${refused.size > 0 ? 'no announcement of the REST API could be used' : 'no WordPress REST API announced itself'} (${tried.join('; ')}): using the default ${defaultApiPath}; set api-path if the site serves it elsewhere`,
    refused: [...refused.values()]
  }
}
