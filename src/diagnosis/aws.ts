import { STATUS_CODES } from 'node:http'
import { headerValue, type Headers } from '../http/headers.js'
import { clip } from './text.js'

/**
 * The error type of an AWS restJson1 answer, or undefined: the `X-Amzn-Errortype` header, else
 * the body's `code`, else its `__type`; a value is cut at its first `:` and keeps what follows a
 * `#` (smithy's aws-restjson1-protocol spec, "Operation error serialization").
 */
export function awsErrorType(headers: Headers, body: string): string | undefined {
  let raw = headerValue(headers, 'x-amzn-errortype')
  if (raw === undefined) {
    try {
      const json = JSON.parse(body) as { code?: unknown; __type?: unknown } | null
      const value = typeof json?.code === 'string' ? json.code : json?.__type
      if (typeof value === 'string') raw = value
    } catch {
      return undefined
    }
  }
  if (raw === undefined) return undefined
  const name = raw.split(':')[0]!
  const type = name.includes('#') ? name.slice(name.indexOf('#') + 1) : name
  // A type is a shape name: anything else is not AWS's answer to read.
  return /^[A-Za-z][A-Za-z0-9]{0,99}$/.test(type) ? type : undefined
}

/** AWS's message, whole: `message`, or `Message` as MWAA's AccessDeniedException has it. */
function awsMessage(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { message?: unknown; Message?: unknown } | null
    const value = typeof json?.message === 'string' ? json.message : json?.Message
    return typeof value === 'string' && value.trim() ? value : undefined
  } catch {
    return undefined
  }
}

/** Who the job is in AWS: the second remedy of every AccessDeniedException. */
export const CHECK_IDENTITY =
  'Check which identity the job uses (aws-actions/configure-aws-credentials `role-to-assume`), and that its trust policy lets this repository assume it.'

/**
 * What to do about a refusal that every AWS API gives alike, `service` naming this one; undefined
 * for the others.
 */
export function commonAwsRemedies(type: string, service: string): string[] | undefined {
  switch (type) {
    case 'ThrottlingException':
    case 'TooManyRequestsException':
      return ['AWS throttled the calls: raise `max-attempts`, or run fewer jobs at once.']
    case 'ExpiredTokenException':
    case 'ExpiredToken':
      return [
        'The AWS session expired before the step ended: raise `role-duration-seconds` of aws-actions/configure-aws-credentials, or configure the credentials right before this step.'
      ]
    case 'UnrecognizedClientException':
    case 'InvalidSignatureException':
    case 'IncompleteSignatureException':
    case 'MissingAuthenticationTokenException':
      return [
        'AWS did not accept the credentials: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (set by aws-actions/configure-aws-credentials), and that the region is right.'
      ]
    case 'InternalServerException':
    case 'ServiceUnavailableException':
      return [
        `An error inside AWS: re-run the job later; if it persists, check the AWS Health Dashboard for ${service} in this region.`
      ]
    default:
      return undefined
  }
}

/** What every AWS refusal tells: its status line, AWS's message and the request's id. */
interface AwsRefusal {
  /** `403 Forbidden` */
  status: string
  message?: string
  requestId?: string
}

export function readAwsRefusal(response: {
  status: number
  headers: Headers
  body: string
}): AwsRefusal {
  const message = awsMessage(response.body)
  const requestId = headerValue(response.headers, 'x-amzn-requestid')
  return {
    status: `${response.status} ${STATUS_CODES[response.status] ?? ''}`.trim(),
    ...(message ? { message } : {}),
    ...(requestId ? { requestId: clip(requestId, 80) } : {})
  }
}
