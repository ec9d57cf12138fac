import { describe, expect, it } from 'vitest'
import { TestClock } from '../../test-support/clock.js'
import { annotationTitles, errorMessages, logLines } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const LOGICAL_DATE = '2026-01-31T12:00:00Z'

/** Airflow's time and the action's: the runs progress as the action's polls pause, at once. */
const clock = new TestClock()
const kit = useSandbox({
  clock,
  trigger: {
    'logical-date': LOGICAL_DATE,
    'poll-interval-seconds': '0.1',
    'wait-timeout-seconds': '30'
  }
})
const trigger = (inputs: Record<string, string> = {}) => kit.trigger(inputs)

/** Method and path (without the query) of every request after the one asking for the version. */
const requestLines = () =>
  kit.sandbox.requests
    .filter(r => !r.path.endsWith('/version'))
    .map(r => `${r.method} ${r.path.split('?')[0]}`)
const posts = () => kit.sandbox.requests.filter(r => r.method === 'POST')

const API = { 2: '/api/v1', 3: '/api/v2' } as const

describe('a paused DAG', () => {
  it('is warned about, and the run is created (it stays queued)', async () => {
    kit.sandbox.configure({ airflow: { pausedDags: ['example_dag'] } })
    const run = await trigger()
    expect(run.exitCode).toBe(0)
    expect(annotationTitles(run)).toContain('DAG paused')
    expect(run.stdout).toContain('Set "unpause: true" to unpause it first')
    expect(requestLines()).toEqual([
      'GET /api/v2/dags/example_dag',
      'POST /api/v2/dags/example_dag/dagRuns'
    ])
    expect(kit.sandbox.runs.get('example_dag')?.[0]?.state).toBe('queued')
  })

  it.each([2, 3] as const)(
    'with wait (Airflow %s): fails at once, triggering nothing',
    async version => {
      kit.sandbox.configure({ airflow: { pausedDags: ['example_dag'] } })
      const run = await trigger({ wait: 'true', 'api-path': API[version] })
      expect(run.exitCode).toBe(1)
      expect(errorMessages(run)).toContain('DAG example_dag is paused')
      expect(errorMessages(run)).toContain('"unpause: true"')
      expect(requestLines()).toEqual([`GET ${API[version]}/dags/example_dag`])
      expect(summaryAsText(run.summary)).toContain('DAG example_dag is paused')
      // Airflow's own DAG answered: the diagnosis says so, not "an unknown server".
      expect(run.outputs.diagnosis).toBe('origin')
    }
  )

  it.each([2, 3] as const)(
    'with unpause (Airflow %s): the PATCH, then the POST, and the run finishes',
    async version => {
      kit.sandbox.configure({
        airflow: { pausedDags: ['example_dag'], runStartMs: 0, runDurationMs: 200 }
      })
      const run = await trigger({ wait: 'true', unpause: 'true', 'api-path': API[version] })
      expect(run.exitCode).toBe(0)
      expect(run.outputs['dag-run-state']).toBe('success')
      const api = API[version]
      expect(requestLines().slice(0, 3)).toEqual([
        `GET ${api}/dags/example_dag`,
        `PATCH ${api}/dags/example_dag`,
        `POST ${api}/dags/example_dag/dagRuns`
      ])
      const patch = kit.sandbox.requests.find(r => r.method === 'PATCH')!
      expect(patch.status).toBe(200)
      expect(annotationTitles(run)).toContain('DAG unpaused')
      expect(run.stdout).toContain('also schedules a run for every interval it missed')
    }
  )
})

describe('a DAG that cannot run', () => {
  it.each([2, 3] as const)('with import errors (Airflow %s): an error before the POST', async v => {
    kit.sandbox.configure({ airflow: { importErrorDags: ['example_dag'] } })
    const run = await trigger({ 'api-path': API[v] })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('DAG example_dag has import errors')
    expect(posts()).toEqual([])
  })

  it.each([2, 3] as const)('stale (Airflow %s): an error before the POST', async v => {
    kit.sandbox.configure({ airflow: { staleDags: ['example_dag'] } })
    const run = await trigger({ 'api-path': API[v] })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('DAG example_dag is stale')
    expect(posts()).toEqual([])
  })

  it('missing: "not found", before the POST', async () => {
    const run = await trigger({ 'dag-id': 'no_such_dag' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('DAG no_such_dag was not found')
    expect(posts()).toEqual([])
  })

  it.each([
    [
      'a string for a boolean',
      { dag_id: 'example_dag', is_paused: 'false', has_import_errors: false },
      'is_paused'
    ],
    [
      'null for a boolean',
      { dag_id: 'example_dag', is_paused: null, has_import_errors: false },
      'is_paused'
    ],
    ['HTML', '<!DOCTYPE html><html><body>Sign in</body></html>', 'not a JSON object'],
    [
      'a body past what is read (cut, so no JSON)',
      JSON.stringify({ description: 'x'.repeat(400_000), dag_id: 'example_dag', is_paused: false }),
      'not a JSON object'
    ]
  ])('answered with %s: neither unpaused nor triggered, and says what', async (_, body, what) => {
    kit.sandbox.configure({
      airflow: {
        pausedDags: ['example_dag'],
        faults: { dagBody: typeof body === 'string' ? body : JSON.stringify(body) }
      }
    })
    const run = await trigger({ unpause: 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('could not be read')
    expect(errorMessages(run)).toContain(what)
    expect(requestLines()).toEqual(['GET /api/v2/dags/example_dag'])
  })
})

describe('a run that stays queued', () => {
  const QUEUED = { 'wait-timeout-seconds': '1', 'poll-interval-seconds': '0.1' }

  it('names the running runs that fill max_active_runs', async () => {
    kit.sandbox.configure({ airflow: { maxActiveRuns: 1, runStartMs: 0, runDurationMs: 600_000 } })
    const first = await trigger({ 'logical-date': '2026-01-30T12:00:00Z' })
    expect(first.exitCode).toBe(0)
    const run = await trigger({ wait: 'true', ...QUEUED })
    expect(run.exitCode).toBe(1)
    const explained = logLines(run.stdout).filter(line => line.includes('is still queued'))
    expect(explained).toHaveLength(1)
    expect(explained[0]).toContain('allows 1 active run at a time (max_active_runs)')
    expect(explained[0]).toContain('github__2026-01-30T12:00:00Z')
  })

  it('says the DAG was paused meanwhile', async () => {
    kit.sandbox.configure({ airflow: { faults: { pauseAfterTrigger: true } } })
    const run = await trigger({ wait: 'true', ...QUEUED })
    expect(run.exitCode).toBe(1)
    const explained = logLines(run.stdout).filter(line => line.includes('is still queued'))
    expect(explained).toEqual([expect.stringContaining('was paused meanwhile')])
  })

  it('says the scheduler has not picked it up when nothing else explains it', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 600_000 } })
    const run = await trigger({ wait: 'true', ...QUEUED })
    expect(run.exitCode).toBe(1)
    const explained = logLines(run.stdout).filter(line => line.includes('is still queued'))
    expect(explained).toEqual([expect.stringContaining('the scheduler has not picked it up')])
  })
})

describe('a deployment under a path prefix, signing in with a password', () => {
  it('keeps the prefix on every request, the token request included, and takes a jwt_token', async () => {
    kit.sandbox.configure({
      airflow: { sitePath: '/dep-1', tokenField: 'jwt_token', runStartMs: 0, runDurationMs: 200 }
    })
    const run = await trigger({
      'base-url': `${kit.sandbox.url}/dep-1`,
      token: '',
      username: 'airflow',
      password: 'sandbox-password',
      wait: 'true'
    })
    expect(run.exitCode).toBe(0)
    const lines = kit.sandbox.requests.map(r => `${r.method} ${r.path.split('?')[0]} ${r.status}`)
    expect(lines.slice(0, 4)).toEqual([
      'GET /dep-1/api/v2/version 200',
      'POST /dep-1/auth/token 201',
      'GET /dep-1/api/v2/dags/example_dag 200',
      'POST /dep-1/api/v2/dags/example_dag/dagRuns 200'
    ])
    expect(kit.sandbox.requests.every(r => r.path.startsWith('/dep-1/'))).toBe(true)
    expect(run.outputs['dag-run-url']).toMatch(
      new RegExp(`^${kit.sandbox.url}/dep-1/dags/example_dag/runs/`)
    )
  })
})
