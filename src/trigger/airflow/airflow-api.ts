import { diagnose, type DiagnosisContext, type Verdict } from '../../diagnosis/index.js'
import { apiClient, basicAuthorization, type ApiClient } from '../../http/client.js'
import type { HttpResult } from '../../http/send.js'
import { isExpiredToken } from './airflow-answers.js'
import { DEFAULT_AIRFLOW_API_PATH, type DagRunConfig } from '../config/config.js'
import {
  attemptTimeMs,
  directTransport,
  OUT_OF_TIME,
  type AirflowRequest,
  type AirflowTransport
} from './transport.js'
import { airflowName, locateAirflowApi, type AirflowApiLocation } from './locate-api.js'
import { airflowProfile } from './remedies.js'

/** Airflow 3's TriggerDAGRunPostBody as sent; Airflow 2 takes the fields but `note` and 3.2's. */
export interface CreateRunBody {
  dag_run_id: string
  logical_date: string
  conf?: Record<string, unknown>
  note?: string
  partition_key?: string
}

export interface AirflowApi {
  /** Where the API is, which Airflow serves it, and how that was learnt. */
  location: AirflowApiLocation
  /** Host and path of the DAG's runs collection, for messages. */
  target: string
  /** How the diagnosis sees this API's answers to `method`. */
  context(method: 'GET' | 'POST' | 'PATCH'): DiagnosisContext
  /** The DAG itself: `GET …/dags/{dag_id}`. */
  getDag(): Promise<AirflowRead>
  /** `PATCH …/dags/{dag_id}` with `{"is_paused": false}`, as both Airflow 2 and 3 take it. */
  unpauseDag(): Promise<HttpResult>
  createRun(body: CreateRunBody): Promise<HttpResult>
  /**
   * Airflow 2.5+'s `PATCH …/dags/{dag_id}/dagRuns/{dag_run_id}/setNote` with `{"note": …}`
   * (set_dag_run_note, api_connexion/openapi/v1.yaml); Airflow 3 takes the note in the POST.
   */
  setNote(dagRunId: string, note: string): Promise<HttpResult>
  getRun(dagRunId: string): Promise<AirflowRead>
  /** One page of the DAG's runs in `states`, for what keeps a run queued. */
  listRuns(query: { states: readonly string[]; limit: number }): Promise<AirflowRead>
  /**
   * The DAG's runs at exactly this logical date (at most one can be): Airflow 3's
   * `logical_date_gte`/`_lte` (get_dag_runs, api_fastapi/core_api/routes/public/dag_run.py),
   * Airflow 2's `execution_date_gte`/`_lte` (v1.yaml, the DAG runs collection).
   */
  runsAt(logicalDate: string): Promise<AirflowRead>
  /** One page of the run's task instances, optionally only those in `states`. */
  listTaskInstances(dagRunId: string, query: TaskQuery): Promise<AirflowRead>
  /**
   * Marks the run failed, within `timeoutMs`, even after the step was cancelled: Airflow 2's
   * update_dag_run_state (api_connexion/endpoints/dag_run_endpoint.py) and Airflow 3's
   * patch_dag_run (api_fastapi/core_api/routes/public/dag_run.py) both take
   * `PATCH …/dags/{dag_id}/dagRuns/{dag_run_id}` with `{"state": "failed"}` and answer 200.
   */
  failRun(dagRunId: string, timeoutMs: number): Promise<HttpResult>
  /** Whether an expired token is replaced by itself: a user name and password on Airflow 3. */
  renewsToken: boolean
  /**
   * The same API, each of whose requests (a token's renewal too) gets at most `leftMs()`
   * milliseconds, asked as it is sent; none is sent once nothing is left, and it answers
   * `OUT_OF_TIME` instead.
   */
  within(leftMs: () => number): AirflowApi
  /** The addresses that answered, each once, in the order they first did. */
  peers(): string[]
  close(): void
}

export interface TaskQuery {
  limit: number
  states?: readonly string[]
}

/** A trigger on Airflow itself, straight over HTTP, with its base-url and credentials. */
type DirectConfig = Extract<DagRunConfig, { via: 'airflow' }>

/**
 * Getting a token failed: the message for the log, and the token request's answer with its
 * diagnosis, so that a step that renews the token mid-way can report what it was doing.
 */
interface TokenRefusal {
  message: string
  result: HttpResult
  verdict: Verdict
}

/** A GET that met an expired token whose renewal was refused: what it asked is not known. */
interface RenewalRefused {
  renewalRefused: TokenRefusal
}

/** What a GET of the API comes to: its answer, or a refused renewal of the token it needed. */
export type AirflowRead = HttpResult | RenewalRefused

export const isRenewalRefused = (read: AirflowRead): read is RenewalRefused =>
  'renewalRefused' in read

export interface AuthIo {
  /** Hides a derived credential from every later log line. */
  mask: (secret: string) => void
  log: (line: string) => void
}

/**
 * The Airflow REST API, located and signed in. A token is sent as given. A user name and password
 * become HTTP Basic on Airflow 2 (its basic_auth backend) or, on Airflow 3, a token from
 * `POST {base-url}/auth/token`, fetched over the same connections (and proxy) as the API calls.
 * Every credential derived here is handed to `mask` first.
 */
export async function connectAirflow(
  config: DirectConfig,
  io: AuthIo,
  signal?: AbortSignal
): Promise<AirflowApi> {
  const client = apiClient({ ...config, signal })
  let location: AirflowApiLocation
  try {
    // A token goes along when the API is located: a gateway in front (Astronomer, Composer) may
    // demand it for every path. A password waits: Airflow 2 takes it as Basic, 3 for a token.
    if (config.auth.kind === 'token') client.authorize(`Bearer ${config.auth.token}`)
    location = await locateAirflowApi(
      config.baseUrl,
      config.apiPath,
      DEFAULT_AIRFLOW_API_PATH,
      url => client.get(url)
    )
    io.log(`${airflowName(location)} REST API at ${location.apiPath} (${location.how}).`)
  } catch (error) {
    client.close()
    throw error
  }
  const signedIn = await authorization(config, location, client, io)
  if (typeof signedIn !== 'string') {
    client.close()
    throw new Error(signedIn.message)
  }
  client.authorize(signedIn)
  const { auth } = config
  const renew =
    auth.kind === 'password' && location.version === 3
      ? async (timeoutMs?: number) => {
          io.log(`The token expired; getting a new one for ${auth.username}.`)
          const renewed = await authorization(config, location, client, io, timeoutMs)
          if (typeof renewed !== 'string') return renewed
          client.authorize(renewed)
          return undefined
        }
      : undefined
  return airflowApi(directTransport(client, location.api), location, config.dagId, {
    renew,
    peers: () => client.peers(),
    close: () => client.close()
  })
}

/**
 * The mode's Airflow calls over `transport`. With `renew`, a GET that meets an expired token
 * gets a new token and is sent once more. With `leftMs`, every request keeps within it.
 */
export function airflowApi(
  transport: AirflowTransport,
  location: AirflowApiLocation,
  dagId: string,
  how: {
    /** Gets a new token; the refusal when none came. */
    renew?: (timeoutMs?: number) => Promise<TokenRefusal | undefined>
    peers: () => string[]
    close: () => void
  },
  leftMs?: () => number
): AirflowApi {
  const dag = `dags/${encodeURIComponent(dagId)}`
  const runs = `${dag}/dagRuns`
  const context = (method: 'GET' | 'POST' | 'PATCH'): DiagnosisContext => ({
    app: airflowProfile,
    method,
    apiPath: location.apiPath,
    apiSource: location.source,
    host: transport.host,
    ...(transport.aws ? { aws: transport.aws } : {})
  })
  const { renew } = how
  const send = (request: AirflowRequest) =>
    transport.send(leftMs ? { ...request, leftMs } : request)
  const read = async (path: string, query?: [string, string][]): Promise<AirflowRead> => {
    const result = await send({ method: 'GET', path, query })
    if (!renew) return result
    // Only a 401 can be an expiry: no other answer is worth a diagnosis here.
    if (!('response' in result) || result.response.status !== 401) return result
    if (!isExpiredToken(result, diagnose(result, context('GET')))) return result
    const timeoutMs = attemptTimeMs(leftMs, Infinity)
    if (timeoutMs === 0) return OUT_OF_TIME
    const refused = await renew(timeoutMs)
    return refused ? { renewalRefused: refused } : send({ method: 'GET', path, query })
  }
  const run = (dagRunId: string) => `${runs}/${encodeURIComponent(dagRunId)}`
  const states = (list: readonly string[] = []) =>
    list.map((state): [string, string] => ['state', state])
  return {
    location,
    target: transport.where(runs),
    context,
    getDag: () => read(dag),
    unpauseDag: () => send({ method: 'PATCH', path: dag, body: { is_paused: false } }),
    createRun: body => send({ method: 'POST', path: runs, body }),
    setNote: (dagRunId, note) =>
      send({ method: 'PATCH', path: `${run(dagRunId)}/setNote`, body: { note } }),
    getRun: dagRunId => read(run(dagRunId)),
    listRuns: query => read(runs, [['limit', String(query.limit)], ...states(query.states)]),
    runsAt: logicalDate => {
      const field = location.version === 2 ? 'execution_date' : 'logical_date'
      return read(runs, [
        [`${field}_gte`, logicalDate],
        [`${field}_lte`, logicalDate],
        ['limit', '1']
      ])
    },
    listTaskInstances: (dagRunId, query) =>
      read(`${run(dagRunId)}/taskInstances`, [
        ['limit', String(query.limit)],
        ...states(query.states)
      ]),
    failRun: (dagRunId, timeoutMs) =>
      send({
        method: 'PATCH',
        path: run(dagRunId),
        body: { state: 'failed' },
        uncancelledTimeoutMs: timeoutMs
      }),
    renewsToken: renew !== undefined,
    within: bound => airflowApi(transport, location, dagId, how, bound),
    peers: how.peers,
    close: how.close
  }
}

async function authorization(
  config: DirectConfig,
  location: AirflowApiLocation,
  client: ApiClient,
  io: AuthIo,
  timeoutMs?: number
): Promise<string | TokenRefusal> {
  const { auth } = config
  if (auth.kind === 'token') return `Bearer ${auth.token}`
  if (location.version === 2) {
    const basic = basicAuthorization(auth.username, auth.password)
    io.mask(basic.slice('Basic '.length))
    io.log(`Authenticating as ${auth.username} with HTTP Basic (Airflow 2).`)
    return basic
  }
  const url = client.siteUrl('auth/token')
  const where = client.where(url)
  const result = await client.post(
    url,
    JSON.stringify({ username: auth.username, password: auth.password }),
    { 'Content-Type': 'application/json' },
    { timeoutMs }
  )
  const verdict = diagnose(result, {
    app: airflowProfile,
    method: 'POST',
    apiPath: '/auth',
    host: url.host
  })
  if ('failure' in result) {
    const message = `Getting a token from ${where} failed: ${result.failure.message}.\n${verdict.remedies.join('\n')}`
    return { message, result, verdict }
  }
  const { status } = result.response
  // Airflow 3's auth managers answer `access_token`; an older FAB auth manager, `jwt_token`.
  const token = verdict.json?.access_token ?? verdict.json?.jwt_token
  if (status >= 200 && status < 300 && typeof token === 'string' && token !== '') {
    io.mask(token)
    io.log(`Got a token for ${auth.username} from ${where}.`)
    return `Bearer ${token}`
  }
  const hint =
    status === 401 || status === 403
      ? `Check "username" and "password" (an Airflow user allowed to trigger ${config.dagId}).`
      : status === 404
        ? 'No token endpoint there: if this is Airflow 2, set "api-path: /api/v1" (it takes HTTP Basic), or give a "token".'
        : verdict.remedies.join('\n')
  const message = `Getting a token from ${where} failed with HTTP ${status}: ${verdict.headline}\n${hint}`
  return { message, result, verdict }
}
