import { describe, expect, it } from 'vitest'
import { parseDag, parseRunList } from '../../../src/trigger/airflow/dag-answer.js'

// Shaped as each version answers GET …/dags/{dag_id} (Airflow 3's DAGResponse, Airflow 2's DAG).
const airflow3 = {
  dag_id: 'etl',
  dag_display_name: 'etl',
  is_paused: false,
  is_stale: false,
  last_parsed_time: '2026-01-31T12:00:00Z',
  bundle_name: 'dags-folder',
  max_active_tasks: 16,
  max_active_runs: 16,
  has_task_concurrency_limits: false,
  has_import_errors: false,
  next_dagrun_logical_date: null,
  owners: ['airflow']
}
const airflow2 = {
  dag_id: 'etl',
  root_dag_id: null,
  is_paused: true,
  is_active: true,
  is_subdag: false,
  max_active_runs: 16,
  has_import_errors: false,
  next_dagrun: null
}

describe('the DAG in an answer', () => {
  it('reads Airflow 3 by its own field names', () => {
    expect(parseDag(airflow3, 'etl', 3)).toEqual({
      kind: 'dag',
      dag: { isPaused: false, hasImportErrors: false, stale: false, maxActiveRuns: 16 }
    })
    expect(parseDag({ ...airflow3, is_stale: true, max_active_runs: null }, 'etl', 3)).toEqual({
      kind: 'dag',
      dag: { isPaused: false, hasImportErrors: false, stale: true, maxActiveRuns: null }
    })
  })

  it("reads 3.2's allowed_run_types; null, or a value it cannot read, is no limit", () => {
    const limited = {
      ...airflow3,
      allowed_run_types: ['scheduled', 'backfill'],
      timetable_partitioned: false
    }
    expect(parseDag(limited, 'etl', 3)).toMatchObject({
      dag: { allowedRunTypes: ['scheduled', 'backfill'] }
    })
    for (const value of [null, 'manual', [1], {}]) {
      const read = parseDag({ ...airflow3, allowed_run_types: value }, 'etl', 3)
      expect(read.kind).toBe('dag')
      expect(read.kind === 'dag' && 'allowedRunTypes' in read.dag).toBe(false)
    }
  })

  it('takes an Airflow 3 preview that says is_active instead of is_stale', () => {
    const preview: Record<string, unknown> = { ...airflow3, is_active: false }
    delete preview.is_stale
    const read = parseDag(preview, 'etl', 3)
    expect(read).toMatchObject({ kind: 'dag', dag: { stale: true } })
  })

  it('reads Airflow 2, whose fields may be null or missing before 2.3', () => {
    expect(parseDag(airflow2, 'etl', 2)).toEqual({
      kind: 'dag',
      dag: { isPaused: true, hasImportErrors: false, stale: false, maxActiveRuns: 16 }
    })
    const old = { dag_id: 'etl', is_paused: false, is_active: null }
    expect(parseDag(old, 'etl', 2)).toEqual({
      kind: 'dag',
      dag: {
        isPaused: false,
        hasImportErrors: undefined,
        stale: undefined,
        maxActiveRuns: undefined
      }
    })
    expect(parseDag({ ...airflow2, is_active: false }, 'etl', 2)).toMatchObject({
      dag: { stale: true }
    })
  })

  it.each([
    [
      'is_paused as a string',
      3,
      { ...airflow3, is_paused: 'false' },
      'is_paused (expected boolean)'
    ],
    ['is_paused null', 3, { ...airflow3, is_paused: null }, 'is_paused (expected boolean)'],
    [
      'is_paused null on Airflow 2',
      2,
      { ...airflow2, is_paused: null },
      'is_paused (expected boolean)'
    ],
    ['is_paused missing', 3, { dag_id: 'etl', has_import_errors: false }, 'is_paused'],
    [
      'has_import_errors as a number',
      3,
      { ...airflow3, has_import_errors: 0 },
      'has_import_errors'
    ],
    [
      'has_import_errors null on Airflow 3',
      3,
      { ...airflow3, has_import_errors: null },
      'has_import_errors'
    ],
    ['is_stale as a string', 3, { ...airflow3, is_stale: 'no' }, 'is_stale'],
    ['max_active_runs as a fraction', 3, { ...airflow3, max_active_runs: 1.5 }, 'max_active_runs'],
    ['max_active_runs as a string', 2, { ...airflow2, max_active_runs: '16' }, 'max_active_runs'],
    ['no dag_id', 3, { ...airflow3, dag_id: undefined }, 'dag_id'],
    ['another DAG', 3, { ...airflow3, dag_id: 'other' }, 'the answer is about DAG "other"'],
    ['no JSON object', 3, undefined, 'not a JSON object']
  ] as const)('refuses %s, saying what', (_, version, json, why) => {
    const read = parseDag(json as Record<string, unknown> | undefined, 'etl', version)
    expect(read.kind).toBe('unreadable')
    expect(read.kind === 'unreadable' && read.why).toContain(why)
  })
})

describe('a page of runs', () => {
  it('reads the run ids and the count', () => {
    const page = { dag_runs: [{ dag_run_id: 'a', state: 'running' }], total_entries: 3 }
    expect(parseRunList(page)).toEqual({ runIds: ['a'], count: 3, atLeast: false })
  })

  it('reads a cursor page (Airflow 3.2.2+), which counts nothing', () => {
    const runs = [{ dag_run_id: 'a' }, { dag_run_id: 'b' }]
    expect(
      parseRunList({ dag_runs: runs, next_cursor: 'eyJ2IjoxfQ', previous_cursor: null })
    ).toEqual({ runIds: ['a', 'b'], count: 2, atLeast: true })
    expect(parseRunList({ dag_runs: runs, next_cursor: null, previous_cursor: null })).toEqual({
      runIds: ['a', 'b'],
      count: 2,
      atLeast: false
    })
  })

  it.each([
    [{ dag_runs: 'none', total_entries: 0 }],
    [{ dag_runs: [{ dag_run_id: 7 }], total_entries: 1 }],
    [{ dag_runs: [], total_entries: -1 }],
    [{ dag_runs: [], total_entries: -1, next_cursor: null }],
    [{ dag_runs: [{ dag_run_id: 'a' }] }],
    [undefined]
  ])('is nothing when not one: %j', json => {
    expect(parseRunList(json as Record<string, unknown> | undefined)).toBeUndefined()
  })
})
