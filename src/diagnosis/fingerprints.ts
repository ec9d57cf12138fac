export interface CdnVendor {
  name: string
  /** Site owners edit this vendor's rules themselves; otherwise only the hosting provider can. */
  ownerRules: boolean
  /**
   * The web server named in the footer of the vendor's own stock error pages. A stock page naming
   * another web server was made by the origin and only passed through. Absent: unknown, so any
   * stock page may be the vendor's own.
   */
  stockPageFooter?: RegExp
}

const HOSTINGER: CdnVendor = {
  name: 'Hostinger CDN',
  ownerRules: false,
  stockPageFooter: /^nginx/i
}
const CLOUDFLARE: CdnVendor = {
  name: 'Cloudflare',
  ownerRules: true,
  stockPageFooter: /^cloudflare/i
}
const CLOUDFRONT: CdnVendor = {
  name: 'Amazon CloudFront',
  ownerRules: true,
  stockPageFooter: /cloudfront/i
}
const FASTLY: CdnVendor = { name: 'Fastly', ownerRules: true, stockPageFooter: /fastly|varnish/i }
const AKAMAI: CdnVendor = { name: 'Akamai', ownerRules: true, stockPageFooter: /akamai/i }
const SUCURI: CdnVendor = { name: 'Sucuri', ownerRules: true }
const IMPERVA: CdnVendor = { name: 'Imperva', ownerRules: true }
const BUNNY: CdnVendor = { name: 'Bunny CDN', ownerRules: true, stockPageFooter: /bunny/i }
const AZURE: CdnVendor = { name: 'Azure Front Door', ownerRules: true }
const GOOGLE: CdnVendor = { name: 'Google Cloud load balancer', ownerRules: true }
const VARNISH: CdnVendor = { name: 'Varnish cache', ownerRules: false, stockPageFooter: /varnish/i }

type HeaderSource =
  | CdnVendor
  /** a CDN's own header whose vendor the header does not tell (the spec's neutral pair) */
  | 'cdn'
  /** a header that any proxy or cache may add */
  | 'proxy'

export interface CdnFingerprint {
  source: HeaderSource
  header: string
  /** tested against each value of the header; absent: the header's presence is enough */
  value?: RegExp
  /** what the header's value identifies */
  carries?: 'request-id' | 'request-id-edge' | 'edge' | 'edge-list'
}

/** Headers a CDN or proxy adds. Order matters: the first row that names a vendor wins. */
export const CDN_FINGERPRINTS: readonly CdnFingerprint[] = [
  { source: HOSTINGER, header: 'server', value: /^hcdn\b/i },
  { source: HOSTINGER, header: 'x-hcdn-request-id', carries: 'request-id-edge' },
  { source: HOSTINGER, header: 'x-hcdn-cache-status' },
  { source: HOSTINGER, header: 'platform', value: /^hostinger$/i },
  { source: CLOUDFLARE, header: 'server', value: /^cloudflare\b/i },
  { source: CLOUDFLARE, header: 'cf-ray', carries: 'request-id-edge' },
  { source: CLOUDFLARE, header: 'cf-cache-status' },
  { source: CLOUDFRONT, header: 'server', value: /^cloudfront\b/i },
  { source: CLOUDFRONT, header: 'x-amz-cf-id', carries: 'request-id' },
  { source: CLOUDFRONT, header: 'x-amz-cf-pop', carries: 'edge' },
  { source: CLOUDFRONT, header: 'via', value: /\(CloudFront\)/i },
  { source: CLOUDFRONT, header: 'x-cache', value: /\bfrom cloudfront\b/i },
  { source: FASTLY, header: 'x-served-by', value: /^cache-/i, carries: 'edge-list' },
  { source: FASTLY, header: 'x-fastly-request-id', carries: 'request-id' },
  { source: AKAMAI, header: 'server', value: /^AkamaiGHost\b/i },
  { source: AKAMAI, header: 'x-akamai-request-id', carries: 'request-id' },
  { source: AKAMAI, header: 'x-cache', value: /\.akamaitechnologies\.com\b/i },
  { source: SUCURI, header: 'x-sucuri-id', carries: 'edge' },
  { source: SUCURI, header: 'x-sucuri-block' },
  { source: SUCURI, header: 'server', value: /^Sucuri\b/i },
  { source: IMPERVA, header: 'x-iinfo', carries: 'request-id' },
  { source: IMPERVA, header: 'x-cdn', value: /incapsula|imperva/i },
  { source: BUNNY, header: 'server', value: /^BunnyCDN\b/i },
  { source: BUNNY, header: 'cdn-requestid', carries: 'request-id' },
  { source: AZURE, header: 'x-azure-ref', carries: 'request-id' },
  { source: GOOGLE, header: 'via', value: /\bgoogle\b/i },
  { source: VARNISH, header: 'via', value: /\bvarnish\b/i },
  { source: 'cdn', header: 'x-cdn-request-id', carries: 'request-id-edge' },
  { source: 'proxy', header: 'via' },
  { source: 'proxy', header: 'x-cache' },
  { source: 'proxy', header: 'age' }
]

/** Names of web servers and application servers that run at an origin, not at a CDN. */
const ORIGIN_SERVER =
  /^(?:nginx|apache|httpd|litespeed|openlitespeed|openresty|tengine|microsoft-iis|microsoft-httpapi|gunicorn|uvicorn|hypercorn|daphne|waitress|werkzeug|cheroot|cherrypy|tornadoserver|twistedweb|python|caddy|lighttpd|h2o|kestrel|jetty|apache-coyote|envoy|istio-envoy|traefik)(?![\w-])/i

/** Whether a `server` value (or a stock page's footer) names origin software, e.g. `Apache/2.4.57 (Debian)`. */
export function isOriginServerName(value: string): boolean {
  return ORIGIN_SERVER.test(value.trim())
}

/** The vendor a `server` value names, also used for the footers of stock error pages. */
export function vendorNamedByServer(value: string): CdnVendor | undefined {
  const row = CDN_FINGERPRINTS.find(
    row => row.header === 'server' && typeof row.source === 'object' && row.value?.test(value)
  )
  return row && typeof row.source === 'object' ? row.source : undefined
}

interface CdnPageFingerprint {
  vendor: CdnVendor
  pattern: RegExp
  /** what the page says, for the evidence */
  marker: string
  /** the page refuses the request whatever its status (a challenge answered with 503) */
  refusal?: boolean
  /** the vendor's reference printed in the page, when no header carried a request id */
  requestId?: RegExp
}

/** Error pages CDNs make themselves; matched against the body with HTML entities decoded. */
export const CDN_PAGE_FINGERPRINTS: readonly CdnPageFingerprint[] = [
  {
    vendor: CLOUDFRONT,
    pattern: /Generated by cloudfront \(CloudFront\)/i,
    marker: 'Generated by cloudfront (CloudFront)',
    requestId: /Request ID:\s*([\w=-]{8,})/i
  },
  {
    vendor: CLOUDFLARE,
    pattern: /<title>Just a moment\.\.\.<\/title>|window\._cf_chl_opt/i,
    marker: 'a Cloudflare challenge page',
    refusal: true
  },
  {
    vendor: CLOUDFLARE,
    // Cloudflare also injects `/cdn-cgi/` scripts into pages it passes through: not a marker.
    pattern:
      /Attention Required! \| Cloudflare|used Cloudflare to restrict access|cf-error-details|Cloudflare Ray ID/i,
    marker: 'a Cloudflare error page',
    requestId: /Ray ID:\s*(?:<[^<>]*>\s*)*([0-9a-f]{8,})/i
  },
  {
    vendor: AKAMAI,
    pattern: /errors\.edgesuite\.net|Reference #\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i,
    marker: 'an Akamai "Access Denied" page',
    requestId: /Reference #\s*([0-9a-f]+(?:\.[0-9a-f]+){2,})/i
  },
  {
    vendor: SUCURI,
    pattern: /Sucuri WebSite Firewall|sucuri\.net\/|cloudproxy@sucuri/i,
    marker: 'a Sucuri WebSite Firewall page'
  },
  {
    vendor: IMPERVA,
    pattern: /Incapsula incident ID|_Incapsula_Resource/i,
    marker: 'an Imperva (Incapsula) incident page',
    requestId: /Incapsula incident ID:?\s*([\d-]{8,})/i
  },
  { vendor: FASTLY, pattern: /Fastly error:/i, marker: 'a Fastly error page' }
]

export interface OriginPageFingerprint {
  /** what made the page */
  by: string
  /** a plugin inside WordPress rather than WordPress itself */
  plugin: boolean
  pattern: RegExp
  marker: string
}

/** Pages only WordPress (or a plugin inside it) makes at the origin. */
export const ORIGIN_PAGE_FINGERPRINTS: readonly OriginPageFingerprint[] = [
  {
    by: 'Wordfence',
    plugin: true,
    pattern: /Generated by Wordfence/i,
    marker: 'Generated by Wordfence'
  },
  {
    by: 'WordPress',
    plugin: false,
    pattern: /There has been a critical error on this website/i,
    marker: 'There has been a critical error on this website'
  },
  {
    by: 'WordPress',
    plugin: false,
    pattern: /Error establishing a database connection/i,
    marker: 'Error establishing a database connection'
  }
]
