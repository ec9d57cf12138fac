/**
 * Where an API lives, as a URL of its prefix: a path (`https://site/blog/wp-json/wp/v2`), or
 * WordPress's form for sites without pretty permalinks, where the route travels in the query
 * (`https://site/blog/index.php?rest_route=/wp/v2`). Endpoints are built from it with the URL
 * API, so a query-form root keeps its query and every route lands in the right place.
 */

import { onOrigin } from './on-origin.js'

const ROUTE_PARAM = 'rest_route'

/** `{base-url}{api-path}`: a path prefix under the site's own path. */
export function apiUnder(site: URL, apiPath: string): URL {
  return onOrigin(site, `${site.pathname.replace(/(?<!\/)\/+$/, '')}${apiPath}`)
}

/** `route` is WordPress's route of an endpoint under this API, or undefined for a path root. */
function routeOf(api: URL): string | undefined {
  return api.searchParams.get(ROUTE_PARAM) ?? undefined
}

/**
 * The endpoint `path` (segments already percent-encoded, e.g. `dags/a%20b/dagRuns`) under the
 * API, with `query` added. In the query form the route is a decoded value of `rest_route`:
 * WordPress reads it from `$_GET`, which PHP has already decoded.
 */
export function endpointUrl(
  api: URL,
  path: string,
  query: Record<string, string> | [string, string][] = {}
): URL {
  const url = new URL(api.href)
  const route = routeOf(url)
  if (route !== undefined) {
    url.searchParams.set(
      ROUTE_PARAM,
      `${route.replace(/(?<!\/)\/+$/, '')}/${decodeURIComponent(path)}`
    )
  } else {
    url.pathname = `${url.pathname.replace(/(?<!\/)\/+$/, '')}/${path}`
  }
  const pairs = Array.isArray(query) ? query : Object.entries(query)
  for (const [name, value] of pairs) url.searchParams.append(name, value)
  return url
}

/**
 * Host, path and the route of a query-form URL, for messages: never other query parameters
 * (they may carry anything) and never credentials.
 */
export function whereOf(url: URL): string {
  const route = routeOf(url)
  return `${url.host}${url.pathname}${route === undefined ? '' : `?${ROUTE_PARAM}=${route}`}`
}

/** The API's prefix as a user would write it after base-url: `/wp-json/wp/v2`, `/index.php?rest_route=/wp/v2`. */
export function apiPathOf(api: URL, site: URL): string {
  const base = site.pathname.replace(/(?<!\/)\/+$/, '')
  const path = api.pathname.startsWith(base) ? api.pathname.slice(base.length) : api.pathname
  const route = routeOf(api)
  return route === undefined ? path : `${path}?${ROUTE_PARAM}=${route}`
}
