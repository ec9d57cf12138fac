import { getProxyUrl } from '@actions/http-client/lib/proxy'
import http from 'node:http'
import { apiUnder, whereOf } from './api-url.js'
import { requestProblem } from './on-origin.js'
import type { FileBody } from './send-body.js'
import { send, transportFor, type HttpMethod, type HttpResult } from './send.js'

const USER_AGENT = 'airflow-wordpress-cdn-action'

interface ClientOptions {
  /** The server, as the `base-url` input gave it (its path without a trailing slash). */
  baseUrl: URL
  timeoutMs: number
  /** Connections kept open at most; unlimited when absent. */
  maxSockets?: number
  /** Sent with every request (a gateway's credentials), as every request goes to base-url. */
  headers?: Record<string, string>
  /** The step's cancellation, which every request but `patch` stops on. */
  signal?: AbortSignal
}

/** One server's API: where its endpoints are, and one kept-alive connection pool to reach them. */
export interface ApiClient {
  /** `{base-url}{path}`: an API prefix (`/api/v2`) as a URL, or what lives beside the API. */
  siteUrl(path: string): URL
  /** Host and path of a URL, for messages: never a query, never credentials. */
  where(url: URL): string
  /** Sends the header on every later request (a token, HTTP Basic). */
  authorize(authorization: string): void
  /**
   * `anonymous`: without the Authorization header, for what any visitor may read. `timeoutMs`,
   * here and below: a shorter deadline than the client's own, never a longer one.
   */
  get(url: URL, options?: { anonymous?: boolean; timeoutMs?: number }): Promise<HttpResult>
  /** Headers only, without credentials: a site's home page, say. */
  head(url: URL): Promise<HttpResult>
  /**
   * A public file, without credentials, hashed as it streams in (the answer's `digest`), read up
   * to `maxBytes` and one byte more.
   */
  digest(url: URL, maxBytes: number): Promise<HttpResult>
  /** A JSON text, or a file streamed from disk; `headers` add to and override the defaults. */
  post(
    url: URL,
    body: string | FileBody,
    headers: Record<string, string | number>,
    options?: { timeoutMs?: number }
  ): Promise<HttpResult>
  /**
   * A JSON text, stopped by the step's cancellation like any other request; with `uncancelled`,
   * sent even after it (what a cancel itself sends), within its own `timeoutMs` alone.
   */
  patch(
    url: URL,
    body: string,
    options?: { timeoutMs?: number; uncancelled?: boolean }
  ): Promise<HttpResult>
  /** The addresses that answered, each once, in the order they first did. */
  peers(): string[]
  /** Stopped by the step's cancellation like any other request. */
  delete(url: URL): Promise<HttpResult>
  close(): void
}

/** An HTTP Basic Authorization value; the caller masks it, since it is the password in another form. */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`
}

/** The answer for a request refused before it was sent: nothing reached any server. */
function notSent(url: URL, problem: string): HttpResult {
  return {
    failure: {
      message: `not sent to ${whereOf(url)}: ${problem}`,
      timedOut: false,
      mayHaveReachedServer: false,
      permanent: true,
      elapsedMs: 0
    }
  }
}

export function apiClient(options: ClientOptions): ApiClient {
  const { baseUrl } = options
  // Every request of this client goes to the base URL's origin, so one decision serves them all.
  // It is the toolkit's: loopback never goes through a proxy, `no_proxy` as its clients read it,
  // `https_proxy` for https. Node 24's agent then speaks to the proxy chosen (older Node ignores
  // `proxyEnv`); given only that proxy, it applies no rules of its own.
  const proxy = getProxyUrl(baseUrl)
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets,
    proxyEnv: proxy ? { HTTP_PROXY: proxy.href, HTTPS_PROXY: proxy.href } : {}
  } as http.AgentOptions
  const agent: http.Agent = new (transportFor(baseUrl).Agent)(agentOptions)
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'User-Agent': USER_AGENT
  }
  const peers = new Set<string>()
  const request = (
    method: HttpMethod,
    url: URL,
    extra: Record<string, string | number> = {},
    body?: string | FileBody,
    how: {
      anonymous?: boolean
      timeoutMs?: number
      uncancelled?: boolean
      digest?: { maxBytes: number }
    } = {}
  ) => {
    // The last word on where credentials go: a URL off base-url's origin or path is never sent.
    const problem = requestProblem(url, baseUrl)
    if (problem) return Promise.resolve(notSent(url, problem))
    const sent = { ...headers, ...options.headers, ...extra }
    if (how.anonymous) delete sent.Authorization
    const result = send({
      method,
      url,
      headers: sent,
      body,
      timeoutMs: Math.min(how.timeoutMs ?? options.timeoutMs, options.timeoutMs),
      agent,
      ...(how.digest ? { digest: true as const, maxBodyBytes: how.digest.maxBytes } : {}),
      ...(how.uncancelled ? {} : { signal: options.signal })
    })
    return result.then(answer => {
      if ('response' in answer && answer.response.peer) peers.add(answer.response.peer)
      return answer
    })
  }
  return {
    siteUrl: path => apiUnder(baseUrl, path.startsWith('/') ? path : `/${path}`),
    where: whereOf,
    authorize: authorization => {
      headers.Authorization = authorization
    },
    get: (url, how = {}) => request('GET', url, {}, undefined, how),
    head: url => request('HEAD', url, {}, undefined, { anonymous: true }),
    digest: (url, maxBytes) =>
      request('GET', url, { Accept: '*/*' }, undefined, { anonymous: true, digest: { maxBytes } }),
    post: (url, body, extra, how = {}) => request('POST', url, extra, body, how),
    patch: (url, body, how = {}) =>
      request('PATCH', url, { 'Content-Type': 'application/json' }, body, how),
    peers: () => [...peers],
    delete: url => request('DELETE', url),
    close: () => agent.destroy()
  }
}
