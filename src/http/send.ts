import http from 'node:http'
import https from 'node:https'
import { digestBody, type BodyDigest } from './digest-body.js'
import { exchangeBounds, type ExchangeBounds } from './exchange-bounds.js'
import { bodyOnContinue, sendBody, type FileBody } from './send-body.js'
import { isTlsCode } from './tls-errors.js'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE'

interface HttpRequest {
  method: HttpMethod
  url: URL
  headers: Record<string, string | number>
  /** A JSON text, or a file streamed from disk (re-read for every attempt, never held whole). */
  body?: string | FileBody
  /**
   * The time a server has to take each part of a file, and the deadline for the whole answer
   * (from the start for any other request); interim answers (1xx) extend neither.
   */
  timeoutMs: number
  /** Of the URL's scheme (`transportFor`). */
  agent?: http.Agent
  /** The step's cancellation: a request not yet sent is not sent, one in flight is abandoned. */
  signal?: AbortSignal
  /** false: never `Expect: 100-continue` (after a server refused the expectation with 417). */
  expect?: false
  /** Where the body read is cut; `MAX_BODY_BYTES` unless an envelope must be read whole. */
  maxBodyBytes?: number
  /**
   * The body is hashed as it streams in, up to `maxBodyBytes` and one byte more, instead of being
   * kept as text: a file's bytes, which text would mangle.
   */
  digest?: true
}

export interface HttpResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** The body as text, cut at `MAX_BODY_BYTES`. */
  body: string
  elapsedMs: number
  /** The address and port that answered (`203.0.113.7:443`): a proxy's, when one relays. */
  peer?: string
  /** With `digest`: the sha-256 (hex) of the bytes read, and how many (the cap and one more at most). */
  digest?: BodyDigest
}

export interface HttpFailure {
  /** The Node error code (ECONNREFUSED, ECONNRESET, ETIMEDOUT, ERR_TLS_…, …). */
  code?: string
  message: string
  timedOut: boolean
  /**
   * False only when the request certainly never reached the server (no connection was made), so
   * sending it again cannot create anything twice.
   */
  mayHaveReachedServer: boolean
  /** Trying again cannot help: the TLS handshake failed (an untrusted certificate, …). */
  permanent: boolean
  /** The step was cancelled: the request was abandoned, or never sent. */
  cancelled?: true
  elapsedMs: number
}

export type HttpResult = { response: HttpResponse } | { failure: HttpFailure }

/** One phrase for what came back: `HTTP 503`, `timed out`, `ECONNRESET`, … */
export function describeResult(result: HttpResult): string {
  if ('response' in result) return `HTTP ${result.response.status}`
  if (result.failure.cancelled) return 'cancelled'
  return result.failure.timedOut ? 'timed out' : (result.failure.code ?? result.failure.message)
}

/**
 * Files larger than this are sent with `Expect: 100-continue`: a server that refuses them (401,
 * 403, 405, 413) says so before the body, at the cost of one round trip instead of the file.
 */
export const EXPECT_CONTINUE_FROM = 1024 * 1024

/** Bodies are only read to decide and to show: a server's answer is never needed whole. */
const MAX_BODY_BYTES = 256 * 1024

/**
 * An answer whose headers are longer fails as a network error (node's default, made explicit):
 * every reader of a header value reads at most this much.
 */
const MAX_HEADER_BYTES = 16 * 1024

/** Codes that mean no connection was ever made, so the server cannot have seen the request. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL'
])

class RequestTimeout extends Error {
  code = 'ETIMEDOUT'
}

class RequestCancelled extends Error {
  code = 'ABORT_ERR'
}

/** `203.0.113.7:443`, `[2001:db8::1]:443`: where a connected socket leads. */
function peerOf(socket: { remoteAddress?: string; remotePort?: number }): string | undefined {
  const { remoteAddress: address, remotePort: port } = socket
  if (!address || port === undefined) return undefined
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`
}

/** The module that speaks the URL's scheme; its Agent and its request go together. */
export function transportFor(url: URL): typeof http | typeof https {
  return url.protocol === 'https:' ? https : http
}

/** Sends one request and reads the answer; never throws for network trouble, it reports it. */
export async function send(request: HttpRequest): Promise<HttpResult> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  if (request.signal?.aborted) {
    return {
      failure: {
        code: 'ABORT_ERR',
        message: 'not sent: the step was cancelled',
        timedOut: false,
        mayHaveReachedServer: false,
        permanent: false,
        cancelled: true,
        elapsedMs: 0
      }
    }
  }
  const open = openRequest(request)
  try {
    return await exchange(request, open, elapsed)
  } catch (error) {
    return { failure: failureOf(error, open.state, elapsed()) }
  } finally {
    open.bounds.clear()
    request.signal?.removeEventListener('abort', open.cancel)
  }
}

/** What a request's listeners have learned of it so far. */
interface RequestState {
  connected: boolean
  peer?: string
  // Set when a time-out ends the exchange: what the streams report next is only its echo.
  timedOut?: RequestTimeout
  cancelled?: RequestCancelled
}

/** A request started, with its bounds and its cancellation, all to be let go of once it is over. */
interface OpenRequest {
  req: http.ClientRequest
  expectContinue: boolean
  bounds: ExchangeBounds
  /** The listener on the step's cancellation. */
  cancel: () => void
  state: RequestState
}

/** Starts the request and arms its time bounds and its cancellation; nothing is written yet. */
function openRequest(request: HttpRequest): OpenRequest {
  const transport = transportFor(request.url)
  const state: RequestState = { connected: false }
  const expectContinue =
    request.expect !== false &&
    typeof request.body === 'object' &&
    request.body.size > EXPECT_CONTINUE_FROM
  const req = transport.request(request.url, {
    method: request.method,
    headers: expectContinue ? { ...request.headers, Expect: '100-continue' } : request.headers,
    agent: request.agent,
    maxHeaderSize: MAX_HEADER_BYTES
  })
  req.on('socket', socket => {
    const seen = () => {
      state.connected = true
      state.peer = peerOf(socket)
    }
    // A kept-alive socket is already connected; a fresh one says so with 'connect'.
    if (!socket.connecting) seen()
    else socket.once('connect', seen)
  })
  const abort = (reason: string) => {
    state.timedOut ??= new RequestTimeout(reason)
    req.destroy(state.timedOut)
  }
  const cancel = () => {
    state.cancelled ??= new RequestCancelled('abandoned: the step was cancelled')
    req.destroy(state.cancelled)
  }
  request.signal?.addEventListener('abort', cancel, { once: true })
  // A large upload may take long in all, but the server must keep taking it; an answer, however
  // it trickles, must be whole within the time.
  const bounds = exchangeBounds(request.timeoutMs, abort, () => state.connected)
  req.on('information', info => bounds.interim(info.statusCode))
  if (typeof request.body === 'object') {
    req.once('finish', bounds.awaitAnswer)
    req.once('response', bounds.awaitAnswer)
  } else {
    bounds.awaitAnswer()
  }
  return { req, expectContinue, bounds, cancel, state }
}

/** Sends the body and reads the answer; network trouble, a time-out or a cancellation rejects. */
async function exchange(
  request: HttpRequest,
  { req, expectContinue, bounds, state }: OpenRequest,
  elapsed: () => number
): Promise<HttpResult> {
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once('response', resolve)
    req.on('error', reject)
  })
  // Both sides run together: a server may answer (e.g. 401, 405) before reading the whole body.
  // A failure while sending destroys the request, so `answered` reports it.
  const sent = expectContinue
    ? bodyOnContinue(req, request.body as FileBody, answered, bounds)
    : sendBody(req, request.body, bounds)
  const response = await answered
  const read = request.digest
    ? await digestBody(response, request.maxBodyBytes ?? MAX_BODY_BYTES)
    : { body: await readBody(response, request.maxBodyBytes) }
  // The server has answered before taking the whole body: the rest is of no use to it.
  if (!req.writableEnded) req.destroy()
  await sent
  // A server that does not do expectations says 417 before any body: ask again without one,
  // as curl does.
  if (expectContinue && response.statusCode === 417) return send({ ...request, expect: false })
  const { peer } = state
  return {
    response: {
      status: response.statusCode ?? 0,
      headers: response.headers,
      ...read,
      elapsedMs: elapsed(),
      ...(peer ? { peer } : {})
    }
  }
}

/** The failure to report: a time-out or a cancellation, rather than the error it caused. */
function failureOf(error: unknown, state: RequestState, elapsedMs: number): HttpFailure {
  const { connected, timedOut, cancelled } = state
  const err = (timedOut ?? cancelled ?? error) as NodeJS.ErrnoException
  const tls = isTlsCode(err.code ?? '')
  return {
    code: err.code,
    message: err.message || String(error),
    timedOut: timedOut !== undefined,
    // A failed handshake sent no request, even over a connection that was made; a request
    // abandoned before its connection was made never left.
    mayHaveReachedServer:
      !tls && (connected || (!cancelled && !NEVER_CONNECTED.has(err.code ?? ''))),
    permanent: tls,
    ...(cancelled && !timedOut ? { cancelled: true as const } : {}),
    elapsedMs
  }
}

/** Reads the answer up to the cap; past it the connection is closed, as the rest is of no use. */
async function readBody(
  response: http.IncomingMessage,
  maxBytes = MAX_BODY_BYTES
): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk.subarray(0, maxBytes - size))
    size += chunk.length
    if (size >= maxBytes) {
      response.destroy()
      break
    }
  }
  return Buffer.concat(chunks).toString('utf8')
}
