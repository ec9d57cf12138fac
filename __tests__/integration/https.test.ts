// Real use is HTTPS: the action against a TLS server on loopback, trusted and untrusted.
import { mkdtemp, rm } from 'node:fs/promises'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isDagRead, triggerableDag } from '../../test-support/dag-read.js'
import { errorMessages, runAction } from '../../test-support/run-action.js'
import { selfSignedCertificate } from '../../test-support/tls.js'
import { summaryAsText } from '../../test-support/summary-text.js'

let dir: string
let server: https.Server
let baseUrl: string
let certFile: string
const seen: string[] = []
let connections = 0

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tls-'))
  const pair = await selfSignedCertificate(dir, '127.0.0.1', 'IP:127.0.0.1')
  certFile = pair.certFile
  server = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization}`)
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', server: 'uvicorn' })
      if (isDagRead(req.method, req.url)) {
        res.end(triggerableDag('etl'))
        return
      }
      res.end(
        JSON.stringify({
          dag_run_id: 'tls-run',
          logical_date: '2026-01-31T12:00:00Z',
          state: 'queued'
        })
      )
    })
  })
  server.on('connection', () => connections++)
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `https://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(dir, { recursive: true, force: true })
})

const inputs = () => ({
  mode: 'trigger',
  'base-url': baseUrl,
  'dag-id': 'etl',
  token: 'tls-token',
  'logical-date': '2026-01-31T12:00:00Z',
  'dag-run-id': 'tls-run',
  'max-attempts': '1'
})

describe('over HTTPS', () => {
  it('triggers through a certificate the runner trusts', async () => {
    const run = await runAction({
      source: true,
      inputs: inputs(),
      env: { NODE_EXTRA_CA_CERTS: certFile }
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe('tls-run')
    expect(seen.at(-1)).toBe('POST /api/v2/dags/etl/dagRuns Bearer tls-token')
  })

  it('explains an untrusted certificate, and does not try again', async () => {
    const before = { seen: seen.length, connections }
    const run = await runAction({ source: true, inputs: { ...inputs(), 'max-attempts': '3' } })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('network')
    expect(errorMessages(run)).toMatch(/certificate/i)
    expect(summaryAsText(run.summary)).toMatch(/certificate|TLS/)
    expect(seen.length).toBe(before.seen)
    // One handshake asking which API the server speaks, one for the trigger: none repeated.
    expect(connections - before.connections).toBe(2)
  })
})
