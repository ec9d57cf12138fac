import { getProxyUrl } from '@actions/http-client/lib/proxy'
import http from 'node:http'
import type { FileBody } from './file-body.js'
import { send, transportFor, type HttpResult } from './send.js'

const USER_AGENT = 'airflow-wordpress-cdn-action'

export interface ClientOptions {
  /** The server, as the `base-url` input gave it (its path without a trailing slash). */
  baseUrl: URL
  /** The API prefix under it, e.g. /api/v2. */
  apiPath: string
  timeoutMs: number
  /** Connections kept open at most; unlimited when absent. */
  maxSockets?: number
  /** The step's cancellation, which every request but `patch` stops on. */
  signal?: AbortSignal
}

/** One server's API: where its endpoints are, and one kept-alive connection pool to reach them. */
export interface ApiClient {
  /** `{base-url}{api-path}/{path}`. */
  endpoint(path: string): URL
  /** `{base-url}/{path}`, for what lives beside the API (Airflow's /auth/token). */
  siteUrl(path: string): URL
  /** Host and path of a URL, for messages: never a query, never credentials. */
  where(url: URL): string
  /** Sends the header on every later request (a token, HTTP Basic). */
  authorize(authorization: string): void
  get(url: URL): Promise<HttpResult>
  /** A JSON text, or a file streamed from disk; `headers` add to and override the defaults. */
  post(
    url: URL,
    body: string | FileBody,
    headers: Record<string, string | number>
  ): Promise<HttpResult>
  /**
   * A JSON text sent even after the step was cancelled, since it is what a cancel sends, within
   * its own `timeoutMs`.
   */
  patch(url: URL, body: string, timeoutMs: number): Promise<HttpResult>
  close(): void
}

/** An HTTP Basic Authorization value; the caller masks it, since it is the password in another form. */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`
}

export function apiClient(options: ClientOptions): ApiClient {
  const { baseUrl } = options
  const site = `${baseUrl.origin}${baseUrl.pathname === '/' ? '' : baseUrl.pathname}`
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
  const request = (
    method: 'GET' | 'POST',
    url: URL,
    extra: Record<string, string | number> = {},
    body?: string | FileBody
  ) =>
    send({
      method,
      url,
      headers: { ...headers, ...extra },
      body,
      timeoutMs: options.timeoutMs,
      agent,
      signal: options.signal
    })
  return {
    endpoint: path => new URL(`${site}${options.apiPath}/${path}`),
    siteUrl: path => new URL(`${site}/${path}`),
    where: url => `${url.host}${url.pathname}`,
    authorize: authorization => {
      headers.Authorization = authorization
    },
    get: url => request('GET', url),
    post: (url, body, extra) => request('POST', url, extra, body),
    patch: (url, body, timeoutMs) =>
      send({
        method: 'PATCH',
        url,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
        timeoutMs: Math.min(timeoutMs, options.timeoutMs),
        agent
      }),
    close: () => agent.destroy()
  }
}
