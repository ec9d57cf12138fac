import type { JsonObject } from './body.js'

/** Which layer produced an HTTP answer (or failed to produce one). */
export type Layer = 'cdn' | 'origin' | 'network' | 'aws' | 'unknown'

export interface DiagnosisContext {
  app: 'airflow' | 'wordpress'
  method: string
  /** the API path prefix, e.g. /cms-json/cms/v2, used in remedies */
  apiPath: string
  /**
   * How the prefix was chosen: `given` in api-path, `found` on the server, or the `default`
   * because the server did not say; a wrong path is remedied differently in each case.
   */
  apiSource?: 'given' | 'found' | 'default'
  host: string
  /** Set when the requests go to an AWS API, which may refuse them itself. */
  aws?: AwsTarget
}

/** Which AWS API a request went to, and for what: what a refusal's remedies name. */
type AwsTarget =
  /** Amazon MWAA's InvokeRestApi, which carries Airflow's requests to an environment. */
  | { region: string; environment: string }
  /** Amazon MWAA Serverless: `operation` (StartWorkflowRun, …) on the workflow of this ARN. */
  | { region: string; workflow: string; operation: string }

export interface Verdict {
  layer: Layer
  /** the CDN or proxy seen, also when it only passed the origin's answer through */
  vendor?: string
  requestId?: string
  edgeNode?: string
  /** the address and port that answered, e.g. `203.0.113.7:443` */
  peer?: string
  /** true when the CDN itself refused the request, which therefore never reached the origin */
  blocked: boolean
  /** one sentence */
  headline: string
  /** one line each; values quoted from the server are short and single-line */
  evidence: string[]
  /** what to do, one action each */
  remedies: string[]
  /** sentences that rule a cause out ("the credentials are not the cause"), said apart from the remedies */
  notes?: string[]
  /** the server's own words, one line and bounded; absent when no answer or an empty body came */
  said?: string
  /** WordPress's error code, when its JSON error named one */
  code?: string
  /** the body, when it is a complete JSON object: the fields a mode reads (still untrusted) */
  json?: JsonObject
  /** the body, when it is a complete JSON list (still untrusted) */
  items?: unknown[]
}
