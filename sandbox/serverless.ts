import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { header, readBody, writeReply, type Reply } from './http.js'
import {
  ServerlessRuns,
  type ServerlessTiming,
  type StandInWorkflow,
  type StoredRun
} from './serverless-runs.js'
import { answerOperation, errorReply, type Input } from './serverless-operations.js'
import { signatureProblem, type AwsKeys } from './sigv4.js'

/**
 * A local stand-in for Amazon MWAA Serverless (mwaa-serverless 2024-07-26, protocol awsJson1_0):
 * every call `POST /` with `X-Amz-Target: AmazonMWAAServerless.<Op>` and
 * `Content-Type: application/x-amz-json-1.0`, signed with SigV4 for `airflow-serverless`, which it
 * checks with sandbox/sigv4.ts. It holds each input to the model's constraints, keeps runs as the
 * service does (sandbox/serverless-runs.ts), and answers in the protocol's wire format: errors as
 * `{"__type": "com.amazonaws.mwaaserverless#<Type>", "Message": …}`. Refusals are set per test.
 */

export const STAND_IN_ACCOUNT = '123456789012'

export interface ServerlessRefusal {
  /** The operation refused; every one when absent. */
  operation?: string
  type: string
  status: number
  message: string
  /** The error's other members (QuotaCode, FieldList, …). */
  members?: Record<string, unknown>
  /** How many calls get it; all of them when absent. */
  times?: number
  /** Do the call's work first, then answer the refusal (an OperationTimeoutException after the fact). */
  afterWork?: true
}

export interface ServerlessStandInOptions {
  region?: string
  keys?: AwsKeys
  /** The stand-in's clock: Date.now, or a test's. */
  now?: () => number
  timing?: Partial<ServerlessTiming>
  port?: number
}

/** One call, as the stand-in read it. */
export interface ServerlessCall {
  operation: string
  input?: Input
  /** The signed headers' names, lower case. */
  signedHeaders?: string[]
  /** The error type answered, when the call was refused. */
  refused?: string
}

export interface ServerlessStandIn {
  url: string
  region: string
  keys: AwsKeys
  /** A workflow whose runs succeed, and one whose `transform` task fails. */
  workflows: { succeeds: StandInWorkflow; fails: StandInWorkflow }
  calls: ServerlessCall[]
  runs: ServerlessRuns
  /** Answers AWS gives before doing anything (or after, with `afterWork`); cleared by `reset`. */
  refuse(refusal: ServerlessRefusal): void
  /** Holds every answer to `operation` until `reset` (the caller gives up first). */
  hold(operation: string): void
  configure(timing: Partial<ServerlessTiming>): void
  reset(): void
  close(): Promise<void>
}

export const SERVERLESS_KEYS: AwsKeys = {
  accessKeyId: 'ASIASERVERLESSEXAMP1',
  secretAccessKey: 'serverlessStandInSecret/K7MDENG+bPxRfiCY0',
  sessionToken: 'IQoJb3JpZ2luX2VjEServerlessStandInSessionToken00000000000'
}

const DEFAULT_TIMING: ServerlessTiming = {
  runStartMs: 300,
  runDurationMs: 1200,
  idempotencyWindowMs: 8 * 3600_000
}

/** awsJson1_0's error: the type with its namespace in `__type`, the message as `Message`. */
export function serverlessError(
  type: string,
  status: number,
  message: string,
  members: Record<string, unknown> = {}
): Reply {
  return errorReply(type, status, message, members).reply
}

function workflowOf(region: string, name: string, failingTask?: string): StandInWorkflow {
  return {
    arn: `arn:aws:airflow-serverless:${region}:${STAND_IN_ACCOUNT}:workflow/${name}`,
    name,
    status: 'READY',
    tasks: ['extract', 'transform', 'load'],
    ...(failingTask ? { failingTask } : {})
  }
}

/** The call's operation, or the refusal of a request that is not an awsJson1_0 call. */
function operationOf(req: IncomingMessage): string | Reply {
  if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/')
    return serverlessError('UnknownOperationException', 404, 'Unknown operation.')
  if (header(req.headers, 'content-type') !== 'application/x-amz-json-1.0')
    return serverlessError(
      'UnknownOperationException',
      400,
      'Expected Content-Type: application/x-amz-json-1.0.'
    )
  const target = /^AmazonMWAAServerless\.([A-Za-z]{1,40})$/.exec(
    header(req.headers, 'x-amz-target') ?? ''
  )
  return target
    ? target[1]!
    : serverlessError('UnknownOperationException', 400, 'Missing or unknown X-Amz-Target.')
}

export async function startServerlessStandIn(
  options: ServerlessStandInOptions = {}
): Promise<ServerlessStandIn> {
  const region = options.region ?? 'eu-west-1'
  const keys = options.keys ?? SERVERLESS_KEYS
  let timing: ServerlessTiming = { ...DEFAULT_TIMING, ...options.timing }
  const runs = new ServerlessRuns(options.now ?? Date.now, () => timing)
  const workflows = {
    succeeds: workflowOf(region, 'nightly-etl-A1b2C3d4E5'),
    fails: workflowOf(region, 'fails-flow-Z9y8X7w6V5', 'transform')
  }
  const calls: ServerlessCall[] = []
  let refusals: ServerlessRefusal[] = []
  const held = new Set<string>()
  const releases: (() => void)[] = []

  const nextRefusal = (operation: string): ServerlessRefusal | undefined => {
    const refusal = refusals.find(r => r.operation === undefined || r.operation === operation)
    if (refusal && refusal.times !== undefined && --refusal.times <= 0)
      refusals = refusals.filter(r => r !== refusal)
    return refusal
  }

  const answer = async (req: IncomingMessage): Promise<Reply> => {
    const { bytes } = await readBody(req, true, () => undefined)
    const body = bytes ?? Buffer.alloc(0)
    const operation = operationOf(req)
    if (typeof operation !== 'string') {
      calls.push({ operation: '?', refused: 'UnknownOperationException' })
      return operation
    }
    const auth = header(req.headers, 'authorization') ?? ''
    const signedHeaders = /SignedHeaders=([a-z0-9;-]+)/.exec(auth)?.[1]?.split(';')
    const call: ServerlessCall = { operation, ...(signedHeaders ? { signedHeaders } : {}) }
    calls.push(call)
    const problem = signatureProblem(req, body, { region, service: 'airflow-serverless', keys })
    if (problem) {
      call.refused = problem.type
      return serverlessError(problem.type, problem.status, problem.message)
    }
    let input: Input
    try {
      input = JSON.parse(body.toString('utf8')) as Input
    } catch {
      call.refused = 'SerializationException'
      return serverlessError('SerializationException', 400, 'The body is not JSON.')
    }
    call.input = input
    if (held.has(operation)) await new Promise<void>(resolve => releases.push(resolve))
    const refusal = nextRefusal(operation)
    if (refusal && !refusal.afterWork) {
      call.refused = refusal.type
      return serverlessError(refusal.type, refusal.status, refusal.message, refusal.members)
    }
    const answered = answerOperation(operation, input, {
      runs,
      workflows: Object.values(workflows)
    })
    if (answered.refused) call.refused = answered.refused
    if (!refusal) return answered.reply
    call.refused = refusal.type
    return serverlessError(refusal.type, refusal.status, refusal.message, refusal.members)
  }

  const server = createServer((req, res) => {
    answer(req).then(
      reply => writeReply(res, reply),
      () => writeReply(res, serverlessError('InternalServerException', 500, 'Internal failure.'))
    )
  })
  await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    region,
    keys,
    workflows,
    calls,
    runs,
    refuse: refusal => {
      refusals.push({ ...refusal })
    },
    configure: changes => {
      timing = { ...timing, ...changes }
    },
    hold: operation => {
      held.add(operation)
    },
    reset: () => {
      held.clear()
      for (const release of releases.splice(0)) release()
      refusals = []
      calls.length = 0
      runs.clear()
      timing = { ...DEFAULT_TIMING, ...options.timing }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(error => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}

export type { StoredRun }
