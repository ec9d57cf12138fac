import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * AWS Signature Version 4, checked on the receiving side, written from AWS's documentation
 * ("Create a signed AWS API request", IAM user guide) with Node's crypto only: the stand-in must
 * not trust the library the action signs with.
 */

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ is %XX. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
}

export interface SignedRequest {
  method: string
  /** The path as received, still percent-encoded. */
  path: string
  query: URLSearchParams
  /** Lower-case names. */
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** The canonical request: services other than S3 encode each path segment once more. */
export function canonicalRequest(request: SignedRequest, signedHeaders: string[]): string {
  const uri = request.path
    .split('/')
    .map(segment => uriEncode(segment))
    .join('/')
  const query = [...request.query.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const headers = signedHeaders
    .map(name => {
      const value = request.headers[name]
      const joined = Array.isArray(value) ? value.join(',') : (value ?? '')
      return `${name}:${joined.trim().replace(/\s+/g, ' ')}\n`
    })
    .join('')
  // The body's own hash, whatever an x-amz-content-sha256 header claims (verify checks the claim).
  const payload = sha256(request.body)
  return [request.method, uri, query, headers, signedHeaders.join(';'), payload].join('\n')
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request')
}

export function stringToSign(amzDate: string, scope: string, canonical: string): string {
  return ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')
}

export function signature(key: Buffer, toSign: string): string {
  return createHmac('sha256', key).update(toSign).digest('hex')
}

export interface Authorization {
  accessKeyId: string
  date: string
  region: string
  service: string
  signedHeaders: string[]
  signature: string
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/

export function parseAuthorization(value: string | undefined): Authorization | undefined {
  const match = value ? AUTHORIZATION.exec(value) : null
  if (!match) return undefined
  const [, accessKeyId, date, region, service, headers, sig] = match
  return {
    accessKeyId: accessKeyId!,
    date: date!,
    region: region!,
    service: service!,
    signedHeaders: headers!.split(';'),
    signature: sig!
  }
}

/** Whether `request` carries a valid signature by `secret` for `region` and `service`. */
export function verify(
  request: SignedRequest,
  auth: Authorization,
  secret: string,
  expected: { region: string; service: string }
): 'ok' | 'scope' | 'signature' {
  const amzDate = request.headers['x-amz-date']
  if (
    typeof amzDate !== 'string' ||
    !amzDate.startsWith(auth.date) ||
    auth.region !== expected.region ||
    auth.service !== expected.service ||
    !auth.signedHeaders.includes('host')
  )
    return 'scope'
  const claimed = request.headers['x-amz-content-sha256']
  if (claimed !== undefined && claimed !== sha256(request.body)) return 'signature'
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`
  const toSign = stringToSign(amzDate, scope, canonicalRequest(request, auth.signedHeaders))
  const computed = signature(signingKey(secret, auth.date, auth.region, auth.service), toSign)
  return timingSafeEqual(Buffer.from(computed), Buffer.from(auth.signature)) ? 'ok' : 'signature'
}

export interface AwsKeys {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
}

/** Why AWS would refuse a request's signature: its error type, status and message. */
export interface SignatureProblem {
  type: string
  status: number
  message: string
}

/**
 * What AWS answers a request whose signature is missing, by other keys, or does not match, as
 * its common errors have it; undefined for a good one, by `keys` for `region` and `service`.
 */
export function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  expected: { region: string; service: string; keys: AwsKeys }
): SignatureProblem | undefined {
  const value = req.headers.authorization
  const auth = parseAuthorization(Array.isArray(value) ? value[0] : value)
  if (!auth)
    return {
      type: 'MissingAuthenticationTokenException',
      status: 403,
      message: 'Missing Authentication Token'
    }
  const { keys } = expected
  if (
    auth.accessKeyId !== keys.accessKeyId ||
    req.headers['x-amz-security-token'] !== keys.sessionToken
  )
    return {
      type: 'UnrecognizedClientException',
      status: 403,
      message: 'The security token included in the request is invalid.'
    }
  const url = new URL(req.url ?? '/', 'http://stand-in')
  const verdict = verify(
    {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body
    },
    auth,
    keys.secretAccessKey,
    expected
  )
  if (verdict === 'scope')
    return {
      type: 'InvalidSignatureException',
      status: 403,
      message: `Credential should be scoped to a valid region and to the service '${expected.service}'.`
    }
  if (verdict === 'signature')
    return {
      type: 'InvalidSignatureException',
      status: 403,
      message: 'The request signature we calculated does not match the signature you provided.'
    }
  return undefined
}
