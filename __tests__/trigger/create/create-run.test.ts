import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import { diagnose } from '../../../src/diagnosis/index.js'
import type { AirflowRead } from '../../../src/trigger/airflow/airflow-api.js'
import { createRun } from '../../../src/trigger/create/create-run.js'
import type { TriggerReport } from '../../../src/trigger/backend/backend.js'
import { RunAttempt } from '../../../src/trigger/create/report.js'
import { fakeAirflowApi } from '../../../test-support/fake-apis.js'
import { html, json, lost } from '../../../test-support/http-results.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'

const DATE = '2026-01-31T12:00:00Z'
const RUN_ID = `github__${DATE}`

// Answers shaped as the real servers send them (see sandbox/airflow.ts and the Airflow notes).
const problem = (status: number, title: string, detail: string): HttpResult =>
  json(
    status,
    { detail, status, title, type: 'https://airflow.apache.org/docs/#section/Errors/x' },
    { 'content-type': 'application/problem+json' }
  )
const dagRun = (runId = RUN_ID, logicalDate: string | null = DATE, state = 'queued') =>
  json(200, {
    dag_run_id: runId,
    dag_id: 'etl',
    logical_date: logicalDate,
    state,
    run_type: 'manual'
  })
const ours = dagRun(RUN_ID, '2026-01-31T12:00:00+00:00', 'running')
const notFound = json(404, {
  detail: `The DagRun with dag_id: \`etl\` and run_id: \`${RUN_ID}\` was not found`
})
const DUPLICATES = {
  spec400: problem(
    400,
    'Bad Request',
    `DAGRun with DAG ID: 'etl' and DAGRun logical date: '2026-01-31 12:00:00+00:00' already exists`
  ),
  airflow2: problem(
    409,
    'Conflict',
    `DAGRun with DAG ID: 'etl' and DAGRun ID: '${RUN_ID}' already exists`
  ),
  airflow3: json(409, {
    detail: {
      reason: 'Unique constraint violation',
      statement: 'hidden',
      orig_error: 'hidden',
      message: 'Serious error when handling your request. Check logs for more details'
    }
  })
}

/** A token renewal that failed while a GET met an expired token: what the API's GET answers. */
const renewalRefused = (): AirflowRead => {
  const answer = json(401, { detail: 'Invalid credentials' })
  return {
    renewalRefused: {
      message: 'Getting a token from airflow.example.com/auth/token failed with HTTP 401: …',
      result: answer,
      verdict: diagnose(answer, {
        app: airflowProfile,
        method: 'POST',
        apiPath: '/auth',
        host: 'x'
      })
    }
  }
}

type Step = ['POST', HttpResult] | ['GET', AirflowRead]

/** An Airflow API that answers from a script, in order, and fails on any call it did not expect. */
function scripted(script: Step[]) {
  const calls: string[] = []
  const next = (method: 'POST' | 'GET') => {
    const step = script.shift()
    if (!step || step[0] !== method) throw new Error(`unexpected ${method} (script: ${step?.[0]})`)
    calls.push(method)
    return Promise.resolve(step[1])
  }
  const post = async () => {
    const answer = await next('POST')
    if ('renewalRefused' in answer) throw new Error('a POST renews no token')
    return answer
  }
  const api = fakeAirflowApi({
    createRun: post,
    getRun: runId => {
      expect(runId).toBe(RUN_ID)
      return next('GET')
    }
  })
  return { api, calls, script }
}

interface Row {
  name: string
  script: Step[]
  maxAttempts?: number
  onDuplicate?: 'fail' | 'reuse'
  outcome: TriggerReport['outcome']
  /** A fragment of the one sentence the user reads. */
  message: string | RegExp
  requests: string[]
  sleeps?: number[]
  state?: string
  layer?: string
}

const rows: Row[] = [
  {
    name: 'created: 200 with the dag run',
    script: [['POST', dagRun()]],
    outcome: 'created',
    message: `Run ${RUN_ID} was created.`,
    requests: ['POST HTTP 200'],
    state: 'queued',
    layer: 'origin'
  },
  // A 2xx that does not prove this run was made is settled like a lost answer: by a GET.
  ...(
    [
      [
        '200 without dag_run_id',
        json(200, { dag_id: 'etl', state: 'queued' }),
        'without a dag_run_id'
      ],
      ['200 {}', json(200, {}), 'without a dag_run_id'],
      ['201 with an empty dag_run_id', json(201, { dag_run_id: '' }), 'without a dag_run_id'],
      ['204 without a body', json(204, ''), 'without a dag_run_id'],
      ['200 with a login page', html(200, 'Sign in'), 'without a dag_run_id'],
      [
        '200 with another run',
        dagRun('someone_elses_run'),
        `with run id "someone_elses_run", not ${RUN_ID} as sent`
      ]
    ] as const
  ).flatMap(([form, answer, what]): Row[] => {
    const status = (answer as { response: { status: number } }).response.status
    const post = `POST HTTP ${status}`
    return [
      {
        name: `not proven (${form}): the lookup finds our run`,
        script: [
          ['POST', answer],
          ['GET', ours]
        ],
        outcome: 'recovered',
        message: new RegExp(
          `^The server answered HTTP ${status} ${escape(what)}.*, but run ${escape(RUN_ID)} exists: it was created\\.$`
        ),
        requests: [post, 'GET HTTP 200'],
        state: 'running'
      },
      {
        name: `not proven (${form}): the lookup says 404, so it was not created`,
        script: [
          ['POST', answer],
          ['GET', notFound]
        ],
        outcome: 'failed',
        message: `${what}${form === '200 with another run' ? ' (a proxy on the way may have altered the answer)' : ''}, and run ${RUN_ID} does not exist (its lookup answered 404): the run was not created.`,
        requests: [post, 'GET HTTP 404'],
        sleeps: []
      },
      {
        name: `not proven (${form}): the lookup fails every time, so the run may exist`,
        maxAttempts: 2,
        script: [
          ['POST', answer],
          ['GET', html(502, '502 Bad Gateway')],
          ['GET', lost('ECONNRESET', true)]
        ],
        outcome: 'failed',
        message: `, and looking run ${RUN_ID} up failed too (econnreset on the way): the run may or may not exist. Look for run ${RUN_ID} in Airflow before triggering again`,
        requests: [post, 'GET HTTP 502', 'GET ECONNRESET'],
        sleeps: [1000]
      }
    ]
  }),
  {
    name: 'not proven, and the lookup itself answers with a login page: the run may exist',
    maxAttempts: 1,
    script: [
      ['POST', html(200, 'Sign in')],
      ['GET', html(200, 'Sign in')]
    ],
    outcome: 'failed',
    message:
      'looking run github__2026-01-31T12:00:00Z up failed too (HTTP 200 without the run in it: Sign in): the run may or may not exist',
    requests: ['POST HTTP 200', 'GET HTTP 200']
  },
  ...(
    [
      [
        401,
        json(401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Bearer' }),
        'Not authenticated'
      ],
      [403, json(403, { detail: 'Forbidden' }), 'Forbidden'],
      [
        404,
        json(404, { detail: "DAG with dag_id: 'etl' not found" }),
        "DAG with dag_id: 'etl' not found"
      ],
      [400, problem(400, 'Bad Request', 'DAG etl has import errors'), 'DAG etl has import errors'],
      [
        422,
        json(422, {
          detail: [
            {
              type: 'timezone_aware',
              loc: ['body', 'logical_date'],
              msg: 'Input should have timezone info'
            }
          ]
        }),
        'logical_date: Input should have timezone info'
      ]
    ] as const
  ).map(([status, answer, words]): Row => ({
    name: `refused: ${status}, quoting the server`,
    script: [['POST', answer]],
    outcome: 'failed',
    message: `Airflow refused the run: HTTP ${status} (${words}).`,
    requests: [`POST HTTP ${status}`]
  })),
  {
    name: '429, then created after the Retry-After it asked for',
    script: [
      ['POST', json(429, { detail: 'Too many requests' }, { 'retry-after': '2' })],
      ['POST', dagRun()]
    ],
    outcome: 'created',
    message: 'was created',
    requests: ['POST HTTP 429', 'POST HTTP 200'],
    sleeps: [2000]
  },
  {
    name: '429 asking for two minutes: given up at once',
    script: [['POST', json(429, { detail: 'Too many requests' }, { 'retry-after': '120' })]],
    outcome: 'failed',
    message: 'Airflow kept answering HTTP 429 (too many requests).',
    requests: ['POST HTTP 429'],
    sleeps: []
  },
  {
    name: '429 until the attempts run out',
    maxAttempts: 2,
    script: [
      ['POST', json(429, { detail: 'Too many requests' })],
      ['POST', json(429, { detail: 'Too many requests' })]
    ],
    outcome: 'failed',
    message: 'kept answering HTTP 429',
    requests: ['POST HTTP 429', 'POST HTTP 429'],
    sleeps: [1000]
  },
  {
    name: '5xx: the lookup finds our run',
    script: [
      ['POST', html(502, '502 Bad Gateway')],
      ['GET', ours]
    ],
    outcome: 'recovered',
    message: `The server answered HTTP 502, but run ${RUN_ID} exists: it was created.`,
    requests: ['POST HTTP 502', 'GET HTTP 200'],
    state: 'running'
  },
  {
    name: '5xx: the lookup says 404, so the POST is sent again',
    script: [
      ['POST', json(500, 'Internal Server Error')],
      ['GET', notFound],
      ['POST', dagRun()]
    ],
    outcome: 'created',
    message: 'was created',
    requests: ['POST HTTP 500', 'GET HTTP 404', 'POST HTTP 200'],
    sleeps: [1000]
  },
  {
    name: '503 with Retry-After: the lookup, then the wait it asked for',
    script: [
      ['POST', json(503, { detail: 'Service Unavailable' }, { 'retry-after': '5' })],
      ['GET', notFound],
      ['POST', dagRun()]
    ],
    outcome: 'created',
    message: 'was created',
    requests: ['POST HTTP 503', 'GET HTTP 404', 'POST HTTP 200'],
    sleeps: [5000]
  },
  {
    name: '5xx until the attempts run out, each looked up first',
    maxAttempts: 2,
    script: [
      ['POST', html(502, '502 Bad Gateway')],
      ['GET', notFound],
      ['POST', html(502, '502 Bad Gateway')],
      ['GET', notFound]
    ],
    outcome: 'failed',
    message:
      'The web server in front of Airflow (nginx) answered HTTP 502 2 times: 502 Bad Gateway.',
    requests: ['POST HTTP 502', 'GET HTTP 404', 'POST HTTP 502', 'GET HTTP 404'],
    sleeps: [1000]
  },
  {
    name: 'a lost answer (reset): the lookup finds our run',
    script: [
      ['POST', lost('ECONNRESET', true)],
      ['GET', ours]
    ],
    outcome: 'recovered',
    message: `The answer was lost (ECONNRESET), but run ${RUN_ID} exists: it was created.`,
    requests: ['POST ECONNRESET', 'GET HTTP 200'],
    layer: 'origin'
  },
  {
    name: 'a lost answer (time-out): the lookup says 404, the POST is sent again',
    script: [
      ['POST', lost('ETIMEDOUT', true, { timedOut: true })],
      ['GET', notFound],
      ['POST', dagRun()]
    ],
    outcome: 'created',
    message: 'was created',
    requests: ['POST timed out', 'GET HTTP 404', 'POST HTTP 200'],
    sleeps: [1000]
  },
  {
    name: 'a lost answer, and the lookup fails every time: never sent again',
    maxAttempts: 3,
    script: [
      ['POST', lost('ECONNRESET', true)],
      ['GET', html(503, '503 Service Unavailable')],
      ['GET', lost('ECONNRESET', true)],
      ['GET', json(500, 'Internal Server Error')]
    ],
    outcome: 'failed',
    message: `looking run ${RUN_ID} up failed too (HTTP 500: Internal Server Error): the run may or may not exist`,
    requests: ['POST ECONNRESET', 'GET HTTP 503', 'GET ECONNRESET', 'GET HTTP 500'],
    sleeps: [1000, 2000]
  },
  // A token that expires while an answer is being settled, and cannot be renewed, leaves the
  // answer as unsettled as any failed lookup: the run may exist, whatever asked for the lookup.
  ...(
    [
      ['a lost answer', lost('ECONNRESET', true), 'The answer was lost (ECONNRESET), and'],
      ['a gateway 502', html(502, '502 Bad Gateway'), 'The server answered HTTP 502, and'],
      ['a 200 without dag_run_id', json(200, {}), 'without a dag_run_id, and']
    ] as const
  ).map(([form, answer, what]): Row => ({
    name: `${form}, then the token cannot be renewed for the lookup: the run may exist`,
    maxAttempts: 1,
    script: [
      ['POST', answer],
      ['GET', renewalRefused()]
    ],
    outcome: 'failed',
    message: `${what} looking run ${RUN_ID} up failed too (the token expired, and getting a new one failed: HTTP 401: Invalid credentials): the run may or may not exist.`,
    requests: [`POST ${label(answer)}`]
  })),
  {
    name: 'a duplicate, then the token cannot be renewed for the lookup: said as a duplicate',
    maxAttempts: 1,
    script: [
      ['POST', DUPLICATES.airflow2],
      ['GET', renewalRefused()]
    ],
    outcome: 'failed',
    message: `The server reported a duplicate (DAGRun with DAG ID: 'etl' and DAGRun ID: '${RUN_ID}' already exists), and looking up run ${RUN_ID} failed (the token expired, and getting a new one failed: HTTP 401: Invalid credentials).`,
    requests: ['POST HTTP 409']
  },
  {
    name: 'a lost answer, and the lookup answers about another run: nothing is concluded',
    maxAttempts: 1,
    script: [
      ['POST', lost('ECONNRESET', true)],
      ['GET', dagRun('someone_elses_run', '2025-05-05T05:05:05Z')]
    ],
    outcome: 'failed',
    message: `looking run ${RUN_ID} up failed too (HTTP 200 about run "someone_elses_run", not ${RUN_ID}): the run may or may not exist`,
    requests: ['POST ECONNRESET', 'GET HTTP 200']
  },
  {
    name: 'a lost answer, and the run id belongs to another date',
    script: [
      ['POST', lost('ECONNRESET', true)],
      ['GET', dagRun(RUN_ID, '2025-05-05T05:05:05Z')]
    ],
    outcome: 'failed',
    message: 'belongs to a run with logical date 2025-05-05T05:05:05Z',
    requests: ['POST ECONNRESET', 'GET HTTP 200']
  },
  {
    name: 'no connection: sent again without a lookup, then given up',
    maxAttempts: 2,
    script: [
      ['POST', lost('ECONNREFUSED', false)],
      ['POST', lost('ECONNREFUSED', false)]
    ],
    outcome: 'failed',
    message: 'No answer from the server after 2 attempts: econnrefused on the way.',
    requests: ['POST ECONNREFUSED', 'POST ECONNREFUSED'],
    sleeps: [1000],
    layer: 'network'
  },
  {
    name: 'a failed TLS handshake: not tried again',
    script: [['POST', lost('CERT_HAS_EXPIRED', false, { permanent: true })]],
    outcome: 'failed',
    message: 'No answer from the server after 1 attempt',
    requests: ['POST CERT_HAS_EXPIRED'],
    sleeps: []
  },
  ...(Object.entries(DUPLICATES) as [string, HttpResult][]).flatMap(([style, duplicate]): Row[] => [
    {
      name: `duplicate (${style}): our own run, on-duplicate fail`,
      script: [
        ['POST', duplicate],
        ['GET', ours]
      ],
      outcome: 'failed',
      message: `This commit was already triggered: run ${RUN_ID}, state running. Set "on-duplicate: reuse"`,
      requests: [`POST ${label(duplicate)}`, 'GET HTTP 200'],
      state: 'running'
    },
    {
      name: `duplicate (${style}): our own run, on-duplicate reuse`,
      onDuplicate: 'reuse',
      script: [
        ['POST', duplicate],
        ['GET', ours]
      ],
      outcome: 'reused',
      message: 'Reusing it (on-duplicate: reuse).',
      requests: [`POST ${label(duplicate)}`, 'GET HTTP 200'],
      state: 'running'
    },
    {
      name: `duplicate (${style}): the id belongs to a run of another date`,
      onDuplicate: 'reuse',
      script: [
        ['POST', duplicate],
        ['GET', dagRun(RUN_ID, '2025-01-01T00:00:00Z')]
      ],
      outcome: 'failed',
      message: `Run id ${RUN_ID} is already taken by a run with logical date 2025-01-01T00:00:00Z`,
      requests: [`POST ${label(duplicate)}`, 'GET HTTP 200']
    },
    {
      name: `duplicate (${style}): the id is free, so the date is taken`,
      script: [
        ['POST', duplicate],
        ['GET', notFound]
      ],
      outcome: 'failed',
      message: `Another run already holds logical date ${DATE} for DAG etl (run id ${RUN_ID} is free)`,
      requests: [`POST ${label(duplicate)}`, 'GET HTTP 404']
    }
  ]),
  {
    name: 'duplicate, and the lookup fails every time',
    maxAttempts: 2,
    script: [
      ['POST', DUPLICATES.airflow3],
      ['GET', json(500, 'Internal Server Error')],
      ['GET', lost('ECONNRESET', true)]
    ],
    outcome: 'failed',
    message: `), and looking up run ${RUN_ID} failed (econnreset on the way).`,
    requests: ['POST HTTP 409', 'GET HTTP 500', 'GET ECONNRESET'],
    sleeps: [1000]
  },
  {
    name: 'a duplicate after a lost answer: the earlier attempt created it',
    script: [
      ['POST', lost('ECONNRESET', true)],
      ['GET', notFound],
      ['POST', DUPLICATES.airflow3],
      ['GET', ours]
    ],
    outcome: 'recovered',
    message: `Run ${RUN_ID} exists with this logical date: an earlier attempt of this step created it (state running).`,
    requests: ['POST ECONNRESET', 'GET HTTP 404', 'POST HTTP 409', 'GET HTTP 200'],
    sleeps: [1000]
  },
  {
    name: 'a 400 that is not a duplicate is not looked up',
    script: [['POST', problem(400, 'Bad Request', "The provided run ID 'x' is invalid")]],
    outcome: 'failed',
    message: "Airflow refused the run: HTTP 400 (The provided run ID 'x' is invalid).",
    requests: ['POST HTTP 400']
  }
]

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function label(result: HttpResult): string {
  return 'response' in result ? `HTTP ${result.response.status}` : (result.failure.code ?? '')
}

describe('createRun, branch by branch', () => {
  it.each(rows)('$name', async row => {
    const fake = scripted([...row.script])
    const sleeps: number[] = []
    const report = await createRun(
      { dagId: 'etl', maxAttempts: row.maxAttempts ?? 3, onDuplicate: row.onDuplicate ?? 'fail' },
      new RunAttempt(
        fake.api,
        'etl',
        RUN_ID,
        { logicalDate: DATE, source: 'input', description: 'logical-date input' },
        () => new Date('2026-11-24T12:00:00Z')
      ),
      {
        sleep: async ms => {
          sleeps.push(ms)
        },
        now: () => new Date('2026-11-24T12:00:00Z'),
        random: () => 0,
        log: () => {}
      }
    )
    expect(fake.script).toEqual([])
    expect(report.outcome).toBe(row.outcome)
    if (typeof row.message === 'string') expect(report.message).toContain(row.message)
    else expect(report.message).toMatch(row.message)
    expect(report.requests.map(r => `${r.request} ${r.result}`)).toEqual(row.requests)
    expect(sleeps).toEqual(row.sleeps ?? [])
    if (row.state) expect(report.state).toBe(row.state)
    if (row.layer) expect(report.verdict.layer).toBe(row.layer)
  })
})
