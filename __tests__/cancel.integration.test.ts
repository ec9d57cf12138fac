import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSandbox, type RecordedRequest, type Sandbox } from '../sandbox/server.js'
import { png } from '../test-support/images.js'
import {
  annotationTitles,
  errorMessages,
  mediaOutput,
  startAction,
  type StartedAction
} from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'

/**
 * The runner cancels a step with SIGINT, then SIGTERM. Each test signals the action only once
 * the sandbox has seen the request the signal must catch, never after a fixed time.
 */

const LOGICAL_DATE = '2026-01-31T12:00:00Z'
const RUN_ID = `github__${LOGICAL_DATE}`
const ENCODED_RUN_ID = encodeURIComponent(RUN_ID)
/** Longer than any test: what the sandbox holds is only ever ended by the cancel. */
const HOLD_MS = 60_000

let sandbox: Sandbox
const workspaces: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox()
})
afterEach(async () => {
  sandbox.reset()
  for (const dir of workspaces.splice(0)) await rm(dir, { recursive: true, force: true })
})
afterAll(() => sandbox.close())

const pathOf = (request: RecordedRequest) => new URL(request.path, 'http://x').pathname

/** Resolves with the first request the sandbox has seen that matches. */
async function seen(matches: (request: RecordedRequest) => boolean): Promise<RecordedRequest> {
  return vi.waitFor(
    () => {
      const request = sandbox.requests.find(matches)
      if (!request) throw new Error('not seen yet')
      return request
    },
    { timeout: 15_000, interval: 20 }
  )
}

/** The `Cancelled` error annotation, the one line a cancelled step leaves. */
function cancelledLine(stdout: string): string {
  const lines = stdout.split('\n').filter(line => line.startsWith('::error title=Cancelled::'))
  expect(lines).toHaveLength(1)
  return lines[0]!.replace('::error title=Cancelled::', '')
}

describe('cancelling an upload', () => {
  async function startUpload(names: string[]): Promise<StartedAction> {
    const workspace = await mkdtemp(path.join(tmpdir(), 'cancel-upload-'))
    workspaces.push(workspace)
    await mkdir(path.join(workspace, 'img'))
    for (const [index, name] of names.entries()) {
      await writeFile(path.join(workspace, 'img', name), png(2, 2, [index * 40, 0, 0]))
    }
    return startAction({
      source: true,
      inputs: {
        mode: 'upload',
        'base-url': sandbox.url,
        files: 'img/*',
        username: 'demo',
        'app-password': 'abcd efgh ijkl mnop qrst uvwx'
      },
      cwd: workspace
    })
  }
  const mediaPosts = () =>
    sandbox.requests.filter(r => r.method === 'POST' && pathOf(r).endsWith('/media'))

  it('reports the file uploaded, the one in flight as maybe stored, and the rest as not sent', async () => {
    // The first upload is answered; the second is stored, and its answer held.
    sandbox.configure({ wordpress: { uploadDelayMs: HOLD_MS, promptUploads: 1 } })
    const stored = sandbox.media.length
    const action = await startUpload(['a.png', 'b.png', 'c.png', 'd.png'])
    await vi.waitFor(() => expect(sandbox.media).toHaveLength(stored + 2), { timeout: 15_000 })
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(mediaPosts()).toHaveLength(2)
    expect(mediaOutput(run).map(({ file, status }) => [file, status])).toEqual([
      ['img/a.png', 'uploaded'],
      ['img/b.png', 'failed'],
      ['img/c.png', 'not-attempted'],
      ['img/d.png', 'not-attempted']
    ])
    expect(run.outputs).toMatchObject({
      'uploaded-count': '1',
      'existing-count': '0',
      'failed-count': '3'
    })
    expect(cancelledLine(run.stdout)).toBe(
      'Cancelled (SIGINT): 1 of 4 file(s) uploaded, 1 in flight may have been stored (check the media library), 2 not sent.'
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('img/b.png')
    expect(summary).toContain('in flight when the step was cancelled: it may have been stored')
    expect(summary).toMatch(
      /img\/d\.png \| [^|]+ \| ⏭️ not-attempted \| 0 \| not sent: the step was cancelled/
    )
    expect(summary).toContain(
      'Stopped: The step was cancelled: 1 file(s) in flight may have been stored (check the media library before sending them again); the 2 remaining file(s) were not sent.'
    )
  })

  it('keeps the report whole when SIGINT and SIGTERM come at once', async () => {
    sandbox.configure({ wordpress: { uploadDelayMs: HOLD_MS } })
    const stored = sandbox.media.length
    const action = await startUpload(['a.png', 'b.png'])
    await vi.waitFor(() => expect(sandbox.media).toHaveLength(stored + 1), { timeout: 15_000 })
    action.child.kill('SIGINT')
    action.child.kill('SIGTERM')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    // Two signals pending at once may be handled in either order: the first handled counts.
    expect(cancelledLine(run.stdout)).toMatch(
      /^Cancelled \(SIG(INT|TERM)\): 0 of 2 file\(s\) uploaded, 1 in flight may have been stored \(check the media library\), 1 not sent\.$/
    )
    expect(mediaOutput(run).map(({ status }) => status)).toEqual(['failed', 'not-attempted'])
    expect(run.summary).toContain('WordPress upload')
  })
})

describe('cancelling a trigger', () => {
  function startTrigger(inputs: Record<string, string> = {}): Promise<StartedAction> {
    return startAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'base-url': sandbox.url,
        'dag-id': 'example_dag',
        token: 'sandbox-token',
        'logical-date': LOGICAL_DATE,
        wait: 'true',
        'poll-interval-seconds': '0.1',
        ...inputs
      }
    })
  }
  const runPath = (apiPath = '/api/v2') => `${apiPath}/dags/example_dag/dagRuns/${ENCODED_RUN_ID}`
  /**
   * The first poll's answer has been read once its task listing is asked for: the run is then
   * known to be running, and the signal cannot catch that poll on its way back.
   */
  const firstPollRead = (apiPath?: string) =>
    seen(r => r.method === 'GET' && pathOf(r) === `${runPath(apiPath)}/taskInstances`)
  const patches = () => sandbox.requests.filter(r => r.method === 'PATCH')
  const runState = () => sandbox.runs.get('example_dag')?.[0]?.state

  it('mid-wait: stops polling, leaves the run alone, and says where it is', async () => {
    sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
    const action = await startTrigger()
    await firstPollRead()
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(patches()).toEqual([])
    expect(runState()).toBe('running')
    const url = `${sandbox.url}/dags/example_dag/runs/${ENCODED_RUN_ID}`
    expect(run.outputs).toMatchObject({
      'dag-run-id': RUN_ID,
      'dag-run-url': url,
      'dag-run-state': 'running'
    })
    expect(cancelledLine(run.stdout)).toMatch(
      new RegExp(
        `^Cancelled \\(SIGINT\\): Stopped waiting for run ${RUN_ID} after [^(]+\\(last state: running\\)\\. The run goes on in Airflow \\("stop-run-on-cancel" is off\\)\\. Run page: `
      )
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Airflow trigger: ⏹️ Cancelled while waiting for the run')
    expect(summary).toContain('The run goes on in Airflow ("stop-run-on-cancel" is off).')
    expect(run.summary).toContain(`<a href="${url}">Open the run in Airflow</a>`)
  })

  it('mid-wait with stop-run-on-cancel: marks the run failed and says so', async () => {
    sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' })
    await firstPollRead()
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(patches().map(r => [pathOf(r), r.status])).toEqual([[runPath(), 200]])
    expect(runState()).toBe('failed')
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(cancelledLine(run.stdout)).toContain(`Run ${RUN_ID} was marked failed in Airflow.`)
    expect(summaryAsText(run.summary)).toContain(`Run ${RUN_ID} was marked failed in Airflow.`)
  })

  it('on SIGTERM alone, on Airflow 2, does the same', async () => {
    sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true', 'api-path': '/api/v1' })
    await firstPollRead('/api/v1')
    action.child.kill('SIGTERM')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    // The first PATCH sets the run's note, as Airflow 2 takes it only after the run exists.
    expect(patches().map(r => [pathOf(r), r.status])).toEqual([
      [`${runPath('/api/v1')}/setNote`, 200],
      [runPath('/api/v1'), 200]
    ])
    expect(runState()).toBe('failed')
    expect(cancelledLine(run.stdout)).toMatch(/^Cancelled \(SIGTERM\): Stopped waiting for run /)
    expect(annotationTitles(run)).toEqual(['Cancelled'])
  })

  it('says so when Airflow refuses to stop the run', async () => {
    sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' })
    await firstPollRead()
    // From now on the token may read the run but not change it.
    sandbox.configure({ airflow: { tokens: [], noPermissionTokens: ['sandbox-token'] } })
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(patches().map(r => r.status)).toEqual([403])
    expect(runState()).toBe('running')
    expect(run.outputs['dag-run-state']).toBe('running')
    const said = `Marking run ${RUN_ID} failed did not work (HTTP 403: Forbidden): it goes on in Airflow; stop it from its page.`
    expect(cancelledLine(run.stdout)).toContain(said)
    expect(summaryAsText(run.summary)).toContain(said)
  })

  it('lets the SIGTERM that follows not cut the PATCH short, which is bounded in time', async () => {
    sandbox.configure({
      airflow: { runStartMs: 0, runDurationMs: HOLD_MS, faults: { patchDelayMs: HOLD_MS } }
    })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' })
    await firstPollRead()
    action.child.kill('SIGINT')
    await seen(r => r.method === 'PATCH')
    action.child.kill('SIGTERM')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    const said = `Marking run ${RUN_ID} failed got no answer (no complete answer within 3.75 s): its page tells whether it still runs.`
    expect(cancelledLine(run.stdout)).toMatch(/^Cancelled \(SIGINT\): Stopped waiting for run /)
    expect(cancelledLine(run.stdout)).toContain(said)
    expect(summaryAsText(run.summary)).toContain(said)
  })

  it('mid-creation: sends nothing more, and says the run may exist', async () => {
    // The run is created, and the answer held.
    sandbox.configure({ airflow: { faults: { delayMs: HOLD_MS } } })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' })
    await vi.waitFor(() => expect(sandbox.runs.get('example_dag')).toHaveLength(1), {
      timeout: 15_000
    })
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(sandbox.requests.map(r => `${r.method} ${pathOf(r)}`)).toEqual([
      'GET /api/v2/version',
      'GET /api/v2/dags/example_dag',
      'POST /api/v2/dags/example_dag/dagRuns'
    ])
    expect(run.outputs['logical-date']).toBe(LOGICAL_DATE)
    expect(cancelledLine(run.stdout)).toContain(
      `Cancelled (SIGINT): The step was cancelled while the run was being created. The answer was lost (cancelled), and looking run ${RUN_ID} up failed too (not sent: the step was cancelled): the run may or may not exist.`
    )
    expect(errorMessages(run)).not.toContain('Run not created')
    expect(summaryAsText(run.summary)).toContain('Cancelled: The step was cancelled while the run')
  })
})
