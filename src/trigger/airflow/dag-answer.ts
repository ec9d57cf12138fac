import { z } from 'zod'
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

/**
 * Airflow 3's DAGResponse (airflow-core/src/airflow/api_fastapi/core_api/datamodels/dags.py):
 * `is_paused: bool`, `has_import_errors: bool` and `max_active_runs: int | None` required;
 * `is_stale: bool` (3.0's release; its previews sent `is_active: bool` instead); 3.2's
 * `allowed_run_types`.
 */
const airflow3 = z.object({
  dag_id: z.string(),
  is_paused: z.boolean(),
  has_import_errors: z.boolean(),
  is_stale: z.boolean().optional(),
  is_active: z.boolean().optional(),
  max_active_runs: z.number().int().nullable().optional(),
  allowed_run_types: z.unknown().optional()
})

/**
 * `allowed_run_types` (DAGResponse, Airflow 3.2+, apache/airflow#61833): a list of DagRunType
 * values, or null for all of them. Anything else is not read, so that a field the action only
 * advises on never stops a trigger by itself.
 */
function allowedRunTypes(value: unknown): Pick<DagFacts, 'allowedRunTypes'> {
  const list = z.array(z.string().max(64)).max(20).safeParse(value)
  return list.success ? { allowedRunTypes: list.data } : {}
}

/**
 * Airflow 2's DAG schema (airflow/api_connexion/openapi/v1.yaml, `components.schemas.DAG`):
 * every field nullable; `has_import_errors` and `max_active_runs` only since 2.3.0; `is_active`
 * tells whether the scheduler still sees the DAG. `is_paused` decides a trigger, so a null there
 * is not taken for either answer.
 */
const airflow2 = z.object({
  dag_id: z.string(),
  is_paused: z.boolean(),
  is_active: z.boolean().nullable().optional(),
  has_import_errors: z.boolean().nullable().optional(),
  max_active_runs: z.number().int().nullable().optional()
})

const known = (value: boolean | null | undefined) => (value === null ? undefined : value)

/** The first field that is not what the schema says, in words: `is_paused (expected boolean)`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  const field = issue?.path.join('.') || 'the answer'
  const expected =
    issue && 'expected' in issue && typeof issue.expected === 'string' ? issue.expected : undefined
  return expected ? `${field} (expected ${expected})` : field
}

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
  if (version === 3) {
    const read = airflow3.safeParse(json)
    if (!read.success)
      return { kind: 'unreadable', why: `could not read ${firstIssue(read.error)}` }
    if (read.data.dag_id !== dagId) return otherDag(read.data.dag_id, dagId)
    const { is_stale: isStale, is_active: isActive } = read.data
    return {
      kind: 'dag',
      dag: {
        isPaused: read.data.is_paused,
        hasImportErrors: read.data.has_import_errors,
        stale: isStale ?? (isActive === undefined ? undefined : !isActive),
        maxActiveRuns: read.data.max_active_runs,
        ...allowedRunTypes(read.data.allowed_run_types)
      }
    }
  }
  const read = airflow2.safeParse(json)
  if (!read.success) return { kind: 'unreadable', why: `could not read ${firstIssue(read.error)}` }
  if (read.data.dag_id !== dagId) return otherDag(read.data.dag_id, dagId)
  const active = known(read.data.is_active)
  return {
    kind: 'dag',
    dag: {
      isPaused: read.data.is_paused,
      hasImportErrors: known(read.data.has_import_errors),
      stale: active === undefined ? undefined : !active,
      maxActiveRuns: read.data.max_active_runs
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
const runList = z.array(z.object({ dag_run_id: z.string() }))

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
  const read = runList.safeParse(page?.items)
  if (!page || !read.success) return undefined
  const runIds = read.data.map(run => run.dag_run_id)
  if (page.total !== undefined) return { runIds, count: page.total, atLeast: false }
  // Neither a total nor a cursor: not a page of runs as either pagination gives it.
  if (page.more === undefined || json?.total_entries !== undefined) return undefined
  return { runIds, count: runIds.length, atLeast: page.more }
}
