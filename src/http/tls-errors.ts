/**
 * Node's and OpenSSL's codes for a failed TLS handshake: an untrusted, expired or mismatched
 * certificate, or https to a port that speaks plain http (EPROTO). The request itself was never
 * sent, and sending it again fails the same way.
 */
export function isTlsCode(code: string): boolean {
  return /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/.test(code)
}
