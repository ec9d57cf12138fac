import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type RecordedRequest } from '../../sandbox/server.js'
import { STOP_RUN_TIMEOUT_MS } from '../../src/trigger/backend/backend.js'
import { TestClock } from '../../test-support/clock.js'
import { png } from '../../test-support/images.js'
import {
  annotationTitles,
  errorMessages,
  mediaOutput,
  startAction,
  type StartedAction
} from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

/**
 * The runner cancels a step with SIGINT, then SIGTERM. Each test signals the action only once
 * the sandbox has seen the request the signal must catch, never after a fixed time.
 */

const LOGICAL_DATE = '2026-01-31T12:00:00Z'
const RUN_ID = `github__${LOGICAL_DATE}`
const ENCODED_RUN_ID = encodeURIComponent(RUN_ID)
/** Longer than any test: what the sandbox holds is only ever ended by the cancel. */
const HOLD_MS = 60_000

const kit = useSandbox()
const { seen } = kit
const workspaces: string[] = []

afterEach(async () => {
  for (const dir of workspaces.splice(0)) await rm(dir, { recursive: true, force: true })
})

const pathOf = (request: RecordedRequest) => new URL(request.path, 'http://x').pathname

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
        'base-url': kit.sandbox.url,
        files: 'img/*',
        username: 'demo',
        'app-password': 'abcd efgh ijkl mnop qrst uvwx',
        // One at a time: each test knows which file the cancel catches in flight.
        concurrency: '1'
      },
      cwd: workspace
    })
  }
  const mediaPosts = () =>
    kit.sandbox.requests.filter(r => r.method === 'POST' && pathOf(r).endsWith('/media'))

  it('reports the file uploaded, the one in flight as maybe stored, and the rest as not sent', async () => {
    // The first upload is answered; the second is stored, and its answer held.
    kit.sandbox.configure({ wordpress: { uploadDelayMs: HOLD_MS, promptUploads: 1 } })
    const stored = kit.sandbox.media.length
    const action = await startUpload(['a.png', 'b.png', 'c.png', 'd.png'])
    await vi.waitFor(() => expect(kit.sandbox.media).toHaveLength(stored + 2), { timeout: 15_000 })
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
      'Cancelled (SIGINT): 1 of 4 files uploaded, 1 in flight may have been stored (check the media library), 2 not sent.'
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('img/b.png')
    expect(summary).toContain('in flight when the step was cancelled: it may have been stored')
    expect(summary).toMatch(/img\/d\.png \| [^|]+ \| ⏭️ not sent: the step was cancelled \| — \|/)
    expect(summary).toContain(
      'Stopped: The step was cancelled: 1 file in flight may have been stored (check the media library before sending it again); the 2 remaining files were not sent.'
    )
  })

  it('keeps the report whole when SIGINT and SIGTERM come at once', async () => {
    kit.sandbox.configure({ wordpress: { uploadDelayMs: HOLD_MS } })
    const stored = kit.sandbox.media.length
    const action = await startUpload(['a.png', 'b.png'])
    await vi.waitFor(() => expect(kit.sandbox.media).toHaveLength(stored + 1), { timeout: 15_000 })
    action.child.kill('SIGINT')
    action.child.kill('SIGTERM')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    // Two signals pending at once may be handled in either order: the first handled counts.
    expect(cancelledLine(run.stdout)).toMatch(
      /^Cancelled \(SIG(INT|TERM)\): 0 of 2 files uploaded, 1 in flight may have been stored \(check the media library\), 1 not sent\.$/
    )
    expect(mediaOutput(run).map(({ status }) => status)).toEqual(['failed', 'not-attempted'])
    expect(run.summary).toContain('WordPress upload')
  })
})

describe('cancelling a trigger', () => {
  function startTrigger(
    inputs: Record<string, string> = {},
    clock?: TestClock
  ): Promise<StartedAction> {
    return startAction({
      source: true,
      clock,
      inputs: {
        mode: 'trigger',
        'base-url': kit.sandbox.url,
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
  const patches = () => kit.sandbox.requests.filter(r => r.method === 'PATCH')
  const runState = () => kit.sandbox.runs.get('example_dag')?.[0]?.state

  it('mid-wait: stops polling, leaves the run alone, and says where it is', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
    const action = await startTrigger()
    await firstPollRead()
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(patches()).toEqual([])
    expect(runState()).toBe('running')
    const url = `${kit.sandbox.url}/dags/example_dag/runs/${ENCODED_RUN_ID}`
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
    expect(run.summary).toContain(`<a href="${url}">open it in Airflow</a>`)
  })

  it('mid-wait with stop-run-on-cancel: marks the run failed and says so', async () => {
    kit.sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
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
    kit.sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
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
    kit.sandbox.configure({ airflow: { runStartMs: 0, runDurationMs: HOLD_MS } })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' })
    await firstPollRead()
    // From now on the token may read the run but not change it.
    kit.sandbox.configure({ airflow: { tokens: [], noPermissionTokens: ['sandbox-token'] } })
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
    kit.sandbox.configure({
      airflow: { runStartMs: 0, runDurationMs: HOLD_MS, faults: { patchDelayMs: HOLD_MS } }
    })
    const clock = new TestClock()
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' }, clock)
    await firstPollRead()
    action.child.kill('SIGINT')
    await seen(r => r.method === 'PATCH')
    action.child.kill('SIGTERM')
    // Once the SIGTERM has been through the action's listeners, the PATCH's time passes.
    await clock.signalled('SIGTERM')
    await clock.advance(STOP_RUN_TIMEOUT_MS)
    const run = await action.done

    expect(run.exitCode).toBe(1)
    const said = `Marking run ${RUN_ID} failed got no answer (no complete answer within 3.75 s): its page tells whether it still runs.`
    expect(cancelledLine(run.stdout)).toMatch(/^Cancelled \(SIGINT\): Stopped waiting for run /)
    expect(cancelledLine(run.stdout)).toContain(said)
    expect(summaryAsText(run.summary)).toContain(said)
  })

  it('mid-creation: sends nothing more, and says the run may exist', async () => {
    // The run is created, and the answer held.
    kit.sandbox.configure({ airflow: { faults: { delayMs: HOLD_MS } } })
    const action = await startTrigger({ 'stop-run-on-cancel': 'true' })
    await vi.waitFor(() => expect(kit.sandbox.runs.get('example_dag')).toHaveLength(1), {
      timeout: 15_000
    })
    action.child.kill('SIGINT')
    const run = await action.done

    expect(run.exitCode).toBe(1)
    expect(kit.sandbox.requests.map(r => `${r.method} ${pathOf(r)}`)).toEqual([
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
