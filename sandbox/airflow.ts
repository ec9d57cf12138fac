import { randomUUID } from 'node:crypto'
import { airflow2BodyProblem, parseTriggerBody, type TriggerBody } from './airflow-body.js'
import { answerList, listKind, listPage } from './airflow-lists.js'
import { isoUtc, pythonUtc } from './airflow-dates.js'
import { atLeast, taskStates } from './airflow-releases.js'
import {
  dagRunAnswer,
  taskInstanceAnswer,
  taskInstances,
  type DagSwitch,
  type RunStore,
  type StoredRun
} from './airflow-runs.js'
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
  /** When each bearer token was first used, for settings.tokenLifetimeMs. */
  tokenFirstUse: Map<string, number>
  /** Tokens `POST /auth/token` has granted, for settings.tokenGrants. */
  granted: { tokens: number }
  /** The sandbox's clock (ms since the epoch): runs progress and tokens expire on it. */
  now: () => number
}

/** `/dags/{dag_id}`, or its runs (`runs`), one run, that run's task instances or its note. */
type Route = { dagId: string; runs?: true; runId?: string; taskInstances?: true; setNote?: true }
/** `missing`: no credentials; `invalid`: unknown ones; `expired`: a token past its time. */
type Access = 'missing' | 'invalid' | 'expired' | 'read' | 'trigger'
/** Airflow 2 serves /api/v1 (connexion, problem+json); Airflow 3 serves /api/v2 (FastAPI). */
type Version = 2 | 3
type Clash = { logicalMs: number } | { runId: string }

const ERRORS_URL =
  'https://airflow.apache.org/docs/apache-airflow/stable/stable-rest-api-ref.html#section/Errors/'
const RUN_ID_PATTERN = /^[A-Za-z0-9_.~:+-]+$/
const LOGIN_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Sign in</title></head>' +
  '<body><form method="post" action="/login"><input name="username"></form></body></html>\n'

function problem(status: number, title: string, detail: string | null, errorType: string): Reply {
  return jsonReply(
    status,
    { detail, status, title, type: ERRORS_URL + errorType },
    {},
    'application/problem+json'
  )
}

const versionOf = (apiPath: string): Version => (apiPath.endsWith('/api/v1') ? 2 : 3)

/** An error as each version words it: Airflow 2's problem+json, Airflow 3's `{"detail": …}`. */
function refusal(
  version: Version,
  status: number,
  detail: string,
  problemTitle: string,
  errorType: string
): Reply {
  return version === 2
    ? problem(status, problemTitle, detail, errorType)
    : jsonReply(status, { detail })
}

/** `/dags/{dag_id}[/dagRuns[/{dag_run_id}[/taskInstances|/setNote]]]`, both ids URL-decoded. */
function parseRoute(rest: string): Route | null {
  const parts = rest.split('/')
  if (parts[0] !== '' || parts[1] !== 'dags' || !parts[2]) return null
  if (parts.length > 3 && parts[3] !== 'dagRuns') return null
  if (parts.length > 6 || (parts.length >= 5 && !parts[4])) return null
  if (parts.length === 6 && parts[5] !== 'taskInstances' && parts[5] !== 'setNote') return null
  try {
    const dagId = decodeURIComponent(parts[2])
    if (parts.length === 3) return { dagId }
    if (!parts[4]) return { dagId, runs: true }
    const runId = decodeURIComponent(parts[4])
    if (parts[5] === 'setNote') return { dagId, runs: true, runId, setNote: true }
    return parts[5]
      ? { dagId, runs: true, runId, taskInstances: true }
      : { dagId, runs: true, runId }
  } catch {
    return null
  }
}

function access(ctx: AirflowContext, req: OriginRequest, apiPath: string): Access {
  const { settings } = ctx
  const authorization = header(req.headers, 'authorization') ?? ''
  // Airflow 2's basic_auth backend serves /api/v1; Airflow 3 takes only its own tokens.
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (basic !== undefined) {
    const given = Buffer.from(basic, 'base64').toString('utf8')
    return versionOf(apiPath) === 2 && given === `${settings.user}:${settings.password}`
      ? 'trigger'
      : 'invalid'
  }
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (token === undefined) return 'missing'
  const known = settings.tokens.includes(token) || settings.noPermissionTokens.includes(token)
  if (settings.expiredTokens.includes(token) || (known && outlived(ctx, token))) return 'expired'
  if (settings.tokens.includes(token)) return 'trigger'
  return settings.noPermissionTokens.includes(token) ? 'read' : 'invalid'
}

/** Whether the token's lifetime, counted from its first use, is over. */
function outlived(ctx: AirflowContext, token: string): boolean {
  const lifetime = ctx.settings.tokenLifetimeMs
  if (lifetime <= 0) return false
  const now = ctx.now()
  const first = ctx.tokenFirstUse.get(token) ?? now
  ctx.tokenFirstUse.set(token, first)
  return now - first >= lifetime
}

/**
 * Refused credentials. Airflow 3 tells them apart (apache/airflow
 * airflow-core/src/airflow/api_fastapi/core_api/security.py: `get_user` raises 401 "Token Expired"
 * on ExpiredSignatureError and 403 "Invalid JWT token" on InvalidTokenError; a missing token is
 * FastAPI's OAuth2PasswordBearer 401 "Not authenticated" with `WWW-Authenticate: Bearer`; a user
 * without the permission gets `_requires_access`'s 403 "Forbidden"). Airflow 2 answers 401.
 */
function unauthenticated(version: Version, why: Exclude<Access, 'read' | 'trigger'>): Reply {
  const bearer = { 'www-authenticate': 'Bearer' }
  if (version === 2) {
    // Airflow 2.10.5 (basic_auth and session backends), wrong password or none: 401
    // {"detail": null, "status": 401, "title": "Unauthorized", "type": "…#section/Errors/Unauthenticated"}.
    return withHeaders(problem(401, 'Unauthorized', null, 'Unauthenticated'), bearer)
  }
  if (why === 'invalid') return jsonReply(403, { detail: 'Invalid JWT token' })
  if (why === 'expired') return jsonReply(401, { detail: 'Token Expired' })
  return withHeaders(jsonReply(401, { detail: 'Not authenticated' }), bearer)
}

function runIdProblem(runId: string, version: Version): string | null {
  // Airflow 3's DagRun.validate_run_id (models/dagrun.py, apache/airflow#63296).
  if (version === 3 && runId.includes('..')) {
    return `The run_id '${runId}' must not contain '..' to prevent path traversal`
  }
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
  const earlier = ctx.runs.of(dagId)
  const max = ctx.settings.maxActiveRuns
  const run: StoredRun = {
    dag: dagSwitch(ctx, dagId),
    waitsFor: max > 0 && earlier.length >= max ? earlier[earlier.length - max] : undefined,
    dagId,
    runId,
    logicalMs: body.logicalMs,
    conf: body.conf,
    note: body.note,
    createdAt: ctx.now(),
    runStartMs: ctx.settings.runStartMs,
    runDurationMs: ctx.settings.runDurationMs,
    fails: ctx.settings.failingDags.includes(dagId),
    tasks: [...ctx.settings.tasks],
    failingTask: ctx.settings.failingTask,
    heldTask: ctx.settings.heldTask && { ...ctx.settings.heldTask },
    partitionKey: body.partitionKey,
    release: ctx.settings.releases[3]
  }
  ctx.runs.add(run)
  return run
}

function dagSwitch(ctx: AirflowContext, dagId: string): DagSwitch {
  return ctx.runs.switchOf(dagId, ctx.settings.pausedDags.includes(dagId))
}

/**
 * The DAG as each version answers `GET …/dags/{dag_id}`: Airflow 2's DAG schema
 * (api_connexion/openapi/v1.yaml: `is_active`, `next_dagrun`, …) or Airflow 3's DAGResponse
 * (api_fastapi/core_api/datamodels/dags.py: `is_stale`, `next_dagrun_logical_date`, …).
 */
function dagAnswer(ctx: AirflowContext, dagId: string, version: Version): Record<string, unknown> {
  const { settings } = ctx
  const common = {
    dag_id: dagId,
    dag_display_name: dagId,
    is_paused: dagSwitch(ctx, dagId).pausedAt !== null,
    last_parsed_time: isoUtc(ctx.now()),
    last_expired: null,
    fileloc: `/opt/airflow/dags/${dagId}.py`,
    file_token: Buffer.from(dagId).toString('base64url'),
    owners: ['airflow'],
    description: null,
    timetable_description: 'Never, external triggers only',
    tags: [],
    max_active_tasks: 16,
    max_active_runs: settings.maxActiveRuns,
    has_task_concurrency_limits: false,
    has_import_errors: settings.importErrorDags.includes(dagId),
    next_dagrun_data_interval_start: null,
    next_dagrun_data_interval_end: null
  }
  const stale = settings.staleDags.includes(dagId)
  if (version === 2) {
    return {
      ...common,
      root_dag_id: null,
      is_active: !stale,
      is_subdag: false,
      last_pickled: null,
      scheduler_lock: null,
      pickle_id: null,
      default_view: 'grid',
      schedule_interval: null,
      next_dagrun: null,
      next_dagrun_create_after: null
    }
  }
  const since32 = atLeast(settings.releases[3], 3, 2)
    ? {
        // null: every run type allowed (DagModel.allowed_run_types, apache/airflow#61833).
        allowed_run_types: settings.manualDeniedDags.includes(dagId) ? ['scheduled'] : null,
        timetable_partitioned: settings.partitionedDags.includes(dagId)
      }
    : {}
  return {
    ...common,
    ...since32,
    is_stale: stale,
    bundle_name: 'dags-folder',
    relative_fileloc: `${dagId}.py`,
    timetable_summary: null,
    max_consecutive_failed_dag_runs: 0,
    next_dagrun_logical_date: null,
    next_dagrun_run_after: null
  }
}

function dagNotFound(version: Version, dagId: string): Reply {
  return version === 2
    ? // As Airflow 2.10.5 answers GET /api/v1/dags/nope: {"detail": "The DAG with dag_id: nope was
      // not found", "status": 404, "title": "DAG not found", "type": "…#section/Errors/NotFound"}
      problem(404, 'DAG not found', `The DAG with dag_id: ${dagId} was not found`, 'NotFound')
    : // As Airflow 3.3.2 answers GET /api/v2/dags/nope: {"detail":"The Dag with ID: `nope` was not found"}
      jsonReply(404, { detail: `The Dag with ID: \`${dagId}\` was not found` })
}

/**
 * Airflow 2's PATCH of an unknown DAG puts the words in the title: 2.10.5 answers PATCH
 * /api/v1/dags/nope with 404 {"detail": null, "status": 404, "title": "Dag with id: 'nope' not
 * found", "type": "…#section/Errors/NotFound"}.
 */
function patchedDagNotFound(version: Version, dagId: string): Reply {
  return version === 2
    ? problem(404, `Dag with id: '${dagId}' not found`, null, 'NotFound')
    : dagNotFound(version, dagId)
}

/** `GET …/dags/{dag_id}`, read access. */
function getDag(ctx: AirflowContext, req: OriginRequest, dagId: string, apiPath: string): Reply {
  const version = versionOf(apiPath)
  const denied = refused(version, access(ctx, req, apiPath), 'read')
  if (denied) return denied
  if (!ctx.settings.dags.includes(dagId)) return dagNotFound(version, dagId)
  const raw = ctx.settings.faults.dagBody
  if (raw !== null) return textReply(200, raw, 'application/json')
  return jsonReply(200, dagAnswer(ctx, dagId, version))
}

/**
 * `PATCH …/dags/{dag_id}` with `{"is_paused": …}`: Airflow 3's DAGPatchBody is strict (422 for
 * anything else, before the access check); Airflow 2 reads `is_paused` from its DAG schema.
 */
function patchDag(ctx: AirflowContext, req: OriginRequest, dagId: string, apiPath: string): Reply {
  const version = versionOf(apiPath)
  let paused: unknown
  try {
    paused = (JSON.parse(req.body.bytes?.toString('utf8') ?? '') as { is_paused?: unknown })
      ?.is_paused
  } catch {
    paused = undefined
  }
  if (typeof paused !== 'boolean') {
    const detail = [
      { type: 'bool_type', loc: ['body', 'is_paused'], msg: 'Input should be a valid boolean' }
    ]
    if (version === 3) return jsonReply(422, { detail })
  }
  const denied = refused(version, access(ctx, req, apiPath), 'trigger')
  if (denied) return denied
  if (!ctx.settings.dags.includes(dagId)) return patchedDagNotFound(version, dagId)
  if (typeof paused !== 'boolean') {
    return problem(400, 'Bad Request', "{'is_paused': ['Not a valid boolean.']}", 'BadRequest')
  }
  const now = ctx.now()
  const dag = dagSwitch(ctx, dagId)
  if (paused && dag.pausedAt === null) dag.pausedAt = now
  if (!paused && dag.pausedAt !== null) {
    dag.pausedAt = null
    dag.unpausedAt = now
  }
  return jsonReply(200, dagAnswer(ctx, dagId, version))
}

/**
 * `GET …/dags/{dag_id}/dagRuns`: `state` may repeat, the logical date bounds by each version's
 * name (`execution_date_gte` on Airflow 2, `logical_date_gte` on 3), `limit` pages, newest first.
 */
function listRuns(ctx: AirflowContext, req: OriginRequest, dagId: string, apiPath: string): Reply {
  const version = versionOf(apiPath)
  const denied = refused(version, access(ctx, req, apiPath), 'read')
  if (denied) return denied
  if (!ctx.settings.dags.includes(dagId) && version === 3) return dagNotFound(version, dagId)
  const now = ctx.now()
  const states = req.query.getAll('state')
  const field = version === 2 ? 'execution_date' : 'logical_date'
  const bound = (name: string) => {
    const text = req.query.get(`${field}_${name}`)
    return text === null ? undefined : Date.parse(text)
  }
  const [from, to] = [bound('gte'), bound('lte')]
  const matching = [...ctx.runs.of(dagId)]
    .reverse()
    .filter(run => from === undefined || (run.logicalMs !== null && run.logicalMs >= from))
    .filter(run => to === undefined || (run.logicalMs !== null && run.logicalMs <= to))
    .map(run => dagRunAnswer(run, now, version))
    .filter(run => states.length === 0 || states.includes(String(run.state)))
  const limit = Math.min(queryCount(req.query, 'limit', 100), MAXIMUM_PAGE_LIMIT)
  const cursorByDefault = ctx.settings.cursorLists && version === 3
  return jsonReply(200, listPage('dag_runs', matching, req.query, { limit, cursorByDefault }))
}

/** The auth check: undefined when the request may go on, else the refusal. */
function refused(version: Version, allowed: Access, needs: 'read' | 'trigger'): Reply | undefined {
  if (allowed === 'trigger' || (allowed === 'read' && needs === 'read')) return undefined
  if (allowed !== 'read') return unauthenticated(version, allowed)
  return version === 2
    ? problem(
        403,
        'Forbidden',
        'You do not have permission to trigger this DAG',
        'PermissionDenied'
      )
    : jsonReply(403, { detail: 'Forbidden' })
}

/**
 * The trigger as Airflow checks it: credentials, body, DAG, run id, uniqueness, then creation.
 * FastAPI (Airflow 3) validates the JSON body before any dependency runs, authentication included.
 */
function processTrigger(
  ctx: AirflowContext,
  req: OriginRequest,
  dagId: string,
  apiPath: string
): Reply {
  const version = versionOf(apiPath)
  const since32 = version === 3 && atLeast(ctx.settings.releases[3], 3, 2)
  const parsed = parseTriggerBody(req.body, header(req.headers, 'content-type'), {
    partitionKey: since32
  })
  if (version === 3 && 'errors' in parsed) return jsonReply(422, { detail: parsed.errors })
  const denied = refused(version, access(ctx, req, apiPath), 'trigger')
  if (denied) return denied
  const refused2 = version === 2 ? airflow2BodyProblem(req.body) : undefined
  if (refused2 !== undefined) return problem(400, 'Bad Request', refused2, 'BadRequest')
  if ('errors' in parsed) return jsonReply(422, { detail: parsed.errors })
  // Airflow 3 spells it "Dag" (3.3.2: 404 {"detail":"Dag with dag_id: 'nope' not found"}).
  const dag = version === 2 ? 'DAG' : 'Dag'
  if (!ctx.settings.dags.includes(dagId)) {
    return refusal(
      version,
      404,
      `${dag} with dag_id: '${dagId}' not found`,
      'DAG not found',
      'NotFound'
    )
  }
  // Airflow 3's trigger_dag_run: a stale DAG is not found, one with import errors is refused.
  if (ctx.settings.staleDags.includes(dagId)) {
    return refusal(
      version,
      404,
      `${dag} with dag_id: '${dagId}' not found`,
      'DAG not found',
      'NotFound'
    )
  }
  if (ctx.settings.importErrorDags.includes(dagId)) {
    return refusal(
      version,
      400,
      `${dag} with dag_id: '${dagId}' has import errors and cannot be triggered`,
      'Bad Request',
      'BadRequest'
    )
  }
  const body = parsed.body
  const refusedRun = since32 ? refusedByDag(ctx, dagId, body) : undefined
  if (refusedRun) return jsonReply(400, { detail: refusedRun })
  const runId =
    body.dagRunId ?? `manual__${isoUtc(body.logicalMs ?? ctx.now()).replace('Z', '+00:00')}`
  const invalid = runIdProblem(runId, version)
  if (invalid) return refusal(version, 400, invalid, 'Bad Request', 'BadRequest')
  const clash = findClash(ctx.runs, dagId, runId, body.logicalMs)
  if (clash) return duplicateReply(ctx.settings.duplicateStyle, dagId, clash)
  const run = createRun(ctx, dagId, body, runId)
  if (ctx.settings.faults.pauseAfterTrigger) run.dag.pausedAt ??= ctx.now()
  return jsonReply(200, dagRunAnswer(run, ctx.now(), version))
}

/**
 * What a 3.2+ DAG refuses of a trigger, as trigger_dag_run answers it (400, the ValueError's text):
 * a manual run when its `allowed_run_types` leave it out (apache/airflow#61833), and a
 * `partition_key` for a DAG that is not partitioned (#67718).
 */
function refusedByDag(ctx: AirflowContext, dagId: string, body: TriggerBody): string | undefined {
  if (ctx.settings.manualDeniedDags.includes(dagId)) {
    return `Dag with dag_id: '${dagId}' does not allow manual runs`
  }
  if (body.partitionKey !== null && !ctx.settings.partitionedDags.includes(dagId)) {
    // SerializedDAG.validate_partition_key's DagNotPartitionedError, as 3.3.2 words it.
    return `Dag '${dagId}' is not a partitioned Dag and does not accept a partition_key.`
  }
  return undefined
}

type CountedFault = 'dropAfterCreate' | 'dropBeforeCreate' | 'status500' | 'getStatus503'

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
  const version = versionOf(route.apiPath)
  const denied = refused(version, access(ctx, req, route.apiPath), 'read')
  if (denied) return denied
  const run = ctx.runs.find(dagId, runId)
  if (run) return jsonReply(200, dagRunAnswer(run, ctx.now(), version))
  return version === 2
    ? problem(
        404,
        'DAGRun not found',
        `DAGRun with DAG ID: '${dagId}' and DagRun ID: '${runId}' not found`,
        'NotFound'
      )
    : // Airflow 3's get_dag_run (api_fastapi/core_api/routes/public/dag_run.py).
      jsonReply(404, {
        detail: `The DagRun with dag_id: \`${dagId}\` and run_id: \`${runId}\` was not found`
      })
}

const PATCH_STATES = ['queued', 'success', 'failed'] as const
type PatchState = (typeof PATCH_STATES)[number]

/** The `state` of a PATCH body, or null when the body is not JSON or names no settable state. */
function patchState(req: OriginRequest): PatchState | null {
  try {
    const body = JSON.parse(req.body.bytes?.toString('utf8') ?? '') as { state?: unknown }
    return PATCH_STATES.find(state => state === body?.state) ?? null
  } catch {
    return null
  }
}

/**
 * `PATCH …/dagRuns/{dag_run_id}` with `{"state": …}`, as Airflow 2's update_dag_run_state
 * (api_connexion/endpoints/dag_run_endpoint.py: edit permission, 404 for an unknown run, 400 for
 * a bad body) and Airflow 3's patch_dag_run (api_fastapi/core_api/routes/public/dag_run.py:
 * FastAPI's 422 for a bad body before anything else, then the same) answer it: 200 with the run.
 * Queued clears the run, which starts over; success and failed end it now.
 */
function patchRun(
  ctx: AirflowContext,
  req: OriginRequest,
  route: { dagId: string; runId: string; apiPath: string }
): Reply {
  const { dagId, runId } = route
  const version = versionOf(route.apiPath)
  const state = patchState(req)
  if (version === 3 && !state) {
    const msg = "Input should be 'queued', 'success' or 'failed'"
    return jsonReply(422, { detail: [{ type: 'enum', loc: ['body', 'state'], msg }] })
  }
  const denied = refused(version, access(ctx, req, route.apiPath), 'trigger')
  if (denied) return denied
  const run = ctx.runs.find(dagId, runId)
  if (!run) {
    return version === 2
      ? unknownRun2(dagId, runId)
      : jsonReply(404, {
          detail: `The DagRun with dag_id: \`${dagId}\` and run_id: \`${runId}\` was not found`
        })
  }
  if (!state) {
    const detail = "{'state': ['Must be one of: success, failed, queued.']}"
    return problem(400, 'Bad Request', detail, 'BadRequest')
  }
  const now = ctx.now()
  if (state === 'queued') {
    run.createdAt = now
    delete run.setState
  } else {
    run.setState = { state, at: now }
  }
  return jsonReply(200, dagRunAnswer(run, now, version))
}

/**
 * Airflow 2's PATCH of an unknown run (its state, or setNote) puts the words in the title: 2.10.5
 * answers 404 {"detail": null, "status": 404, "title": "Dag Run id nope not found in dag e2e_success",
 * "type": "…#section/Errors/NotFound"}.
 */
function unknownRun2(dagId: string, runId: string): Reply {
  return problem(404, `Dag Run id ${runId} not found in dag ${dagId}`, null, 'NotFound')
}

/**
 * `PATCH …/dagRuns/{dag_run_id}/setNote` with `{"note": …}`, Airflow 2.5+'s set_dag_run_note
 * (api_connexion/openapi/v1.yaml): edit permission, 404 for an unknown run, 200 with the run.
 * Airflow 3 and Airflow 2 before 2.5 have no such route: 404 (405 for another method).
 */
function setNote(
  ctx: AirflowContext,
  req: OriginRequest,
  route: { dagId: string; runId: string; apiPath: string }
): Reply {
  const version = versionOf(route.apiPath)
  if (version === 3 || !atLeast(ctx.settings.releases[2], 2, 5)) {
    return version === 3
      ? jsonReply(404, { detail: 'Not Found' })
      : problem(404, 'Not Found', 'The requested URL was not found on the server.', 'NotFound')
  }
  if (req.method !== 'PATCH') return problem(405, 'Method Not Allowed', '', 'MethodNotAllowed')
  const denied = refused(version, access(ctx, req, route.apiPath), 'trigger')
  if (denied) return denied
  const run = ctx.runs.find(route.dagId, route.runId)
  if (!run) return unknownRun2(route.dagId, route.runId)
  let note: unknown
  try {
    note = (JSON.parse(req.body.bytes?.toString('utf8') ?? '') as { note?: unknown })?.note
  } catch {
    note = undefined
  }
  if (typeof note !== 'string') {
    return problem(400, 'Bad Request', "{'note': ['Not a valid string.']}", 'BadRequest')
  }
  run.note = note
  return jsonReply(200, dagRunAnswer(run, ctx.now(), version))
}

/** Airflow 3 clamps `limit` to `[api] maximum_page_limit`, 100 by default. */
const MAXIMUM_PAGE_LIMIT = 100

/** A non-negative integer query parameter, or the fallback when absent or not one. */
function queryCount(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name)
  return text !== null && /^\d+$/.test(text) ? Number(text) : fallback
}

/**
 * `GET …/dagRuns/{dag_run_id}/taskInstances`, as Airflow 3's get_task_instances
 * (api_fastapi/core_api/routes/public/task_instances.py) answers it: `state` may repeat and
 * filters before paging, `limit` and `offset` page, `total_entries` counts every match. An unknown
 * run is a 404 there; Airflow 2 lists nothing instead.
 */
function listTaskInstances(
  ctx: AirflowContext,
  req: OriginRequest,
  route: { dagId: string; runId: string; apiPath: string }
): Reply {
  const version = versionOf(route.apiPath)
  const denied = refused(version, access(ctx, req, route.apiPath), 'read')
  if (denied) return denied
  if (ctx.settings.taskListingForbidden) {
    return version === 2
      ? problem(
          403,
          'Forbidden',
          'You do not have permission to view task instances',
          'PermissionDenied'
        )
      : jsonReply(403, { detail: 'Forbidden' })
  }
  const run = ctx.runs.find(route.dagId, route.runId)
  if (!run && version === 3) {
    return jsonReply(404, { detail: `DagRun with run_id: \`${route.runId}\` was not found` })
  }
  const states = req.query.getAll('state')
  const known = taskStates(ctx.settings.releases[3])
  if (version === 3 && states.some(state => !['none', 'no_status', ...known].includes(state))) {
    const detail = `Invalid value for state. Valid values are ${known.join(', ')}`
    return jsonReply(422, { detail })
  }
  const all = run ? taskInstances(run, ctx.now()) : []
  const matching = states.length === 0 ? all : all.filter(ti => states.includes(ti.state ?? ''))
  const limit = Math.min(queryCount(req.query, 'limit', 50), MAXIMUM_PAGE_LIMIT)
  const answers = matching.map(ti => taskInstanceAnswer(run!, ti, version))
  const cursorByDefault = ctx.settings.cursorLists && version === 3
  return jsonReply(200, listPage('task_instances', answers, req.query, { limit, cursorByDefault }))
}

function route(ctx: AirflowContext, req: OriginRequest, apiPath: string): Outcome {
  // Both versions answer `/version` to anyone.
  if (req.pathname.slice(apiPath.length) === '/version' && req.method === 'GET') {
    const version = ctx.settings.releases[versionOf(apiPath)]
    return jsonReply(200, { version, git_version: null })
  }
  const list = listKind(req.pathname.slice(apiPath.length))
  if (list && req.method === 'POST') {
    const version = versionOf(apiPath)
    return (
      refused(version, access(ctx, req, apiPath), 'read') ??
      answerList(ctx.runs, req, list, version, ctx.now())
    )
  }
  const target = parseRoute(req.pathname.slice(apiPath.length))
  if (!target) return jsonReply(404, { detail: 'Not Found' })
  if (!target.runs && req.method === 'GET') return getDag(ctx, req, target.dagId, apiPath)
  if (!target.runs && req.method === 'PATCH') return patchDag(ctx, req, target.dagId, apiPath)
  if (!target.runs) return jsonReply(405, { detail: 'Method Not Allowed' })
  if (target.runId === undefined && req.method === 'GET') {
    return listRuns(ctx, req, target.dagId, apiPath)
  }
  if (target.runId === undefined && req.method === 'POST') {
    return trigger(ctx, req, target.dagId, apiPath)
  }
  if (target.runId !== undefined && target.setNote) {
    return setNote(ctx, req, { dagId: target.dagId, runId: target.runId, apiPath })
  }
  if (target.runId !== undefined && req.method === 'GET') {
    if (takeOne(ctx.settings.faults, 'getStatus503')) {
      return textReply(503, 'Service Temporarily Unavailable', 'text/plain; charset=utf-8')
    }
    const where = { dagId: target.dagId, runId: target.runId, apiPath }
    return target.taskInstances ? listTaskInstances(ctx, req, where) : getRun(ctx, req, where)
  }
  if (target.runId !== undefined && !target.taskInstances && req.method === 'PATCH') {
    const reply = patchRun(ctx, req, { dagId: target.dagId, runId: target.runId, apiPath })
    const { patchDelayMs } = ctx.settings.faults
    return patchDelayMs > 0 ? { ...reply, delayMs: patchDelayMs } : reply
  }
  return jsonReply(405, { detail: 'Method Not Allowed' })
}

/** Serves one request under an Airflow API prefix. */
export function handleAirflow(ctx: AirflowContext, req: OriginRequest, apiPath: string): Outcome {
  const outcome = route(ctx, req, apiPath)
  return outcome === 'drop' ? outcome : withHeaders(outcome, { server: 'uvicorn' })
}

/** The user name and password of a token request, sent as JSON or as a form. */
function credentials(req: OriginRequest): { username?: unknown; password?: unknown } | undefined {
  const text = req.body.bytes?.toString('utf8') ?? ''
  if (/^application\/x-www-form-urlencoded/i.test(header(req.headers, 'content-type') ?? '')) {
    const form = new URLSearchParams(text)
    return {
      username: form.get('username') ?? undefined,
      password: form.get('password') ?? undefined
    }
  }
  try {
    return JSON.parse(text) as { username?: unknown; password?: unknown }
  } catch {
    return undefined
  }
}

/** Airflow 3's `POST /auth/token`: a user name and password for a bearer token. */
export function handleAirflowToken(ctx: AirflowContext, req: OriginRequest): Outcome {
  if (req.method !== 'POST') return jsonReply(405, { detail: 'Method Not Allowed' })
  const given = credentials(req)
  if (!given) {
    return jsonReply(422, {
      detail: [{ type: 'json_invalid', loc: ['body'], msg: 'JSON decode error' }]
    })
  }
  const { tokenGrants } = ctx.settings
  const spent = tokenGrants !== null && ctx.granted.tokens >= tokenGrants
  if (given.username !== ctx.settings.user || given.password !== ctx.settings.password || spent) {
    return withHeaders(jsonReply(401, { detail: 'Invalid credentials' }), { server: 'uvicorn' })
  }
  const token = `eyJ.${randomUUID()}`
  ctx.granted.tokens++
  ctx.settings.tokens.push(token)
  return withHeaders(jsonReply(201, { [ctx.settings.tokenField]: token }), {
    server: 'uvicorn'
  })
}
