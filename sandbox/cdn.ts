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

/** The CDN's own answer to a blocked request: nginx's stock 405 page and no origin markers. */
export function cdnBlockReply(): Reply {
  return nginxErrorReply(405)
}

/** Every response through the CDN carries its name and a request id ending in the edge node. */
export function throughCdn(reply: Reply, cdn: CdnSettings | null): Reply {
  if (!cdn) return reply
  return withHeaders(reply, {
    server: cdn.name,
    'x-cdn-request-id': `${randomBytes(16).toString('hex')}-${cdn.edge}`
  })
}
