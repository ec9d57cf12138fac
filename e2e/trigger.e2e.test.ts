// Trigger mode through the bundled action against a real Airflow (e2e/airflow/): 3.3 (its API
// server, scheduler, DAG processor and triggerer) or, with E2E_AIRFLOW=2.10, 2.10 (webserver and
// scheduler, /api/v1, HTTP Basic), with the DAGs of e2e/airflow/dags. What the action reports is
// checked against what Airflow itself stores, read back through its API.
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gitRepoWithCommit } from '../test-support/git-repo.js'
import {
  errorMessages,
  logLines,
  runAction,
  startAction,
  type ActionRun,
  type RunOptions,
  type StartedAction
} from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'
import { basicAuth, loadStackEnv, type StackEnv } from './stack-env.js'

const env: StackEnv = loadStackEnv()
let token = ''
const checkouts: string[] = []

// E2E_AIRFLOW=0 brings the stack up without Airflow: then these tests are skipped.
const airflowStarted = env.AIRFLOW_STARTED === '1'
/**
 * E2E_AIRFLOW=2.10: Airflow 2's /api/v1, HTTP Basic with the user and password (no /auth/token),
 * its UI's grid view as the run's page. Airflow 2 has no human-in-the-loop tasks (awaiting_input,
 * 3.3), no allowed_run_types (3.2), no partition keys (3.2) and no tokens to expire: those tests
 * run on Airflow 3 only.
 */
const airflow2 = airflowStarted && env.AIRFLOW_VERSION.startsWith('2.')
const airflow3 = airflowStarted && !airflow2
const apiPath = env.AIRFLOW_API_PATH || '/api/v2'

beforeAll(async () => {
  if (airflow3) token = await airflowToken()
})
afterAll(async () => {
  for (const dir of checkouts) await rm(dir, { recursive: true, force: true })
})

/**
 * Commit dates no other test (nor an earlier run against a kept stack) has used: the logical date
 * of a DAG's runs is unique, and each test means to make its own.
 */
let nextDate = Date.UTC(2025, 0, 1) + Math.floor(Math.random() * 300 * 24 * 3600) * 1000
function freshCommitDate(): string {
  nextDate += 3600_000
  return new Date(nextDate).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

async function airflowToken(): Promise<string> {
  const response = await fetch(`${env.AIRFLOW_URL}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: env.AIRFLOW_USER, password: env.AIRFLOW_PASSWORD })
  })
  const body = (await response.json()) as { access_token?: string }
  // The simple auth manager answers 201, as the FAB auth manager does.
  expect(response.status).toBe(201)
  return body.access_token!
}

/**
 * Airflow's REST API as the test's own client: what Airflow stores, not what the action says. The
 * stack's tokens live AIRFLOW_JWT_SECONDS (short, for the test of a token expiring mid-wait): one
 * that has expired is replaced.
 */
async function airflow<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown } = {}
): Promise<{ status: number; body: T }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${env.AIRFLOW_URL}${apiPath}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: airflow2
          ? basicAuth(env.AIRFLOW_USER, env.AIRFLOW_PASSWORD)
          : `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' })
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body)
    })
    const body = (await response.json()) as T
    if (response.status === 401 && attempt === 0 && airflow3) {
      token = await airflowToken()
      continue
    }
    return { status: response.status, body }
  }
}

interface DagRun {
  dag_run_id: string
  logical_date: string
  state: string
  note: string | null
  /** Airflow 3.2+. */
  partition_key?: string | null
  run_type: string
  /** Airflow 3.1+. */
  triggering_user_name?: string | null
}

/** Airflow 3 writes `2025-03-01T00:00:00Z`, Airflow 2 `2025-03-01T00:00:00+00:00`: the same instant. */
function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b)
}

/** The run's page in Airflow's UI: 3's run page, or 2's grid view with the run selected. */
function runPage(dagId: string, runId: string): string {
  return airflow2
    ? `${env.AIRFLOW_URL}/dags/${dagId}/grid?${new URLSearchParams({ dag_run_id: runId })}`
    : `${env.AIRFLOW_URL}/dags/${dagId}/runs/${encodeURIComponent(runId)}`
}

async function runsOf(dagId: string): Promise<DagRun[]> {
  const { body } = await airflow<{ dag_runs: DagRun[] }>(`/dags/${dagId}/dagRuns?limit=100`)
  return body.dag_runs
}

const SHA_WORKFLOW = {
  GITHUB_WORKFLOW: 'deploy',
  GITHUB_RUN_ID: '9876543210',
  GITHUB_RUN_NUMBER: '57'
}

interface Trigger {
  run: ActionRun
  commitDate: string
  sha: string
  runId: string
}

/** How the bundled action runs in trigger mode, in a checkout whose one commit has `commitDate`. */
async function triggerOptions(
  dagId: string,
  inputs: Record<string, string>,
  commitDate: string
): Promise<{ options: RunOptions; sha: string }> {
  const checkout = await gitRepoWithCommit(commitDate)
  checkouts.push(checkout.dir)
  const options: RunOptions = {
    inputs: {
      mode: 'trigger',
      'base-url': env.AIRFLOW_URL,
      'dag-id': dagId,
      username: env.AIRFLOW_USER,
      password: env.AIRFLOW_PASSWORD,
      'poll-interval-seconds': '1',
      'wait-timeout-seconds': '100',
      ...inputs
    },
    cwd: checkout.dir,
    env: { GITHUB_SHA: checkout.sha, ...SHA_WORKFLOW },
    timeoutMs: 115_000
  }
  return { options, sha: checkout.sha }
}

/** The bundled action in trigger mode, run to its end. */
async function trigger(
  dagId: string,
  inputs: Record<string, string> = {},
  commitDate = freshCommitDate()
): Promise<Trigger> {
  const { options, sha } = await triggerOptions(dagId, inputs, commitDate)
  const run = await runAction(options)
  return { run, commitDate, sha, runId: `github__${commitDate}` }
}

interface Started {
  action: StartedAction
  runId: string
  /** Resolves once the action's output so far holds `text`. */
  said(text: string, timeoutMs?: number): Promise<void>
}

/** The bundled action in trigger mode, handed over while it runs. */
async function startTrigger(dagId: string, inputs: Record<string, string> = {}): Promise<Started> {
  const commitDate = freshCommitDate()
  const { options } = await triggerOptions(dagId, inputs, commitDate)
  const action = await startAction(options)
  let stdout = ''
  action.child.stdout.on('data', (chunk: string) => (stdout += chunk))
  // Resolved by the output itself as it arrives; the time-out only bounds a wait that never ends.
  const said = (text: string, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!stdout.includes(text)) return
        finish()
        resolve()
      }
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`the action did not say "${text}":\n${stdout}`))
      }, timeoutMs)
      const finish = () => {
        clearTimeout(timer)
        action.child.stdout.off('data', check)
      }
      action.child.stdout.on('data', check)
      check()
    })
  return { action, runId: `github__${commitDate}`, said }
}

/**
 * Resolves once Airflow's scheduler has handled the end of the process that paused the approval
 * task for input (its "TaskInstance Finished" line). Answered before that, Airflow 3.3 re-queues
 * the task, then meets the old process's "success" and marks the task failed ("finished with state
 * success, but the task instance's state attribute is queued").
 */
async function pausedForInput(runId: string): Promise<void> {
  const log = path.join(env.E2E_STATE, 'logs', 'airflow-scheduler.log')
  const line = `TaskInstance Finished: dag_id=e2e_hitl, task_id=approve, run_id=${runId},`
  for (let polls = 0; polls < 600; polls++) {
    if ((await readFile(log, 'utf8')).includes(line)) return
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`${log} never said "${line}"`)
}

/**
 * Answers the e2e_hitl run's approval task as a person would in the UI's Required actions, once
 * Airflow has finished pausing it.
 */
async function approve(runId: string) {
  await pausedForInput(runId)
  return airflow<{ chosen_options: string[]; responded_by: { id: string } }>(
    `/dags/e2e_hitl/dagRuns/${encodeURIComponent(runId)}/taskInstances/approve/-1/hitlDetails`,
    { method: 'PATCH', body: { chosen_options: ['Approve'] } }
  )
}

describe.runIf(airflowStarted)('a DAG that succeeds', () => {
  it("runs with the commit's date as the logical date, waits to success, and Airflow keeps the note", async () => {
    const { run, commitDate, sha, runId } = await trigger('e2e_success', { wait: 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'dag-run-id': runId,
      'logical-date': commitDate,
      'dag-run-state': 'success',
      diagnosis: 'origin'
    })
    expect(run.outputs['dag-run-url']).toBe(runPage('e2e_success', runId))
    const stored = await airflow<DagRun>(`/dags/e2e_success/dagRuns/${encodeURIComponent(runId)}`)
    expect(stored.status).toBe(200)
    expect(stored.body).toMatchObject({ dag_run_id: runId, state: 'success', run_type: 'manual' })
    expect(sameInstant(stored.body.logical_date, commitDate)).toBe(true)
    // Airflow 2 does not say who triggered a run; and there the note was set by PATCH …/setNote.
    if (airflow3) expect(stored.body.triggering_user_name).toBe(env.AIRFLOW_USER)
    const short = sha.slice(0, 7)
    expect(stored.body.note).toBe(
      `Triggered by octo/widgets@[${short}](https://github.com/octo/widgets/commit/${sha}) — workflow "deploy" [run #57](https://github.com/octo/widgets/actions/runs/9876543210)`
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Airflow trigger: ✅ Run succeeded')
    expect(summary).toContain('2 of 2 finished')
    // The run page the action links to is Airflow's UI (a single-page app: 200 and HTML; Airflow 2
    // redirects to its login page, 200 and HTML as well).
    const page = await fetch(run.outputs['dag-run-url']!)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
  })
})

describe.runIf(airflowStarted)('a DAG that fails', () => {
  it('lists the failed task and the upstream_failed ones, with log links into the UI', async () => {
    const { run, runId } = await trigger('e2e_fail', { wait: 'true' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    const errors = errorMessages(run)
    expect(errors).toMatch(/^boom: failed, try 1, [\d.]+ s\.\nLog: /)
    expect(errors).toMatch(/: 1 task failed, 2 tasks upstream_failed\./)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Airflow trigger: ❌ Run failed')
    expect(summary).toMatch(/boom \| failed \| 1 \| [\d.]+ s \| log/)
    expect(summary).toMatch(/after_boom, report \| upstream_failed — never ran/)
    // Airflow agrees, task by task.
    const tasks = await airflow<{ task_instances: { task_id: string; state: string }[] }>(
      `/dags/e2e_fail/dagRuns/${encodeURIComponent(runId)}/taskInstances`
    )
    expect(Object.fromEntries(tasks.body.task_instances.map(t => [t.task_id, t.state]))).toEqual({
      boom: 'failed',
      after_boom: 'upstream_failed',
      report: 'upstream_failed',
      beside: 'success'
    })
    // The log link opens in Airflow's UI.
    const taskLog = airflow2
      ? `${runPage('e2e_fail', runId)}&task_id=boom&tab=logs`
      : `${env.AIRFLOW_URL}/dags/e2e_fail/runs/${encodeURIComponent(runId)}/tasks/boom/logs`
    expect(run.summary).toContain(`<a href="${taskLog.replaceAll('&', '&amp;')}">log</a>`)
    const page = await fetch(taskLog)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
  })
})

describe.runIf(airflowStarted)('the same commit twice', () => {
  it('fails the second time, saying the commit was triggered already; reuse takes the run', async () => {
    const first = await trigger('e2e_success')
    expect(first.run.exitCode).toBe(0)
    const again = await trigger('e2e_success', {}, first.commitDate)
    expect(again.run.exitCode).toBe(1)
    expect(errorMessages(again.run)).toContain(
      `This commit was already triggered: run ${first.runId}, state`
    )
    expect(again.run.outputs['dag-run-id']).toBeUndefined()
    const reuse = await trigger(
      'e2e_success',
      { 'on-duplicate': 'reuse', wait: 'true' },
      first.commitDate
    )
    expect(reuse.run.exitCode).toBe(0)
    expect(reuse.run.outputs['dag-run-id']).toBe(first.runId)
    expect(reuse.run.outputs['dag-run-state']).toBe('success')
    expect(summaryAsText(reuse.run.summary)).toMatch(
      /^Run \S+ of e2e_success, triggered before and reused, succeeded in /m
    )
    expect(summaryAsText(reuse.run.summary)).toMatch(
      /This commit was already triggered: run \S+, state (queued|running)\. Reusing it \(on-duplicate: reuse\)\./
    )
    // Airflow holds one run of that date, not three.
    const runs = (await runsOf('e2e_success')).filter(r =>
      sameInstant(r.logical_date, first.commitDate)
    )
    expect(runs.map(r => r.dag_run_id)).toEqual([first.runId])
  })
})

describe.runIf(airflow3)(
  'a DAG that does not allow manual runs (allowed_run_types, Airflow 3.2+)',
  () => {
    it('is refused before the POST, and Airflow has no run of it', async () => {
      const { run } = await trigger('e2e_no_manual')
      expect(run.exitCode).toBe(1)
      expect(run.stdout).toContain(
        'DAG e2e_no_manual does not allow manual runs: its author limited the runs it takes (allowed_run_types: scheduled)'
      )
      expect((await runsOf('e2e_no_manual')).filter(r => r.run_type === 'manual')).toEqual([])
      // What Airflow answers the POST the action did not send.
      const refused = await airflow('/dags/e2e_no_manual/dagRuns', {
        method: 'POST',
        body: { logical_date: freshCommitDate() }
      })
      expect(refused).toEqual({
        status: 400,
        body: { detail: "Dag with dag_id: 'e2e_no_manual' does not allow manual runs" }
      })
    })
  }
)

describe.runIf(airflow3)('a partitioned DAG (partition_key, Airflow 3.2+)', () => {
  it('gives the run the partition key, which Airflow stores', async () => {
    const { run, runId } = await trigger('e2e_partitioned', {
      'partition-key': '2026-11-01',
      wait: 'true'
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    const stored = await airflow<DagRun>(
      `/dags/e2e_partitioned/dagRuns/${encodeURIComponent(runId)}`
    )
    expect(stored.body.partition_key).toBe('2026-11-01')
  })

  it('is refused by Airflow on a DAG that is not partitioned', async () => {
    const { run } = await trigger('e2e_success', { 'partition-key': '2026-11-01' })
    expect(run.exitCode).toBe(1)
    // Airflow's own words: 400 {"detail":"Dag 'e2e_success' is not a partitioned Dag and does not accept a partition_key."}
    expect(errorMessages(run)).toContain(
      'Airflow refused the partition key "2026-11-01" for DAG e2e_success (HTTP 400: Dag \'e2e_success\' is not a partitioned Dag and does not accept a partition_key)'
    )
  })
})

describe.runIf(airflowStarted)('a paused DAG', () => {
  // Paused on creation (is_paused_upon_creation); paused again here for a stack kept running.
  const setPaused = async (paused: boolean) =>
    expect(
      (await airflow('/dags/e2e_paused', { method: 'PATCH', body: { is_paused: paused } })).status
    ).toBe(200)
  beforeAll(() => setPaused(true))
  afterAll(() => setPaused(true))

  it('with wait and without unpause, fails the step at once', async () => {
    const { run, runId } = await trigger('e2e_paused', { wait: 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'DAG e2e_paused is paused: a run would stay queued until someone unpauses it, so waiting for it cannot end before the time-out. Nothing was triggered.'
    )
    // Nothing was posted: Airflow has no such run.
    const stored = await airflow(`/dags/e2e_paused/dagRuns/${encodeURIComponent(runId)}`)
    expect(stored.status).toBe(404)
    expect((await airflow<{ is_paused: boolean }>('/dags/e2e_paused')).body.is_paused).toBe(true)
  })

  it('is unpaused with unpause: true, and the run succeeds', async () => {
    const { run } = await trigger('e2e_paused', { unpause: 'true', wait: 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    expect((await airflow<{ is_paused: boolean }>('/dags/e2e_paused')).body.is_paused).toBe(false)
  })
})

describe.runIf(airflowStarted)('a dry run', () => {
  it('checks everything and creates no run', async () => {
    const before = (await runsOf('e2e_success')).length
    const { run } = await trigger('e2e_success', { 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('are both free: the real run would be created')
    expect((await runsOf('e2e_success')).length).toBe(before)
  })
})

describe.runIf(airflow3)('a task awaiting input (human-in-the-loop, Airflow 3.3)', () => {
  it('is reported while the action waits, and the run succeeds once answered through the API', async () => {
    const { action, runId, said } = await startTrigger('e2e_hitl', { wait: 'true' })
    const url = `${env.AIRFLOW_URL}/dags/e2e_hitl/runs/${encodeURIComponent(runId)}`
    await said(
      `Task approve is waiting for input: someone has to answer it in Airflow on the run's page, ${url}`
    )
    const task = await airflow<{ state: string }>(
      `/dags/e2e_hitl/dagRuns/${encodeURIComponent(runId)}/taskInstances/approve`
    )
    expect(task.body.state).toBe('awaiting_input')
    const answer = await approve(runId)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      chosen_options: ['Approve'],
      responded_by: { id: env.AIRFLOW_USER }
    })
    const run = await action.done
    expect(run.exitCode, run.stdout).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    expect(logLines(run.stdout).filter(line => line.includes('is waiting for input'))).toHaveLength(
      1
    )
  })
})

describe.runIf(airflow3)(
  'a token that expires mid-wait (Airflow 3: Airflow 2 takes HTTP Basic)',
  () => {
    it('is replaced with the user name and password, and the wait goes on', async () => {
      const lifetime = Number(env.AIRFLOW_JWT_SECONDS)
      expect(lifetime).toBeLessThanOrEqual(30)
      // The run waits for a person until the action's first token has expired.
      const { action, runId, said } = await startTrigger('e2e_hitl', { wait: 'true' })
      await said('is waiting for input')
      await said(
        `The token expired; getting a new one for ${env.AIRFLOW_USER}.`,
        (lifetime + 30) * 1000
      )
      expect((await approve(runId)).status).toBe(200)
      const run = await action.done
      expect(run.exitCode).toBe(0)
      expect(run.outputs['dag-run-state']).toBe('success')
    })
  }
)

describe.runIf(airflowStarted)('a cancel while the action waits', () => {
  // Airflow 3: a run waiting for a person (e2e_hitl). Airflow 2, which has no such task: a task that
  // runs for ten minutes (e2e_slow).
  const [dagId, waiting, after] = airflow2
    ? ['e2e_slow', 'hold', 'deploy']
    : ['e2e_hitl', 'approve', 'deploy']

  /** Resolves once Airflow says the run's first task is running or waiting for input. */
  async function taskUnderway(runId: string): Promise<void> {
    for (let i = 0; i < 120; i++) {
      const task = await airflow<{ state: string | null }>(
        `/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}/taskInstances/${waiting}`
      )
      if (task.body.state === 'running' || task.body.state === 'awaiting_input') return
      await new Promise(resolve => setTimeout(resolve, 500))
    }
    throw new Error(`task ${waiting} of ${runId} never ran`)
  }

  it('with stop-run-on-cancel marks the run failed in Airflow', async () => {
    const { action, runId, said } = await startTrigger(dagId, {
      wait: 'true',
      'stop-run-on-cancel': 'true'
    })
    await said(airflow2 ? 'is running' : 'is waiting for input')
    await taskUnderway(runId)
    action.child.kill('SIGINT')
    const run = await action.done
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(run.stdout).toContain(`Run ${runId} was marked failed in Airflow.`)
    const stored = await airflow<DagRun>(`/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}`)
    expect(stored.body.state).toBe('failed')
    const tasks = await airflow<{ task_instances: { task_id: string; state: string | null }[] }>(
      `/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}/taskInstances`
    )
    // Marking the run failed ends its tasks too: the one underway failed, the one after it skipped.
    expect(Object.fromEntries(tasks.body.task_instances.map(t => [t.task_id, t.state]))).toEqual({
      [waiting]: 'failed',
      [after]: 'skipped'
    })
  })
})
