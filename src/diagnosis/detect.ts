import type { AppAnswer, Page } from './body.js'
import {
  CDN_FINGERPRINTS,
  CDN_PAGE_FINGERPRINTS,
  isOriginServerName,
  ORIGIN_PAGE_FINGERPRINTS,
  vendorNamedByServer,
  type CdnFingerprint,
  type CdnVendor,
  type OriginPageFingerprint
} from './fingerprints.js'
import { headerNames, headerValue, headerValues, type Headers } from '../http/headers.js'
import { clip, edgeNodeName } from './text.js'

interface RequestIdParts {
  requestId: string
  edgeNode?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
const LEADING_ID_GROUP = /^(?:[0-9a-f]{8,}|[0-9a-z]{16,})$/i
const FURTHER_ID_GROUP = /^[0-9a-f]{8,}$/i

/**
 * Splits a `<request_id>-<edge_node_id>` value (the spec's `x-cdn-request-id`, Hostinger's
 * `x-hcdn-request-id`, Cloudflare's `cf-ray`).
 *
 * Both halves may contain dashes (UUID request ids; edge nodes such as `edge-ams-3`), so the
 * split is not simply at the first or last dash. The request id is a leading UUID, or else the
 * leading dash-separated groups that look like an id: a first group of at least 8 hex digits (or
 * 16 letters and digits), then any further groups of at least 8 hex digits. The edge node is
 * everything after the dash that ends the id. When the id groups make up the whole value, the
 * split falls on the last dash. A bare UUID, or a value that does not start like an id, is kept
 * whole as the request id: no edge node is claimed when the value cannot be read safely.
 */
export function splitRequestId(raw: string): RequestIdParts {
  const value = raw.trim()
  const uuid = UUID.exec(value)
  if (uuid) {
    const rest = value.slice(uuid[0].length)
    return rest.length > 1 && rest.startsWith('-')
      ? { requestId: uuid[0], edgeNode: rest.slice(1) }
      : { requestId: value }
  }
  const groups = value.split('-')
  if (groups.length < 2 || !LEADING_ID_GROUP.test(groups[0] ?? '')) return { requestId: value }
  let idGroups = 1
  while (idGroups < groups.length - 1 && FURTHER_ID_GROUP.test(groups[idGroups] ?? '')) idGroups++
  const edgeNode = groups.slice(idGroups).join('-')
  return edgeNode === ''
    ? { requestId: value }
    : { requestId: groups.slice(0, idGroups).join('-'), edgeNode }
}

export interface CdnSigns {
  /** how much the markers tell: a named vendor, a CDN of unknown vendor, or any proxy or cache */
  kind: 'vendor' | 'cdn' | 'proxy'
  vendor?: CdnVendor
  requestId?: string
  edgeNode?: string
  /** set when the body is the CDN's own error page */
  page?: { marker: string; refusal: boolean }
  evidence: string[]
}

interface Hit {
  row: CdnFingerprint
  /** the header's values that matched the row */
  values: string[]
}

function quote(name: string, values: string[]): string {
  return `\`${name}: ${clip(values.join(', '), 80)}\``
}

function describeHit({ row, values }: Hit): string {
  const quoted = quote(row.header, values)
  if (row.source === 'proxy') return `${quoted} shows a proxy or cache on the way (vendor unknown)`
  const edge =
    row.carries === 'request-id-edge' ? splitRequestId(values[0] ?? '').edgeNode : undefined
  const edgeNote = edge ? `, ${edgeNodeName(edge, `\`${clip(edge, 60)}\``)}` : ''
  if (row.source === 'cdn') return `${quoted} is a CDN's own request id${edgeNote}`
  const { name } = row.source
  if (row.header === 'server') return `${quoted} names ${name}, not the origin web server`
  switch (row.carries) {
    case 'request-id-edge':
      return `${quoted} is ${name}'s request id${edgeNote}`
    case 'request-id':
      return `${quoted} carries ${name}'s request id`
    case 'edge':
      return `${quoted} names ${name}'s edge node`
    case 'edge-list':
      return `${quoted} names ${name}'s cache nodes`
    default:
      return `${quoted} is set by ${name}`
  }
}

/** Reads the request id and the edge node, preferring the headers of the vendor that answered. */
function identify(
  hits: Hit[],
  vendor: CdnVendor | undefined
): { requestId?: string; edgeNode?: string } {
  const ordered = [
    ...hits.filter(hit => hit.row.source === vendor),
    ...hits.filter(hit => hit.row.source !== vendor)
  ]
  let requestId: string | undefined
  let edgeNode: string | undefined
  for (const { row, values } of ordered) {
    const first = values[0]?.trim() ?? ''
    if (row.carries === 'request-id-edge') {
      const parts = splitRequestId(first)
      requestId ??= parts.requestId
      edgeNode ??= parts.edgeNode
    } else if (row.carries === 'request-id') {
      // Imperva's `x-iinfo` appends timings after the id.
      requestId ??= first.split(/\s+/)[0]
    } else if (row.carries === 'edge') {
      edgeNode ??= first
    } else if (row.carries === 'edge-list') {
      // Fastly lists every cache node on the way; the last one is the edge facing the client.
      edgeNode ??= values.join(',').split(',').at(-1)?.trim()
    }
  }
  return {
    ...(requestId ? { requestId: clip(requestId) } : {}),
    ...(edgeNode ? { edgeNode: clip(edgeNode) } : {})
  }
}

export function detectCdn(headers: Headers, page: Page): CdnSigns | undefined {
  const hits = CDN_FINGERPRINTS.flatMap(row => {
    const values = headerValues(headers, row.header).filter(
      value => !row.value || row.value.test(value)
    )
    return values.length > 0 ? [{ row, values }] : []
  })
  const named = hits.filter(hit => typeof hit.row.source === 'object')
  const neutral = hits.filter(hit => hit.row.source === 'cdn')
  const pageHit = CDN_PAGE_FINGERPRINTS.find(fingerprint => fingerprint.pattern.test(page.text))
  const footerVendor = page.footer ? vendorNamedByServer(page.footer) : undefined

  const evidence = (named.length > 0 || neutral.length > 0 ? [...named, ...neutral] : hits).map(
    describeHit
  )
  const byServer = named.find(hit => hit.row.header === 'server') ?? named[0]
  let vendor =
    (byServer && typeof byServer.row.source === 'object' ? byServer.row.source : undefined) ??
    pageHit?.vendor ??
    footerVendor
  if (!vendor && neutral.length > 0) {
    // The spec's neutral pair: `server` then names the CDN, unless it names an origin web server.
    const server = headerValue(headers, 'server')
    if (server && !isOriginServerName(server)) {
      vendor = { name: clip(server, 60), ownerRules: false }
      evidence.push(
        `${quote('server', [server])} is not an origin web server's name: with \`x-cdn-request-id\` it names the CDN`
      )
    }
  }
  const kind = vendor
    ? 'vendor'
    : neutral.length > 0
      ? 'cdn'
      : hits.length > 0
        ? 'proxy'
        : undefined
  if (!kind) return undefined

  const ids = identify(hits, vendor)
  const pageRequestId = pageHit?.requestId?.exec(page.text)?.[1]
  const madeByCdn = pageHit
    ? { marker: pageHit.marker, refusal: pageHit.refusal ?? false }
    : footerVendor
      ? { marker: `a stock error page signed \`${page.footer}\``, refusal: false }
      : undefined
  return {
    kind,
    ...(vendor ? { vendor } : {}),
    ...ids,
    ...(!ids.requestId && pageRequestId ? { requestId: clip(pageRequestId) } : {}),
    ...(madeByCdn ? { page: madeByCdn } : {}),
    evidence
  }
}

export interface OriginSigns {
  /** headers and bodies only the origin application sends */
  evidence: string[]
  app?: AppAnswer
  /** a page made by the application or a plugin inside it */
  page?: OriginPageFingerprint
  /** where WordPress says its REST API lives, from its `link` header */
  restRoot?: string
}

const ORIGIN_HEADER_FAMILIES: readonly { prefixes: string[]; says: string }[] = [
  { prefixes: ['x-wp-', 'x-cms-'], says: 'set by WordPress, not by a CDN' },
  { prefixes: ['x-ratelimit-'], says: "set by the service's own rate limiter" }
]

export function detectOrigin(
  headers: Headers,
  page: Page,
  app: AppAnswer | undefined
): OriginSigns {
  const evidence: string[] = []
  const names = headerNames(headers)
  for (const family of ORIGIN_HEADER_FAMILIES) {
    const found = names.filter(name => family.prefixes.some(prefix => name.startsWith(prefix)))
    if (found.length === 0) continue
    const listed = found.slice(0, 3).map(name => `\`${clip(name, 60)}\``)
    const more = found.length > 3 ? ` and ${found.length - 3} more` : ''
    evidence.push(`${listed.join(', ')}${more} ${found.length > 1 ? 'are' : 'is'} ${family.says}`)
  }
  const link = headerValues(headers, 'link').join(', ')
  const restRoot = /<([^<>]*)>\s*;\s*rel="?https:\/\/api\.w\.org\/"?/i.exec(link)?.[1]
  if (restRoot !== undefined) {
    evidence.push(
      `the \`link\` header with \`rel="https://api.w.org/"\` is WordPress's REST API announcement`
    )
  }
  if (/^wordpress$/i.test(headerValue(headers, 'x-redirect-by') ?? '')) {
    evidence.push('`x-redirect-by: WordPress` is set by WordPress')
  }
  if (/\bx-wp-/i.test(headerValue(headers, 'access-control-expose-headers') ?? '')) {
    evidence.push("`access-control-expose-headers` lists WordPress's `X-WP-*` headers")
  }
  if (app) evidence.push(`the body is ${app.shape}`)
  const originPage = ORIGIN_PAGE_FINGERPRINTS.find(fingerprint =>
    fingerprint.pattern.test(page.text)
  )
  if (originPage) {
    evidence.push(
      `the page says \`${originPage.marker}\`: ${originPage.by}${originPage.plugin ? ', a plugin inside WordPress at the origin,' : ' itself'} made it`
    )
  }
  return {
    evidence,
    ...(app ? { app } : {}),
    ...(originPage ? { page: originPage } : {}),
    ...(restRoot ? { restRoot: clip(restRoot) } : {})
  }
}
