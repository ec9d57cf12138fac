import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server.js'
import { repoRoot } from '../../test-support/run-action.js'
import { WP_PASSWORD, WP_USER } from '../../test-support/sandbox-kit.js'

const BEARER = 'Bearer sandbox-token'
const WP_AUTH = `Basic ${Buffer.from(`${WP_USER}:${WP_PASSWORD}`).toString('base64')}`
const CMS = '/cms-json/cms/v2'
const NGINX_405 =
  '<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n' +
  '<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
const PNG = Buffer.from('\x89PNG\r\n\x1a\nfake image bytes', 'latin1')

type Headers = Record<string, string | undefined>

let sandbox: Sandbox

async function start(options: SandboxOptions = {}): Promise<void> {
  await sandbox?.close()
  sandbox = await startSandbox(options)
}

beforeEach(() => start())
afterEach(async () => {
  vi.useRealTimers()
  await sandbox.close()
})

/** Drops undefined values so a test can leave a header out. */
function present(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)
  )
}

function trigger(
  dagId: string,
  body: unknown,
  headers: Headers = {},
  api = '/api/v2'
): Promise<Response> {
  return fetch(`${sandbox.url}${api}/dags/${encodeURIComponent(dagId)}/dagRuns`, {
    method: 'POST',
    headers: present({ 'content-type': 'application/json', authorization: BEARER, ...headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body)
  })
}

function getRun(dagId: string, runId: string, headers: Headers = {}): Promise<Response> {
  const url = `${sandbox.url}/api/v2/dags/${dagId}/dagRuns/${encodeURIComponent(runId)}`
  return fetch(url, { headers: present({ authorization: BEARER, ...headers }) })
}

function upload(body: Uint8Array, headers: Headers = {}, api = CMS): Promise<Response> {
  return fetch(`${sandbox.url}${api}/media`, {
    method: 'POST',
    headers: present({
      authorization: WP_AUTH,
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="photo.png"',
      ...headers
    }),
    body
  })
}

async function wpCode(response: Response): Promise<string> {
  return ((await response.json()) as { code: string }).code
}

const run = (logical: string, id: string) => ({ dag_run_id: id, logical_date: logical })

describe('Airflow trigger', () => {
  it("creates a run under both API versions and answers 200 with each version's run object", async () => {
    const v1 = await trigger('example_dag', run('2024-01-01T00:00:00Z', 'r1'), {}, '/api/v1')
    expect(v1.status).toBe(200)
    expect(v1.headers.get('server')).toBe('uvicorn')
    expect(await v1.json()).toEqual({
      dag_run_id: 'r1',
      dag_id: 'example_dag',
      logical_date: '2024-01-01T00:00:00+00:00',
      execution_date: '2024-01-01T00:00:00+00:00',
      start_date: null,
      end_date: null,
      data_interval_start: '2024-01-01T00:00:00+00:00',
      data_interval_end: '2024-01-01T00:00:00+00:00',
      last_scheduling_decision: null,
      run_type: 'manual',
      state: 'queued',
      external_trigger: true,
      conf: {},
      note: null
    })
    const v2 = await trigger('example_dag', run('2024-01-02T00:00:00.250Z', 'r2'), {}, '/api/v2')
    expect(v2.status).toBe(200)
    const v2Body = (await v2.json()) as Record<string, unknown>
    // run_after is when it was triggered, as Airflow 3.3.2 answered: "logical_date":
    // "2025-03-18T01:02:00Z", "queued_at":"2026-11-28T14:57:20.988998Z",
    // "run_after":"2026-11-28T14:57:20.985039Z".
    expect(v2Body.run_after).toBe(v2Body.queued_at)
    expect(v2Body).toMatchObject({
      dag_run_id: 'r2',
      dag_id: 'example_dag',
      logical_date: '2024-01-02T00:00:00.250000Z',
      start_date: null,
      end_date: null,
      duration: null,
      run_type: 'manual',
      state: 'queued',
      triggered_by: 'rest_api',
      conf: {},
      note: null,
      dag_versions: [],
      dag_display_name: 'example_dag'
    })
    expect(sandbox.runs.get('example_dag')).toHaveLength(2)
  })

  it('URL-decodes the DAG id and keeps conf', async () => {
    await start({ airflow: { dags: ['team/etl'] } })
    const response = await trigger('team/etl', {
      ...run('2024-01-01T00:00:00Z', 'a'),
      conf: { x: 1 }
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ dag_id: 'team/etl', conf: { x: 1 } })
  })

  it('refuses credentials as Airflow 3 does: 401 without or with an expired token, 403 otherwise', async () => {
    const body = run('2024-01-01T00:00:00Z', 'a')
    const answers = [
      [undefined, 401, { detail: 'Not authenticated' }],
      ['Bearer sandbox-expired-token', 401, { detail: 'Token Expired' }],
      ['Bearer nope', 403, { detail: 'Invalid JWT token' }],
      ['Basic abc', 403, { detail: 'Invalid JWT token' }],
      ['Bearer sandbox-viewer-token', 403, { detail: 'Forbidden' }]
    ] as const
    for (const [authorization, status, json] of answers) {
      const response = await trigger('example_dag', body, { authorization })
      expect([authorization, response.status, await response.json()]).toEqual([
        authorization,
        status,
        json
      ])
    }
    const challenge = await trigger('example_dag', body, { authorization: undefined })
    expect(challenge.headers.get('www-authenticate')).toBe('Bearer')
    expect(sandbox.runs.size).toBe(0)
  })

  it('refuses credentials as Airflow 2 does: problem+json 401, 403 for a token without rights', async () => {
    const body = run('2024-01-01T00:00:00Z', 'a')
    for (const authorization of [undefined, 'Bearer nope', 'Basic abc']) {
      const response = await trigger('example_dag', body, { authorization }, '/api/v1')
      expect(response.status).toBe(401)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      // Airflow 2.10.5, a wrong password or none: 401 {"detail": null, "status": 401,
      // "title": "Unauthorized", "type": "…#section/Errors/Unauthenticated"}.
      expect(await response.json()).toMatchObject({
        detail: null,
        status: 401,
        title: 'Unauthorized'
      })
    }
    const viewer = { authorization: 'Bearer sandbox-viewer-token' }
    const forbidden = await trigger('example_dag', body, viewer, '/api/v1')
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toMatchObject({ status: 403, title: 'Forbidden' })
    expect(sandbox.runs.size).toBe(0)
  })

  it('checks the body before the credentials on Airflow 3, after them on Airflow 2', async () => {
    const noToken = { authorization: undefined }
    expect((await trigger('example_dag', 'not json', noToken)).status).toBe(422)
    expect((await trigger('example_dag', 'not json', noToken, '/api/v1')).status).toBe(401)
  })

  it('answers 404 for an unknown DAG, in each version’s words', async () => {
    const v2 = await trigger('nope', run('2024-01-01T00:00:00Z', 'a'))
    expect(v2.status).toBe(404)
    // Airflow 3.3.2's words: 404 {"detail":"Dag with dag_id: 'nope' not found"}.
    expect(await v2.json()).toEqual({ detail: "Dag with dag_id: 'nope' not found" })
    const v1 = await trigger('nope', run('2024-01-01T00:00:00Z', 'a'), {}, '/api/v1')
    expect(await v1.json()).toEqual({
      detail: "DAG with dag_id: 'nope' not found",
      status: 404,
      title: 'DAG not found',
      type: expect.stringContaining('NotFound') as string
    })
    // And a read of it, as Airflow 3.3.2 answered GET /api/v2/dags/nope.
    const read = await fetch(`${sandbox.url}/api/v2/dags/nope`, {
      headers: { authorization: BEARER }
    })
    expect(read.status).toBe(404)
    expect(await read.json()).toEqual({ detail: 'The Dag with ID: `nope` was not found' })
  })

  it('validates the body as FastAPI does (422)', async () => {
    const extra = await trigger('example_dag', { ...run('2024-01-01T00:00:00Z', 'a'), x: 5 })
    expect(extra.status).toBe(422)
    expect(await extra.json()).toEqual({
      detail: [
        {
          type: 'extra_forbidden',
          loc: ['body', 'x'],
          msg: 'Extra inputs are not permitted',
          input: 5
        }
      ]
    })
    const naive = await trigger('example_dag', run('2024-01-01T00:00:00', 'a'))
    expect(naive.status).toBe(422)
    expect(await naive.json()).toMatchObject({
      detail: [{ loc: ['body', 'logical_date'], msg: 'Input should have timezone info' }]
    })
    const conf = await trigger('example_dag', { ...run('2024-01-01T00:00:00Z', 'a'), conf: [1] })
    expect(await conf.json()).toMatchObject({
      detail: [{ type: 'dict_type', loc: ['body', 'conf'] }]
    })
    for (const body of ['[1]', 'not json', '']) {
      expect((await trigger('example_dag', body)).status).toBe(422)
    }
    expect(sandbox.runs.size).toBe(0)
  })

  it('refuses what Airflow 2 refuses in the body, in its words (400)', async () => {
    // Each as Airflow 2.10.5 answered it: 400 problem+json, title "Bad Request".
    const answers: [Record<string, unknown>, string][] = [
      [
        { logical_date: '2025-05-03T00:00:00Z', partition_key: 'x' },
        "{'partition_key': ['Unknown field.']}"
      ],
      [
        { logical_date: '2025-05-03T00:00:00Z', run_after: '2025-05-03T00:00:00Z' },
        "{'run_after': ['Unknown field.']}"
      ],
      [
        { logical_date: '2025-05-03T00:00:00' },
        "'2025-05-03T00:00:00' is not a 'date-time' - 'logical_date'"
      ],
      [
        { dag_run_id: 'nulldate', logical_date: null },
        "{'logical_date': ['Field may not be null.']}"
      ]
    ]
    for (const [body, detail] of answers) {
      const response = await trigger('example_dag', body, {}, '/api/v1')
      expect([response.status, response.headers.get('content-type')]).toEqual([
        400,
        'application/problem+json'
      ])
      expect(await response.json()).toMatchObject({ detail, status: 400, title: 'Bad Request' })
    }
    expect(sandbox.runs.size).toBe(0)
  })

  it('rejects a run id outside the allowed pattern with 400', async () => {
    const v2 = await trigger('example_dag', run('2024-01-01T00:00:00Z', 'feature/x'))
    expect(v2.status).toBe(400)
    expect(await v2.json()).toEqual({
      detail: expect.stringMatching(/^The provided run ID 'feature\/x' is invalid/) as string
    })
    const v1 = await trigger('example_dag', run('2024-01-01T00:00:00Z', 'feature/x'), {}, '/api/v1')
    expect(await v1.json()).toMatchObject({ status: 400, title: 'Bad Request' })
  })

  it('refuses ".." in a run id on Airflow 3 only, as validate_run_id does', async () => {
    const v2 = await trigger('example_dag', run('2024-01-01T00:00:00Z', 'a..b'))
    expect(v2.status).toBe(400)
    expect(await v2.json()).toEqual({
      detail: "The run_id 'a..b' must not contain '..' to prevent path traversal"
    })
    const v1 = await trigger('example_dag', run('2024-01-01T00:00:00Z', 'a..b'), {}, '/api/v1')
    expect(v1.status).toBe(200)
  })

  describe('duplicates', () => {
    it('spec400: 400 for a repeated logical date (compared as instants) and run id', async () => {
      expect((await trigger('example_dag', run('2022-11-03T06:35:14Z', 'a'))).status).toBe(200)
      const sameInstant = await trigger('example_dag', run('2022-11-03T08:35:14+02:00', 'b'))
      expect(sameInstant.status).toBe(400)
      const body = (await sameInstant.json()) as Record<string, unknown>
      expect(body).toMatchObject({ status: 400, title: 'Bad Request' })
      expect(body.detail).toMatch(/logical date: '2022-11-03 06:35:14\+00:00' already exists/)
      expect(body).not.toHaveProperty('dag_run_id')
      const sameId = await trigger('example_dag', run('2022-11-04T00:00:00Z', 'a'))
      expect(sameId.status).toBe(400)
      // Another DAG may reuse both.
      expect((await trigger('etl_nightly', run('2022-11-03T06:35:14Z', 'a'))).status).toBe(200)
      expect(sandbox.runs.get('example_dag')).toHaveLength(1)
    })

    it('airflow2: 409 problem+json naming the clashing key', async () => {
      sandbox.configure({ airflow: { duplicateStyle: 'airflow2' } })
      await trigger('example_dag', run('2022-11-03T06:35:14Z', 'a'))
      const date = await trigger('example_dag', run('2022-11-03T06:35:14Z', 'b'))
      expect(date.status).toBe(409)
      expect(date.headers.get('content-type')).toBe('application/problem+json')
      expect(await date.json()).toMatchObject({
        detail:
          "DAGRun with DAG ID: 'example_dag' and DAGRun logical date: '2022-11-03 06:35:14+00:00' already exists",
        status: 409,
        title: 'Conflict'
      })
      const id = await trigger('example_dag', run('2022-11-05T00:00:00Z', 'a'))
      expect(await id.json()).toMatchObject({
        detail: "DAGRun with DAG ID: 'example_dag' and DAGRun ID: 'a' already exists"
      })
    })

    it('airflow3: 409 with an object detail that hides the key', async () => {
      sandbox.configure({ airflow: { duplicateStyle: 'airflow3' } })
      await trigger('example_dag', run('2022-11-03T06:35:14Z', 'a'))
      const response = await trigger('example_dag', run('2022-11-03T06:35:14Z', 'b'))
      expect(response.status).toBe(409)
      const body = (await response.json()) as { detail: Record<string, string> }
      expect(body.detail).toMatchObject({
        reason: 'Unique constraint violation',
        statement: 'hidden',
        orig_error: 'hidden'
      })
      expect(body.detail.message).toMatch(/^Serious error when handling your request\. .* ID \S+$/)
    })
  })

  it('GET returns the run, 404 for an unknown one, 401 without a token', async () => {
    await trigger('example_dag', run('2024-01-01T00:00:00Z', 'manual__2024-01-01T00:00:00+00:00'))
    const found = await getRun('example_dag', 'manual__2024-01-01T00:00:00+00:00')
    expect(found.status).toBe(200)
    expect(await found.json()).toMatchObject({ dag_run_id: 'manual__2024-01-01T00:00:00+00:00' })
    const viewer = await getRun('example_dag', 'manual__2024-01-01T00:00:00+00:00', {
      authorization: 'Bearer sandbox-viewer-token'
    })
    expect(viewer.status).toBe(200)
    const missing = await getRun('example_dag', 'zzz')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      detail: 'The DagRun with dag_id: `example_dag` and run_id: `zzz` was not found'
    })
    expect((await getRun('example_dag', 'zzz', { authorization: undefined })).status).toBe(401)
  })

  it('moves runs queued → running → success/failed from timestamps; future runs wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const t0 = Date.UTC(2025, 0, 1)
    vi.setSystemTime(t0)
    await trigger('example_dag', run('2024-01-01T00:00:00Z', 'ok'))
    await trigger('fails_dag', run('2024-01-01T00:00:00Z', 'bad'))
    await trigger('example_dag', run('2025-01-01T01:00:00Z', 'later'))
    const state = async (dagId: string, runId: string) =>
      ((await (await getRun(dagId, runId)).json()) as { state: string }).state
    vi.setSystemTime(t0 + 299)
    expect(await state('example_dag', 'ok')).toBe('queued')
    vi.setSystemTime(t0 + 300)
    expect(await state('example_dag', 'ok')).toBe('running')
    vi.setSystemTime(t0 + 900)
    expect(await getRun('example_dag', 'ok').then(r => r.json())).toMatchObject({
      state: 'success',
      start_date: '2025-01-01T00:00:00.300000Z',
      end_date: '2025-01-01T00:00:00.900000Z',
      duration: 0.6
    })
    expect(await state('fails_dag', 'bad')).toBe('failed')
    vi.setSystemTime(t0 + 30 * 60_000)
    expect(await state('example_dag', 'later')).toBe('queued')
  })

  describe('faults', () => {
    const body = run('2024-01-01T00:00:00Z', 'f1')

    it('omitRunId: 200 without dag_run_id and nothing created', async () => {
      sandbox.configure({ airflow: { faults: { omitRunId: true } } })
      const response = await trigger('example_dag', body)
      expect(response.status).toBe(200)
      expect(await response.json()).not.toHaveProperty('dag_run_id')
      expect(sandbox.runs.size).toBe(0)
    })

    it('htmlOk: 200 with an HTML page', async () => {
      sandbox.configure({ airflow: { faults: { htmlOk: true } } })
      const response = await trigger('example_dag', body)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await response.text()).toMatch(/<html>/)
    })

    it('delayMs: the run exists before the answer arrives', async () => {
      sandbox.configure({ airflow: { faults: { delayMs: 300 } } })
      let answered = false
      const pending = trigger('example_dag', body).finally(() => (answered = true))
      await vi.waitFor(() => expect(sandbox.runs.get('example_dag')).toHaveLength(1))
      expect(answered).toBe(false)
      const response = await pending
      expect(response.status).toBe(200)
    })

    it('dropAfterCreate: the run is created, the answer is lost, once per count', async () => {
      sandbox.configure({ airflow: { faults: { dropAfterCreate: 1 } } })
      await expect(trigger('example_dag', body)).rejects.toThrow()
      expect(sandbox.runs.get('example_dag')?.[0]?.dag_run_id).toBe('f1')
      expect(sandbox.settings.airflow.faults.dropAfterCreate).toBe(0)
      // The retry collides with the run the lost answer created.
      expect((await trigger('example_dag', body)).status).toBe(400)
      expect(sandbox.requests.at(-2)?.status).toBeNull()
    })

    it('dropBeforeCreate: the socket closes and nothing is created', async () => {
      sandbox.configure({ airflow: { faults: { dropBeforeCreate: 1 } } })
      await expect(trigger('example_dag', body)).rejects.toThrow()
      expect(sandbox.runs.size).toBe(0)
      expect((await trigger('example_dag', body)).status).toBe(200)
    })

    it('status500: n answers of 500, then normal service', async () => {
      sandbox.configure({ airflow: { faults: { status500: 2 } } })
      expect((await trigger('example_dag', body)).status).toBe(500)
      expect((await trigger('example_dag', body)).status).toBe(500)
      expect((await trigger('example_dag', body)).status).toBe(200)
    })
  })
})

describe('Airflow: a DAG, read and unpaused', () => {
  const dagUrl = (api: string, dagId = 'example_dag') => `${sandbox.url}${api}/dags/${dagId}`
  const patchDag = (api: string, body: unknown) =>
    fetch(dagUrl(api), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: BEARER },
      body: JSON.stringify(body)
    })
  const state = async (runId: string) =>
    ((await (await getRun('example_dag', runId)).json()) as { state: string }).state

  it("answers GET with each version's fields, 404 for an unknown DAG", async () => {
    sandbox.configure({ airflow: { importErrorDags: ['example_dag'], staleDags: ['example_dag'] } })
    const v3 = await (await fetch(dagUrl('/api/v2'), { headers: { authorization: BEARER } })).json()
    expect(v3).toMatchObject({ dag_id: 'example_dag', is_paused: false, is_stale: true })
    expect(v3).toMatchObject({ has_import_errors: true, max_active_runs: 16 })
    expect(v3).not.toHaveProperty('is_active')
    const v2 = await (await fetch(dagUrl('/api/v1'), { headers: { authorization: BEARER } })).json()
    expect(v2).toMatchObject({ dag_id: 'example_dag', is_active: false, next_dagrun: null })
    expect(v2).not.toHaveProperty('is_stale')
    const missing = await fetch(dagUrl('/api/v2', 'nope'), { headers: { authorization: BEARER } })
    expect(missing.status).toBe(404)
    // Airflow 2.10.5, GET /api/v1/dags/nope: 404 {"detail": "The DAG with dag_id: nope was not
    // found", "status": 404, "title": "DAG not found", …}; a PATCH of it: 404 {"detail": null,
    // "status": 404, "title": "Dag with id: 'nope' not found", …}.
    const missing2 = await fetch(dagUrl('/api/v1', 'nope'), { headers: { authorization: BEARER } })
    expect([missing2.status, await missing2.json()]).toEqual([
      404,
      expect.objectContaining({
        detail: 'The DAG with dag_id: nope was not found',
        title: 'DAG not found'
      })
    ])
    const patched = await fetch(dagUrl('/api/v1', 'nope'), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: BEARER },
      body: JSON.stringify({ is_paused: false })
    })
    expect([patched.status, await patched.json()]).toEqual([
      404,
      expect.objectContaining({ detail: null, title: "Dag with id: 'nope' not found" })
    ])
  })

  it('keeps the runs of a paused DAG queued until a PATCH unpauses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const t0 = Date.UTC(2025, 0, 1)
    vi.setSystemTime(t0)
    sandbox.configure({ airflow: { pausedDags: ['example_dag'] } })
    await trigger('example_dag', run('2024-01-01T00:00:00Z', 'held'))
    vi.setSystemTime(t0 + 60_000)
    expect(await state('held')).toBe('queued')
    expect((await patchDag('/api/v2', { is_paused: 'no' })).status).toBe(422)
    const unpaused = await patchDag('/api/v1', { is_paused: false })
    expect(await unpaused.json()).toMatchObject({ is_paused: false })
    expect(await state('held')).toBe('queued')
    vi.setSystemTime(t0 + 60_000 + 300)
    expect(await state('held')).toBe('running')
  })

  it('starts a run beyond max_active_runs when the one before it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const t0 = Date.UTC(2025, 0, 1)
    vi.setSystemTime(t0)
    sandbox.configure({ airflow: { maxActiveRuns: 1 } })
    await trigger('example_dag', run('2024-01-01T00:00:00Z', 'first'))
    await trigger('example_dag', run('2024-01-02T00:00:00Z', 'second'))
    vi.setSystemTime(t0 + 300)
    expect([await state('first'), await state('second')]).toEqual(['running', 'queued'])
    const listed = await fetch(`${sandbox.url}/api/v2/dags/example_dag/dagRuns?state=running`, {
      headers: { authorization: BEARER }
    })
    expect(await listed.json()).toMatchObject({
      dag_runs: [{ dag_run_id: 'first' }],
      total_entries: 1
    })
    vi.setSystemTime(t0 + 900 + 300)
    expect([await state('first'), await state('second')]).toEqual(['success', 'running'])
  })
})

describe('Airflow: PATCH of a run', () => {
  const RUN = 'manual__2024-01-01T00:00:00+00:00'
  function patch(body: unknown, api = '/api/v2', runId = RUN, token = 'sandbox-token') {
    return fetch(`${sandbox.url}${api}/dags/example_dag/dagRuns/${encodeURIComponent(runId)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body)
    })
  }

  it('ends a running run failed now: its running task failed, those not started skipped', async () => {
    await start({ airflow: { runStartMs: 0, runDurationMs: 60_000 } })
    await trigger('example_dag', run('2024-01-01T00:00:00Z', RUN))
    const response = await patch({ state: 'failed' })
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { state: string; end_date: string | null }
    expect(answer.state).toBe('failed')
    expect(answer.end_date).not.toBeNull()
    expect(sandbox.runs.get('example_dag')?.[0]?.state).toBe('failed')
    expect(sandbox.requests.at(-1)).toMatchObject({ method: 'PATCH', status: 200 })
    const listed = await fetch(
      `${sandbox.url}/api/v2/dags/example_dag/dagRuns/${encodeURIComponent(RUN)}/taskInstances`,
      { headers: { authorization: BEARER } }
    )
    const { task_instances } = (await listed.json()) as {
      task_instances: { task_id: string; state: string }[]
    }
    expect(task_instances.map(ti => `${ti.task_id} ${ti.state}`)).toEqual([
      'extract failed',
      'transform skipped',
      'load skipped',
      'publish skipped'
    ])
  })

  it('refuses as each version does: a bad body, a reader, an unknown run', async () => {
    await trigger('example_dag', run('2024-01-01T00:00:00Z', RUN))
    // FastAPI validates the body before it looks at the credentials.
    const bad3 = await patch({ state: 'stopped' }, '/api/v2', RUN, 'nobody')
    expect(bad3.status).toBe(422)
    const viewer = await patch({ state: 'failed' }, '/api/v2', RUN, 'sandbox-viewer-token')
    expect(viewer.status).toBe(403)
    const unknown = await patch({ state: 'failed' }, '/api/v2', 'zzz')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({
      detail: 'The DagRun with dag_id: `example_dag` and run_id: `zzz` was not found'
    })
    const bad2 = await patch({ state: 'stopped' }, '/api/v1')
    expect(bad2.status).toBe(400)
    expect(bad2.headers.get('content-type')).toBe('application/problem+json')
    const unknown2 = await patch({ state: 'failed' }, '/api/v1', 'zzz')
    expect(unknown2.status).toBe(404)
    // Airflow 2.10.5: 404 {"detail": null, "status": 404,
    // "title": "Dag Run id nope not found in dag e2e_success", "type": "…#section/Errors/NotFound"}.
    expect(await unknown2.json()).toMatchObject({
      detail: null,
      title: 'Dag Run id zzz not found in dag example_dag'
    })
    expect(sandbox.runs.get('example_dag')?.[0]?.state).not.toBe('failed')
    const done = await patch({ state: 'success' }, '/api/v1')
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ state: 'success' })
  })
})

describe('WordPress', () => {
  const originMarkers = (response: Response) => ({
    link: response.headers.get('link'),
    robots: response.headers.get('x-robots-tag'),
    nosniff: response.headers.get('x-content-type-options'),
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining')
  })

  it('serves settings with origin markers when authenticated, 401 otherwise', async () => {
    const ok = await fetch(`${sandbox.url}${CMS}/settings`, { headers: { authorization: WP_AUTH } })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ title: expect.any(String) as string, url: sandbox.url })
    expect(ok.headers.get('server')).toBe('nginx')
    expect(originMarkers(ok)).toEqual({
      link: `<${sandbox.url}/cms-json/>; rel="https://api.w.org/"`,
      robots: 'noindex',
      nosniff: 'nosniff',
      limit: expect.stringMatching(/^\d+$/) as string,
      remaining: expect.stringMatching(/^\d+$/) as string
    })
    const anonymous = await fetch(`${sandbox.url}${CMS}/settings`)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ data: { status: 401 } })
  })

  it('accepts the application password without its spaces', async () => {
    const compact = `Basic ${Buffer.from('demo:abcdefghijklmnopqrstuvwx').toString('base64')}`
    const response = await fetch(`${sandbox.url}/wp-json/wp/v2/settings`, {
      headers: { authorization: compact }
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('link')).toContain('/wp-json/>')
  })

  it('answers 404 rest_no_route everywhere when REST is disabled', async () => {
    sandbox.configure({ wordpress: { restDisabled: true } })
    const settings = await fetch(`${sandbox.url}${CMS}/settings`, {
      headers: { authorization: WP_AUTH }
    })
    expect(settings.status).toBe(404)
    expect(await wpCode(settings)).toBe('rest_no_route')
    expect(await wpCode(await upload(PNG))).toBe('rest_no_route')
  })

  it('uploads: 201, Location, attachment id header, ids from 4, stored bytes served back', async () => {
    const first = await upload(PNG)
    expect(first.status).toBe(201)
    const item = (await first.json()) as Record<string, unknown>
    expect(item).toMatchObject({
      id: 4,
      mime_type: 'image/png',
      media_type: 'image',
      title: { rendered: 'photo' },
      media_details: { filesize: PNG.length }
    })
    expect(first.headers.get('location')).toBe(`${sandbox.url}${CMS}/media/4`)
    expect(first.headers.get('x-cms-upload-attachment-id')).toBe('4')
    expect(first.headers.get('server')).toBe('nginx')
    expect(first.headers.get('x-cdn-request-id')).toBeNull()

    const stored = await fetch(item.source_url as string)
    expect(stored.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(PNG)

    const second = await upload(PNG, {}, '/wp-json/wp/v2')
    expect(second.headers.get('x-wp-upload-attachment-id')).toBe('5')
    expect(await second.json()).toMatchObject({
      id: 5,
      source_url: `${sandbox.url}/uploads/photo-1.png`
    })
    await upload(PNG, { 'content-disposition': 'attachment; filename="photo.png"' })
    expect(sandbox.media.map(media => media.fileName)).toEqual([
      'photo.png',
      'photo-1.png',
      'photo-2.png'
    ])
  })

  it('sanitizes names like WordPress (spaces become dashes)', async () => {
    const response = await upload(PNG, {
      'content-disposition': 'attachment; filename="My Photo.PNG"'
    })
    expect(await response.json()).toMatchObject({
      source_url: `${sandbox.url}/uploads/My-Photo.png`
    })
  })

  it('GET media item, 404 for an unknown id, list with totals', async () => {
    await upload(PNG)
    await upload(PNG)
    const one = await fetch(`${sandbox.url}${CMS}/media/4`)
    expect(await one.json()).toMatchObject({ id: 4 })
    const missing = await fetch(`${sandbox.url}${CMS}/media/99`)
    expect(missing.status).toBe(404)
    expect(await wpCode(missing)).toBe('rest_post_invalid_id')
    const list = await fetch(`${sandbox.url}${CMS}/media`)
    expect(list.headers.get('x-cms-total')).toBe('2')
    expect(list.headers.get('x-cms-totalpages')).toBe('1')
    expect(((await list.json()) as unknown[]).length).toBe(2)
    const wp = await fetch(`${sandbox.url}/wp-json/wp/v2/media`)
    expect(wp.headers.get('x-wp-total')).toBe('2')
  })

  it("answers an image's sizes, serves its thumbnail, and applies _fields as WordPress does", async () => {
    await upload(PNG)
    const [item] = (await (await fetch(`${sandbox.url}${CMS}/media`)).json()) as {
      media_details: { sizes: { thumbnail: { source_url: string; width: number } } }
    }[]
    const thumbnail = item!.media_details.sizes.thumbnail
    expect(thumbnail).toMatchObject({
      width: 150,
      source_url: `${sandbox.url}/uploads/photo-150x150.png`
    })
    expect(Buffer.from(await (await fetch(thumbnail.source_url)).arrayBuffer())).toEqual(PNG)
    const listed = async (fields: string) =>
      (await (await fetch(`${sandbox.url}${CMS}/media?_fields=${fields}`)).json()) as unknown[]
    // A dotted name alone does not make the controller compute media_details.
    expect(await listed('id,media_details.sizes.thumbnail')).toEqual([{ id: 4 }])
    const [both] = (await listed('id,media_details,media_details.sizes.thumbnail')) as {
      media_details: Record<string, unknown>
    }[]
    expect(Object.keys(both!.media_details)).toEqual(['filesize', 'file', 'sizes'])
  })

  it('checks uploads in WordPress order', async () => {
    const cases: [Uint8Array, Headers, number, string][] = [
      [new Uint8Array(), { 'content-type': undefined }, 400, 'rest_upload_no_data'],
      [PNG, { 'content-type': undefined }, 400, 'rest_upload_no_content_type'],
      [PNG, { 'content-type': 'application/json' }, 400, 'rest_invalid_json'],
      [PNG, { 'content-disposition': undefined }, 400, 'rest_upload_no_content_disposition'],
      [PNG, { 'content-disposition': 'attachment' }, 400, 'rest_upload_invalid_disposition'],
      [
        PNG,
        { 'content-disposition': 'attachment; filename=""' },
        400,
        'rest_upload_invalid_disposition'
      ],
      [
        PNG,
        { 'content-disposition': "attachment; filename*=UTF-8''a.png" },
        400,
        'rest_upload_invalid_disposition'
      ],
      [PNG, { 'content-md5': 'ffff' }, 412, 'rest_upload_hash_mismatch'],
      [PNG, { 'content-type': 'application/octet-stream' }, 500, 'rest_upload_sideload_error'],
      [
        PNG,
        { 'content-disposition': 'attachment; filename="a.exe"' },
        500,
        'rest_upload_sideload_error'
      ]
    ]
    for (const [body, headers, status, code] of cases) {
      const response = await upload(body, headers)
      expect([response.status, await wpCode(response)]).toEqual([status, code])
    }
    expect(sandbox.media).toHaveLength(0)
    const md5 = createHash('md5').update(PNG).digest('hex')
    expect((await upload(PNG, { 'content-md5': md5 })).status).toBe(201)
  })

  it('401 with Allow: GET when no credentials arrived; no Allow for a wrong password', async () => {
    const anonymous = await upload(PNG, { authorization: undefined })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('allow')).toBe('GET')
    expect(await wpCode(anonymous)).toBe('rest_cannot_create')
    const wrong = `Basic ${Buffer.from('demo:wrong').toString('base64')}`
    const rejected = await upload(PNG, { authorization: wrong })
    expect(rejected.status).toBe(401)
    expect(rejected.headers.get('allow')).toBeNull()
    expect(sandbox.media).toHaveLength(0)
  })

  it('rateLimit429: 429 with Retry-After and origin markers, then normal service', async () => {
    sandbox.configure({ wordpress: { rateLimit429: 1 } })
    const limited = await upload(PNG)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('link')).toContain('api.w.org')
    expect((await upload(PNG)).status).toBe(201)
  })

  it('retryAfter: the Retry-After the 429s carry', async () => {
    sandbox.configure({ wordpress: { rateLimit429: 2, retryAfter: '100000' } })
    expect((await upload(PNG)).headers.get('retry-after')).toBe('100000')
    sandbox.configure({ wordpress: { retryAfter: 'Wed, 21 Oct 2037 07:28:00 GMT' } })
    expect((await upload(PNG)).headers.get('retry-after')).toBe('Wed, 21 Oct 2037 07:28:00 GMT')
  })

  it('uploadRevoked: users/me lists upload_files, yet every upload gets 403 rest_cannot_create', async () => {
    sandbox.configure({ wordpress: { uploadRevoked: true } })
    const me = await fetch(`${sandbox.url}${CMS}/users/me?context=edit`, {
      headers: { authorization: WP_AUTH }
    })
    const user = (await me.json()) as { capabilities: Record<string, boolean> }
    expect(user.capabilities.upload_files).toBe(true)
    const refused = await upload(PNG)
    expect(refused.status).toBe(403)
    expect(await wpCode(refused)).toBe('rest_cannot_create')
    expect(sandbox.media).toHaveLength(0)
  })

  it('uploadDelayMs: the item is stored before its held answer; promptUploads go first', async () => {
    sandbox.configure({ wordpress: { uploadDelayMs: 60_000, promptUploads: 1 } })
    expect((await upload(PNG)).status).toBe(201)
    const client = new AbortController()
    const held = fetch(`${sandbox.url}${CMS}/media`, {
      method: 'POST',
      headers: {
        authorization: WP_AUTH,
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="photo.png"'
      },
      body: PNG,
      signal: client.signal
    })
    await vi.waitFor(() => expect(sandbox.media).toHaveLength(2))
    expect(sandbox.requests.at(-1)?.status).toBeNull()
    client.abort()
    await expect(held).rejects.toThrow()
  })

  it('discardBodies: counts and hashes without keeping bytes', async () => {
    await start({ wordpress: { discardBodies: true } })
    const big = Buffer.alloc(5 * 1024 * 1024, 7)
    const response = await upload(big)
    expect(response.status).toBe(201)
    const [item] = sandbox.media
    expect(item).toMatchObject({ size: big.length, bytes: null })
    expect(item?.md5).toBe(createHash('md5').update(big).digest('hex'))
    expect(sandbox.requests[0]?.bodyBytes).toBe(big.length)
  })
})

describe('CDN', () => {
  const CDN_ID = /^[0-9a-f]{32}-edge-ams-3$/

  it('passes N POSTs with CDN headers over origin markers, then answers 405 itself', async () => {
    await start({ cdn: { passPosts: 2 } })
    for (let i = 0; i < 2; i++) {
      const passed = await upload(PNG)
      expect(passed.status).toBe(201)
      expect(passed.headers.get('server')).toBe('hcdn')
      expect(passed.headers.get('x-cdn-request-id')).toMatch(CDN_ID)
      expect(passed.headers.get('x-cms-upload-attachment-id')).not.toBeNull()
      expect(passed.headers.get('x-ratelimit-limit')).not.toBeNull()
    }
    const blocked = await upload(PNG)
    expect(blocked.status).toBe(405)
    expect(blocked.headers.get('content-type')).toBe('text/html')
    expect(blocked.headers.get('server')).toBe('hcdn')
    expect(blocked.headers.get('x-cdn-request-id')).toMatch(CDN_ID)
    for (const name of ['link', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-robots-tag']) {
      expect(blocked.headers.get(name)).toBeNull()
    }
    const body = Buffer.from(await blocked.arrayBuffer())
    expect(body.toString('latin1')).toBe(NGINX_405)
    expect(body.length).toBe(150)
    expect(sandbox.media).toHaveLength(2)

    const list = await fetch(`${sandbox.url}${CMS}/media`)
    expect(list.status).toBe(200)
    expect(list.headers.get('server')).toBe('hcdn')
    expect(list.headers.get('x-cms-total')).toBe('2')
    expect((await trigger('example_dag', run('2024-01-01T00:00:00Z', 'a'))).status).toBe(200)

    const posts = sandbox.requests.filter(r => r.method === 'POST' && r.path.endsWith('/media'))
    expect(posts.map(r => r.answeredBy)).toEqual(['origin', 'origin', 'cdn'])
    expect(posts.map(r => r.status)).toEqual([201, 201, 405])
    expect(posts[2]?.bodyBytes).toBe(PNG.length)
  })

  it('blockAll blocks the first POST; blockTriggers blocks trigger POSTs', async () => {
    await start({ cdn: { blockAll: true, blockTriggers: true, name: 'edgy', edge: 'e1' } })
    const media = await upload(PNG)
    expect(media.status).toBe(405)
    expect(media.headers.get('server')).toBe('edgy')
    expect(media.headers.get('x-cdn-request-id')).toMatch(/^[0-9a-f]{32}-e1$/)
    const triggered = await trigger('example_dag', run('2024-01-01T00:00:00Z', 'a'))
    expect(triggered.status).toBe(405)
    expect(await triggered.text()).toBe(NGINX_405)
    expect(sandbox.runs.size).toBe(0)
    expect((await getRun('example_dag', 'a')).status).toBe(404)
  })

  it('can be switched on and off at run time', async () => {
    sandbox.configure({ cdn: { blockAll: true } })
    expect((await upload(PNG)).status).toBe(405)
    sandbox.configure({ cdn: false })
    const direct = await upload(PNG)
    expect(direct.status).toBe(201)
    expect(direct.headers.get('server')).toBe('nginx')
  })
})

describe('lifecycle', () => {
  it('records every request and reset() forgets state and faults', async () => {
    sandbox.configure({ airflow: { faults: { status500: 5 } } })
    await trigger('example_dag', run('2024-01-01T00:00:00Z', 'a'))
    await fetch(`${sandbox.url}/nowhere?x=1`)
    expect(sandbox.requests.map(r => [r.method, r.path, r.answeredBy])).toEqual([
      ['POST', '/api/v2/dags/example_dag/dagRuns', 'origin'],
      ['GET', '/nowhere?x=1', 'origin']
    ])
    expect(sandbox.requests[0]?.headers.authorization).toBe(BEARER)
    sandbox.reset()
    expect(sandbox.requests).toHaveLength(0)
    expect(sandbox.settings.airflow.faults.status500).toBe(0)
    expect((await trigger('example_dag', run('2024-01-01T00:00:00Z', 'a'))).status).toBe(200)
    await upload(PNG)
    sandbox.reset()
    expect(sandbox.runs.size).toBe(0)
    expect(sandbox.media).toHaveLength(0)
    expect(await (await upload(PNG)).json()).toMatchObject({ id: 4 })
  })

  it('close() ends kept-alive and in-flight connections promptly', async () => {
    await upload(PNG)
    // Longer than the test's time-out: a close() that waited for the answer would fail the test.
    sandbox.configure({ airflow: { faults: { delayMs: 60_000 } } })
    const pending = trigger('example_dag', run('2024-01-01T00:00:00Z', 'a'))
    await vi.waitFor(() => expect(sandbox.runs.size).toBe(1))
    await sandbox.close()
    await expect(pending).rejects.toThrow()
  })
})

describe('cli', () => {
  /** Starts `npm run sandbox` with `args`; resolves once it printed its address. */
  async function startCli(args: string[]) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const exited = new Promise<number | null>(resolve => child.on('exit', resolve))
    await vi.waitFor(() => expect(stdout).toContain('\n'), { timeout: 10_000 })
    const url = /^sandbox listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(stdout)?.[1]
    expect(url).toBeDefined()
    return {
      url: url!,
      stdout: () => stdout,
      stderr: () => stderr,
      stop: async () => {
        child.kill('SIGTERM')
        return exited
      }
    }
  }

  it('prints one line, serves, and exits cleanly on SIGTERM', async () => {
    const cli = await startCli([
      '--cdn-pass-posts',
      '0',
      '--cdn-name',
      'hcdn',
      '--airflow-release',
      '3.3.0'
    ])
    // stderr is a separate pipe: its lines may arrive after stdout's.
    await vi.waitFor(() => expect(cli.stderr()).toContain('sandbox-token'), { timeout: 10_000 })
    const blocked = await fetch(`${cli.url}${CMS}/media`, {
      method: 'POST',
      headers: { authorization: WP_AUTH, 'content-type': 'image/png' },
      body: PNG
    })
    expect(blocked.status).toBe(405)
    const version = await fetch(`${cli.url}/api/v2/version`)
    expect(await version.json()).toMatchObject({ version: '3.3.0' })
    expect(await cli.stop()).toBe(0)
    expect(cli.stdout().split('\n')).toEqual([
      expect.stringMatching(/^sandbox listening/) as string,
      ''
    ])
  })

  it('makes a paused DAG, one that does not import, a large DAG and an MWAA that refuses', async () => {
    const cli = await startCli([
      '--paused-dag',
      'example_dag',
      '--import-error-dag',
      'fails_dag',
      '--tasks',
      '120',
      '--mwaa-refuse',
      'AccessDeniedException'
    ])
    const read = (path: string, init: RequestInit = {}) =>
      fetch(`${cli.url}/api/v2${path}`, {
        ...init,
        headers: { authorization: BEARER, 'content-type': 'application/json' }
      })
    expect(await (await read('/dags/example_dag')).json()).toMatchObject({ is_paused: true })
    expect(await (await read('/dags/fails_dag')).json()).toMatchObject({
      has_import_errors: true
    })
    await read('/dags/etl_nightly/dagRuns', {
      method: 'POST',
      body: JSON.stringify({ dag_run_id: 'big', logical_date: '2024-01-01T00:00:00Z' })
    })
    const tasks = (await (
      await read('/dags/etl_nightly/dagRuns/big/taskInstances?limit=200')
    ).json()) as { total_entries: number }
    expect(tasks.total_entries).toBe(120)
    await vi.waitFor(() => expect(cli.stderr()).toContain('mwaa stand-in on'), { timeout: 10_000 })
    expect(await cli.stop()).toBe(0)
  })

  it.each([
    [['--tasks', '0'], '--tasks needs 1 to 5000, got 0'],
    [['--task', 'a', '--tasks', '3'], '--task and --tasks: give one or the other'],
    [['--mwaa-refuse', 'Nope'], '--mwaa-refuse must be one of AccessDeniedException']
  ])('refuses %j, saying why', async (args, message) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>(resolve => child.on('close', resolve))
    expect(code).toBe(2)
    expect(stderr).toContain(message)
  })
})

describe('Airflow 3.2 and 3.3 as the stand-in answers them', () => {
  const get = (path: string) =>
    fetch(`${sandbox.url}${path}`, { headers: { authorization: BEARER } }).then(async r => ({
      status: r.status,
      body: (await r.json()) as Record<string, unknown>
    }))
  const LOGICAL = { logical_date: '2024-01-01T00:00:00Z' }

  it('says its release, and shows 3.2 fields only from 3.2 on', async () => {
    expect((await get('/api/v2/version')).body.version).toBe('3.0.6')
    expect((await get('/api/v2/dags/example_dag')).body).not.toHaveProperty('allowed_run_types')
    await start({ airflow: { releases: { 3: '3.2.1' }, manualDeniedDags: ['etl_nightly'] } })
    expect((await get('/api/v2/version')).body.version).toBe('3.2.1')
    expect((await get('/api/v1/version')).body.version).toBe('2.10.5')
    expect((await get('/api/v2/dags/example_dag')).body).toMatchObject({
      allowed_run_types: null,
      timetable_partitioned: false
    })
    expect((await get('/api/v2/dags/etl_nightly')).body.allowed_run_types).toEqual(['scheduled'])
  })

  it('refuses a manual run of a DAG that does not allow one, and a partition key of a DAG without partitions', async () => {
    await start({
      airflow: {
        releases: { 3: '3.2.1' },
        manualDeniedDags: ['etl_nightly'],
        partitionedDags: ['fails_dag']
      }
    })
    const denied = await trigger('etl_nightly', LOGICAL)
    expect(denied.status).toBe(400)
    expect(await denied.json()).toEqual({
      detail: "Dag with dag_id: 'etl_nightly' does not allow manual runs"
    })
    const unpartitioned = await trigger('example_dag', { ...LOGICAL, partition_key: 'eu' })
    expect(unpartitioned.status).toBe(400)
    // As Airflow 3.3.2 answered for e2e_success: 400 {"detail":"Dag 'e2e_success' is not a
    // partitioned Dag and does not accept a partition_key."}
    expect(await unpartitioned.json()).toEqual({
      detail: "Dag 'example_dag' is not a partitioned Dag and does not accept a partition_key."
    })
    const partitioned = await trigger('fails_dag', { ...LOGICAL, partition_key: 'eu' })
    expect(partitioned.status).toBe(200)
    expect(await partitioned.json()).toMatchObject({ partition_key: 'eu' })
  })

  it('takes no partition_key before 3.2, as any unknown field', async () => {
    const answer = await trigger('example_dag', { ...LOGICAL, partition_key: 'eu' })
    expect(answer.status).toBe(422)
    expect(JSON.stringify(await answer.json())).toContain('extra_forbidden')
  })

  it('sets a note with Airflow 2.5+ setNote, which Airflow 3 and older 2 do not have', async () => {
    await trigger('example_dag', LOGICAL, {}, '/api/v1')
    const [stored] = sandbox.runs.get('example_dag')!
    const setNote = (api: string) =>
      fetch(
        `${sandbox.url}${api}/dags/example_dag/dagRuns/${encodeURIComponent(stored!.dag_run_id)}/setNote`,
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: BEARER },
          body: JSON.stringify({ note: 'From CI' })
        }
      )
    const set = await setNote('/api/v1')
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({ note: 'From CI' })
    expect((await setNote('/api/v2')).status).toBe(404)
    sandbox.configure({ airflow: { releases: { 2: '2.4.3' } } })
    expect((await setNote('/api/v1')).status).toBe(404)
  })

  it('answers cursor pages when asked, or by default when set to', async () => {
    await trigger('example_dag', LOGICAL)
    await trigger('example_dag', { logical_date: '2024-01-02T00:00:00Z' })
    const offset = await get('/api/v2/dags/example_dag/dagRuns?limit=1')
    expect(offset.body).toMatchObject({ total_entries: 2 })
    const first = await get('/api/v2/dags/example_dag/dagRuns?limit=1&cursor=')
    expect(first.body).not.toHaveProperty('total_entries')
    expect(first.body.next_cursor).toEqual(expect.any(String))
    const last = await get(
      `/api/v2/dags/example_dag/dagRuns?limit=1&cursor=${String(first.body.next_cursor)}`
    )
    expect(last.body).toMatchObject({ next_cursor: null, dag_runs: [expect.any(Object)] })
    sandbox.configure({ airflow: { cursorLists: true } })
    const byDefault = await get('/api/v2/dags/example_dag/dagRuns')
    expect(byDefault.body).toMatchObject({ next_cursor: null, previous_cursor: null })
    expect(byDefault.body).not.toHaveProperty('total_entries')
  })

  it('refuses a task state it does not know in a filter (422), and knows awaiting_input from 3.3', async () => {
    await trigger('example_dag', LOGICAL)
    const [stored] = sandbox.runs.get('example_dag')!
    const tasks = `/api/v2/dags/example_dag/dagRuns/${encodeURIComponent(stored!.dag_run_id)}/taskInstances?state=awaiting_input`
    const before = await get(tasks)
    expect(before.status).toBe(422)
    expect(String(before.body.detail)).toContain('Invalid value for state')
    sandbox.configure({ airflow: { releases: { 3: '3.3.0' } } })
    expect((await get(tasks)).status).toBe(200)
  })
})
