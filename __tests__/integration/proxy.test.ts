// Self-hosted runners often reach servers through a proxy given in HTTP(S)_PROXY / NO_PROXY. The
// action decides as the toolkit's clients do: loopback goes direct, `no_proxy` is honoured, and
// https goes through `https_proxy` (a CONNECT tunnel), plain http through `http_proxy`.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/server.js'
import { isDagRead, triggerableDag } from '../../test-support/dag-read.js'
import { actionNode, errorMessages, runAction } from '../../test-support/run-action.js'
import { selfSignedCertificate } from '../../test-support/tls.js'

/** A name only the proxy knows: it sends `*.test` to loopback; the runner's resolver cannot. */
const HOST = 'airflow.test'

let sandbox: Sandbox
let tls: https.Server
let tlsPort: number
let dir: string
let certFile: string
let proxy: http.Server
let proxyUrl: string
/** What reached the proxy: `GET http://…` for a relayed request, `CONNECT host:port` for a tunnel. */
const relayed: string[] = []

const toLoopback = (host: string) => (host.endsWith('.test') ? '127.0.0.1' : host)

beforeAll(async () => {
  sandbox = await startSandbox()
  dir = await mkdtemp(path.join(tmpdir(), 'proxy-tls-'))
  const pair = await selfSignedCertificate(dir, HOST, `DNS:${HOST}`)
  certFile = pair.certFile
  // An Airflow over TLS that answers every trigger with the run it was sent.
  tls = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      if (isDagRead(req.method, req.url)) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(triggerableDag('example_dag'))
        return
      }
      const sent = JSON.parse(body || '{}') as { dag_run_id?: string; logical_date?: string }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ ...sent, state: 'queued' }))
    })
  })
  await new Promise<void>(resolve => tls.listen(0, '127.0.0.1', resolve))
  tlsPort = (tls.address() as { port: number }).port

  // A forward proxy: absolute URLs for plain http, CONNECT tunnels for https.
  proxy = http.createServer((req, res) => {
    relayed.push(`${req.method} ${req.url}`)
    const target = new URL(req.url!)
    const upstream = http.request(
      {
        host: toLoopback(target.hostname),
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers
      },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    req.pipe(upstream)
  })
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    relayed.push(`CONNECT ${req.url}`)
    const [host, port] = req.url!.split(':')
    const upstream = net.connect(Number(port), toLoopback(host!), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>(resolve => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
})
afterAll(async () => {
  proxy.closeAllConnections()
  proxy.close()
  tls.closeAllConnections()
  tls.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})
beforeEach(() => {
  relayed.length = 0
})

// Node 24's agents speak to a proxy; Node 20 cannot.
const onNode24 = execFileSync(actionNode, ['--version'], { encoding: 'utf8' }).startsWith('v24.')

describe.runIf(onNode24)('through a proxy', () => {
  // Each run its own logical date: the sandbox refuses a second run at the same one.
  let day = 0
  const trigger = (
    baseUrl: string,
    env: Record<string, string>,
    runId: string,
    inputs: Record<string, string> = {}
  ) =>
    runAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'base-url': baseUrl,
        'allow-insecure-http': 'true',
        'dag-id': 'example_dag',
        token: 'sandbox-token',
        'logical-date': `2026-01-${String(++day).padStart(2, '0')}T00:00:00Z`,
        'dag-run-id': runId,
        'max-attempts': '1',
        ...inputs
      },
      env
    })
  const sandboxByName = () => sandbox.url.replace('127.0.0.1', HOST)

  it('goes direct to loopback, even with HTTP_PROXY set', async () => {
    const run = await trigger(sandbox.url, { HTTP_PROXY: proxyUrl }, 'loopback-direct')
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe('loopback-direct')
    expect(relayed).toEqual([])
  })

  it('sends plain http to another host through HTTP_PROXY, the token request too', async () => {
    const run = await trigger(sandboxByName(), { HTTP_PROXY: proxyUrl }, 'via-proxy', {
      token: '',
      username: 'airflow',
      password: 'sandbox-password'
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe('via-proxy')
    expect(relayed).toEqual([
      `GET ${sandboxByName()}/api/v2/version`,
      `POST ${sandboxByName()}/auth/token`,
      `GET ${sandboxByName()}/api/v2/dags/example_dag`,
      `POST ${sandboxByName()}/api/v2/dags/example_dag/dagRuns`
    ])
  })

  it('goes direct to a host no_proxy names, by a suffix as the toolkit reads it', async () => {
    const run = await trigger(
      sandboxByName(),
      { HTTP_PROXY: proxyUrl, no_proxy: 'example.com, .test' },
      'no-proxy'
    )
    // Direct, the runner's own resolver is asked, and it does not know the name.
    expect(relayed).toEqual([])
    expect(run.exitCode).not.toBe(0)
    expect(errorMessages(run)).toContain('ENOTFOUND')
  })

  it('tunnels https through HTTPS_PROXY, not HTTP_PROXY', async () => {
    const run = await trigger(
      `https://${HOST}:${tlsPort}`,
      // HTTP_PROXY leads nowhere: taking it for https would fail the step.
      { HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: proxyUrl, NODE_EXTRA_CA_CERTS: certFile },
      'tls-via-proxy'
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe('tls-via-proxy')
    expect(relayed).toEqual([`CONNECT ${HOST}:${tlsPort}`])
  })
})
