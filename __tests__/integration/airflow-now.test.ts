import MarkdownIt from 'markdown-it'
import { afterEach, describe, expect, it } from 'vitest'
import { TestClock } from '../../test-support/clock.js'
import { logLines } from '../../test-support/run-action.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { summaryAsText } from '../../test-support/summary-text.js'

// Airflow as it runs now (3.1 to 3.3): what each release changed in the answers the action reads.

/** GFM as GitHub and Airflow's UI read a note: web addresses in its text become links. */
const markdown = new MarkdownIt({ linkify: true })

const LOGICAL_DATE = '2026-01-31T12:00:00Z'

/** Airflow's time and the action's: runs progress, and waits time out, as the polls pause. */
const clock = new TestClock()
const kit = useSandbox({
  clock,
  trigger: {
    'logical-date': LOGICAL_DATE,
    'poll-interval-seconds': '0.1',
    'wait-timeout-seconds': '30'
  }
})
afterEach(() => clock.onPause(undefined))

function trigger(inputs: Record<string, string> = {}, env: Record<string, string> = {}) {
  return kit.trigger(inputs, { env })
}

describe('lists in cursor pages (Airflow 3.2.2+): next_cursor and no total_entries', () => {
  it('reads the task progress and the failed tasks of a run', async () => {
    kit.sandbox.configure({ airflow: { cursorLists: true } })
    const run = await trigger({ 'dag-id': 'fails_dag', wait: 'true' })
    expect(run.exitCode).toBe(1)
    const lines = logLines(run.stdout)
    expect(lines.some(line => /\] Run \S+ failed\.$/.test(line))).toBe(true)
    expect(lines).toContain('Tasks that failed or did not finish:')
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(
      / failed after [\d.]+ s: 1 task failed, 2 tasks upstream_failed — open it/
    )
    expect(summary).toContain('4 tasks in all; 2 of them never ran')
  })

  it('names the running runs that fill max_active_runs', async () => {
    kit.sandbox.configure({
      airflow: { cursorLists: true, maxActiveRuns: 1, runStartMs: 0, runDurationMs: 600_000 }
    })
    expect((await trigger({ 'logical-date': '2026-01-30T12:00:00Z' })).exitCode).toBe(0)
    const run = await trigger({ wait: 'true', 'wait-timeout-seconds': '1' })
    expect(run.exitCode).toBe(1)
    const explained = logLines(run.stdout).filter(line => line.includes('is still queued'))
    expect(explained).toEqual([
      expect.stringContaining(
        'allows 1 active run at a time (max_active_runs), and 1 other run is running: github__2026-01-30T12:00:00Z.'
      )
    ])
  })

  it('tells in a dry run that the logical date is free', async () => {
    kit.sandbox.configure({ airflow: { cursorLists: true } })
    const run = await trigger({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('are both free: the real run would be created')
  })
})

describe('a note on every run', () => {
  const SHA = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b'
  const GITHUB = {
    GITHUB_SHA: SHA,
    GITHUB_WORKFLOW: 'deploy',
    GITHUB_RUN_ID: '9876543210',
    GITHUB_RUN_NUMBER: '57'
  }
  const DEFAULT_NOTE = `Triggered by octo/widgets@[1a2b3c4](https://github.com/octo/widgets/commit/${SHA}) — workflow "deploy" [run #57](https://github.com/octo/widgets/actions/runs/9876543210)`
  const noteOf = (dagId = 'example_dag') => kit.sandbox.runs.get(dagId)?.[0]?.note
  const requestLines = () =>
    kit.sandbox.requests.map(r => `${r.method} ${r.path.split('?')[0]} ${r.status}`)

  it('goes with the run on Airflow 3: repository, commit and workflow run, linked', async () => {
    const run = await trigger({}, GITHUB)
    expect(run.exitCode).toBe(0)
    expect(noteOf()).toBe(DEFAULT_NOTE)
    expect(requestLines().filter(line => line.startsWith('PATCH'))).toEqual([])
    expect(logLines(run.stdout)).toContain(`Note sent with the run: ${DEFAULT_NOTE}`)
    // The summary shows the note as Airflow does: its links as links, no Markdown left raw.
    expect(summaryAsText(run.summary)).toContain(
      'Note | Triggered by octo/widgets@1a2b3c4 — workflow "deploy" run #57 (sent with the run) |'
    )
    expect(run.summary).toContain(
      `<a href="https://github.com/octo/widgets/commit/${SHA}">1a2b3c4</a>`
    )
    expect(run.summary).toContain(
      '<a href="https://github.com/octo/widgets/actions/runs/9876543210">run #57</a>'
    )
  })

  it("leaves no web address in the workflow's name for Airflow's Markdown to link", async () => {
    const workflow = 'Deploy https://evil.example/x via www.evil.example'
    const run = await trigger({}, { ...GITHUB, GITHUB_WORKFLOW: workflow })
    expect(run.exitCode).toBe(0)
    const note = noteOf() ?? ''
    expect(note).toContain(
      'workflow "Deploy https\u2060://evil.example/x via www\u2060.evil.example" [run #57]'
    )
    // Only the action's own links stay: to the commit and to the workflow run.
    expect([...markdown.render(note).matchAll(/href="([^"]*)"/g)].map(m => m[1])).toEqual([
      `https://github.com/octo/widgets/commit/${SHA}`,
      'https://github.com/octo/widgets/actions/runs/9876543210'
    ])
  })

  it("is none with note: ''", async () => {
    const run = await trigger({ note: '' }, GITHUB)
    expect(run.exitCode).toBe(0)
    expect(noteOf()).toBeNull()
    expect(run.stdout).not.toContain('Note')
    expect(summaryAsText(run.summary)).not.toContain('Note')
  })

  it("is set with Airflow 2's setNote right after the run is created", async () => {
    const run = await trigger({ 'api-path': '/api/v1', note: 'Deploy of {commit}' }, GITHUB)
    expect(run.exitCode).toBe(0)
    const note = `Deploy of [1a2b3c4](https://github.com/octo/widgets/commit/${SHA})`
    expect(noteOf()).toBe(note)
    expect(requestLines()).toEqual([
      'GET /api/v1/dags/example_dag 200',
      'POST /api/v1/dags/example_dag/dagRuns 200',
      `PATCH /api/v1/dags/example_dag/dagRuns/${encodeURIComponent(`github__${LOGICAL_DATE}`)}/setNote 200`
    ])
    expect(summaryAsText(run.summary)).toContain(
      "(set after the run was created (Airflow 2's setNote))"
    )
  })

  it('is only a warning when Airflow 2 has no setNote (before 2.5): the run is created', async () => {
    kit.sandbox.configure({ airflow: { releases: { 2: '2.4.3' } } })
    const run = await trigger({ 'api-path': '/api/v1' }, GITHUB)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe(`github__${LOGICAL_DATE}`)
    expect(run.stdout).toMatch(
      /::warning title=Note not set::Run \S+ was created, but its note could not be set \(PATCH …\/setNote answered HTTP 404/
    )
    expect(noteOf()).toBeNull()
  })

  it('is left as it is on a run that existed before, and the log says so', async () => {
    expect((await trigger({ note: 'first' }, GITHUB)).exitCode).toBe(0)
    const rerun = await trigger({ note: 'second', 'on-duplicate': 'reuse' }, GITHUB)
    expect(rerun.exitCode).toBe(0)
    expect(noteOf()).toBe('first')
    expect(logLines(rerun.stdout)).toContain(
      `Run github__${LOGICAL_DATE} existed before this step: it keeps its own note, and this one was not set.`
    )
  })

  it('is told in a dry run, and not sent', async () => {
    const run = await trigger({ 'dry-run': 'true', 'api-path': '/api/v1' }, GITHUB)
    expect(run.exitCode).toBe(0)
    expect(logLines(run.stdout)).toContain(
      `Dry run: the run would get this note, set after the POST with Airflow 2's PATCH …/setNote (Airflow 2.5 and later): ${DEFAULT_NOTE}`
    )
    expect(kit.sandbox.requests.filter(r => r.method !== 'GET')).toEqual([])
  })
})

describe('a DAG that does not allow manual runs (allowed_run_types, Airflow 3.2+)', () => {
  const OWNER = 'Only the DAG\'s author can change this, by adding "manual" to allowed_run_types'

  it('is refused before the POST when the DAG read shows it, in a dry run too', async () => {
    kit.sandbox.configure({
      airflow: { releases: { 3: '3.2.1' }, manualDeniedDags: ['example_dag'] }
    })
    for (const dryRun of ['false', 'true']) {
      const run = await trigger({ 'dry-run': dryRun })
      expect(run.exitCode).toBe(1)
      expect(run.stdout).toContain(
        'DAG example_dag does not allow manual runs: its author limited the runs it takes (allowed_run_types: scheduled)'
      )
      expect(run.stdout).toContain(OWNER)
    }
    expect(kit.sandbox.requests.filter(r => r.method !== 'GET')).toEqual([])
  })

  it("is explained when only the POST's 400 says it", async () => {
    kit.sandbox.configure({
      airflow: { releases: { 3: '3.2.1' }, manualDeniedDags: ['example_dag'] }
    })
    // A DAG read that does not show the field, as an auth manager or a proxy might trim it.
    const dag = {
      dag_id: 'example_dag',
      is_paused: false,
      has_import_errors: false,
      is_stale: false
    }
    kit.sandbox.configure({ airflow: { faults: { dagBody: JSON.stringify(dag) } } })
    const run = await trigger()
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain(
      `DAG example_dag does not allow manual runs (Airflow answered HTTP 400: Dag with dag_id: 'example_dag' does not allow manual runs)`
    )
    expect(run.stdout).toContain(OWNER)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain("The DAG's author limited the runs it takes (allowed_run_types)")
    expect(summary).not.toContain('common causes')
  })
})

describe('partition-key (Airflow 3.2+)', () => {
  it('is sent as given to a partitioned DAG, and the run carries it', async () => {
    kit.sandbox.configure({
      airflow: { releases: { 3: '3.2.1' }, partitionedDags: ['example_dag'] }
    })
    const run = await trigger({ 'partition-key': 'eu|2026-03-10T09:00:00' })
    expect(run.exitCode).toBe(0)
    const post = kit.sandbox.requests.find(r => r.method === 'POST')
    expect(post?.status).toBe(200)
    const created = await fetch(
      `${kit.sandbox.url}/api/v2/dags/example_dag/dagRuns/${encodeURIComponent(`github__${LOGICAL_DATE}`)}`,
      { headers: { authorization: 'Bearer sandbox-token' } }
    )
    expect(await created.json()).toMatchObject({ partition_key: 'eu|2026-03-10T09:00:00' })
  })

  it('is refused, naming the input, on an Airflow that says it is older than 3.2', async () => {
    kit.sandbox.configure({ airflow: { releases: { 3: '3.1.0' } } })
    const run = await trigger({ 'partition-key': 'eu' })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain(
      '::error title=Bad input::Input "partition-key" needs Airflow 3.2 or later, where a DAG can be partitioned, but the server says it runs Airflow 3.1.0.'
    )
    expect(kit.sandbox.requests.map(r => r.path)).toEqual(['/api/v2/version'])
  })

  it("is refused before any request with Airflow 2's api-path", async () => {
    const run = await kit.inProcess.trigger({ 'partition-key': 'eu', 'api-path': '/api/v1' })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain('"api-path" /api/v1 is Airflow 2\'s REST API')
    expect(kit.sandbox.requests).toEqual([])
  })

  it('is explained when Airflow refuses it for a DAG that is not partitioned', async () => {
    kit.sandbox.configure({ airflow: { releases: { 3: '3.2.1' } } })
    const run = await trigger({ 'partition-key': 'eu' })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain(
      'Airflow refused the partition key "eu" for DAG example_dag (HTTP 400: '
    )
    expect(run.stdout).toContain('only a DAG with a partitioned schedule takes one')
    expect(kit.sandbox.runs.get('example_dag') ?? []).toEqual([])
  })
})

describe('a task awaiting input (human-in-the-loop, Airflow 3.3)', () => {
  const RUN_PAGE = () =>
    `${kit.sandbox.url}/dags/example_dag/runs/${encodeURIComponent(`github__${LOGICAL_DATE}`)}`

  it('is said once, with the run page, and the wait goes on until the run ends', async () => {
    kit.sandbox.configure({
      airflow: {
        releases: { 3: '3.3.0' },
        runStartMs: 0,
        runDurationMs: 400,
        heldTask: { taskId: 'transform', state: 'awaiting_input', forMs: 1500 }
      }
    })
    const run = await trigger({ wait: 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    const said = logLines(run.stdout).filter(line => line.includes('is waiting for input'))
    expect(said).toEqual([
      `Task transform is waiting for input: someone has to answer it in Airflow on the run's page, ${RUN_PAGE()} (Required actions). Still waiting; the wait's time-out still applies.`
    ])
    expect(logLines(run.stdout).join('\n')).not.toContain('still queued')
  })

  it('is listed in the summary when the wait times out, with what to do', async () => {
    kit.sandbox.configure({
      airflow: {
        releases: { 3: '3.3.0' },
        runStartMs: 0,
        runDurationMs: 400,
        heldTask: { taskId: 'transform', state: 'awaiting_input', forMs: null }
      }
    })
    const run = await trigger({ wait: 'true', 'wait-timeout-seconds': '1.5' })
    expect(run.exitCode).toBe(1)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('task transform is waiting for input')
    expect(summary.indexOf('What to do:')).toBeLessThan(summary.indexOf('waiting for input'))
    expect(summary).toMatch(/transform \| awaiting_input \| 1 \|/)
  })

  it('lists a task in a state the action does not know, as the server names it', async () => {
    kit.sandbox.configure({
      airflow: {
        runStartMs: 0,
        runDurationMs: 400,
        heldTask: { taskId: 'transform', state: 'awaiting_review', forMs: null }
      }
    })
    const run = await trigger({ wait: 'true', 'wait-timeout-seconds': '1.5' })
    expect(run.exitCode).toBe(1)
    expect(summaryAsText(run.summary)).toMatch(/transform \| awaiting_review \| 1 \|/)
    expect(logLines(run.stdout).join('\n')).toMatch(/^ {2}transform: awaiting_review, try 1, /m)
  })
})

describe('Airflow 2, past its end of life', () => {
  it('is said once, quietly, in the log and the summary, when the server says it is 2.x', async () => {
    kit.sandbox.configure({ airflow: { apiPaths: ['/api/v1'] } })
    const run = await trigger({ note: '' })
    expect(run.exitCode).toBe(0)
    const notice = 'Airflow 2 reached its end of life on 2026-04-22'
    expect(run.stdout.split(notice)).toHaveLength(2)
    expect(run.stdout).not.toMatch(/::(warning|notice)[^\n]*end of life/)
    expect(summaryAsText(run.summary)).toContain(notice)
  })

  it('is not said of Airflow 3', async () => {
    const run = await trigger()
    expect(run.stdout).not.toContain('end of life')
  })
})
