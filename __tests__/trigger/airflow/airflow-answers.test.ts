import { describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import type { HttpResponse } from '../../../src/http/send.js'
import {
  interpretPost,
  parseDagRun,
  sameInstant
} from '../../../src/trigger/airflow/airflow-answers.js'
import { readRunsAt } from '../../../src/trigger/airflow/runs-at.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'

const response = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
  elapsedMs: 1
})

const verdictOf = (status: number, body: unknown) =>
  diagnose(
    { response: response(status, body) },
    { app: airflowProfile, method: 'POST', apiPath: '/api/v2', host: 'airflow.example.com' }
  )

/** What the run-creation flow reads of an answer: the same diagnosis it gets in the action. */
const interpret = (status: number, body: unknown) =>
  interpretPost(response(status, body), verdictOf(status, body))

/** The server's own words, as every message of the action quotes them. */
const errorMessage = (body: string) => verdictOf(400, body).said

describe('interpretPost', () => {
  it('counts a run as created only with dag_run_id in the body', () => {
    expect(
      interpret(200, { dag_run_id: 'r1', state: 'queued', logical_date: '2026-01-31T12:00:00Z' })
    ).toEqual({
      kind: 'created',
      status: 200,
      run: { dag_run_id: 'r1', state: 'queued', logical_date: '2026-01-31T12:00:00Z' }
    })
    expect(interpret(200, {})).toEqual({ kind: 'not-proven', status: 200 })
    expect(interpret(201, '<html>ok</html>')).toEqual({
      kind: 'not-proven',
      status: 201
    })
    expect(interpret(204, '')).toEqual({ kind: 'not-proven', status: 204 })
  })

  it.each([
    [
      400,
      {
        detail:
          "DAGRun with DAG ID: 'etl' and DAGRun logical date: '2026-01-31 12:00:00+00:00' already exists",
        status: 400,
        title: 'Bad Request'
      }
    ],
    [
      409,
      {
        detail: "DAGRun with DAG ID: 'etl' and DAGRun ID: 'r1' already exists",
        status: 409,
        title: 'Conflict'
      }
    ],
    [
      409,
      {
        detail: { reason: 'Unique constraint violation', statement: 'hidden', orig_error: 'hidden' }
      }
    ]
  ])('recognises a duplicate: %i %o', (status, body) => {
    expect(interpret(status, body).kind).toBe('duplicate')
  })

  it('does not take every 400 for a duplicate', () => {
    const outcome = interpret(400, {
      detail: 'DAG etl has import errors',
      status: 400,
      title: 'Bad Request'
    })
    expect(outcome).toEqual({ kind: 'rejected', status: 400, message: 'DAG etl has import errors' })
  })

  it('separates throttling, server errors and other refusals', () => {
    expect(interpret(429, '').kind).toBe('throttled')
    expect(interpret(502, '<html>Bad Gateway</html>').kind).toBe('server-error')
    expect(interpret(401, { detail: 'Not authenticated' })).toEqual({
      kind: 'rejected',
      status: 401,
      message: 'Not authenticated'
    })
  })
})

describe("the server's words", () => {
  it('reads each error shape', () => {
    expect(errorMessage(JSON.stringify({ detail: 'x' }))).toBe('x')
    expect(
      errorMessage(
        JSON.stringify({ detail: { reason: 'Unique constraint violation', message: 'see logs' } })
      )
    ).toBe('Unique constraint violation: see logs')
    expect(
      errorMessage(
        JSON.stringify({
          detail: [
            {
              type: 'extra_forbidden',
              loc: ['body', 'foo'],
              msg: 'Extra inputs are not permitted'
            },
            { loc: ['body', 'logical_date'], msg: 'Input should have timezone info' }
          ]
        })
      )
    ).toBe('foo: Extra inputs are not permitted; logical_date: Input should have timezone info')
    expect(errorMessage(JSON.stringify({ code: 'rest_forbidden', message: 'Sorry' }))).toBe('Sorry')
    // A page is quoted by its words, never as markup.
    expect(errorMessage('<html>405</html>')).toBe('405')
    expect(errorMessage('<html><head><title>502 Bad Gateway</title></head></html>')).toBe(
      '502 Bad Gateway'
    )
    expect(errorMessage('<html><body><h1>Down</h1><p>for <b>maintenance</b></p>')).toBe(
      'Down for maintenance'
    )
  })
})

describe('parseDagRun and sameInstant', () => {
  it('needs a non-empty string id', () => {
    expect(parseDagRun(verdictOf(200, { dag_run_id: 5 }))).toBeUndefined()
    expect(parseDagRun(verdictOf(200, { dag_run_id: '' }))).toBeUndefined()
    expect(parseDagRun(verdictOf(200, 'null'))).toBeUndefined()
  })

  it('takes a state only when it is a word', () => {
    const state = (value: unknown) =>
      parseDagRun(verdictOf(200, { dag_run_id: 'r', state: value }))?.state
    expect(state('up_for_retry')).toBe('up_for_retry')
    for (const hostile of [
      'x\n::stop-commands::t',
      '::warning::x',
      'Queued',
      '',
      5,
      'a'.repeat(41)
    ]) {
      expect(state(hostile)).toBeUndefined()
    }
  })

  it('reads a run with the fields and types of Airflow 3.1 to 3.3, and a state it does not know as it is', () => {
    const run = parseDagRun(
      verdictOf(200, {
        dag_run_id: 'r',
        dag_id: 'etl',
        logical_date: null,
        run_after: '2026-01-31T12:00:00Z',
        run_type: 'asset_materialization',
        state: 'deferred_forever',
        triggered_by: 'rest_api',
        triggering_user_name: 'ci-bot',
        partition_key: 'eu|2026-03-10',
        partition_date: '2026-03-10T00:00:00Z',
        bundle_version: 'abc123',
        dag_versions: [{ id: 'v1', version_number: 3, bundle_name: 'dags' }],
        note: 'Triggered by octo/site@1a2b3c4',
        start_date: '2026-01-31T12:00:01Z',
        end_date: null
      })
    )
    expect(run).toEqual({
      dag_run_id: 'r',
      logical_date: null,
      state: 'deferred_forever',
      start_date: '2026-01-31T12:00:01Z',
      end_date: undefined
    })
  })

  it("reads Airflow 2.0's execution_date where logical_date is missing", () => {
    const date = (body: Record<string, unknown>) =>
      parseDagRun(verdictOf(200, { dag_run_id: 'r', ...body }))?.logical_date
    expect(date({ execution_date: '2026-01-31T12:00:00+00:00' })).toBe('2026-01-31T12:00:00+00:00')
    expect(date({ logical_date: '2026-01-31T12:00:00Z', execution_date: 'x' })).toBe(
      '2026-01-31T12:00:00Z'
    )
    expect(date({ logical_date: null })).toBeNull()
  })

  it('compares dates as instants', () => {
    expect(sameInstant('2026-01-31T12:00:00+00:00', '2026-01-31T12:00:00Z')).toBe(true)
    expect(sameInstant('2026-01-31T12:00:01+00:00', '2026-01-31T12:00:00Z')).toBe(false)
    expect(sameInstant(null, '2026-01-31T12:00:00Z')).toBe(false)
  })
})

describe('readRunsAt: what a list of the runs at one logical date proves', () => {
  const DATE = '2026-01-31T12:00:00Z'
  const at = (date: string, id = 'r') => ({ dag_run_id: id, logical_date: date })
  const other = at('2026-01-30T00:00:00+00:00', 'nightly')

  it.each([
    [
      'a run at the date',
      { dag_runs: [at('2026-01-31T12:00:00+00:00', 'first')], total_entries: 1 }
    ],
    ['a run at the date behind others', { dag_runs: [other, at(DATE, 'first')], total_entries: 9 }],
    [
      "Airflow 2.0's execution_date",
      { dag_runs: [{ dag_run_id: 'first', execution_date: DATE }], total_entries: 1 }
    ]
  ])('held: %s', (_name, json) => {
    expect(readRunsAt(json, DATE)).toEqual({ kind: 'held', runId: 'first' })
  })

  it.each([
    ['an empty list', { dag_runs: [], total_entries: 0 }],
    ['an empty list, uncounted (cursor pages)', { dag_runs: [] }],
    ['the one run of the DAG, at another date', { dag_runs: [other], total_entries: 1 }],
    ['the last cursor page, at another date', { dag_runs: [other], next_cursor: null }]
  ])('free: %s', (_name, json) => {
    expect(readRunsAt(json, DATE)).toEqual({ kind: 'free' })
  })

  it.each([
    ['no answer at all', undefined],
    ['{}', {}],
    ['dag_runs not a list', { dag_runs: { first: at(DATE) } }],
    ['a run at another date among more', { dag_runs: [other], total_entries: 12 }],
    ['a run at another date, uncounted', { dag_runs: [other] }],
    ['a run at another date, more after it', { dag_runs: [other], next_cursor: 'eyJ2IjoxfQ' }],
    ['an empty cursor page with more after it', { dag_runs: [], next_cursor: 'eyJ2IjoxfQ' }],
    ['a run without a readable date', { dag_runs: [{ dag_run_id: 'x' }], total_entries: 1 }],
    ['an entry that is not a run', { dag_runs: [null], total_entries: 1 }],
    ['an empty list that counts runs', { dag_runs: [], total_entries: 2 }]
  ])('could not tell: %s', (_name, json) => {
    expect(readRunsAt(json as Record<string, unknown> | undefined, DATE).kind).toBe('unknown')
  })
})
