import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../src/http/client.js'
import type { HttpResult } from '../../src/http/send.js'
import { airflowApi } from '../../src/trigger/airflow/airflow-api.js'
import type { AirflowApiLocation } from '../../src/trigger/airflow/locate-api.js'
import {
  directTransport,
  OUT_OF_TIME,
  type AirflowRequest,
  type AirflowTransport
} from '../../src/trigger/airflow/transport.js'
import { mwaaTransport } from '../../src/trigger/mwaa/mwaa-transport.js'
import { json } from '../../test-support/http-results.js'

// A request sent under a bound (the wait's end plus one time-out) never gets more time than is
// left, and none is sent once nothing is left: through the API, a token's renewal, either
// transport, and MWAA's retries after throttling.

const LOCATION: AirflowApiLocation = {
  api: new URL('https://airflow.example.com/api/v2'),
  apiPath: '/api/v2',
  version: 3,
  source: 'given',
  how: 'given as api-path'
}
const expired = json(401, { detail: 'Token Expired' })
const run = json(200, { dag_run_id: 'r', state: 'running' })

/** A transport that answers from a script and keeps what it was asked, with the time left then. */
function fakeTransport(answers: HttpResult[]) {
  const asked: { request: AirflowRequest; leftMs?: number }[] = []
  const transport: AirflowTransport = {
    send: request => {
      asked.push({ request, leftMs: request.leftMs?.() })
      return Promise.resolve(answers.shift() ?? run)
    },
    where: path => `airflow.example.com/api/v2/${path}`,
    host: 'airflow.example.com'
  }
  return { transport, asked }
}

describe('an API bounded with within()', () => {
  it.each([
    ['a run read', (api: ReturnType<typeof airflowApi>) => api.getRun('r')],
    [
      'a task listing',
      (api: ReturnType<typeof airflowApi>) => api.listTaskInstances('r', { limit: 1 })
    ],
    ['a DAG read', (api: ReturnType<typeof airflowApi>) => api.getDag()],
    [
      'a run listing',
      (api: ReturnType<typeof airflowApi>) => api.listRuns({ states: [], limit: 1 })
    ],
    ['a PATCH that stops the run', (api: ReturnType<typeof airflowApi>) => api.failRun('r', 5000)]
  ])('hands the time left to the transport with %s', async (_name, call) => {
    const { transport, asked } = fakeTransport([])
    let left = 7000
    const api = airflowApi(transport, LOCATION, 'etl', { peers: () => [], close: () => {} })
    await call(api.within(() => left))
    left = 3000
    await call(api.within(() => left))
    expect(asked.map(a => a.leftMs)).toEqual([7000, 3000])
    // The unbounded API stays unbounded.
    await call(api)
    expect(asked.at(-1)!.leftMs).toBeUndefined()
  })

  it('renews an expired token within the time left, and not at all once none is left', async () => {
    const renewals: (number | undefined)[] = []
    const renew = (timeoutMs?: number) => {
      renewals.push(timeoutMs)
      return Promise.resolve(undefined)
    }
    let left = 4000
    const first = fakeTransport([expired, run])
    const api = airflowApi(first.transport, LOCATION, 'etl', {
      renew,
      peers: () => [],
      close: () => {}
    }).within(() => left)
    expect(await api.getRun('r')).toEqual(run)
    expect(renewals).toEqual([4000])

    left = 0
    const second = fakeTransport([expired])
    const late = airflowApi(second.transport, LOCATION, 'etl', {
      renew,
      peers: () => [],
      close: () => {}
    }).within(() => left)
    // The GET itself went out with its bound; the transport answers OUT_OF_TIME for the rest.
    expect(await late.getRun('r')).toEqual(OUT_OF_TIME)
    expect(renewals).toEqual([4000])
    expect(second.asked).toHaveLength(1)
  })
})

describe('the direct transport under a bound', () => {
  function fakeClient() {
    const calls: { method: string; timeoutMs?: number }[] = []
    const answer = (method: string, options?: { timeoutMs?: number }) => {
      calls.push({ method, timeoutMs: options?.timeoutMs })
      return Promise.resolve(run)
    }
    const client = {
      get: (_url: URL, options?: { timeoutMs?: number }) => answer('GET', options),
      post: (_u: URL, _b: unknown, _h: unknown, options?: { timeoutMs?: number }) =>
        answer('POST', options),
      patch: (_u: URL, _b: string, options?: { timeoutMs?: number; uncancelled?: boolean }) =>
        answer(options?.uncancelled ? 'PATCH!' : 'PATCH', options)
    } as unknown as ApiClient
    return { client, calls }
  }

  it.each([
    ['GET', { method: 'GET', path: 'dags/etl' }],
    ['POST', { method: 'POST', path: 'dags/etl/dagRuns', body: {} }],
    ['PATCH', { method: 'PATCH', path: 'dags/etl', body: {} }],
    ['PATCH!', { method: 'PATCH', path: 'dags/etl', body: {}, uncancelledTimeoutMs: 9000 }]
  ] as const)(
    'gives a %s the time left as its deadline, and sends none at 0',
    async (method, request) => {
      const { client, calls } = fakeClient()
      const transport = directTransport(client, new URL('https://airflow.example.com/api/v2'))
      await transport.send({ ...request, leftMs: () => 2500 })
      expect(calls).toEqual([{ method, timeoutMs: 2500 }])
      expect(await transport.send({ ...request, leftMs: () => 0 })).toEqual(OUT_OF_TIME)
      expect(await transport.send({ ...request, leftMs: () => -10 })).toEqual(OUT_OF_TIME)
      expect(calls).toHaveLength(1)
    }
  )
})

describe("MWAA's retries after throttling under a bound", () => {
  let server: http.Server
  let endpoint: URL
  let received = 0
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        received++
        res.writeHead(400, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'ThrottlingException'
        })
        res.end(JSON.stringify({ message: 'Rate exceeded' }))
      })
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    endpoint = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}`)
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  const transport = (clock: { ms: number; sleeps: number[] }) =>
    mwaaTransport({
      settings: {
        environment: 'env',
        region: 'eu-west-1',
        credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
        endpoint
      },
      sign: () => Promise.resolve({}),
      run: { dagId: 'etl', dagRunId: 'r', logicalDate: '2026-01-31T12:00:00Z' },
      version: () => 3,
      timeoutMs: 30_000,
      maxAttempts: 5,
      retry: {
        sleep: ms => {
          clock.sleeps.push(ms)
          clock.ms += ms
          return Promise.resolve()
        },
        now: () => new Date(Date.UTC(2026, 0, 31) + clock.ms),
        random: () => 0,
        log: () => {}
      }
    })

  it('retries while the pause leaves time, and gives the last refusal back once it would not', async () => {
    received = 0
    const clock = { ms: 0, sleeps: [] as number[] }
    // Back-off pauses are 1 s, 2 s, 3 s, 4 s: with 3.5 s left, two fit and the third does not.
    const result = await transport(clock).send({
      method: 'GET',
      path: 'dags/etl',
      leftMs: () => 3500 - clock.ms
    })
    expect(clock.sleeps).toEqual([1000, 2000])
    expect(received).toBe(3)
    expect('response' in result && result.response.status).toBe(400)
  })

  it('sends nothing once no time is left', async () => {
    received = 0
    const clock = { ms: 0, sleeps: [] as number[] }
    const result = await transport(clock).send({ method: 'GET', path: 'dags/etl', leftMs: () => 0 })
    expect(result).toEqual(OUT_OF_TIME)
    expect(received).toBe(0)
  })
})
