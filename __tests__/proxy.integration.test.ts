// Self-hosted runners often reach servers through a proxy given in HTTP_PROXY / NO_PROXY.
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../sandbox/server.js'
import { actionNode, runAction } from '../test-support/run-action.js'

let sandbox: Sandbox
let proxy: http.Server
let proxyUrl: string
const relayed: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox()
  // A forward proxy for plain http: it receives absolute URLs and relays them.
  proxy = http.createServer((req, res) => {
    relayed.push(`${req.method} ${req.url}`)
    const upstream = http.request(
      req.url!,
      { method: req.method, headers: req.headers },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    req.pipe(upstream)
  })
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
})
afterAll(async () => {
  proxy.closeAllConnections()
  proxy.close()
  await sandbox.close()
})

// Node 24 reads the proxy variables for the agents the action makes; Node 20 cannot.
const onNode24 = execFileSync(actionNode, ['--version'], { encoding: 'utf8' }).startsWith('v24.')

describe.runIf(onNode24)('through a proxy', () => {
  const trigger = (
    env: Record<string, string>,
    runId: string,
    logicalDate: string,
    inputs: Record<string, string> = {}
  ) =>
    runAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'base-url': sandbox.url,
        'dag-id': 'example_dag',
        token: 'sandbox-token',
        'logical-date': logicalDate,
        'dag-run-id': runId,
        ...inputs
      },
      env
    })

  it('sends its requests through HTTP_PROXY', async () => {
    const run = await trigger({ HTTP_PROXY: proxyUrl }, 'via-proxy', '2026-01-01T00:00:00Z')
    expect(run.exitCode).toBe(0)
    expect(relayed).toEqual([`POST ${sandbox.url}/api/v2/dags/example_dag/dagRuns`])
  })

  it('fetches the token through the proxy too', async () => {
    relayed.length = 0
    const run = await trigger({ HTTP_PROXY: proxyUrl }, 'token-via-proxy', '2026-01-03T00:00:00Z', {
      token: '',
      username: 'airflow',
      password: 'sandbox-password'
    })
    expect(run.exitCode).toBe(0)
    expect(relayed).toEqual([
      `POST ${sandbox.url}/auth/token`,
      `POST ${sandbox.url}/api/v2/dags/example_dag/dagRuns`
    ])
  })

  it('goes direct to hosts in NO_PROXY', async () => {
    relayed.length = 0
    const run = await trigger(
      { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' },
      'direct',
      '2026-01-02T00:00:00Z'
    )
    expect(run.exitCode).toBe(0)
    expect(relayed).toEqual([])
  })
})
