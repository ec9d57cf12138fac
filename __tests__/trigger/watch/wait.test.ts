import { describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import type { HttpResult } from '../../../src/http/send.js'
import type {
  AirflowApi,
  AirflowRead,
  TaskQuery
} from '../../../src/trigger/airflow/airflow-api.js'
import { TERMINAL_STATES } from '../../../src/trigger/airflow/airflow-answers.js'
import { classifyPoll } from '../../../src/trigger/dag-run/poll-answer.js'
import { dagRunWatcher } from '../../../src/trigger/dag-run/watcher.js'
import { waitForRun, type WaitDeps } from '../../../src/trigger/watch/wait.js'
import { watchRun } from '../../../src/trigger/watch/watch-run.js'
import { fakeAirflowApi } from '../../../test-support/fake-apis.js'
import { html, json, lost } from '../../../test-support/http-results.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'

const RUN_ID = 'github__2026-01-31T12:00:00Z'
const context = (method: 'GET' | 'POST') =>
  ({ app: airflowProfile, method, apiPath: '/api/v2', host: 'airflow.example.com' }) as const
const run = (state: string, extra: Record<string, unknown> = {}) =>
  json(200, { dag_run_id: RUN_ID, dag_id: 'etl', state, ...extra })
const expired = json(401, { detail: 'Token Expired' })

describe('classifyPoll', () => {
  const classify = (result: HttpResult, renewsToken = false) =>
    classifyPoll(result, diagnose(result, context('GET')), RUN_ID, renewsToken)

  it.each([
    ['a reset connection', lost('ECONNRESET', true)],
    ['a time-out', lost('ETIMEDOUT', true, { timedOut: true })],
    ['a gateway 502', html(502, '502 Bad Gateway')],
    ['503', json(503, { detail: 'busy' })],
    ['429', json(429, { detail: 'Too many requests' })],
    ['408', html(408, '408 Request Timeout')],
    ['a 200 login page', html(200, 'Sign in')]
  ])('%s is worth another poll', (_name, result) => {
    expect(classify(result).kind).toBe('transient')
  })

  it.each([
    ['401', json(401, { detail: 'Not authenticated' }), 'HTTP 401: Not authenticated'],
    ['403', json(403, { detail: 'Forbidden' }), 'HTTP 403: Forbidden'],
    ['404', json(404, { detail: 'gone' }), 'the run is not there any more (HTTP 404: gone)'],
    ['400', json(400, { detail: 'bad' }), 'HTTP 400: bad'],
    [
      'another run',
      run('running', { dag_run_id: 'other' }),
      `asked for run ${RUN_ID}, the server answered with run other`
    ]
  ])('%s ends the wait', (_name, result, why) => {
    const poll = classify(result)
    expect(poll.kind).toBe('permanent')
    expect(poll.kind === 'permanent' && poll.why).toContain(why)
  })

  it('tells an expired bare token how to be renewed, and a renewed one that it failed again', () => {
    const bare = classify(expired)
    expect(bare.kind === 'permanent' && bare.why).toContain(
      'A "token" cannot be renewed: give "username" and "password" instead'
    )
    const renewed = classify(expired, true)
    expect(renewed.kind === 'permanent' && renewed.why).toContain(
      'the new one fetched with "username"/"password" was refused as expired too'
    )
  })

  it('reads the run of a good answer', () => {
    expect(classify(run('running'))).toMatchObject({ kind: 'run', run: { state: 'running' } })
  })
})

/** A GET whose expired token could not be renewed, as the API answers it. */
function renewalRefused(message: string): AirflowRead {
  const result = json(401, { detail: 'Invalid credentials' })
  const verdict = diagnose(result, {
    app: airflowProfile,
    method: 'POST',
    apiPath: '/auth',
    host: 'x'
  })
  return { renewalRefused: { message, result, verdict } }
}

interface ScriptOptions {
  /** How task listings answer; refused unless given. */
  list?: () => Promise<AirflowRead>
  /** How long the nth run GET (0-based) takes on the fake clock. */
  getTakesMs?: (n: number) => number
  /** How the DAG read and the run listing answer (a queued run's explanation), each given `took`. */
  getDag?: (took: (ms: number) => void) => Promise<HttpResult>
  listRuns?: () => Promise<HttpResult>
}

/**
 * An API whose run GETs answer from a script (the last answer repeats); listings are refused.
 * `sent` records, for every request, the clock when it was sent and the time left to it by the
 * bound of the API it was sent through (`within`).
 */
function scripted(answers: AirflowRead[], options: ScriptOptions = {}) {
  const { list = () => Promise.resolve(json(403, { detail: 'Forbidden' })), getTakesMs = () => 0 } =
    options
  const gets: number[] = []
  const lists: TaskQuery[] = []
  const sent: { what: string; at: number; leftMs: number }[] = []
  let clock = 0
  // The bound of the API a method was last taken from: each records it as it is called.
  let bound: (() => number) | undefined
  const send = (what: string) => sent.push({ what, at: clock, leftMs: bound?.() ?? Infinity })
  const through = (leftMs?: () => number): AirflowApi =>
    new Proxy(methods, {
      get: (target, name, receiver) => {
        bound = leftMs
        return Reflect.get(target, name, receiver) as unknown
      }
    })
  const methods = fakeAirflowApi({
    context,
    getDag: () => {
      if (!options.getDag) return Promise.reject(new Error('no DAG read was expected'))
      send('GET dag')
      return options.getDag(ms => (clock += ms))
    },
    listRuns: () => {
      if (!options.listRuns) return Promise.reject(new Error('no run listing was expected'))
      send('GET runs')
      return options.listRuns()
    },
    getRun: id => {
      expect(id).toBe(RUN_ID)
      send('GET run')
      gets.push(clock)
      clock += getTakesMs(gets.length - 1)
      return Promise.resolve(answers.length > 1 ? answers.shift()! : answers[0]!)
    },
    listTaskInstances: (_id, query) => {
      send('GET tasks')
      lists.push(query)
      return list()
    },
    within: through
  })
  const api = through()
  const logs: string[] = []
  const warnings: string[] = []
  const deps: WaitDeps = {
    sleep: ms => {
      clock += ms
      return Promise.resolve()
    },
    monotonicMs: () => clock,
    now: () => new Date(Date.UTC(2026, 0, 31) + clock),
    log: message => logs.push(message),
    warn: message => warnings.push(message)
  }
  return { api, deps, gets, lists, sent, logs, warnings }
}

/** `timeout-seconds` in these tests. */
const REQUEST_TIMEOUT_MS = 30_000

/**
 * The wait of DAG run RUN_ID as the pipeline starts it: through the API bound to the wait's
 * deadline plus one request's time-out.
 */
function startWait(
  s: ReturnType<typeof scripted>,
  timeoutMs: number,
  options: { explainQueuedAfterMs?: number; signal?: AbortSignal } = {}
) {
  const deadline = s.deps.monotonicMs() + timeoutMs
  const api = s.api.within(() => deadline + REQUEST_TIMEOUT_MS - s.deps.monotonicMs())
  const { signal, ...more } = options
  return waitForRun(
    dagRunWatcher(api, { dagId: 'etl', dagRunId: RUN_ID }),
    { dagRunId: RUN_ID, finalStates: TERMINAL_STATES, deadline, intervalMs: 1000, ...more },
    signal ? { ...s.deps, signal } : s.deps
  )
}

const wait = (s: ReturnType<typeof scripted>, timeoutMs = 60_000) => startWait(s, timeoutMs)

describe('waitForRun', () => {
  it('ends with the run, its duration, and the polls it took', async () => {
    const s = scripted([
      run('queued'),
      run('running'),
      run('success', { start_date: '2026-01-31T12:00:01Z', end_date: '2026-01-31T12:01:31Z' })
    ])
    const result = await wait(s)
    expect(result).toMatchObject({
      end: { kind: 'finished' },
      state: 'success',
      elapsedMs: 2000,
      runDurationMs: 90_000,
      failedPolls: 0
    })
    expect(s.gets).toEqual([0, 1000, 2000])
  })

  it('times out at the deadline for the whole wait, with the last state seen', async () => {
    const s = scripted([run('queued')])
    const result = await wait(s, 5500)
    expect(result).toMatchObject({ end: { kind: 'timed-out' }, state: 'queued', elapsedMs: 5500 })
    // One last poll at the deadline itself.
    expect(s.gets).toEqual([0, 1000, 2000, 3000, 4000, 5000, 5500])
  })

  it('stops at the first permanent answer, with its diagnosis', async () => {
    const s = scripted([run('running'), json(404, { detail: 'not found' })])
    const result = await wait(s)
    expect(result.end).toMatchObject({ kind: 'stopped', verdict: { layer: 'origin' } })
    expect(result.state).toBe('running')
    expect(s.gets).toHaveLength(2)
  })

  it('backs off after passing failures, warns once at three in a row, and counts them', async () => {
    const failing = html(502, '502 Bad Gateway')
    const s = scripted([failing, failing, failing, failing, run('success')])
    const result = await wait(s)
    expect(result).toMatchObject({ end: { kind: 'finished' }, failedPolls: 4 })
    expect(s.gets).toEqual([0, 2000, 6000, 14_000, 30_000])
    expect(s.warnings).toHaveLength(1)
    expect(s.warnings[0]).toContain('3 polls of run github__2026-01-31T12:00:00Z in a row failed')
  })

  it('stops with the message of a token renewal that failed', async () => {
    const s = scripted([
      renewalRefused('Getting a token from airflow.example.com/auth/token failed')
    ])
    const result = await wait(s)
    expect(result.end).toEqual({
      kind: 'stopped',
      why: 'Getting a token from airflow.example.com/auth/token failed'
    })
  })

  it('asks for task progress once the run runs, and stops asking when it is refused', async () => {
    const s = scripted([run('queued'), run('running'), run('running'), run('success')])
    await wait(s)
    expect(s.lists).toEqual([{ limit: 100 }])
    expect(s.logs).toContain(
      "The run's tasks cannot be listed (HTTP 403: Forbidden); waiting without task progress."
    )
  })

  it('goes on without progress when a listing fails to renew the token', async () => {
    const s = scripted([run('running'), run('success')], {
      list: () => Promise.resolve(renewalRefused('Getting a token failed'))
    })
    const result = await wait(s)
    expect(result).toMatchObject({ end: { kind: 'finished' }, state: 'success' })
    expect(result.progress).toBeUndefined()
    expect(s.lists).toHaveLength(2)
  })
})

describe('the wait ends at most one request time-out after its deadline', () => {
  const TIMEOUT = 10_000
  /** Every request was sent with at least some time left, and can end by deadline + time-out. */
  const expectWithinBound = (s: ReturnType<typeof scripted>) => {
    for (const { what, at, leftMs } of s.sent) {
      expect(leftMs, what).toBeGreaterThan(0)
      expect(at + Math.min(leftMs, REQUEST_TIMEOUT_MS), what).toBeLessThanOrEqual(
        TIMEOUT + REQUEST_TIMEOUT_MS
      )
    }
  }

  const listing = () => Promise.resolve(json(200, { task_instances: [], total_entries: 0 }))

  it.each([
    // Polls go out at 0 s, 1 s, … 9 s and at the deadline, 10 s.
    ['a poll sent before the deadline that answers after it', 9, 1500],
    ['the poll at the deadline itself', 10, 1000],
    ['a poll that answers long after the deadline', 9, 25_000],
    ['the first poll, slow enough to outlast the whole wait', 0, 29_000]
  ])('%s: the round sends nothing more', async (_name, slowPoll, takesMs) => {
    const s = scripted([run('running')], {
      list: listing,
      getTakesMs: n => (n === slowPoll ? takesMs : 0)
    })
    const result = await wait(s, TIMEOUT)
    expect(result.end).toEqual({ kind: 'timed-out' })
    // Every poll before the slow one was followed by its task listing; the slow one by nothing.
    expect(s.gets).toHaveLength(slowPoll + 1)
    expect(s.lists).toHaveLength(slowPoll)
    expect(s.sent.at(-1)).toMatchObject({ what: 'GET run' })
    expectWithinBound(s)
  })

  it('gives a request sent after the deadline only what is left of it plus one time-out', async () => {
    // The queued run's explanation reads the DAG (slowly, past the deadline), then its runs.
    const s = scripted([run('queued')], {
      getDag: took => {
        took(8000)
        const dag = { dag_id: 'etl', is_paused: false, has_import_errors: false }
        return Promise.resolve(json(200, { ...dag, max_active_runs: 1 }))
      },
      listRuns: () => Promise.resolve(json(200, { dag_runs: [], total_entries: 0 }))
    })
    const result = await startWait(s, TIMEOUT, { explainQueuedAfterMs: 4000 })
    expect(result.end).toEqual({ kind: 'timed-out' })
    expect(s.sent.map(request => request.what)).toContain('GET runs')
    const late = s.sent.find(request => request.what === 'GET runs')!
    expect(late.at).toBeGreaterThan(TIMEOUT)
    expect(late.leftMs).toBe(TIMEOUT + REQUEST_TIMEOUT_MS - late.at)
    expectWithinBound(s)
  })

  it('does not explain a queued run once the poll that would lead to it ran past the deadline', async () => {
    const s = scripted([run('queued')], { getTakesMs: n => (n === 4 ? 20_000 : 0) })
    const result = await startWait(s, TIMEOUT, { explainQueuedAfterMs: 4000 })
    expect(result.end).toEqual({ kind: 'timed-out' })
    expect(s.logs.filter(line => line.includes('still queued'))).toEqual([])
    expectWithinBound(s)
  })
})

describe('watchRun after a wait that timed out', () => {
  it("lists the run's tasks within the wait's bound", async () => {
    const TIMEOUT = 10_000
    const s = scripted([run('running')], {
      getTakesMs: n => (n === 9 ? 5000 : 0),
      list: () => Promise.resolve(json(200, { task_instances: [], total_entries: 0 }))
    })
    const backend = {
      watcher: (dagRunId: string, leftMs: () => number) =>
        dagRunWatcher(s.api.within(leftMs), { dagId: 'etl', dagRunId }),
      finalStates: TERMINAL_STATES,
      runHasLogicalDate: true,
      words: { service: 'Airflow' }
    }
    const watched = await watchRun(
      backend,
      {
        dagRunId: RUN_ID,
        logicalDate: '2026-01-30T00:00:00Z',
        waitTimeoutMs: TIMEOUT,
        pollIntervalMs: 1000,
        requestTimeoutMs: REQUEST_TIMEOUT_MS
      },
      s.deps
    )
    expect(watched.wait?.end).toEqual({ kind: 'timed-out' })
    const report = s.sent.at(-1)!
    expect(report).toMatchObject({ what: 'GET tasks', at: 14_000 })
    expect(report.leftMs).toBe(TIMEOUT + REQUEST_TIMEOUT_MS - report.at)
  })
})

describe('waitForRun, when the step is cancelled', () => {
  it('polls no more once the cancel comes during a pause, and keeps the state last seen', async () => {
    const s = scripted([run('running')])
    const controller = new AbortController()
    // The cancel comes while the wait pauses after its second poll.
    let pauses = 0
    s.deps.sleep = () => {
      if (++pauses === 2) controller.abort()
      return Promise.resolve()
    }
    const result = await startWait(s, 60_000, { signal: controller.signal })
    expect(result).toMatchObject({ end: { kind: 'cancelled' }, state: 'running' })
    expect(s.gets).toHaveLength(2)
  })

  it('does not count the poll the cancel abandoned as a failed one', async () => {
    const controller = new AbortController()
    const s = scripted([run('queued')])
    const getRun = s.api.getRun
    s.api.getRun = async id => {
      if (s.gets.length === 1) controller.abort()
      return controller.signal.aborted ? lost('ABORT_ERR', true, { cancelled: true }) : getRun(id)
    }
    const result = await startWait(s, 60_000, { signal: controller.signal })
    expect(result).toMatchObject({ end: { kind: 'cancelled' }, state: 'queued', failedPolls: 0 })
    expect(s.logs.filter(line => line.includes('polling again'))).toEqual([])
  })
})
