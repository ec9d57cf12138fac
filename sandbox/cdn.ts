import { randomBytes } from 'node:crypto'
import { withHeaders, type Reply } from './http.js'
import { nginxErrorReply } from './nginx-pages.js'
import type { CdnSettings } from './types.js'

/** Counts guarded POSTs let through, so the block starts after `passPosts` of them. */
export class CdnGate {
  private passed = 0

  /** False when the CDN answers the request itself. */
  admits(cdn: CdnSettings | null, guardedPost: boolean): boolean {
    if (!cdn || !guardedPost) return true
    if (cdn.blockAll || this.passed >= cdn.passPosts) return false
    this.passed++
    return true
  }

  reset(): void {
    this.passed = 0
  }
}

/** Cloudflare's block page, as its WAF answers a request a rule refuses. */
const CLOUDFLARE_BLOCK = `<!DOCTYPE html>
<html lang="en-US"><head><title>Attention Required! | Cloudflare</title></head>
<body><div id="cf-wrapper"><div id="cf-error-details">
<h1>Sorry, you have been blocked</h1>
<span class="cf-footer-item">Cloudflare Ray ID: <strong>8a1b2c3d4e5f6a7b</strong></span>
</div></div></body></html>`

/**
 * The CDN's own answer to a blocked request, with no origin markers: nginx's stock 405 page, or
 * Cloudflare's 403 block page with its `cf-ray`.
 */
export function cdnBlockReply(cdn: CdnSettings | null): Reply {
  if (cdn?.blockPage !== 'cloudflare-403') return nginxErrorReply(405)
  return {
    status: 403,
    headers: {
      'content-type': 'text/html; charset=UTF-8',
      'cf-ray': `8a1b2c3d4e5f6a7b-${cdn.edge}`
    },
    body: CLOUDFLARE_BLOCK
  }
}

/** Every response through the CDN carries its name and a request id ending in the edge node. */
export function throughCdn(reply: Reply, cdn: CdnSettings | null): Reply {
  if (!cdn) return reply
  return withHeaders(reply, {
    server: cdn.name,
    'x-cdn-request-id': `${randomBytes(16).toString('hex')}-${cdn.edge}`
  })
}
