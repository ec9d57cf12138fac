import type { IncomingHttpHeaders } from 'node:http'
import { header, jsonReply, textReply, withHeaders, type Reply } from './http.js'
import type { WordPressSettings } from './types.js'
import { filterFields } from './wp-fields.js'
import { clientMediaIndex } from './wp-images.js'
import { authenticate, mayUpload } from './wp-reply.js'

/** What a request to the site (not its REST API by path) is, as WordPress routes it. */
export type SiteTarget =
  | { kind: 'home' }
  /** The REST index, `/wp-json/` or `?rest_route=/`. */
  | { kind: 'rest-index' }
  /** A REST route asked as `?rest_route=/wp/v2/…`: served as if asked at `/wp-json/wp/v2/…`. */
  | { kind: 'rest-route'; pathname: string; query: URLSearchParams }
  /** `/wp-json/…` without pretty permalinks: WordPress redirects it to the home page. */
  | { kind: 'to-home' }

/** The site's own pages; undefined for anything else (REST paths, uploads, 404s). */
export function siteTarget(
  pathname: string,
  query: URLSearchParams,
  settings: WordPressSettings
): SiteTarget | undefined {
  const { permalinks, sitePath } = settings
  if (!permalinks) return undefined
  const route = query.get('rest_route')
  const home = pathname === `${sitePath}/` || (sitePath !== '' && pathname === sitePath)
  // WordPress reads `rest_route` on any front-end URL; its Link names index.php for nginx.
  if (route !== null && (home || pathname === `${sitePath}/index.php`)) {
    if (route === '/' || route === '') return { kind: 'rest-index' }
    const rest = new URLSearchParams(query)
    rest.delete('rest_route')
    return { kind: 'rest-route', pathname: `${sitePath}/wp-json${route}`, query: rest }
  }
  if (home) return { kind: 'home' }
  const restPath = pathname === `${sitePath}/wp-json` || pathname.startsWith(`${sitePath}/wp-json/`)
  if (restPath && permalinks === 'plain') return { kind: 'to-home' }
  if (pathname === `${sitePath}/wp-json` || pathname === `${sitePath}/wp-json/`) {
    return { kind: 'rest-index' }
  }
  return undefined
}

/** The address the site calls its own: `canonicalUrl`, or the one the request was sent to. */
function siteAddress(settings: WordPressSettings, baseUrl: string): string {
  return `${settings.canonicalUrl ?? baseUrl}${settings.sitePath}`
}

/** The `Link` header rest_output_link_header() adds, in each permalink form. */
export function restLink(settings: WordPressSettings, baseUrl: string): string {
  const root =
    settings.permalinks === 'plain'
      ? `${siteAddress(settings, baseUrl)}/index.php?rest_route=/`
      : `${siteAddress(settings, baseUrl)}/wp-json/`
  return `<${root}>; rel="https://api.w.org/"`
}

/**
 * The home page: on the canonical host, a page with the Link header; on another, the canonical
 * redirect that redirect_canonical() answers before the header is added.
 */
function homePage(settings: WordPressSettings, baseUrl: string, headers: IncomingHttpHeaders) {
  const canonical = settings.canonicalUrl
  if (canonical && header(headers, 'host') !== new URL(canonical).host) {
    return withHeaders(textReply(301, '', 'text/html; charset=UTF-8'), {
      location: `${siteAddress(settings, baseUrl)}/`,
      'x-redirect-by': 'WordPress'
    })
  }
  const page =
    '<!DOCTYPE html>\n<html><head><title>Sandbox Site</title></head><body></body></html>\n'
  return withHeaders(textReply(200, page, 'text/html; charset=UTF-8'), {
    link: restLink(settings, baseUrl)
  })
}

/** A route of WordPress 7.1's client-side media processing, as the index describes it. */
function clientMediaRoute(args: Record<string, unknown>) {
  return {
    namespace: 'wp/v2',
    methods: ['POST'],
    endpoints: [{ methods: ['POST'], args: { id: { type: 'integer', required: false }, ...args } }]
  }
}

/** The routes the index lists: only those of client-side media processing are told. */
function indexRoutes(settings: WordPressSettings): Record<string, unknown> {
  if (!settings.clientSideMedia) return {}
  return {
    '/wp/v2/media/(?P<id>[\\d]+)/sideload': clientMediaRoute({
      image_size: { type: ['string', 'array'], required: true },
      convert_format: { type: 'boolean', default: true, required: false }
    }),
    '/wp/v2/media/(?P<id>[\\d]+)/finalize': clientMediaRoute({
      sub_sizes: { type: 'array', default: [], maxItems: 100, required: false }
    })
  }
}

/**
 * The REST index, filtered by `_fields` as WordPress filters any REST answer. With client-side
 * media processing on, a signed-in user who may upload is told the image sizes too.
 */
function restIndex(
  settings: WordPressSettings,
  baseUrl: string,
  request: { headers: IncomingHttpHeaders; query: URLSearchParams }
): Reply {
  const uploader = authenticate(request.headers, settings) === 'valid' && mayUpload(settings)
  const index: Record<string, unknown> = {
    name: 'Sandbox Site',
    url: siteAddress(settings, baseUrl),
    namespaces: ['oembed/1.0', 'wp/v2', 'wp-site-health/v1'],
    routes: indexRoutes(settings),
    ...(settings.clientSideMedia && uploader ? clientMediaIndex() : {})
  }
  const shown = filterFields(index, request.query.get('_fields'))
  return withHeaders(jsonReply(200, shown, {}, 'application/json; charset=UTF-8'), {
    link: restLink(settings, baseUrl),
    'x-content-type-options': 'nosniff'
  })
}

/** Answers a site target; `rest-route` is the REST API's, not answered here. */
export function siteReply(
  target: Exclude<SiteTarget, { kind: 'rest-route' }>,
  settings: WordPressSettings,
  baseUrl: string,
  request: { headers: IncomingHttpHeaders; query: URLSearchParams }
): Reply {
  const origin = { server: settings.originServer }
  switch (target.kind) {
    case 'home':
      return withHeaders(homePage(settings, baseUrl, request.headers), origin)
    case 'rest-index':
      return withHeaders(restIndex(settings, baseUrl, request), origin)
    case 'to-home':
      return withHeaders(textReply(301, '', 'text/html; charset=UTF-8'), {
        ...origin,
        location: `${siteAddress(settings, baseUrl)}/`,
        'x-redirect-by': 'WordPress'
      })
  }
}
