import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../sandbox/server.js'
import { runAction } from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'

// Airflow as it runs now (3.1 to 3.3): what each release changed in the answers the action reads.

const LOGICAL_DATE = '2026-01-31T12:00:00Z'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterEach(() => sandbox.reset())
afterAll(() => sandbox.close())

function trigger(inputs: Record<string, string> = {}, env: Record<string, string> = {}) {
  return runAction({
    source: true,
    inputs: {
      mode: 'trigger',
      'base-url': sandbox.url,
      'dag-id': 'example_dag',
      token: 'sandbox-token',
      'logical-date': LOGICAL_DATE,
      'poll-interval-seconds': '0.1',
      'wait-timeout-seconds': '30',
      ...inputs
    },
    env
  })
}

const logLines = (stdout: string) => stdout.split('\n').filter(line => !line.startsWith('::'))

describe('lists in cursor pages (Airflow 3.2.2+): next_cursor and no total_entries', () => {
  it('reads the task progress and the failed tasks of a run', async () => {
    sandbox.configure({ airflow: { cursorLists: true } })
    const run = await trigger({ 'dag-id': 'fails_dag', wait: 'true' })
    expect(run.exitCode).toBe(1)
    const lines = logLines(run.stdout)
    expect(lines.some(line => / ended failed: 4 of 4 tasks finished\.$/.test(line))).toBe(true)
    expect(lines).toContain('Tasks that failed or did not finish:')
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('The run ended failed: 1 failed, 2 upstream_failed task(s).')
    expect(summary).toContain('4 of 4 finished')
  })

  it('names the running runs that fill max_active_runs', async () => {
    sandbox.configure({
      airflow: { cursorLists: true, maxActiveRuns: 1, runStartMs: 0, runDurationMs: 600_000 }
    })
    expect((await trigger({ 'logical-date': '2026-01-30T12:00:00Z' })).exitCode).toBe(0)
    const run = await trigger({ wait: 'true', 'wait-timeout-seconds': '1' })
    expect(run.exitCode).toBe(1)
    const explained = logLines(run.stdout).filter(line => line.includes('is still queued'))
    expect(explained).toEqual([
      expect.stringContaining(
        'allows 1 active run(s) at a time (max_active_runs), and 1 other run(s) are running: github__2026-01-30T12:00:00Z.'
      )
    ])
  })

  it('tells in a dry run that the logical date is free', async () => {
    sandbox.configure({ airflow: { cursorLists: true } })
    const run = await trigger({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('are both free: the real run would be created')
  })
})
