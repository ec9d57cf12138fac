import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAction, type ActionRun } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'

/**
 * An error page made to stall a quadratic reader: footers left open behind long runs of spaces,
 * which the stock-page patterns once took minutes to give up on, before the real footer.
 */
const RUN = ' '.repeat(24 * 1024)
const STALLING_PAGE = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>${RUN}<address>${RUN}x<hr><center>nginx</center></body></html>`
const PLAIN_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>'

let server: http.Server
let base: string
let page: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'GET' && /^\/api\/v2\/dags\/etl(?:\?|$)/.test(req.url ?? '')) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ dag_id: 'etl', is_paused: false, has_import_errors: false }))
      } else if (req.method === 'POST') {
        res.writeHead(502, { server: 'nginx', 'content-type': 'text/html' })
        res.end(page)
      } else {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ detail: 'DagRun not found' }))
      }
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

async function trigger(answer: string): Promise<ActionRun> {
  page = answer
  return runAction({
    source: true,
    inputs: {
      mode: 'trigger',
      'base-url': base,
      'api-path': '/api/v2',
      'dag-id': 'etl',
      token: 'pattern-test-token',
      'logical-date': '2026-01-31T12:00:00Z',
      'max-attempts': '1'
    }
  })
}

describe('an error page built to stall the answer reader', () => {
  it('is diagnosed as the same page without the runs, with its summary', async () => {
    const plain = await trigger(PLAIN_PAGE)
    const stalling = await trigger(STALLING_PAGE)
    expect(stalling.exitCode).toBe(1)
    expect(stalling.exitCode).toBe(plain.exitCode)
    expect(stalling.outputs.diagnosis).toBe('origin')
    expect(plain.outputs.diagnosis).toBe('origin')
    // The diagnosis part of the summary; the details below quote each page as it came.
    const diagnosis = (run: ActionRun) => summaryAsText(run.summary).split('\nDetails\n')[0]
    expect(diagnosis(stalling)).toContain('502 Bad Gateway')
    expect(diagnosis(stalling)).toContain('HTML body titled 502 Bad Gateway with the footer nginx')
    expect(diagnosis(stalling)).toBe(diagnosis(plain))
  })
})
