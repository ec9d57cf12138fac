import type { HttpFailure } from '../http/send.js'
import { isTlsCode } from '../http/tls-errors.js'
import { clip } from './text.js'
import type { DiagnosisContext, Verdict } from './types.js'

/** What a Node error code means, in words for the evidence. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'the host refused the connection',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the DNS lookup failed for now',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'no route to the network',
  EADDRNOTAVAIL: 'no local address to connect from',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection closed while the request was being sent',
  ETIMEDOUT: 'the request timed out'
}

function networkRemedies(
  failure: HttpFailure,
  context: DiagnosisContext,
  timedOutInFlight: boolean
): string[] {
  const code = failure.code ?? ''
  const check = `Check \`base-url\` (scheme, host name and port) and that firewalls between GitHub's runners and ${context.host} let the connection through.`
  if (timedOutInFlight) {
    return [
      'Raise `timeout-seconds` if the server is only slow (large uploads take longer).',
      `The request may have been processed: look for the new ${context.app.item} before re-running.`,
      check
    ]
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return [
      `The host name ${context.host} does not resolve: check \`base-url\` for typos; a host on a private network needs a self-hosted runner inside that network.`
    ]
  }
  if (code === 'ECONNREFUSED') {
    return [
      `Nothing accepts connections at ${context.host} on that port: check the scheme and port in \`base-url\`, and that the server is running.`
    ]
  }
  if (isTlsCode(code)) {
    return [
      `TLS with ${context.host} failed: the certificate may have expired, be self-signed, or not cover that host name; check \`base-url\` (https to an http-only port fails the same way).`
    ]
  }
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return [
      `The connection was cut mid-request: a firewall, a load balancer or the server itself dropped it. ${check}`,
      'If it happens during large uploads, a body size limit on the way may be closing the connection.'
    ]
  }
  return [check]
}

/** No answer came: say how the request failed and whether the server can have seen it. */
export function diagnoseNetworkFailure(failure: HttpFailure, context: DiagnosisContext): Verdict {
  const method = context.method.toUpperCase()
  const code = failure.code ? clip(failure.code, 60) : undefined
  const tls = failure.code !== undefined && isTlsCode(failure.code)
  const means =
    (failure.code ? NETWORK_CODES[failure.code] : undefined) ??
    (tls ? 'the TLS handshake failed' : undefined)
  const timedOut = failure.timedOut || failure.code === 'ETIMEDOUT'
  // Whether the request reached the server is decided where the connection was watched: send().
  const reach = failure.mayHaveReachedServer
    ? 'the request may or may not have reached the server'
    : 'the request never reached the server'
  const headline = timedOut
    ? `The ${method} to ${context.host} timed out before an answer arrived; ${reach}.`
    : `The ${method} to ${context.host} failed before any HTTP answer arrived (${code ?? 'no error code'}${means ? `: ${means}` : ''}); ${reach}.`
  return {
    layer: 'network',
    blocked: false,
    headline,
    evidence: [
      ...(code ? [`\`${code}\`${means ? `: ${means}` : ''}`] : []),
      ...(failure.message.trim() ? [`error message: \`${clip(failure.message)}\``] : []),
      ...(timedOut && !means ? ['the time-out fired before the server answered'] : []),
      'no HTTP response arrived, so no CDN or server header can name a layer'
    ],
    remedies: networkRemedies(failure, context, timedOut && failure.mayHaveReachedServer)
  }
}
