/** Which layer produced an HTTP answer (or failed to produce one). */
export type Layer = 'cdn' | 'origin' | 'network' | 'unknown'

export interface ObservedResponse {
  status: number
  /** lower-cased header names, as node:http gives them */
  headers: Record<string, string | string[] | undefined>
  /** the start of the body as text (callers cap it) */
  body: string
}

export interface ObservedNetworkError {
  /** ECONNREFUSED, ECONNRESET, ETIMEDOUT, ENOTFOUND, EPIPE, UND_ERR_…, ERR_TLS_… */
  code?: string
  message: string
  timedOut?: boolean
  /** false when no connection was ever made, so the server cannot have seen the request */
  mayHaveReachedServer?: boolean
}

export type Observation = { response: ObservedResponse } | { error: ObservedNetworkError }

export interface DiagnosisContext {
  service: 'orchestration' | 'content'
  method: string
  /** the API path prefix, e.g. /cms-json/cms/v2, used in remedies */
  apiPath: string
  host: string
}

export interface Verdict {
  layer: Layer
  /** the CDN or proxy seen, also when it only passed the origin's answer through */
  vendor?: string
  requestId?: string
  edgeNode?: string
  /** true when the CDN itself refused the request, which therefore never reached the origin */
  blocked: boolean
  /** one sentence */
  headline: string
  /** one line each; values quoted from the server are short and single-line */
  evidence: string[]
  remedies: string[]
}
