import http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  annotationTitles,
  errorMessages,
  runAction,
  type RunOptions
} from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'

// Answers that do not say what they seem to, end to end: a loopback Airflow 3 whose answers to the
// trigger's own requests come from each test's script.

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}
/** `reset`: the connection is cut instead of answered. */
type Script = (method: string, url: string) => Answer | 'reset'

const DATE = '2026-01-31T12:00:00Z'
const RUN_ID = `github__${DATE}`
const RUN_PATH = `/api/v2/dags/etl/dagRuns/${encodeURIComponent(RUN_ID)}`
const ourRun: Answer = {
  status: 200,
  body: {
    dag_run_id: RUN_ID,
    dag_id: 'etl',
    logical_date: '2026-01-31T12:00:00+00:00',
    state: 'queued'
  }
}
const notFound: Answer = {
  status: 404,
  body: { detail: `The DagRun with dag_id: \`etl\` and run_id: \`${RUN_ID}\` was not found` }
}

let server: http.Server
let base: string
let script: Script
/** The trigger's requests, in order; the DAG read and the sign-in are answered apart. */
let seen: string[]
/** How `POST /auth/token` answers, in order; the last answer repeats. */
let tokens: Answer[]

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const method = req.method ?? ''
      const url = req.url ?? ''
      let answer: Answer | 'reset'
      if (method === 'GET' && url === '/api/v2/dags/etl') {
        answer = {
          status: 200,
          body: { dag_id: 'etl', is_paused: false, has_import_errors: false }
        }
      } else if (method === 'POST' && url === '/auth/token') {
        answer = tokens.length > 1 ? tokens.shift()! : tokens[0]!
      } else {
        seen.push(`${method} ${url}`)
        answer = script(method, url)
      }
      if (answer === 'reset') {
        req.socket.destroy()
        return
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {}))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})
beforeEach(() => {
  seen = []
  tokens = [{ status: 201, body: { access_token: 'token-1' } }]
})

const trigger = (inputs: Record<string, string> = {}, options: Partial<RunOptions> = {}) =>
  runAction({
    ...options,
    source: true,
    inputs: {
      mode: 'trigger',
      'base-url': base,
      'api-path': '/api/v2',
      'dag-id': 'etl',
      token: 'a-token',
      'logical-date': DATE,
      'max-attempts': '1',
      ...inputs
    }
  })

/** The POST answered by `post`, every GET of the run id by `get`. */
const postThenLookup =
  (post: Answer | 'reset', get: Answer): Script =>
  method =>
    method === 'POST' ? post : get

describe('a success status that does not prove the run was made is settled by a GET of the run id', () => {
  it.each([
    ['200 {}', { status: 200, body: {} }],
    ['201 with a body but no dag_run_id', { status: 201, body: { state: 'queued' } }],
    [
      '200 with a login page',
      { status: 200, body: '<html>Sign in</html>', headers: { 'content-type': 'text/html' } }
    ],
    ['200 with another run', { status: 200, body: { dag_run_id: 'someone_else', state: 'queued' } }]
  ])('%s, and the run is there: the run, created', async (_name, post) => {
    script = postThenLookup(post, ourRun)
    const run = await trigger()
    expect(run.exitCode).toBe(0)
    expect(seen).toEqual([`POST /api/v2/dags/etl/dagRuns`, `GET ${RUN_PATH}`])
    expect(run.outputs['dag-run-id']).toBe(RUN_ID)
    expect(run.outputs['dag-run-state']).toBe('queued')
    expect(run.stdout).toContain(`but run ${RUN_ID} exists: it was created.`)
    expect(summaryAsText(run.summary)).toMatch(
      /^# Airflow trigger: ✅ Run created \(confirmed by lookup\)/
    )
  })

  it.each([
    ['200 {}', { status: 200, body: {} }, 'HTTP 200 without a dag_run_id'],
    ['204', { status: 204 }, 'HTTP 204 without a dag_run_id'],
    [
      '200 with another run',
      { status: 200, body: { dag_run_id: 'someone_else' } },
      `HTTP 200 with run id "someone_else", not ${RUN_ID} as sent`
    ]
  ])(
    '%s, and the lookup answers 404: not created, and said so truly',
    async (_name, post, what) => {
      script = postThenLookup(post, notFound)
      const run = await trigger({ 'max-attempts': '3' })
      expect(run.exitCode).toBe(1)
      // Sent once: whatever answered the POST would answer another the same.
      expect(seen).toEqual([`POST /api/v2/dags/etl/dagRuns`, `GET ${RUN_PATH}`])
      expect(errorMessages(run)).toContain(what)
      expect(errorMessages(run)).toContain(
        `and run ${RUN_ID} does not exist (its lookup answered 404): the run was not created.`
      )
      expect(run.outputs['dag-run-id']).toBeUndefined()
    }
  )

  it('200 {}, and the lookup fails every time: the run may exist, and it is not sent again', async () => {
    script = postThenLookup({ status: 200, body: {} }, { status: 503, body: { detail: 'busy' } })
    const run = await trigger({ 'max-attempts': '2' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(seen.filter(line => line.startsWith('POST'))).toHaveLength(1)
    expect(errorMessages(run)).toContain('the run may or may not exist')
  })
})

describe('a token that cannot be renewed while an answer is settled', () => {
  const expired: Answer = { status: 401, body: { detail: 'Token Expired' } }
  const refused: Answer = { status: 401, body: { detail: 'Invalid credentials' } }

  it.each([
    ['a lost answer', 'reset' as const, 'The answer was lost'],
    ['a 502 from a gateway', { status: 502, body: 'Bad Gateway' }, 'The server answered HTTP 502'],
    ['200 {}', { status: 200, body: {} }, 'The server answered HTTP 200 without a dag_run_id']
  ])('after %s, still says the run may exist', async (_name, post, what) => {
    tokens = [{ status: 201, body: { access_token: 'token-1' } }, refused]
    script = postThenLookup(post, expired)
    const run = await trigger({ token: '', username: 'ci', password: 'pw' })
    expect(run.exitCode).toBe(1)
    expect(seen).toEqual([`POST /api/v2/dags/etl/dagRuns`, `GET ${RUN_PATH}`])
    const error = errorMessages(run)
    expect(error).toContain(what)
    expect(error).toContain(
      `looking run ${RUN_ID} up failed too (the token expired, and getting a new one failed: HTTP 401: Invalid credentials): the run may or may not exist.`
    )
    expect(annotationTitles(run)).not.toContain('Stopped')
  })
})

describe('a dry run reads the runs at its logical date only for what they prove', () => {
  const runsAt =
    (answer: Answer): Script =>
    (method, url) =>
      method === 'GET' && url === RUN_PATH ? notFound : answer
  const listed = (runs: Record<string, unknown>[], total?: number): Answer => ({
    status: 200,
    body: { dag_runs: runs, ...(total === undefined ? {} : { total_entries: total }) }
  })
  const other = { dag_run_id: 'nightly', logical_date: '2026-01-30T00:00:00+00:00' }

  it.each([
    ['{}', { status: 200, body: {} }, 'the answer is not a list of runs'],
    [
      'a list that is not one',
      { status: 200, body: { dag_runs: 'none' } },
      'the answer is not a list of runs'
    ],
    [
      'a run at another date among more (the filter was ignored)',
      listed([other], 40),
      'the server listed a run at another logical date'
    ],
    [
      'a run at another date, uncounted',
      listed([other]),
      'the server listed a run at another logical date'
    ],
    ['an empty list that counts runs', listed([], 3), 'the list is empty, yet it counts 3 runs']
  ])('%s: could not tell', async (_name, answer, why) => {
    script = runsAt(answer)
    const run = await trigger({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      `could not tell whether another run holds it (HTTP 200: ${why}`
    )
    expect(annotationTitles(run)).toContain(
      'Dry run: could not tell whether the run would be created'
    )
    expect(summaryAsText(run.summary)).toMatch(
      /^# Airflow trigger, dry run: ❔ Could not tell whether the run would be created/
    )
    expect(seen.filter(line => !line.startsWith('GET'))).toEqual([])
  })

  it.each([
    ['an empty list', listed([], 0)],
    ['the only run of the DAG, at another date', listed([other], 1)]
  ])('%s: the date is free', async (_name, answer) => {
    script = runsAt(answer)
    const run = await trigger({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('are both free: the real run would be created.')
  })

  it.each([
    ['Airflow 3', { dag_run_id: 'first', logical_date: '2026-01-31T12:00:00+00:00' }],
    ['Airflow 2.0', { dag_run_id: 'first', execution_date: '2026-01-31T12:00:00+00:00' }]
  ])('a run at the date itself (%s): held, whatever else is listed', async (_name, holder) => {
    script = runsAt(listed([other, holder], 40))
    const run = await trigger({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(`Logical date ${DATE} is already held by run first`)
  })
})
