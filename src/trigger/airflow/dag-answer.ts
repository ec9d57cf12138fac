import { record } from '../../http/json-fields.js'
import { shown } from '../../inputs/input-error.js'
import type { AirflowVersion } from './airflow-ui.js'
import { readListPage } from './list-page.js'

/** What the action needs to know of a DAG before triggering it. */
export interface DagFacts {
  isPaused: boolean
  /** Unknown when the server does not say (Airflow 2 before 2.3, or null there). */
  hasImportErrors?: boolean
  /** No longer in the DAG files the scheduler sees; unknown when not said. */
  stale?: boolean
  /** Null: no limit of its own (the `[core] max_active_runs_per_dag` default applies). */
  maxActiveRuns?: number | null
  /**
   * The run types the DAG allows (Airflow 3.2+, `allowed_run_types`); absent when it allows every
   * one, or when the answer does not say it in a form that can be read.
   */
  allowedRunTypes?: string[]
}

type DagAnswer = { kind: 'dag'; dag: DagFacts } | { kind: 'unreadable'; why: string }

/** One field of a schema: its name, its type in words, and whether a value has it. */
type FieldCheck = [name: string, expected: string, ok: (value: unknown) => boolean]

const isBoolean = (value: unknown) => typeof value === 'boolean'
const isString = (value: unknown) => typeof value === 'string'
const isInteger = (value: unknown) => Number.isInteger(value)
const orAbsent = (ok: (value: unknown) => boolean) => (value: unknown) =>
  value === undefined || ok(value)
const orNull = (ok: (value: unknown) => boolean) => (value: unknown) => value === null || ok(value)

/**
 * Airflow 3's DAGResponse (airflow-core/src/airflow/api_fastapi/core_api/datamodels/dags.py):
 * `is_paused: bool`, `has_import_errors: bool` and `max_active_runs: int | None` required;
 * `is_stale: bool` (3.0's release; its previews sent `is_active: bool` instead). 3.2's
 * `allowed_run_types` is read apart.
 */
const AIRFLOW_3: FieldCheck[] = [
  ['dag_id', 'string', isString],
  ['is_paused', 'boolean', isBoolean],
  ['has_import_errors', 'boolean', isBoolean],
  ['is_stale', 'boolean', orAbsent(isBoolean)],
  ['is_active', 'boolean', orAbsent(isBoolean)],
  ['max_active_runs', 'integer or null', orAbsent(orNull(isInteger))]
]

/**
 * Airflow 2's DAG schema (airflow/api_connexion/openapi/v1.yaml, `components.schemas.DAG`):
 * every field nullable; `has_import_errors` and `max_active_runs` only since 2.3.0; `is_active`
 * tells whether the scheduler still sees the DAG. `is_paused` decides a trigger, so a null there
 * is not taken for either answer.
 */
const AIRFLOW_2: FieldCheck[] = [
  ['dag_id', 'string', isString],
  ['is_paused', 'boolean', isBoolean],
  ['is_active', 'boolean or null', orAbsent(orNull(isBoolean))],
  ['has_import_errors', 'boolean or null', orAbsent(orNull(isBoolean))],
  ['max_active_runs', 'integer or null', orAbsent(orNull(isInteger))]
]

/** The first field that is not what the schema says, in words: `is_paused (expected boolean)`. */
function firstMismatch(json: Record<string, unknown>, checks: FieldCheck[]): string | undefined {
  const wrong = checks.find(([name, , ok]) => !ok(json[name]))
  return wrong && `${wrong[0]} (expected ${wrong[1]})`
}

/**
 * `allowed_run_types` (DAGResponse, Airflow 3.2+, apache/airflow#61833): a list of DagRunType
 * values, or null for all of them. Anything else is not read, so that a field the action only
 * advises on never stops a trigger by itself.
 */
function allowedRunTypes(value: unknown): Pick<DagFacts, 'allowedRunTypes'> {
  const list =
    Array.isArray(value) &&
    value.length <= 20 &&
    value.every(item => typeof item === 'string' && item.length <= 64)
  return list ? { allowedRunTypes: value as string[] } : {}
}

/** A boolean the schema allows to be null or absent: unknown then. */
const known = (value: unknown) => (typeof value === 'boolean' ? value : undefined)

/**
 * The DAG in the body of a 200 answer to `GET …/dags/{dag_id}`, read by `version`'s schema, or
 * what could not be read: nothing is guessed from an answer that is not the schema's.
 */
export function parseDag(
  json: Record<string, unknown> | undefined,
  dagId: string,
  version: AirflowVersion
): DagAnswer {
  if (!json) return { kind: 'unreadable', why: 'the answer is not a JSON object' }
  const mismatch = firstMismatch(json, version === 3 ? AIRFLOW_3 : AIRFLOW_2)
  if (mismatch) return { kind: 'unreadable', why: `could not read ${mismatch}` }
  const found = json.dag_id as string
  if (found !== dagId) return otherDag(found, dagId)
  const isPaused = json.is_paused as boolean
  const active = known(json.is_active)
  const stale = known(json.is_stale) ?? (active === undefined ? undefined : !active)
  return {
    kind: 'dag',
    dag: {
      isPaused,
      hasImportErrors: known(json.has_import_errors),
      stale,
      // Checked above: an integer, null, or absent.
      maxActiveRuns: json.max_active_runs as number | null | undefined,
      ...(version === 3 ? allowedRunTypes(json.allowed_run_types) : {})
    }
  }
}

function otherDag(found: string, dagId: string): DagAnswer {
  return {
    kind: 'unreadable',
    why: `asked for DAG ${dagId}, the answer is about DAG ${shown(found, 200)}`
  }
}

/**
 * A page of `GET …/dags/{dag_id}/dagRuns`: the same shape in Airflow 2 (DAGRunCollection) and 3
 * (DAGRunCollectionResponse): `dag_runs`, with `total_entries` or, from a cursor page, `next_cursor`.
 */
const isRun = (item: unknown) => typeof record(item)?.dag_run_id === 'string'

interface RunList {
  runIds: string[]
  /** Every run that matched, as far as the page tells. */
  count: number
  /** A cursor page said more follow without counting them: `count` is only those listed. */
  atLeast: boolean
}

/** The run ids and the count of a runs page, or undefined when it is not one. */
export function parseRunList(json: Record<string, unknown> | undefined): RunList | undefined {
  const page = readListPage(json, 'dag_runs')
  if (!page?.items.every(isRun)) return undefined
  const runIds = page.items.map(run => (run as { dag_run_id: string }).dag_run_id)
  if (page.total !== undefined) return { runIds, count: page.total, atLeast: false }
  // Neither a total nor a cursor: not a page of runs as either pagination gives it.
  if (page.more === undefined || json?.total_entries !== undefined) return undefined
  return { runIds, count: runIds.length, atLeast: page.more }
}
