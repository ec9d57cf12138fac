import type { AwsService } from '../../diagnosis/index.js'
import { endpointUrl, whereOf } from '../../http/api-url.js'
import type { ApiClient } from '../../http/client.js'
import type { HttpResult } from '../../http/send.js'

/** One request to the Airflow REST API, independent of how it travels. */
export interface AirflowRequest {
  method: 'GET' | 'POST' | 'PATCH'
  /** Under the API prefix, segments already percent-encoded: `dags/a%20b/dagRuns`. */
  path: string
  query?: [string, string][]
  /** A JSON value, sent as `application/json`. */
  body?: unknown
  /** Sent even after the step was cancelled, within this bound (what a cancel sends). */
  uncancelledTimeoutMs?: number
  /**
   * The milliseconds left for this request, asked as each attempt is sent: an attempt never gets
   * longer, and none is sent once nothing is left (the wait's end).
   */
  leftMs?: () => number
}

/** The answer of a request that was not sent: the time allowed for it had run out. */
export const OUT_OF_TIME: HttpResult = {
  failure: {
    message: "not sent: the wait's time was up",
    timedOut: false,
    mayHaveReachedServer: false,
    permanent: true,
    elapsedMs: 0
  }
}

/** How long an attempt may take under `leftMs`, within `timeoutMs`; 0 when it must not be sent. */
export function attemptTimeMs(leftMs: (() => number) | undefined, timeoutMs: number): number {
  const left = leftMs?.() ?? Infinity
  return left > 0 ? Math.min(left, timeoutMs) : 0
}

/**
 * How the mode's Airflow requests travel: straight to the API over HTTP, or wrapped by a
 * platform's own API. Every request of the mode goes through `send`; the answer is Airflow's
 * status, headers and body.
 */
export interface AirflowTransport {
  send(request: AirflowRequest): Promise<HttpResult>
  /** Where a request goes, for messages: host and path, never a query or credentials. */
  where(path: string): string
  /** The host the diagnosis names. */
  host: string
  /** Through Amazon MWAA: how AWS's own refusals are read, for the diagnosis. */
  aws?: AwsService
}

/** Straight to `{api}/{path}` with the client's connections, headers and credentials. */
export function directTransport(client: ApiClient, api: URL): AirflowTransport {
  return {
    send: async request => {
      const { method, path, query, body, uncancelledTimeoutMs } = request
      // The client keeps to its own deadline when this one is longer.
      const timeoutMs = attemptTimeMs(request.leftMs, Infinity)
      if (timeoutMs === 0) return OUT_OF_TIME
      const url = endpointUrl(api, path, query)
      if (method === 'GET') return client.get(url, { timeoutMs })
      const text = JSON.stringify(body ?? {})
      // Sent after a cancel, to tidy up: the cancellation must not stop it, its own bound does.
      if (method === 'PATCH' && uncancelledTimeoutMs !== undefined)
        return client.patch(url, text, {
          timeoutMs: Math.min(uncancelledTimeoutMs, timeoutMs),
          uncancelled: true
        })
      if (method === 'PATCH') return client.patch(url, text, { timeoutMs })
      return client.post(url, text, { 'Content-Type': 'application/json' }, { timeoutMs })
    },
    where: path => whereOf(endpointUrl(api, path)),
    host: api.host
  }
}
