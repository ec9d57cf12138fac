import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { header, jsonReply, readBody, writeReply, type Reply } from './http.js'
import { signatureProblem, type AwsKeys } from './sigv4.js'

/**
 * A local stand-in for Amazon MWAA's InvokeRestApi (`POST /restapi/{Name}`, botocore
 * botocore/data/mwaa/2020-07-01/service-2.json): checks each request's SigV4 signature with
 * sandbox/sigv4.ts, holds the envelope to the model (Method's enum, Path of 1 to 64 characters,
 * QueryParameters and Body JSON objects), relays the Airflow part to the Airflow sandbox over
 * HTTP, and answers as MWAA does, in restJson1's wire format. AWS's refusals are set per test.
 */

export type { AwsKeys } from './sigv4.js'

/** An AWS error: its shape name, status and message, as the model and AWS's common errors have them. */
export interface MwaaRefusal {
  type: string
  status: number
  message: string
  /** How many requests get it; all of them when absent. */
  times?: number
}

export interface MwaaStandInOptions {
  /** The Airflow sandbox, e.g. http://127.0.0.1:8793. */
  airflowUrl: string
  /** Which API MWAA maps the paths to: Airflow 2's /api/v1 or Airflow 3's /api/v2. */
  apiPath?: '/api/v1' | '/api/v2'
  /** The bearer token the relay sends to the Airflow sandbox. */
  airflowToken?: string
  environment?: string
  region?: string
  keys?: AwsKeys
  port?: number
}

/** One InvokeRestApi call, as the stand-in read it. */
export interface MwaaCall {
  method?: string
  path?: string
  query?: unknown
  body?: unknown
  /** The error type answered, when the call was refused. */
  refused?: string
}

export interface MwaaStandIn {
  url: string
  environment: string
  region: string
  keys: AwsKeys
  calls: MwaaCall[]
  /** AWS's next answers, before any relay; cleared by `reset`. */
  refuse(refusal: MwaaRefusal): void
  reset(): void
  close(): Promise<void>
}

export const STAND_IN_KEYS: AwsKeys = {
  accessKeyId: 'ASIASTANDIN0EXAMPLE1',
  secretAccessKey: 'standInSecretKey/K7MDENG+bPxRfiCYSTANDIN0',
  sessionToken: 'IQoJb3JpZ2luX2VjEStandInSessionToken0000000000000000'
}

const METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE']

/**
 * restJson1's error: the type in `X-Amzn-ErrorType` (with the trailing `:…` AWS services add)
 * and as `__type` with a namespace, the message as `message` (`Message` for AccessDenied, as its
 * shape has it).
 */
export function awsError(type: string, status: number, message: string, extra = {}): Reply {
  const key = type === 'AccessDeniedException' ? 'Message' : 'message'
  const reply = jsonReply(status, {
    __type: `com.amazonaws.airflow#${type}`,
    [key]: message,
    ...extra
  })
  return {
    ...reply,
    headers: {
      ...reply.headers,
      'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.airflow/`,
      'x-amzn-requestid': 'b7c4e3f0-standin-0000-0000-000000000000'
    }
  }
}

const validation = (message: string) => awsError('ValidationException', 400, message)

function signatureRefusal(
  req: IncomingMessage,
  body: Buffer,
  options: Required<Pick<MwaaStandInOptions, 'region'>> & { keys: AwsKeys }
): Reply | undefined {
  const problem = signatureProblem(req, body, { ...options, service: 'airflow' })
  return problem && awsError(problem.type, problem.status, problem.message)
}

interface Envelope {
  Method: string
  Path: string
  QueryParameters?: Record<string, unknown>
  Body?: unknown
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function readEnvelope(body: Buffer): Envelope | Reply {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    return awsError('SerializationException', 400, 'Could not parse the request body as JSON.')
  }
  if (!isObject(json)) return validation('The request body must be a JSON object.')
  const { Method, Path, QueryParameters, Body } = json
  if (typeof Method !== 'string' || !METHODS.includes(Method))
    return validation(
      `1 validation error detected: Value at 'method' failed to satisfy constraint: Member must satisfy enum value set: [${METHODS.join(', ')}]`
    )
  if (typeof Path !== 'string' || Path.length < 1 || Path.length > 64)
    return validation(
      "1 validation error detected: Value at 'path' failed to satisfy constraint: Member must have length less than or equal to 64"
    )
  if (QueryParameters !== undefined && !isObject(QueryParameters))
    return validation("Value at 'queryParameters' must be a JSON object.")
  return {
    Method,
    Path,
    ...(QueryParameters ? { QueryParameters } : {}),
    ...(Body === undefined ? {} : { Body })
  }
}

/** Sends the call to the Airflow sandbox as MWAA sends it to the environment's web server. */
function relay(
  target: URL,
  method: string,
  body: unknown,
  token: string
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body)
    const req = httpRequest(
      target,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(text === undefined ? {} : { 'content-type': 'application/json' })
        }
      },
      res => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') })
        )
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(text)
  })
}

/**
 * Airflow's answer in MWAA's: 2xx as 200 `{RestApiStatusCode, RestApiResponse}`; 4xx as
 * RestApiClientException, 5xx as RestApiServerException, both 400 in the model.
 */
function wrap(status: number, text: string): Reply {
  let response: unknown = text
  try {
    response = JSON.parse(text)
  } catch {
    // MWAA hands back what Airflow said; a text body stays a string.
  }
  const members = { RestApiStatusCode: status, RestApiResponse: response }
  if (status < 400) return jsonReply(200, members)
  const type = status < 500 ? 'RestApiClientException' : 'RestApiServerException'
  return awsError(type, 400, `Airflow answered ${status}.`, members)
}

export async function startMwaaStandIn(options: MwaaStandInOptions): Promise<MwaaStandIn> {
  const environment = options.environment ?? 'stand-in-env'
  const region = options.region ?? 'eu-west-1'
  const keys = options.keys ?? STAND_IN_KEYS
  const apiPath = options.apiPath ?? '/api/v1'
  const calls: MwaaCall[] = []
  let refusals: MwaaRefusal[] = []

  const answer = async (req: IncomingMessage): Promise<Reply> => {
    const { bytes } = await readBody(req, true, () => undefined)
    const body = bytes ?? Buffer.alloc(0)
    const match = /^\/restapi\/([^/]+)$/.exec(new URL(req.url ?? '/', 'http://stand-in').pathname)
    if (req.method !== 'POST' || !match)
      return awsError('UnknownOperationException', 404, 'Unknown operation.')
    const denied = signatureRefusal(req, body, { region, keys })
    if (denied) {
      calls.push({ refused: header(denied.headers, 'x-amzn-errortype')?.split(':')[0] })
      return denied
    }
    const envelope = readEnvelope(body)
    if (!('Method' in envelope)) {
      calls.push({ refused: header(envelope.headers, 'x-amzn-errortype')?.split(':')[0] })
      return envelope
    }
    const call: MwaaCall = {
      method: envelope.Method,
      path: envelope.Path,
      query: envelope.QueryParameters,
      body: envelope.Body
    }
    calls.push(call)
    const refusal = refusals[0]
    if (refusal) {
      if (refusal.times !== undefined && --refusal.times <= 0) refusals = refusals.slice(1)
      call.refused = refusal.type
      return awsError(refusal.type, refusal.status, refusal.message)
    }
    if (decodeURIComponent(match[1]!) !== environment) {
      call.refused = 'ResourceNotFoundException'
      return awsError('ResourceNotFoundException', 404, `Environment ${match[1]} not found.`)
    }
    const target = new URL(`${options.airflowUrl}${apiPath}${envelope.Path}`)
    for (const [name, value] of Object.entries(envelope.QueryParameters ?? {}))
      for (const item of Array.isArray(value) ? value : [value])
        target.searchParams.append(name, String(item))
    const relayed = await relay(
      target,
      envelope.Method,
      envelope.Method === 'GET' ? undefined : envelope.Body,
      options.airflowToken ?? 'sandbox-token'
    )
    return wrap(relayed.status, relayed.text)
  }

  const server = createServer((req, res) => {
    answer(req).then(
      reply => writeReply(res, reply),
      () => writeReply(res, awsError('InternalServerException', 500, 'Internal failure.'))
    )
  })
  await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    environment,
    region,
    keys,
    calls,
    refuse: refusal => {
      refusals.push({ ...refusal })
    },
    reset: () => {
      refusals = []
      calls.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(error => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}
