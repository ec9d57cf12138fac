import { randomUUID } from 'node:crypto'
import { parseTriggerBody, type TriggerBody } from './airflow-body.js'
import { isoUtc, pythonUtc } from './airflow-dates.js'
import { toDagRun, type RunStore, type StoredRun } from './airflow-runs.js'
import {
  header,
  jsonReply,
  textReply,
  withHeaders,
  type OriginRequest,
  type Outcome,
  type Reply
} from './http.js'
import type { AirflowFaults, AirflowSettings, DuplicateStyle } from './types.js'

export interface AirflowContext {
  settings: AirflowSettings
  runs: RunStore
}

type Route = { dagId: string; runId?: string }
type Access = 'none' | 'read' | 'trigger'
type Clash = { logicalMs: number } | { runId: string }

const ERRORS_URL =
  'https://airflow.apache.org/docs/apache-airflow/stable/stable-rest-api-ref.html#section/Errors/'
const RUN_ID_PATTERN = /^[A-Za-z0-9_.~:+-]+$/
const LOGIN_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Sign in</title></head>' +
  '<body><form method="post" action="/login"><input name="username"></form></body></html>\n'

function problem(status: number, title: string, detail: string, errorType: string): Reply {
  return jsonReply(
    status,
    { detail, status, title, type: ERRORS_URL + errorType },
    {},
    'application/problem+json'
  )
}

/** `/dags/{dag_id}/dagRuns[/{dag_run_id}]`, both ids URL-decoded. */
function parseRoute(rest: string): Route | null {
  const parts = rest.split('/')
  if (parts[0] !== '' || parts[1] !== 'dags' || !parts[2] || parts[3] !== 'dagRuns') return null
  if (parts.length > 5 || (parts.length === 5 && !parts[4])) return null
  try {
    const dagId = decodeURIComponent(parts[2])
    return parts[4] ? { dagId, runId: decodeURIComponent(parts[4]) } : { dagId }
  } catch {
    return null
  }
}

function access(req: OriginRequest, settings: AirflowSettings, apiPath: string): Access {
  const authorization = header(req.headers, 'authorization') ?? ''
  // Airflow 2's basic_auth backend serves /api/v1; Airflow 3 takes only its own tokens.
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (basic !== undefined) {
    const given = Buffer.from(basic, 'base64').toString('utf8')
    return apiPath === '/api/v1' && given === `${settings.user}:${settings.password}`
      ? 'trigger'
      : 'none'
  }
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (token === undefined) return 'none'
  if (settings.tokens.includes(token)) return 'trigger'
  return settings.noPermissionTokens.includes(token) ? 'read' : 'none'
}

function unauthorized(): Reply {
  const reply = problem(401, 'Unauthorized', 'Invalid or missing bearer token', 'Unauthenticated')
  return withHeaders(reply, { 'www-authenticate': 'Bearer' })
}

function runIdProblem(runId: string): string | null {
  if (!RUN_ID_PATTERN.test(runId)) {
    return `The provided run ID '${runId}' is invalid. It does not match the configured pattern: '${RUN_ID_PATTERN.source}'`
  }
  if (runId.startsWith('scheduled__')) {
    return `A manual DAG run cannot use ID '${runId}' since it is reserved for scheduled runs`
  }
  return null
}

/** Airflow 2.x looks the logical date up first, so its message names that clash when both exist. */
function findClash(
  runs: RunStore,
  dagId: string,
  runId: string,
  logicalMs: number | null
): Clash | null {
  if (logicalMs !== null && runs.findByLogicalDate(dagId, logicalMs)) return { logicalMs }
  return runs.find(dagId, runId) ? { runId } : null
}

function duplicateReply(style: DuplicateStyle, dagId: string, clash: Clash): Reply {
  if (style === 'airflow3') {
    return jsonReply(409, {
      detail: {
        reason: 'Unique constraint violation',
        statement: 'hidden',
        orig_error: 'hidden',
        message: `Serious error when handling your request. Check logs for more details - you will find it in api server when you look for ID ${randomUUID()}`
      }
    })
  }
  const key =
    'logicalMs' in clash
      ? `DAGRun logical date: '${pythonUtc(clash.logicalMs)}'`
      : `DAGRun ID: '${clash.runId}'`
  const detail = `DAGRun with DAG ID: '${dagId}' and ${key} already exists`
  return style === 'airflow2'
    ? problem(409, 'Conflict', detail, 'AlreadyExists')
    : problem(400, 'Bad Request', detail, 'BadRequest')
}

function createRun(
  ctx: AirflowContext,
  dagId: string,
  body: TriggerBody,
  runId: string
): StoredRun {
  const run: StoredRun = {
    dagId,
    runId,
    logicalMs: body.logicalMs,
    conf: body.conf,
    note: body.note,
    createdAt: Date.now(),
    runStartMs: ctx.settings.runStartMs,
    runDurationMs: ctx.settings.runDurationMs,
    fails: ctx.settings.failingDags.includes(dagId)
  }
  ctx.runs.add(run)
  return run
}

/** The trigger as Airflow checks it: auth, body, DAG, run id, uniqueness, then creation. */
function processTrigger(
  ctx: AirflowContext,
  req: OriginRequest,
  dagId: string,
  apiPath: string
): Reply {
  const allowed = access(req, ctx.settings, apiPath)
  if (allowed === 'none') return unauthorized()
  if (allowed === 'read') {
    return problem(
      403,
      'Forbidden',
      'You do not have permission to trigger this DAG',
      'PermissionDenied'
    )
  }
  const parsed = parseTriggerBody(req.body, header(req.headers, 'content-type'))
  if ('errors' in parsed) return jsonReply(422, { detail: parsed.errors })
  if (!ctx.settings.dags.includes(dagId)) {
    return problem(404, 'DAG not found', `DAG with dag_id: '${dagId}' not found`, 'NotFound')
  }
  const body = parsed.body
  const runId =
    body.dagRunId ?? `manual__${isoUtc(body.logicalMs ?? Date.now()).replace('Z', '+00:00')}`
  const invalid = runIdProblem(runId)
  if (invalid) return problem(400, 'Bad Request', invalid, 'BadRequest')
  const clash = findClash(ctx.runs, dagId, runId, body.logicalMs)
  if (clash) return duplicateReply(ctx.settings.duplicateStyle, dagId, clash)
  const run = createRun(ctx, dagId, body, runId)
  return jsonReply(200, toDagRun(run, Date.now()))
}

type CountedFault = 'dropAfterCreate' | 'dropBeforeCreate' | 'status500'

/** Consumes one use of a counted fault; false when none is left. */
function takeOne(faults: AirflowFaults, fault: CountedFault): boolean {
  if (faults[fault] <= 0) return false
  faults[fault]--
  return true
}

/** Faults that stand in for the whole service: nothing is processed or created. */
function faultInsteadOfService(faults: AirflowFaults, dagId: string): Outcome | null {
  if (takeOne(faults, 'dropBeforeCreate')) return 'drop'
  if (takeOne(faults, 'status500')) {
    return textReply(500, 'Internal Server Error', 'text/plain; charset=utf-8')
  }
  if (faults.htmlOk) return textReply(200, LOGIN_PAGE, 'text/html; charset=utf-8')
  if (faults.omitRunId) return jsonReply(200, { dag_id: dagId, state: 'queued' })
  return null
}

function processed(
  ctx: AirflowContext,
  req: OriginRequest,
  dagId: string,
  apiPath: string
): Outcome {
  const reply = processTrigger(ctx, req, dagId, apiPath)
  // The request took effect (a run may exist now); only its answer is lost.
  return takeOne(ctx.settings.faults, 'dropAfterCreate') ? 'drop' : reply
}

function trigger(ctx: AirflowContext, req: OriginRequest, dagId: string, apiPath: string): Outcome {
  const { faults } = ctx.settings
  const outcome = faultInsteadOfService(faults, dagId) ?? processed(ctx, req, dagId, apiPath)
  if (outcome === 'drop' || faults.delayMs <= 0) return outcome
  return { ...outcome, delayMs: faults.delayMs }
}

function getRun(
  ctx: AirflowContext,
  req: OriginRequest,
  route: { dagId: string; runId: string; apiPath: string }
): Reply {
  const { dagId, runId } = route
  if (access(req, ctx.settings, route.apiPath) === 'none') return unauthorized()
  const run = ctx.runs.find(dagId, runId)
  if (run) return jsonReply(200, toDagRun(run, Date.now()))
  const detail = `DagRun with dag_id: '${dagId}' and run_id: '${runId}' was not found`
  return problem(404, 'DAGRun not found', detail, 'NotFound')
}

function route(ctx: AirflowContext, req: OriginRequest, apiPath: string): Outcome {
  const target = parseRoute(req.pathname.slice(apiPath.length))
  if (!target) return jsonReply(404, { detail: 'Not Found' })
  if (target.runId === undefined && req.method === 'POST') {
    return trigger(ctx, req, target.dagId, apiPath)
  }
  if (target.runId !== undefined && req.method === 'GET') {
    return getRun(ctx, req, { dagId: target.dagId, runId: target.runId, apiPath })
  }
  return jsonReply(405, { detail: 'Method Not Allowed' })
}

/** Serves one request under an Airflow API prefix. */
export function handleAirflow(ctx: AirflowContext, req: OriginRequest, apiPath: string): Outcome {
  const outcome = route(ctx, req, apiPath)
  return outcome === 'drop' ? outcome : withHeaders(outcome, { server: 'uvicorn' })
}

/** Airflow 3's `POST /auth/token`: a JSON user name and password for a bearer token. */
export function handleAirflowToken(ctx: AirflowContext, req: OriginRequest): Outcome {
  if (req.method !== 'POST') return jsonReply(405, { detail: 'Method Not Allowed' })
  let given: { username?: unknown; password?: unknown } = {}
  try {
    given = JSON.parse(req.body.bytes?.toString('utf8') ?? '') as typeof given
  } catch {
    return jsonReply(422, {
      detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }]
    })
  }
  if (given.username !== ctx.settings.user || given.password !== ctx.settings.password) {
    return withHeaders(problem(401, 'Unauthorized', 'Invalid credentials', 'Unauthenticated'), {
      server: 'uvicorn'
    })
  }
  const token = `eyJ.${randomUUID()}`
  ctx.settings.tokens.push(token)
  return withHeaders(jsonReply(201, { access_token: token }), { server: 'uvicorn' })
}
