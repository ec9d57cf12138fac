import type http from 'node:http'
import type { DiagnosisContext } from '../../../diagnosis/index.js'
import { send, type HttpResult } from '../../../http/send.js'
import { attemptTimeMs, OUT_OF_TIME } from '../../airflow/transport.js'
import { airflowProfile } from '../../airflow/remedies.js'
import {
  keepAliveAgent,
  pausedAfterThrottling,
  scrubbedRefusal,
  type AwsRetry
} from '../../mwaa/aws-wire.js'
import type { Signer } from '../../mwaa/sign.js'
import { serverlessRefusals } from './aws-refusals.js'
import type { ServerlessSettings } from './settings.js'

/** The operations of mwaa-serverless 2024-07-26 that trigger mode calls. */
export type Operation =
  | 'StartWorkflowRun'
  | 'GetWorkflowRun'
  | 'ListWorkflowRuns'
  | 'ListTaskInstances'
  | 'StopWorkflowRun'
  | 'GetWorkflow'

/** The service's answers are small JSON documents; more than this is not one of them. */
const MAX_ANSWER_BYTES = 1024 * 1024

/** What the diagnosis keeps of a refusal, as of any answer. */
const MAX_REFUSAL_BODY = 256 * 1024

interface CallOptions {
  /** The milliseconds left for the call, asked before each attempt (the wait's end). */
  leftMs?: () => number
  /** Sent even after the step was cancelled, within this bound (StopWorkflowRun on cancel). */
  uncancelledTimeoutMs?: number
}

export interface ServerlessClient {
  /** One operation, its answer as it came: the JSON output, or AWS's refusal scrubbed. */
  call(operation: Operation, input: object, options?: CallOptions): Promise<HttpResult>
  /** How the diagnosis sees the answers to `operation`. */
  context(operation: Operation): DiagnosisContext
  /** The endpoint's host, for messages. */
  host: string
  /** The addresses of the endpoint that answered, each once, in order. */
  peers(): string[]
  close(): void
}

interface ServerlessClientOptions extends AwsRetry {
  settings: ServerlessSettings
  sign: Signer
  timeoutMs: number
}

/** Signs and sends one awsJson1_0 call: `POST /` with the operation in `X-Amz-Target`. */
async function post(
  options: ServerlessClientOptions,
  agent: http.Agent,
  call: { operation: Operation; body: string; timeoutMs: number; uncancelled: boolean }
): Promise<HttpResult> {
  const url = options.settings.endpoint
  const headers = await options.sign({
    url,
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `AmazonMWAAServerless.${call.operation}`
    },
    body: call.body
  })
  return send({
    method: 'POST',
    url,
    headers: { ...headers, 'user-agent': 'airflow-wordpress-cdn-action' },
    body: call.body,
    timeoutMs: call.timeoutMs,
    agent,
    maxBodyBytes: MAX_ANSWER_BYTES,
    ...(call.uncancelled ? {} : { signal: options.signal })
  })
}

/**
 * MWAA Serverless's API (protocol awsJson1_0: every call `POST /` on the endpoint, the operation in
 * `X-Amz-Target: AmazonMWAAServerless.<Op>`, `Content-Type: application/x-amz-json-1.0`), signed
 * with SigV4 as `airflow-serverless`. AWS's throttling is waited out within `max-attempts`; any
 * other refusal comes back scrubbed of secrets and signatures. Redirects are never followed.
 */
export function serverlessClient(options: ServerlessClientOptions): ServerlessClient {
  const { settings } = options
  const agent = keepAliveAgent(settings.endpoint)
  const peers = new Set<string>()
  const call = async (
    operation: Operation,
    input: object,
    { leftMs, uncancelledTimeoutMs }: CallOptions = {}
  ): Promise<HttpResult> => {
    const body = JSON.stringify(input)
    // What a call whose time ran out answers: the last refusal, if AWS gave one.
    let last = OUT_OF_TIME
    for (let attempt = 1; ; attempt++) {
      const timeoutMs = attemptTimeMs(leftMs, uncancelledTimeoutMs ?? options.timeoutMs)
      if (timeoutMs === 0) return last
      const uncancelled = uncancelledTimeoutMs !== undefined
      const result = await post(options, agent, { operation, body, timeoutMs, uncancelled })
      if ('failure' in result) return result
      const { response } = result
      if (response.peer) peers.add(response.peer)
      if (response.status >= 200 && response.status < 300) return result
      last = scrubbedRefusal(response, MAX_REFUSAL_BODY)
      if (!(await pausedAfterThrottling(options, leftMs, attempt, response))) return last
    }
  }
  const { workflow } = settings
  return {
    call,
    context: operation => ({
      app: airflowProfile,
      method: 'POST',
      apiPath: '/',
      host: settings.endpoint.host,
      aws: serverlessRefusals({ region: workflow.region, workflow: workflow.arn, operation })
    }),
    host: settings.endpoint.host,
    peers: () => [...peers],
    close: () => agent.destroy()
  }
}
