import { apiUnder } from '../../http/api-url.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { airflowVersion, type AirflowVersion } from './airflow-ui.js'

/** Where the Airflow REST API is, which Airflow serves it, and how that was learnt. */
export interface AirflowApiLocation {
  /** The API prefix on base-url's host, e.g. `https://host/deployment/api/v2`. */
  api: URL
  /** The prefix as it would be written in `api-path`. */
  apiPath: string
  version: AirflowVersion
  /** The server's own version string, when it said it (checked to be a version's form). */
  release?: string
  /** `given`: api-path; `found`: the server said; `default`: it did not, the default is used. */
  source: 'given' | 'found' | 'default'
  /** How it was learnt, one phrase for the log and the summary. */
  how: string
}

/** Airflow 3 serves its REST API at /api/v2 (FastAPI); Airflow 2 at /api/v1 (connexion). */
const CANDIDATES: { apiPath: string; version: AirflowVersion }[] = [
  { apiPath: '/api/v2', version: 3 },
  { apiPath: '/api/v1', version: 2 }
]

/** A version string as Airflow writes it (`3.1.0`, `2.10.5+composer`); anything else is not one. */
function releaseOf(result: HttpResult): string | undefined {
  if (!('response' in result) || result.response.status !== 200) return undefined
  let answer: unknown
  try {
    answer = JSON.parse(result.response.body)
  } catch {
    return undefined
  }
  const version = (answer as { version?: unknown } | null)?.version
  return typeof version === 'string' && /^\d+\.\d+[0-9A-Za-z.+-]{0,40}$/.test(version)
    ? version
    : undefined
}

/**
 * Asks the server which API it speaks, with at most two GETs: `GET /api/v2/version` (Airflow 3,
 * api_fastapi/core_api/routes/public/version.py, no access check) and then
 * `GET /api/v1/version` (Airflow 2, its v1.yaml declares no security for it). `send` decides
 * whether credentials go along (a bearer token does: a gateway in front may demand it). When
 * neither answers with a version, the default stays and the API's own answers diagnose later.
 * An explicit api-path is used as given, its version told by its name.
 */
export async function locateAirflowApi(
  site: URL,
  apiPath: string | undefined,
  defaultApiPath: string,
  get: (url: URL) => Promise<HttpResult>
): Promise<AirflowApiLocation> {
  if (apiPath !== undefined) {
    return {
      api: apiUnder(site, apiPath),
      apiPath,
      version: airflowVersion(apiPath),
      source: 'given',
      how: 'given as api-path'
    }
  }
  const tried: string[] = []
  for (const candidate of CANDIDATES) {
    const asked = `GET ${candidate.apiPath}/version`
    const result = await get(apiUnder(site, `${candidate.apiPath}/version`))
    const release = releaseOf(result)
    if (release) {
      return {
        api: apiUnder(site, candidate.apiPath),
        apiPath: candidate.apiPath,
        version: candidate.version,
        release,
        source: 'found',
        how: `the server answered ${asked} with version ${release}`
      }
    }
    tried.push(`${asked} → ${describeResult(result)}`)
    // An untrusted certificate fails every request alike: the API's own will say why.
    if ('failure' in result && result.failure.permanent) break
  }
  return {
    api: apiUnder(site, defaultApiPath),
    apiPath: defaultApiPath,
    version: airflowVersion(defaultApiPath),
    source: 'default',
    how: `the server did not say its version (${tried.join('; ')}): using the default ${defaultApiPath}; set api-path if it serves the API elsewhere`
  }
}

/** `Airflow 3.1.0`, or `Airflow 3` when the release is not known. */
export function airflowName(location: Pick<AirflowApiLocation, 'version' | 'release'>): string {
  return `Airflow ${location.release ?? location.version}`
}
