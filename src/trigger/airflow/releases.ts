import type { AirflowApiLocation } from './locate-api.js'

type Location = Pick<AirflowApiLocation, 'version' | 'release' | 'source' | 'apiPath'>

/** Whether the server's release is `major.minor` or later; undefined when it did not say it. */
export function releaseAtLeast(
  location: Location,
  major: number,
  minor: number
): boolean | undefined {
  const [, a, b] = /^(\d{1,4})\.(\d{1,4})/.exec(location.release ?? '') ?? []
  if (a === undefined || b === undefined) return undefined
  return Number(a) > major || (Number(a) === major && Number(b) >= minor)
}

/** Airflow 2's end of life (apache/airflow generated/supported-versions.rst). */
const AIRFLOW_2_END_OF_LIFE = '2026-04-22'

/** One quiet sentence when the server says it runs Airflow 2, which is past its end of life. */
export function endOfLifeNotice(location: Location): string | undefined {
  if (!location.release?.startsWith('2.')) return undefined
  return `Airflow 2 reached its end of life on ${AIRFLOW_2_END_OF_LIFE} and gets no more fixes, security ones included; this action goes on working with it. Plan the move to Airflow 3.`
}

/**
 * Why `partition-key` cannot be sent to this server, or undefined: partitioned DAGs and the
 * trigger's `partition_key` came with Airflow 3.2. Only a server that says its release, or an
 * `api-path` that names Airflow 2's API, is refused; one that did not say gets the key as given.
 */
export function partitionKeyProblem(location: Location): string | undefined {
  if (releaseAtLeast(location, 3, 2) === false) {
    return `the server says it runs Airflow ${location.release}`
  }
  if (location.source === 'given' && location.version === 2) {
    return `"api-path" ${location.apiPath} is Airflow 2's REST API`
  }
  return undefined
}
