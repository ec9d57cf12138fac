import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { handleAirflow, handleAirflowToken, type AirflowContext } from './airflow.js'

const AIRFLOW_TOKEN_PATH = '/auth/token'
import { RunStore, toDagRun } from './airflow-runs.js'
import { CdnGate, cdnBlockReply, throughCdn } from './cdn.js'
import {
  readBody,
  textReply,
  type Reply,
  withHeaders,
  writeReply,
  type OriginRequest,
  type Outcome
} from './http.js'
import { MediaStore } from './media-store.js'
import { nginxErrorReply } from './nginx-pages.js'
import { DEFAULT_SETTINGS, mergeSettings } from './settings.js'
import type {
  CdnSettings,
  DagRun,
  RecordedRequest,
  Sandbox,
  SandboxOptions,
  SandboxSettings
} from './types.js'
import { siteReply, siteTarget, type SiteTarget } from './wp-site.js'
import {
  handleWordPress,
  keepsBody,
  serveUpload,
  slugTakenByPost,
  UPLOADS_PREFIX
} from './wordpress.js'
import type { WordPressContext } from './wp-context.js'

export type * from './types.js'

interface State {
  settings: SandboxSettings
  baseUrl: string
  readonly runs: RunStore
  readonly tokenFirstUse: Map<string, number>
  readonly granted: { tokens: number }
  readonly media: MediaStore
  readonly gate: CdnGate
  readonly requests: RecordedRequest[]
  restRequests: number
  /** The sandbox's clock: Date.now, or the test's. */
  readonly now: () => number
  /** Arrivals and answers so far, counted together (RecordedRequest's sequence numbers). */
  events: number
  /** Media POSTs the origin is working on: what `workerCap` counts. */
  busyWorkers: number
}

type Target =
  | { kind: 'airflow'; apiPath: string }
  /** `view`: the path and query WordPress serves, when the route came as `?rest_route=`. */
  | { kind: 'wordpress'; apiPath: string; view?: { pathname: string; query: URLSearchParams } }
  | { kind: 'site'; target: Exclude<SiteTarget, { kind: 'rest-route' }> }
  | { kind: 'airflow-token' }
  | { kind: 'uploads' }
  | { kind: 'other' }

function prefixOf(pathname: string, apiPaths: string[]): string | undefined {
  return apiPaths
    .map(path => path.replace(/(?<!\/)\/+$/, ''))
    .find(path => pathname === path || pathname.startsWith(`${path}/`))
}

function classify(pathname: string, query: URLSearchParams, settings: SandboxSettings): Target {
  const { sitePath } = settings.airflow
  const airflow = prefixOf(
    pathname,
    settings.airflow.apiPaths.map(path => `${sitePath}${path}`)
  )
  if (airflow !== undefined) return { kind: 'airflow', apiPath: airflow }
  if (pathname === `${sitePath}${AIRFLOW_TOKEN_PATH}`) return { kind: 'airflow-token' }
  const site = siteTarget(pathname, query, settings.wordpress)
  if (site?.kind === 'rest-route') {
    const apiPath = prefixOf(site.pathname, settings.wordpress.apiPaths)
    if (apiPath !== undefined) return { kind: 'wordpress', apiPath, view: site }
  } else if (site) {
    return { kind: 'site', target: site }
  }
  const wordpress = prefixOf(pathname, settings.wordpress.apiPaths)
  if (wordpress !== undefined) return { kind: 'wordpress', apiPath: wordpress }
  return pathname.startsWith(UPLOADS_PREFIX) ? { kind: 'uploads' } : { kind: 'other' }
}

/** The CDN's rules guard POSTs to the content service, and to triggers when asked to. */
function isGuardedPost(method: string, target: Target, cdn: CdnSettings | null): boolean {
  if (method !== 'POST') return false
  return target.kind === 'wordpress' || (target.kind === 'airflow' && cdn?.blockTriggers === true)
}

function wordpressContext(state: State, restRequest: boolean): WordPressContext {
  if (restRequest) state.restRequests++
  return {
    settings: state.settings.wordpress,
    media: state.media,
    baseUrl: state.baseUrl,
    restRequestNumber: state.restRequests
  }
}

function airflowContext(state: State): AirflowContext {
  const { settings, runs, tokenFirstUse, granted, now } = state
  return { settings: settings.airflow, runs, tokenFirstUse, granted, now }
}

function originAnswer(
  state: State,
  req: OriginRequest,
  target: Target
): Outcome | Promise<Outcome> {
  switch (target.kind) {
    case 'airflow':
      return handleAirflow(airflowContext(state), req, target.apiPath)
    case 'airflow-token':
      return handleAirflowToken(airflowContext(state), req)
    case 'wordpress':
      return handleWordPress(
        wordpressContext(state, true),
        target.view ? { ...req, ...target.view } : req,
        target.apiPath
      )
    case 'site':
      return siteReply(target.target, state.settings.wordpress, state.baseUrl, req)
    case 'uploads':
      return serveUpload(wordpressContext(state, false), req)
    case 'other':
      return withHeaders(nginxErrorReply(404), { server: state.settings.wordpress.originServer })
  }
}

function recordArrival(state: State, req: IncomingMessage): RecordedRequest {
  const record: RecordedRequest = {
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    headers: req.headers,
    bodyBytes: 0,
    at: state.now(),
    answeredBy: 'origin',
    status: null,
    arrivedSeq: ++state.events,
    answeredSeq: null
  }
  state.requests.push(record)
  return record
}

/**
 * Which layer refuses this request's body as too large, judged by its Content-Length before any
 * byte of the body is read: the CDN's limit first, then the origin web server's (WordPress's only).
 */
function bodyRefusal(state: State, req: IncomingMessage): 'cdn' | 'origin' | undefined {
  const length = Number(req.headers['content-length'] ?? 0)
  const { cdn, wordpress } = state.settings
  if (cdn && cdn.bodyLimit > 0 && length > cdn.bodyLimit) return 'cdn'
  const url = new URL(req.url ?? '/', 'http://sandbox')
  const target = classify(url.pathname, url.searchParams, state.settings)
  if (target.kind === 'wordpress' && wordpress.bodyLimit > 0 && length > wordpress.bodyLimit)
    return 'origin'
  return undefined
}

/**
 * nginx's 413 (`client_max_body_size`): the CDN's own page hides its version, the origin's shows
 * it; the origin closes the connection.
 */
function tooLargeReply(by: 'cdn' | 'origin'): Reply {
  if (by === 'cdn') return nginxErrorReply(413)
  return withHeaders(nginxErrorReply(413, ORIGIN_NGINX), {
    server: ORIGIN_NGINX,
    connection: 'close'
  })
}

const ORIGIN_NGINX = 'nginx/1.22.1'

async function handle(
  state: State,
  req: IncomingMessage,
  res: ServerResponse,
  closing: AbortSignal
): Promise<void> {
  const record = recordArrival(state, req)
  const { method } = record
  const refusedBody = bodyRefusal(state, req)
  if (refusedBody) {
    record.answeredBy = refusedBody
    // A client that waits for 100 Continue never sends the body; one that did not wait has sent
    // it, and it is read first so that the answer never races a half-sent request.
    if (!/100-continue/i.test(req.headers.expect ?? '')) {
      await readBody(req, false, total => (record.bodyBytes = total))
    }
    const reply = throughCdn(tooLargeReply(refusedBody), state.settings.cdn)
    answered(state, record, reply.status)
    writeReply(res, withHeaders(reply, { connection: 'close' }))
    return
  }
  const url = new URL(record.path, 'http://sandbox')
  const target = classify(url.pathname, url.searchParams, state.settings)
  const { cdn } = state.settings
  const admitted = state.gate.admits(cdn, isGuardedPost(method, target, cdn))
  record.answeredBy = admitted ? 'origin' : 'cdn'
  const head = { method, pathname: url.pathname, query: url.searchParams, headers: req.headers }
  const keep =
    admitted && (target.kind !== 'wordpress' || keepsBody(state.settings.wordpress, head))
  const worker = admitted && takesWorker(state, method, target, url.pathname)
  try {
    const body = await readBody(req, keep, total => (record.bodyBytes = total))
    const answer = !admitted
      ? cdnBlockReply(cdn)
      : worker === 'over-cap'
        ? resourceLimitReply(state.settings.wordpress.originServer)
        : originAnswer(state, { ...head, body }, target)
    // Only WordPress with client-side media processing on answers later: it reads images first.
    const outcome = answer instanceof Promise ? await answer : answer
    if (outcome === 'drop') {
      answered(state, record, null)
      req.socket.destroy()
      return
    }
    if (outcome.delayMs) await sleep(outcome.delayMs, undefined, { signal: closing })
    const reply = throughCdn(outcome, state.settings.cdn)
    answered(state, record, reply.status)
    writeReply(res, reply)
  } finally {
    if (worker === 'taken') state.busyWorkers--
  }
}

/**
 * Whether a request takes one of the host's capped workers (`workerCap`): a media POST does, or
 * is over the cap when all are busy; anything else passes as `free`.
 */
function takesWorker(
  state: State,
  method: string,
  target: Target,
  pathname: string
): 'taken' | 'over-cap' | 'free' {
  const cap = state.settings.wordpress.workerCap
  if (cap <= 0 || method !== 'POST' || target.kind !== 'wordpress') return 'free'
  if (pathname !== `${target.apiPath}/media`) return 'free'
  if (state.busyWorkers >= cap) return 'over-cap'
  state.busyWorkers++
  return 'taken'
}

/** CloudLinux's answer above a site's limit of entry processes (LVE), as Apache serves it. */
function resourceLimitReply(server: string): Reply {
  return {
    status: 508,
    headers: { server, 'content-type': 'text/html; charset=iso-8859-1' },
    body: '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>508 Resource Limit Is Reached</title>\n</head><body>\n<h1>Resource Limit Is Reached</h1>\nThe website is temporarily unable to service your request as it exceeded resource limit.\nPlease try again later.\n</body></html>\n'
  }
}

/** The request's answer, or its dropped connection (status null), in the order of events. */
function answered(state: State, record: RecordedRequest, status: number | null): void {
  record.status = status
  record.answeredSeq = ++state.events
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
}

async function closeServer(server: Server, closing: AbortController): Promise<void> {
  if (!server.listening) return
  closing.abort()
  const closed = new Promise<void>((resolve, reject) =>
    server.close(error => (error ? reject(error) : resolve()))
  )
  server.closeAllConnections()
  await closed
}

function runsByDag(runs: RunStore, now: number): Map<string, DagRun[]> {
  return new Map(
    runs.entries().map(([dagId, list]) => [dagId, list.map(run => toDagRun(run, now))])
  )
}

/** Starts the Airflow-like and WordPress-like services (optionally behind a CDN) on 127.0.0.1. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state: State = {
    settings: mergeSettings(DEFAULT_SETTINGS, options),
    baseUrl: '',
    runs: new RunStore(),
    tokenFirstUse: new Map(),
    granted: { tokens: 0 },
    media: new MediaStore(),
    gate: new CdnGate(),
    requests: [],
    restRequests: 0,
    // Read at each call: a test may fake Date meanwhile.
    now: options.now ?? (() => Date.now()),
    events: 0,
    busyWorkers: 0
  }
  const closing = new AbortController()
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    handle(state, req, res, closing.signal).catch(() => {
      // The client went away or the sandbox is closing; answer only if the socket still listens.
      if (!res.headersSent && !res.destroyed) {
        writeReply(res, textReply(500, 'Internal Server Error', 'text/plain'))
      }
    })
  }
  const server = createServer(serve)
  // `Expect: 100-continue` is answered as nginx does: a body refused by its size gets the 413 at
  // once, without the 100, so the client never sends it.
  server.on('checkContinue', (req, res) => {
    if (!bodyRefusal(state, req)) res.writeContinue()
    serve(req, res)
  })
  await listen(server, state.settings.port)
  const { port } = server.address() as AddressInfo
  state.baseUrl = `http://127.0.0.1:${port}`
  return {
    url: state.baseUrl,
    port,
    get requests() {
      return state.requests
    },
    get runs() {
      return runsByDag(state.runs, state.now())
    },
    get media() {
      return state.media.list()
    },
    addMedia: media =>
      state.media.add(
        {
          ...media,
          apiPath: state.settings.wordpress.apiPaths.at(-1) ?? '',
          body: {
            size: media.bytes.length,
            md5: createHash('md5').update(media.bytes).digest('hex'),
            bytes: media.bytes
          }
        },
        slugTakenByPost(state.settings.wordpress)
      ),
    get settings() {
      return state.settings
    },
    configure(runtime) {
      state.settings = mergeSettings(state.settings, runtime)
    },
    reset() {
      state.settings = mergeSettings(DEFAULT_SETTINGS, options)
      state.runs.clear()
      state.tokenFirstUse.clear()
      state.granted.tokens = 0
      state.media.clear()
      state.gate.reset()
      state.requests.length = 0
      state.restRequests = 0
      state.events = 0
    },
    close: () => closeServer(server, closing)
  }
}
