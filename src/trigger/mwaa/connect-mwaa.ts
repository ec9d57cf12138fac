import { InputError } from '../../inputs/input-error.js'
import { INPUT } from '../../inputs/names.js'
import type { RetryDeps } from '../../http/retry.js'
import { airflowApi, type AirflowApi, type AuthIo } from '../airflow/airflow-api.js'
import type { AirflowVersion } from '../airflow/airflow-ui.js'
import type { AirflowApiLocation } from '../airflow/locate-api.js'
import type { DagRunConfig } from '../config/config.js'
import { mwaaSettings } from './aws-settings.js'
import { dagIdProblem, MAX_PATH_LENGTH, mwaaPath, runPaths, type OwnRun } from './path-plan.js'
import { loadSigner } from './sign.js'
import { mwaaTransport } from './mwaa-transport.js'

type MwaaConfig = Extract<DagRunConfig, { via: 'mwaa' }>

/** Airflow's version string as `GET /version` gives it, when it is one. */
function releaseOf(status: number, body: string): string | undefined {
  if (status !== 200) return undefined
  try {
    const version = (JSON.parse(body) as { version?: unknown } | null)?.version
    return typeof version === 'string' && /^\d+\.\d+[0-9A-Za-z.+-]{0,40}$/.test(version)
      ? version
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The mode's Airflow API through Amazon MWAA's InvokeRestApi. Refuses, before any connection,
 * what cannot be sent: bad settings, a DAG id whose paths can never fit MWAA's 64 characters,
 * and a stop-run-on-cancel of a wait whose PATCH would not fit. The credentials are masked first.
 */
export async function connectMwaa(
  config: MwaaConfig,
  env: NodeJS.ProcessEnv,
  run: OwnRun,
  io: AuthIo & { retry: Pick<RetryDeps, 'sleep' | 'now' | 'random'> },
  signal?: AbortSignal
): Promise<AirflowApi> {
  const settings = mwaaSettings(config.auth, env)
  const { credentials } = settings
  io.mask(credentials.accessKeyId)
  io.mask(credentials.secretAccessKey)
  if (credentials.sessionToken) io.mask(credentials.sessionToken)
  const problem = dagIdProblem(config.dagId)
  if (problem) throw new InputError(`Input "${INPUT.dagId}" ${problem}.`)
  const patch = mwaaPath(runPaths(run).run)
  // Only a wait is stopped on cancel: without one the PATCH is never sent, and nothing to refuse.
  if (config.stopRunOnCancel && config.wait && patch.length > MAX_PATH_LENGTH) {
    throw new InputError(
      `Input "${INPUT.stopRunOnCancel}" cannot be honoured through MWAA with this DAG id and run id: PATCH ${patch} has ${patch.length} characters, over the ${MAX_PATH_LENGTH} InvokeRestApi takes. Shorten "${INPUT.dagId}" or "${INPUT.dagRunId}"/"${INPUT.runIdPrefix}", or set "${INPUT.stopRunOnCancel}: false".`
    )
  }
  const sign = await loadSigner(settings.region, credentials, io.mask)
  // MWAA's environments are mostly Airflow 2 until `GET /version` says otherwise.
  let version: AirflowVersion = 2
  const transport = mwaaTransport({
    settings,
    sign,
    run,
    version: () => version,
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    retry: { ...io.retry, log: io.log },
    signal
  })
  const where = `MWAA environment ${settings.environment} in ${settings.region}`
  const answer = await transport.send({ method: 'GET', path: 'version' })
  const release =
    'response' in answer ? releaseOf(answer.response.status, answer.response.body) : undefined
  if (release?.startsWith('3.')) version = 3
  const location: AirflowApiLocation = {
    api: new URL(
      `${settings.endpoint.href.replace(/(?<!\/)\/+$/, '')}/restapi/${settings.environment}`
    ),
    apiPath: version === 3 ? '/api/v2' : '/api/v1',
    version,
    ...(release ? { release } : {}),
    source: release ? 'found' : 'default',
    how: release
      ? `${where} through InvokeRestApi; GET /version answered ${release}`
      : `${where} through InvokeRestApi; GET /version did not answer a version, Airflow 2 assumed`
  }
  io.log(`Airflow ${release ?? version} through ${where} (InvokeRestApi at ${transport.host}).`)
  return airflowApi(transport, location, config.dagId, {
    peers: () => transport.peers(),
    close: () => transport.close()
  })
}
