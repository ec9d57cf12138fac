import { getProxyUrl } from '@actions/http-client/lib/proxy'
import http from 'node:http'
import { awsErrorType } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { nextStep, TRIGGER_BACKOFF, waitToRetry, type RetryDeps } from '../../http/retry.js'
import { transportFor, type HttpResponse, type HttpResult } from '../../http/send.js'
import { redact, REDACTED } from '../../log/secrets.js'
import { attemptTimeMs } from '../airflow/transport.js'

/* What every signed call to an AWS API shares, whichever service answers it. */

/** AWS's errors that changed nothing and clear up by themselves. */
const RETRIED = new Set(['ThrottlingException', 'TooManyRequestsException'])

/**
 * AWS's errors may quote a SigV4 header or query (IncompleteSignatureException quotes the whole
 * `Authorization`): a signature, and the access key in a credential scope, whichever key signed.
 * Linear: a literal, then one bounded run of one class.
 */
const SIGV4_PARTS = [
  /(Signature(?:=|%3D))[0-9a-f]{16,512}/gi,
  /(Credential(?:=|%3D))[a-z0-9]{16,128}/gi
]

/**
 * AWS's text with every known secret (the credentials are registered first) and every SigV4
 * signature replaced: AWS is not trusted to leave them out.
 */
function scrub(text: string): string {
  return SIGV4_PARTS.reduce((out, part) => out.replace(part, `$1${REDACTED}`), redact(text))
}

/** One kept-alive pool for the whole mode, through the runner's proxy when one is set. */
export function keepAliveAgent(url: URL): http.Agent {
  const proxy = getProxyUrl(url)
  return new (transportFor(url).Agent)({
    keepAlive: true,
    proxyEnv: proxy ? { HTTP_PROXY: proxy.href, HTTPS_PROXY: proxy.href } : {}
  } as http.AgentOptions)
}

/**
 * AWS's refusal as it came, with its headers and body scrubbed of secrets and signatures, the
 * body cut at `maxBody` characters.
 */
export function scrubbedRefusal(response: HttpResponse, maxBody: number): HttpResult {
  return {
    response: {
      ...response,
      headers: Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.map(scrub) : value && scrub(value)
        ])
      ),
      body: scrub(response.body).slice(0, maxBody)
    }
  }
}

/** How an AWS call is sent again: its attempts, pauses, log and cancellation. */
export interface AwsRetry {
  maxAttempts: number
  retry: Pick<RetryDeps, 'sleep' | 'now' | 'random' | 'log'>
  signal?: AbortSignal
}

/**
 * After AWS's refusal: true once the pause before another attempt is over, false when the refusal
 * is the answer (not throttling, cancelled, out of attempts, or out of the time `leftMs` gives).
 */
export async function pausedAfterThrottling(
  options: AwsRetry,
  leftMs: (() => number) | undefined,
  attempt: number,
  response: HttpResponse
): Promise<boolean> {
  const type = awsErrorType(response.headers, response.body)
  if (!type || !RETRIED.has(type) || options.signal?.aborted) return false
  const next = nextStep(
    attempt,
    options.maxAttempts,
    TRIGGER_BACKOFF,
    headerValue(response.headers, 'retry-after'),
    options.retry
  )
  // No pause that would use up the request's time: the retry after it could not be sent.
  if (!next.retry || attemptTimeMs(leftMs, Infinity) <= next.waitMs) return false
  await waitToRetry(next, attempt, options.maxAttempts, options.retry, `AWS ${type}`)
  return true
}
