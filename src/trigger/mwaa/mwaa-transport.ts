import type http from 'node:http'
import type { RetryDeps } from '../../http/retry.js'
import { send, type HttpResponse, type HttpResult } from '../../http/send.js'
import type { AirflowVersion } from '../airflow/airflow-ui.js'
import {
  attemptTimeMs,
  OUT_OF_TIME,
  type AirflowRequest,
  type AirflowTransport
} from '../airflow/transport.js'
import type { MwaaSettings } from './aws-settings.js'
import { keepAliveAgent, pausedAfterThrottling, scrubbedRefusal } from './aws-wire.js'
import { invokeBody, unwrap } from './envelope.js'
import { mwaaPath, planRequest, type OwnRun, type Planned } from './path-plan.js'
import { mwaaRefusals } from './aws-refusals.js'
import type { Signer } from './sign.js'

/**
 * MWAA's own cap on an answer (the user guide's "Using the Apache Airflow REST API": 6 MB): read
 * whole, so that the envelope always parses; Airflow's body inside is then held to what any
 * direct answer is.
 */
const MAX_ANSWER_BYTES = 6 * 1024 * 1024

/** What send() keeps of a direct answer; an unwrapped body is cut the same. */
const MAX_AIRFLOW_BODY = 256 * 1024

interface MwaaTransportOptions {
  settings: MwaaSettings
  sign: Signer
  run: OwnRun
  /** Decides the list endpoints' field names; learnt from `GET /version`. */
  version: () => AirflowVersion
  timeoutMs: number
  maxAttempts: number
  retry: Pick<RetryDeps, 'sleep' | 'now' | 'random' | 'log'>
  signal?: AbortSignal
}

interface MwaaTransport extends AirflowTransport {
  /** The addresses of the AWS endpoint that answered, each once, in order. */
  peers(): string[]
  close(): void
}

/** What every request of one transport shares: where InvokeRestApi is, one pool, who answered. */
interface Invoker {
  options: MwaaTransportOptions
  url: URL
  agent: http.Agent
  /** The addresses of the AWS endpoint that answered, each once, in order. */
  peers: Set<string>
}

/** `{endpoint}/restapi/{environment}`, however many slashes the endpoint's path ends with. */
function invokeUrl(settings: MwaaSettings): URL {
  const url = new URL(settings.endpoint.href)
  url.pathname = `${url.pathname.replace(/(?<!\/)\/+$/, '')}/restapi/${settings.environment}`
  return url
}

/** Signs and sends one InvokeRestApi call; AWS's envelope comes back unread. */
async function invoke(
  invoker: Invoker,
  request: AirflowRequest,
  timeoutMs: number
): Promise<HttpResult> {
  const { url, options } = invoker
  const body = invokeBody(request)
  const headers = await options.sign({
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body
  })
  return send({
    method: 'POST',
    url,
    headers: { ...headers, 'user-agent': 'airflow-wordpress-cdn-action' },
    body,
    timeoutMs: Math.min(request.uncancelledTimeoutMs ?? timeoutMs, timeoutMs),
    agent: invoker.agent,
    maxBodyBytes: MAX_ANSWER_BYTES,
    ...(request.uncancelledTimeoutMs === undefined ? { signal: options.signal } : {})
  })
}

/** A request MWAA cannot carry: refused before anything is sent, and never worth sending again. */
function refusedUnsent(message: string): HttpResult {
  return {
    failure: {
      message,
      timedOut: false,
      mayHaveReachedServer: false,
      permanent: true,
      elapsedMs: 0
    }
  }
}

/**
 * Airflow's answer inside the envelope, as a direct answer with Airflow's status and JSON body;
 * undefined when AWS itself refused.
 */
function airflowAnswer(response: HttpResponse, pick: Planned['pick']): HttpResult | undefined {
  const opened = unwrap(response.status, response.headers, response.body)
  if (!('airflow' in opened)) return undefined
  const { status, body } = pick
    ? pick(opened.airflow)
    : { status: opened.airflow.status, body: opened.airflow.json }
  return {
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body).slice(0, MAX_AIRFLOW_BODY),
      elapsedMs: response.elapsedMs,
      ...(response.peer ? { peer: response.peer } : {})
    }
  }
}

/** One Airflow request through MWAA, sent again while AWS throttles and time is left. */
async function sendOne(invoker: Invoker, request: AirflowRequest): Promise<HttpResult> {
  const { options } = invoker
  const planned = planRequest(request, options.run, options.version())
  if ('refused' in planned) return refusedUnsent(planned.refused)
  // What a request whose time ran out answers: the last refusal, if AWS gave one.
  let last = OUT_OF_TIME
  for (let attempt = 1; ; attempt++) {
    // Asked before every attempt: a retry after throttling keeps within the request's bound.
    const timeoutMs = attemptTimeMs(request.leftMs, options.timeoutMs)
    if (timeoutMs === 0) return last
    const result = await invoke(invoker, planned.request, timeoutMs)
    if ('failure' in result) return result
    const { response } = result
    if (response.peer) invoker.peers.add(response.peer)
    const answer = airflowAnswer(response, planned.pick)
    if (answer) return answer
    const refusal = scrubbedRefusal(response, MAX_AIRFLOW_BODY)
    if (!(await pausedAfterThrottling(options, request.leftMs, attempt, response))) return refusal
    last = refusal
  }
}

/**
 * Every Airflow request of the mode as `POST /restapi/{Name}` (InvokeRestApi), signed with SigV4.
 * Airflow's answers come back as Airflow's status and JSON body, so the rest of the mode reads
 * them unchanged; AWS's refusals come back as they are, scrubbed, for the diagnosis. Redirects
 * are never followed (send() follows none).
 */
export function mwaaTransport(options: MwaaTransportOptions): MwaaTransport {
  const { settings } = options
  const url = invokeUrl(settings)
  const invoker: Invoker = { options, url, agent: keepAliveAgent(url), peers: new Set() }
  return {
    send: request => sendOne(invoker, request),
    where: path => `${url.host}${url.pathname} (${mwaaPath(path)})`,
    host: url.host,
    aws: mwaaRefusals(settings),
    peers: () => [...invoker.peers],
    close: () => invoker.agent.destroy()
  }
}
