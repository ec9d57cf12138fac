import type { Headers } from '../../http/headers.js'
import { awsErrorType } from '../../diagnosis/index.js'
import type { AirflowRequest } from '../airflow/transport.js'
import { mwaaPath } from './path-plan.js'

/**
 * InvokeRestApi's request body (service-2.json, InvokeRestApiRequest): `Method`, `Path`,
 * `QueryParameters` and `Body`, the last two JSON documents. A repeated query parameter
 * (`state=running&state=queued`) becomes a list.
 */
export function invokeBody(request: AirflowRequest): string {
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of request.query ?? []) {
    const seen = query[name]
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]
  }
  return JSON.stringify({
    Method: request.method,
    Path: mwaaPath(request.path),
    ...(Object.keys(query).length > 0 ? { QueryParameters: query } : {}),
    ...(request.method === 'GET' ? {} : { Body: request.body ?? {} })
  })
}

type Envelope = { RestApiStatusCode?: unknown; RestApiResponse?: unknown }

/** Airflow's own answer inside MWAA's, or AWS's refusal with its error type. */
type Unwrapped = { airflow: { status: number; json: unknown } } | { aws: { type?: string } }

/**
 * Reads MWAA's answer: 200 `{RestApiStatusCode, RestApiResponse}` (InvokeRestApiResponse), or
 * Airflow's error in RestApiClientException (its 4xx) or RestApiServerException (its 5xx), both
 * answered with 400 and carrying the same two members; anything else is AWS's own.
 */
export function unwrap(status: number, headers: Headers, body: string): Unwrapped {
  const type = status === 200 ? undefined : awsErrorType(headers, body)
  if (status === 200 || type === 'RestApiClientException' || type === 'RestApiServerException') {
    let json: Envelope | null
    try {
      json = JSON.parse(body) as Envelope | null
    } catch {
      return { aws: { type } }
    }
    const code = json?.RestApiStatusCode
    if (typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 599)
      return { airflow: { status: code, json: json?.RestApiResponse ?? null } }
  }
  return { aws: { type } }
}
