import { describe, expect, it } from 'vitest'
import { errorMessages } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const kit = useSandbox({ trigger: { 'logical-date': '2026-05-01T10:00:00Z' } })
const { trigger } = kit

/** What reached the runs collection or the DAG with a method that writes. */
const writes = () => kit.sandbox.requests.filter(r => r.method !== 'GET' && r.method !== 'HEAD')

describe('a trigger dry run', () => {
  it('looks everything up, creates nothing, and says the run would be created', async () => {
    const run = await trigger({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(writes()).toEqual([])
    expect(kit.sandbox.runs.get('example_dag') ?? []).toEqual([])
    expect(kit.sandbox.requests.map(r => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v2/version',
      'GET /api/v2/dags/example_dag',
      'GET /api/v2/dags/example_dag/dagRuns/github__2026-05-01T10%3A00%3A00Z',
      'GET /api/v2/dags/example_dag/dagRuns?logical_date_gte=2026-05-01T10%3A00%3A00Z&logical_date_lte=2026-05-01T10%3A00%3A00Z&limit=1'
    ])
    expect(run.outputs['logical-date']).toBe('2026-05-01T10:00:00Z')
    expect(run.outputs['dag-run-id']).toBeUndefined()
    expect(run.stdout).toContain(
      'Dry run: Run id github__2026-05-01T10:00:00Z and logical date 2026-05-01T10:00:00Z are both free: the real run would be created. Nothing was created.'
    )
    expect(summaryAsText(run.summary)).toMatch(
      /^# Airflow trigger, dry run: ✅ Run would be created\nRun github__2026-05-01T10:00:00Z of example_dag would be created\.\nDry run: nothing was created\./
    )
  })

  it('reports a logical date another run holds, on Airflow 3 and on Airflow 2', async () => {
    for (const apiPath of ['/api/v2', '/api/v1']) {
      kit.sandbox.reset()
      kit.sandbox.configure({ airflow: { apiPaths: [apiPath] } })
      expect((await trigger({ 'run-id-prefix': 'first__' })).exitCode).toBe(0)
      const before = writes().length
      const run = await trigger({ 'dry-run': 'true' })
      expect(run.exitCode).toBe(1)
      expect(writes()).toHaveLength(before)
      expect(errorMessages(run)).toContain(
        'Dry run: Logical date 2026-05-01T10:00:00Z is already held by run first__2026-05-01T10:00:00Z of DAG example_dag: the real run would be refused.'
      )
      const field = apiPath === '/api/v1' ? 'execution_date' : 'logical_date'
      expect(kit.sandbox.requests.at(-1)!.path).toContain(`${field}_gte=`)
      // Airflow's own list answered: it is the reason, not a fault to diagnose.
      expect(run.outputs.diagnosis).toBe('origin')
      const summary = summaryAsText(run.summary)
      expect(summary).toMatch(/^# Airflow trigger, dry run: ❌ Run would not be created\n/)
      expect(summary).toContain('is already held by run first__2026-05-01T10:00:00Z')
      expect(summary).not.toContain('Diagnosis')
    }
  })

  it('reports a run id taken by a run of another logical date', async () => {
    expect((await trigger({ 'dag-run-id': 'release-1' })).exitCode).toBe(0)
    const run = await trigger({
      'dry-run': 'true',
      'dag-run-id': 'release-1',
      'logical-date': '2026-05-02T10:00:00Z'
    })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Run id release-1 is already taken by a run with logical date 2026-05-01T10:00:00'
    )
    expect(kit.sandbox.runs.get('example_dag')).toHaveLength(1)
  })

  it("fails on this commit's own run, unless on-duplicate: reuse would accept it", async () => {
    expect((await trigger()).exitCode).toBe(0)
    const failing = await trigger({ 'dry-run': 'true' })
    expect(failing.exitCode).toBe(1)
    expect(errorMessages(failing)).toContain('This commit was already triggered')
    const reusing = await trigger({ 'dry-run': 'true', 'on-duplicate': 'reuse' })
    expect(reusing.exitCode).toBe(0)
    expect(summaryAsText(reusing.summary)).toMatch(
      /^# Airflow trigger, dry run: ♻️ Existing run would be reused/
    )
    expect(kit.sandbox.runs.get('example_dag')).toHaveLength(1)
  })

  it('never unpauses: it says the real run would', async () => {
    kit.sandbox.configure({ airflow: { pausedDags: ['example_dag'] } })
    const run = await trigger({ 'dry-run': 'true', unpause: 'true' })
    expect(run.exitCode).toBe(0)
    expect(writes()).toEqual([])
    expect(run.stdout).toContain(
      'DAG example_dag is paused: the real run would unpause it first ("unpause: true").'
    )
  })

  it('fails where the real run would: a DAG that does not exist', async () => {
    const run = await trigger({ 'dry-run': 'true', 'dag-id': 'no_such_dag' })
    expect(run.exitCode).toBe(1)
    expect(writes()).toEqual([])
    expect(errorMessages(run)).toContain('DAG no_such_dag was not found')
  })
})
