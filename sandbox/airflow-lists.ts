import { parseAwareDate } from './airflow-dates.js'
import {
  dagRunAnswer,
  taskInstanceAnswer,
  taskInstances,
  type RunStore,
  type StoredRun
} from './airflow-runs.js'
import { jsonReply, type OriginRequest, type Reply } from './http.js'

/**
 * Airflow's list endpoints with their filters in the body: `POST …/dags/~/dagRuns/list` and
 * `POST …/dags/~/dagRuns/~/taskInstances/list`. Each version's field names: Airflow 2's
 * ListDagRunsForm and ListTaskInstanceForm (api_connexion/openapi/v1.yaml), Airflow 3's
 * DAGRunsBatchBody and TaskInstancesBatchBody (api_fastapi/core_api/datamodels), which forbid
 * unknown fields; a field of the other version is refused, as the real ones would not read it.
 */
export type ListKind = 'runs' | 'task-instances'

const FIELDS: Record<ListKind, Record<2 | 3, readonly string[]>> = {
  runs: {
    2: [
      'page_offset',
      'page_limit',
      'dag_ids',
      'states',
      'order_by',
      'execution_date_gte',
      'execution_date_lte',
      'start_date_gte',
      'start_date_lte',
      'end_date_gte',
      'end_date_lte'
    ],
    3: [
      'page_offset',
      'page_limit',
      'dag_ids',
      'states',
      'order_by',
      'run_after_gte',
      'run_after_lte',
      'logical_date_gte',
      'logical_date_lte',
      'start_date_gte',
      'start_date_lte',
      'end_date_gte',
      'end_date_lte'
    ]
  },
  'task-instances': {
    2: [
      'dag_ids',
      'dag_run_ids',
      'task_ids',
      'execution_date_gte',
      'execution_date_lte',
      'start_date_gte',
      'start_date_lte',
      'end_date_gte',
      'end_date_lte',
      'duration_gte',
      'duration_lte',
      'state',
      'pool',
      'queue'
    ],
    3: [
      'dag_ids',
      'dag_run_ids',
      'task_ids',
      'state',
      'logical_date_gte',
      'logical_date_lte',
      'start_date_gte',
      'start_date_lte',
      'end_date_gte',
      'end_date_lte',
      'page_offset',
      'page_limit',
      'order_by'
    ]
  }
}

/**
 * One page of a GET list, with the items under `field`. Offset pagination (`limit`, `offset`,
 * `total_entries`) is Airflow's default; a `cursor` parameter asks for cursor pagination (3.2.2+:
 * get_dag_runs, apache/airflow#65604; get_task_instances, #64845), whose page has `next_cursor`
 * (null on the last page) and `previous_cursor` and no total. `cursorByDefault` answers cursor
 * pages without being asked, as a later Airflow or a gateway in front might. The cursor here is
 * the offset, opaque to the client as Airflow's own.
 */
export function listPage(
  field: string,
  items: readonly unknown[],
  query: URLSearchParams,
  page: { limit: number; cursorByDefault: boolean }
): Record<string, unknown> {
  const cursor = query.get('cursor')
  if (cursor === null && !page.cursorByDefault) {
    const offset = Number(/^\d+$/.test(query.get('offset') ?? '') ? query.get('offset') : 0)
    return { [field]: items.slice(offset, offset + page.limit), total_entries: items.length }
  }
  const from = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) || 0 : 0
  const to = from + page.limit
  const encode = (offset: number) => Buffer.from(String(offset)).toString('base64url')
  return {
    [field]: items.slice(from, to),
    next_cursor: to < items.length ? encode(to) : null,
    previous_cursor: from > 0 ? encode(Math.max(from - page.limit, 0)) : null
  }
}

/** The list a path names under the API prefix, if any. */
export function listKind(path: string): ListKind | undefined {
  if (path === '/dags/~/dagRuns/list') return 'runs'
  if (path === '/dags/~/dagRuns/~/taskInstances/list') return 'task-instances'
  return undefined
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every(item => typeof item === 'string') ? value : undefined

function dateMs(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined
  const parsed = parseAwareDate(value)
  return 'ms' in parsed ? parsed.ms : undefined
}

export function answerList(
  runs: RunStore,
  req: OriginRequest,
  kind: ListKind,
  version: 2 | 3,
  now: number
): Reply {
  let body: Record<string, unknown>
  try {
    body = JSON.parse(req.body.bytes?.toString('utf8') ?? '') as Record<string, unknown>
  } catch {
    return jsonReply(400, { detail: 'The request body is not JSON.' })
  }
  const unknown = Object.keys(body ?? {}).filter(name => !FIELDS[kind][version].includes(name))
  if (unknown.length > 0) {
    return version === 3
      ? jsonReply(422, {
          detail: unknown.map(name => ({
            type: 'extra_forbidden',
            loc: ['body', name],
            msg: 'Extra inputs are not permitted'
          }))
        })
      : jsonReply(400, {
          detail: `Additional properties are not allowed (${unknown.join(', ')})`,
          status: 400,
          title: 'Bad Request'
        })
  }
  const dagIds = strings(body.dag_ids)
  const prefix = version === 2 ? 'execution_date' : 'logical_date'
  const from = dateMs(body[`${prefix}_gte`])
  const to = dateMs(body[`${prefix}_lte`])
  const selected: StoredRun[] = runs
    .entries()
    .filter(([dagId]) => !dagIds || dagIds.includes(dagId))
    .flatMap(([, list]) => list)
    .filter(run => from === undefined || (run.logicalMs !== null && run.logicalMs >= from))
    .filter(run => to === undefined || (run.logicalMs !== null && run.logicalMs <= to))
  const limit = typeof body.page_limit === 'number' ? body.page_limit : 100
  if (kind === 'runs') {
    const states = strings(body.states)
    const answers = selected
      .map(run => dagRunAnswer(run, now, version))
      .filter(run => !states || states.includes(String(run.state)))
    return jsonReply(200, { dag_runs: answers.slice(0, limit), total_entries: answers.length })
  }
  const runIds = strings(body.dag_run_ids)
  const states = strings(body.state)
  const instances = selected
    .filter(run => !runIds || runIds.includes(run.runId))
    .flatMap(run =>
      taskInstances(run, now)
        .filter(ti => !states || states.includes(ti.state ?? ''))
        .map(ti => taskInstanceAnswer(run, ti, version))
    )
  return jsonReply(200, {
    task_instances: instances.slice(0, limit),
    total_entries: instances.length
  })
}
