import { afterEach, describe, expect, it } from 'vitest'
import { annotationTitles, errorMessages, logLines } from '../../test-support/run-action.js'
import { TestClock } from '../../test-support/clock.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const LOGICAL_DATE = '2026-01-31T12:00:00Z'
const RUN_ID = `github__${LOGICAL_DATE}`
const ENCODED_RUN_ID = encodeURIComponent(RUN_ID)

/** Airflow's time and the action's: the runs progress as the action's polls pause, at once. */
const clock = new TestClock()
const kit = useSandbox({
  clock,
  trigger: {
    'logical-date': LOGICAL_DATE,
    wait: 'true',
    'poll-interval-seconds': '0.1',
    'wait-timeout-seconds': '30'
  }
})
afterEach(() => clock.onPause(undefined))
const waitFor = kit.trigger

/** The requests about the run: not the version asked first nor the DAG read before the POST. */
const apiRequests = () =>
  kit.sandbox.requests.filter(r => !r.path.endsWith('/version') && !/\/dags\/[^/?]+$/.test(r.path))
/** Method, path without the query, and status of each of those. */
const requestLines = () => apiRequests().map(r => `${r.method} ${r.path.split('?')[0]} ${r.status}`)

const runPath = (dagId = 'example_dag') => `/api/v2/dags/${dagId}/dagRuns/${ENCODED_RUN_ID}`

describe('the run link', () => {
  it('is an output and a log line, and points at Airflow 3 UI run page', async () => {
    const run = await waitFor({ wait: 'false' })
    expect(run.exitCode).toBe(0)
    const url = `${kit.sandbox.url}/dags/example_dag/runs/${ENCODED_RUN_ID}`
    expect(run.outputs['dag-run-url']).toBe(url)
    expect(logLines(run.stdout)).toContain(`Run page: ${url}`)
    expect(run.summary).toContain(`<a href="${url}">open it in Airflow</a>`)
  })

  it('points at Airflow 2 grid view with api-path /api/v1', async () => {
    const run = await waitFor({ wait: 'false', 'api-path': '/api/v1' })
    expect(run.outputs['dag-run-url']).toBe(
      `${kit.sandbox.url}/dags/example_dag/grid?dag_run_id=${ENCODED_RUN_ID}`
    )
  })

  it('takes its base from ui-url when the UI is served elsewhere', async () => {
    const run = await waitFor({ wait: 'false', 'ui-url': 'https://airflow.example.com/ui/' })
    expect(run.outputs['dag-run-url']).toBe(
      `https://airflow.example.com/ui/dags/example_dag/runs/${ENCODED_RUN_ID}`
    )
  })

  it('refuses a ui-url that is not an http(s) URL, before any request', async () => {
    const run = await kit.inProcess.trigger({ 'ui-url': 'javascript:alert(1)' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Input "ui-url" expected an http:// or https:// URL, got the scheme "javascript:"'
    )
    expect(kit.sandbox.requests).toHaveLength(0)
  })
})

describe('a watch worth reading', () => {
  it('logs each change of state once, with the time and the tasks finished, then the duration', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 300, runDurationMs: 1500 } })
    const run = await waitFor()
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    const lines = logLines(run.stdout)
    const watch = lines.filter(line => /^\[[\d.]+ s\] Run /.test(line))
    // About fifteen polls, three states: one line each, and progress as tasks finish.
    expect(watch[0]).toMatch(/^\[0(\.\d)? s\] Run github__2026-01-31T12:00:00Z is queued\.$/)
    expect(watch.filter(line => / is running/.test(line))).toHaveLength(1)
    expect(watch.at(-1)).toMatch(/ succeeded: 4 of 4 tasks finished\.$/)
    expect(watch.length).toBeLessThan(6)
    // More polls of the run than lines: the polls that changed nothing stayed silent.
    expect(kit.sandbox.requests.filter(r => r.path === runPath()).length).toBeGreaterThan(
      watch.length
    )
    expect(
      lines.some(line =>
        /^Run \S+ succeeded after [\d.]+ s \(the run itself took 1\.2 s\)\.$/.test(line)
      )
    ).toBe(true)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Airflow trigger: ✅ Run succeeded')
    // One duration of the run, in the first line; the state says how long the step waited.
    expect(summary).toMatch(/^Run \S+ of example_dag succeeded in 1\.2 s — /m)
    expect(summary).toMatch(/success \(the step waited [\d.]+ s for it\)/)
    expect(summary.match(/1\.2 s/g)).toHaveLength(1)
    expect(summary).toContain('4 of 4 finished')
  })

  it('reads task progress from task listings while the run is running, not before', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 500, runDurationMs: 1000 } })
    const run = await waitFor()
    expect(run.exitCode).toBe(0)
    const order = requestLines().map(line =>
      line.includes('/taskInstances') ? 'tasks' : line.split(' ')[0]
    )
    // Queued polls list no tasks; running and final ones do.
    expect(order[0]).toBe('POST')
    expect(order[1]).toBe('GET')
    expect(order[2]).toBe('GET')
    expect(order).toContain('tasks')
  })

  it('waits without progress when the listing is refused, and says so once', async () => {
    kit.sandbox.configure({ airflow: { taskListingForbidden: true } })
    const run = await waitFor()
    expect(run.exitCode).toBe(0)
    const refusals = logLines(run.stdout).filter(line => line.includes('cannot be listed'))
    expect(refusals).toEqual([
      "The run's tasks cannot be listed (HTTP 403: Forbidden); waiting without task progress."
    ])
    expect(requestLines().filter(line => line.includes('/taskInstances'))).toHaveLength(1)
  })
})

describe('why a run failed', () => {
  it('lists the failed and upstream-failed tasks with links to their logs, and one annotation per failed task', async () => {
    const run = await waitFor({ 'dag-id': 'fails_dag' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    const taskLog = `${kit.sandbox.url}/dags/fails_dag/runs/${ENCODED_RUN_ID}/tasks/transform/logs`
    expect(annotationTitles(run)).toEqual(['transform', 'Run failed'])
    const errors = errorMessages(run)
    expect(errors).toMatch(/^transform: failed, try 2, [\d.]+ s\.\nLog: /)
    expect(errors).toContain(`Log: ${taskLog}`)
    expect(errors).toMatch(
      /Run github__2026-01-31T12:00:00Z failed after [\d.]+ s \(the run itself took [\d.]+ s\): 1 task failed, 2 tasks upstream_failed\./
    )
    expect(errors).toContain(`Run page: ${kit.sandbox.url}/dags/fails_dag/runs/${ENCODED_RUN_ID}`)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Airflow trigger: ❌ Run failed')
    expect(summary).toContain('Tasks that failed or did not finish')
    expect(summary).toMatch(/transform \| failed \| 2 \| [\d.]+ s \| log/)
    expect(summary).toMatch(/load, publish \| upstream_failed — never ran \| {2}\| {2}\| {2}\|/)
    expect(run.summary).toContain(`<a href="${taskLog}">log</a>`)
    expect(run.summary).not.toContain('/tasks/load/logs')
    // Created, then failed: what to do comes first, and nothing claims success.
    expect(run.summary).not.toContain('✅')
    expect(run.summary.indexOf('What to do')).toBeLessThan(run.summary.indexOf('<table>'))
    // The answer shown is the last poll's, not the creation's "queued".
    expect(summary).toContain("The server's last answer about the run")
    expect(summary).toMatch(/"state": ?"failed"/)
    expect(summary).not.toMatch(/"state": ?"queued"/)
    // A run of a page's size is listed whole, once: states the action does not know would show too.
    const listing = kit.sandbox.requests.filter(r => r.path.includes('/taskInstances')).at(-1)!
    expect(new URL(listing.path, kit.sandbox.url).searchParams.getAll('state')).toEqual([])
  })

  it('says when the tasks cannot be listed, and keeps the run state', async () => {
    kit.sandbox.configure({ airflow: { taskListingForbidden: true } })
    const run = await waitFor({ 'dag-id': 'fails_dag' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(annotationTitles(run)).toEqual(['Run failed'])
    expect(logLines(run.stdout)).toContain(
      "The run's tasks could not be listed (HTTP 403: Forbidden)."
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain("The run's tasks could not be listed: HTTP 403: Forbidden")
    expect(summary).toContain('Airflow trigger: ❌ Run failed')
  })

  it('caps the list of a large DAG and says how many were left out', async () => {
    const tasks = Array.from({ length: 300 }, (_, i) => `step_${String(i).padStart(3, '0')}`)
    kit.sandbox.configure({ airflow: { tasks, failingTask: 'step_000', runDurationMs: 600 } })
    const run = await waitFor({ 'dag-id': 'fails_dag' })
    expect(run.exitCode).toBe(1)
    const summary = summaryAsText(run.summary)
    // The 99 that never ran on the first page share one row; the rest are counted and linked.
    expect(summary.match(/upstream_failed — never ran/g)).toHaveLength(1)
    expect(summary).toContain('99\u00a0tasks')
    expect(summary).toContain('200 more tasks not shown: the run in Airflow lists all of them.')
    expect(run.summary).toMatch(/<a href="[^"]+\/dags\/fails_dag\/runs\/[^"]+">200 more tasks<\/a>/)
    expect(logLines(run.stdout)).toContain('  … and 280 more (listed in the run page).')
    expect(errorMessages(run)).toContain(
      '1 task failed, 99 tasks upstream_failed in the first 100 of 300 listed.'
    )
  })

  it('counts progress beyond one page with the state filter', async () => {
    const tasks = Array.from({ length: 150 }, (_, i) => `t${i}`)
    kit.sandbox.configure({ airflow: { tasks, runDurationMs: 900 } })
    const run = await waitFor()
    expect(run.exitCode).toBe(0)
    expect(summaryAsText(run.summary)).toContain('150 of 150 finished')
  })
})

describe('a wait that ends when it should', () => {
  it('ends at once when the run disappears (404), within one poll', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 60_000, runDurationMs: 120_000 } })
    // Gone while the action waits to poll again, once it has polled twice.
    clock.onPause(() => {
      if (apiRequests().filter(r => r.method === 'GET').length > 1) kit.sandbox.reset()
    })
    const run = await waitFor({ 'poll-interval-seconds': '0.2' })
    expect(run.exitCode).toBe(1)
    expect(requestLines()).toEqual([`GET ${runPath()} 404`])
    expect(errorMessages(run)).toContain(
      'Stopped waiting for run github__2026-01-31T12:00:00Z after'
    )
    expect(errorMessages(run)).toContain(
      "the run is not there any more (HTTP 404: The DagRun with dag_id: 'example_dag' and run_id: 'github__2026-01-31T12:00:00Z' was not found)"
    )
    expect(annotationTitles(run)).toContain('Wait stopped: answered by Airflow')
    // What was known stays in the outputs.
    expect(run.outputs).toMatchObject({ 'dag-run-id': RUN_ID, 'dag-run-state': 'queued' })
    expect(run.outputs['dag-run-url']).toContain('/dags/example_dag/runs/')
  })

  it('retries passing failures with back-off, counts them, and says so after three in a row', async () => {
    // The run is done by the first poll that passes: no poll waits for it.
    kit.sandbox.configure({
      airflow: { faults: { getStatus503: 4 }, runStartMs: 0, runDurationMs: 0 }
    })
    const run = await waitFor({}, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    const lines = logLines(run.stdout)
    expect(
      lines.filter(line => line.startsWith("Could not read the run's state (HTTP 503"))
    ).toHaveLength(4)
    expect(run.stdout).toMatch(
      /::warning title=Polls failing::3 polls of run \S+ in a row failed, the last with HTTP 503/
    )
    expect(lines).toContain('4 polls failed on the way and were tried again.')
    // Back-off: 0.2, 0.4, 0.8 and 1.6 s after the failures, not 0.1 s each.
    expect(run.pauses).toEqual([200, 400, 800, 1600])
  })

  it('renews an expired Airflow 3 token with the user name and password, once, and goes on', async () => {
    kit.sandbox.configure({ airflow: { tokenLifetimeMs: 500, runDurationMs: 1500 } })
    const run = await waitFor({ token: '', username: 'airflow', password: 'sandbox-password' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    const lines = requestLines()
    const expired = lines.findIndex(line => line.startsWith('GET') && line.endsWith(' 401'))
    expect(expired).toBeGreaterThan(0)
    const path = lines[expired]!.split(' ')[1]
    expect(lines.slice(expired, expired + 3)).toEqual([
      `GET ${path} 401`,
      'POST /auth/token 201',
      `GET ${path} 200`
    ])
    expect(logLines(run.stdout)).toContain('The token expired; getting a new one for airflow.')
    // Every token fetched is masked before use.
    const issued = kit.sandbox.settings.airflow.tokens.slice(-2)
    for (const token of issued) expect(run.stdout).toContain(`::add-mask::${token}`)
  })

  it('stops, saying why, when the expired token cannot be renewed', async () => {
    kit.sandbox.configure({
      airflow: { tokenLifetimeMs: 500, tokenGrants: 1, runStartMs: 60_000, runDurationMs: 120_000 }
    })
    const run = await waitFor({ token: '', username: 'airflow', password: 'sandbox-password' })
    expect(run.exitCode).toBe(1)
    const lines = requestLines()
    const expired = lines.findIndex(line => line.startsWith('GET') && line.endsWith(' 401'))
    expect(lines.slice(expired + 1)).toEqual(['POST /auth/token 401'])
    expect(errorMessages(run)).toMatch(
      /Getting a token from 127\.0\.0\.1:\d+\/auth\/token failed with HTTP 401/
    )
    expect(run.outputs).toMatchObject({ 'dag-run-id': RUN_ID, 'dag-run-state': 'queued' })
  })

  it('stops when a bare token expires, and says how to let it be renewed', async () => {
    kit.sandbox.configure({
      airflow: { tokenLifetimeMs: 400, runStartMs: 60_000, runDurationMs: 120_000 }
    })
    const run = await waitFor()
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'the token expired (HTTP 401: Token Expired). A "token" cannot be renewed: give "username" and "password" instead'
    )
    expect(requestLines().filter(line => line.endsWith(' 401'))).toHaveLength(1)
    expect(run.outputs).toMatchObject({ 'dag-run-id': RUN_ID, 'dag-run-state': 'queued' })
  })

  it('says before waiting that a run dated ahead starts only then, and waits for it', async () => {
    // Far enough ahead that a slow start of the action still finds it ahead; the action's polls
    // move the clock, so the wait itself takes no real time.
    const ahead = new Date(clock.now() + 20_000)
    ahead.setUTCMilliseconds(0)
    const date = ahead.toISOString().replace('.000Z', 'Z')
    const run = await waitFor({ 'logical-date': date })
    expect(run.exitCode).toBe(0)
    expect(
      logLines(run.stdout).some(line =>
        new RegExp(
          `^Its logical date ${date} is [\\d.]+ s ahead, and Airflow does not start the run before then\\.$`
        ).test(line)
      )
    ).toBe(true)
  })

  it('fails at once when the logical date lies beyond the wait, without polling', async () => {
    const run = await waitFor({
      'logical-date': '2099-01-01T00:00:00Z',
      'wait-timeout-seconds': '60'
    })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Run github__2099-01-01T00:00:00Z cannot finish within "wait-timeout-seconds" (60 s). Its logical date 2099-01-01T00:00:00Z is'
    )
    expect(annotationTitles(run)).toContain('Run starts after the wait would end')
    expect(requestLines()).toEqual(['POST /api/v2/dags/example_dag/dagRuns 200'])
    expect(run.outputs).toMatchObject({
      'dag-run-id': 'github__2099-01-01T00:00:00Z',
      'dag-run-state': 'queued'
    })
  })

  it('says no task is to blame when the run never started before the time-out', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 60_000, runDurationMs: 120_000 } })
    const run = await waitFor({ 'wait-timeout-seconds': '1' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('queued')
    expect(summaryAsText(run.summary)).toContain(
      'No task failed, and none was running, queued or retrying.'
    )
  })

  it('keeps the run id, its link and the last state on a time-out', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 300, runDurationMs: 120_000 } })
    const run = await waitFor({ 'wait-timeout-seconds': '1' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Run github__2026-01-31T12:00:00Z did not finish within 1 s (last state: running)'
    )
    expect(run.outputs).toMatchObject({ 'dag-run-id': RUN_ID, 'dag-run-state': 'running' })
    expect(run.outputs['dag-run-url']).toBe(
      `${kit.sandbox.url}/dags/example_dag/runs/${ENCODED_RUN_ID}`
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Airflow trigger: ⏱️ Wait timed out')
    // The task that was running when the wait gave up is the one to look at.
    expect(summary).toMatch(/extract \| running \| 1 \|/)
  })
})
