import { apiPathOf, apiUnder } from '../../http/api-url.js'
import type { ApiClient } from '../../http/client.js'
import { headerValues } from '../../http/headers.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { shown } from '../../inputs/input-error.js'
import { log } from '../../log/log.js'
import { DEFAULT_WORDPRESS_API_PATH, type UploadConfig } from '../config.js'
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
  /** Said when the site was too slow to tell, so the default was taken without knowing. */
  slow?: string
}

interface Probe {
  /** What was asked, for messages: `HEAD /`. */
  asked: string
  url: URL
  send: (url: URL) => Promise<HttpResult>
  /** For a REST index: where its `wp/v2` API is, when its answer lists that namespace. */
  wpApiPath?: string
}

/**
 * Finds WordPress's REST API the way WordPress tells clients to (its REST API handbook,
 * "Discovery"): the `Link: <root>; rel="https://api.w.org/"` header that `rest_output_link_header`
 * adds to every front-end page, HEAD included. When the home page does not say (a CDN's challenge
 * page, a cached copy, a redirect to the canonical host, which WordPress answers without the
 * header), the REST index is asked directly, in both of its forms: `/wp-json/` with pretty
 * permalinks, `/index.php?rest_route=/` without (where `/wp-json/` redirects to the home page).
 * An index that lists WordPress's `wp/v2` namespace is WordPress's own, though a proxy stripped its
 * Link header: it is used before the interface's neutral default. No credentials are sent: all
 * three are public. An explicit api-path is used as given.
 */
export async function locateRestApi(
  client: ApiClient,
  site: URL,
  apiPath: string | undefined,
  defaults: { apiPath: string; timeoutMs: number }
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
  const probes = discoveryProbes(client, site)
  let listed: { probe: Probe; result: HttpResult } | undefined
  let slow = false
  const tried: string[] = []
  const refused = new Map<string, string>()
  for (const probe of probes) {
    const result = await probe.send(probe.url)
    tried.push(`${probe.asked} → ${describeResult(result)}`)
    // An untrusted certificate fails every request alike: the preflight will say why.
    if ('failure' in result && result.failure.permanent) break
    if (!('response' in result)) {
      slow ||= result.failure.timedOut
      continue
    }
    if (!listed && probe.wpApiPath && listsWpApi(result.response.body)) listed = { probe, result }
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
  if (listed && refused.size === 0) return listedLocation(site, listed.probe, listed.result)
  return defaultLocation(site, defaults, { tried, refused: [...refused.values()], slow })
}

/**
 * The three places WordPress tells where its REST API is: the home page's Link header, and the
 * REST index in both forms (`_fields` keeps it small: WordPress filters any REST answer by it).
 */
function discoveryProbes(client: ApiClient, site: URL): Probe[] {
  const index = (path: string, query: Record<string, string>) => {
    const url = apiUnder(site, path)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    return url
  }
  return [
    { asked: 'HEAD /', url: apiUnder(site, '/'), send: url => client.head(url) },
    {
      asked: 'GET /wp-json/',
      url: index('/wp-json/', { _fields: 'namespaces' }),
      send: url => client.get(url, { anonymous: true }),
      wpApiPath: '/wp-json/wp/v2'
    },
    {
      asked: 'GET /index.php?rest_route=/',
      url: index('/index.php', { rest_route: '/', _fields: 'namespaces' }),
      send: url => client.get(url, { anonymous: true }),
      wpApiPath: '/index.php?rest_route=/wp/v2'
    }
  ]
}

/** A REST index that lists `wp/v2` without announcing itself: a proxy dropped its Link header. */
function listedLocation(site: URL, probe: Probe, result: HttpResult): RestApiLocation {
  const path = probe.wpApiPath!
  return {
    api: apiUnder(site, path),
    apiPath: path,
    source: 'found',
    how: `WordPress's REST index answered (${probe.asked} → ${describeResult(result)}, listing wp/v2) without a Link header`,
    refused: []
  }
}

/** Nothing usable was said: the default, and why, said plainly when the site was too slow. */
function defaultLocation(
  site: URL,
  defaults: { apiPath: string; timeoutMs: number },
  seen: { tried: string[]; refused: string[]; slow: boolean }
): RestApiLocation {
  const { apiPath } = defaults
  const nothing = seen.refused.length
    ? 'no announcement of the REST API could be used'
    : 'no WordPress REST API announced itself'
  return {
    api: apiUnder(site, apiPath),
    apiPath,
    source: 'default',
    how: `${nothing} (${seen.tried.join('; ')}): using the default ${apiPath}; set api-path if the site serves it elsewhere`,
    ...(seen.slow
      ? {
          slow: `The site did not answer within timeout-seconds (${defaults.timeoutMs / 1000} s) where WordPress says where its REST API is, so the default ${apiPath} is used without knowing. Set api-path (on most WordPress sites /wp-json/wp/v2) to skip this look-up, or raise timeout-seconds.`
        }
      : {}),
    refused: seen.refused
  }
}

/** Whether a REST index's JSON lists WordPress's own `wp/v2` namespace. */
function listsWpApi(body: string): boolean {
  try {
    const { namespaces } = JSON.parse(body) as { namespaces?: unknown }
    return Array.isArray(namespaces) && namespaces.includes('wp/v2')
  } catch {
    return false
  }
}

/** Where the REST API is: api-path, or what WordPress announces; said in the log either way. */
export async function findRestApi(
  client: ApiClient,
  config: UploadConfig
): Promise<RestApiLocation> {
  const location = await locateRestApi(client, config.baseUrl, config.apiPath, {
    apiPath: DEFAULT_WORDPRESS_API_PATH,
    timeoutMs: config.timeoutMs
  })
  log.info(`REST API: ${location.apiPath} (${location.how}).`)
  if (location.note) log.info(location.note)
  if (location.slow) log.warning(location.slow, 'REST API not found: the site was too slow')
  for (const refused of location.refused) log.warning(refused, 'REST API announcement not used')
  return location
}
