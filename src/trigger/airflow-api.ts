import type { TriggerConfig } from '../config/config.js'
import { keepAliveAgent } from '../http/agent.js'
import { endpoint, USER_AGENT } from '../http/endpoint.js'
import { send, type HttpResult } from '../http/request.js'

export interface CreateRunBody {
  dag_run_id: string
  logical_date: string
  conf?: Record<string, unknown>
}

export interface AirflowApi {
  /** Where requests go, for messages: host and path, never credentials. */
  runsUrl: URL
  createRun(body: CreateRunBody): Promise<HttpResult>
  getRun(dagRunId: string): Promise<HttpResult>
  close(): void
}

/** `authorization`: the header value from airflowAuthorization(). */
export function airflowApi(config: TriggerConfig, authorization: string): AirflowApi {
  const runsUrl = endpoint(
    config.baseUrl,
    config.apiPath,
    `dags/${encodeURIComponent(config.dagId)}/dagRuns`
  )
  const agent = keepAliveAgent(runsUrl)
  const headers = {
    Authorization: authorization,
    Accept: 'application/json',
    'User-Agent': USER_AGENT
  }
  return {
    runsUrl,
    createRun: body =>
      send({
        method: 'POST',
        url: runsUrl,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: config.timeoutMs,
        agent
      }),
    getRun: dagRunId =>
      send({
        method: 'GET',
        url: new URL(`${runsUrl.href}/${encodeURIComponent(dagRunId)}`),
        headers,
        timeoutMs: config.timeoutMs,
        agent
      }),
    close: () => agent.destroy()
  }
}
