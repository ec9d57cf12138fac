import http from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import { runAction, type ActionRun } from '../../test-support/run-action.js'
import { forgedCommands, secretTraces, summaryProblems } from '../../test-support/untrusted.js'

/**
 * Secrets that every rewriting of text has a go at: `::` (word joiners), `'` and `<` (HTML
 * escapes), runs of spaces (collapsed), a backtick (made a quote); each starts with characters
 * found nowhere else, so a cut one is seen too.
 */
const TOKEN = "Tk5::to'ken <abc>  `def`   end"
const PASSWORD = "Zq7::pa'ss <w0rd>  x"
const APP_PASSWORD = "Wp4x::ab'cd <ef>  gh"
/** A gateway's secret, shaped so that a request id holding it is split inside it. */
const HEADER_SECRET = 'c0ffee99d00d-Cf9sEcReT-edge'
const HEADERS = `CF-Access-Client-Secret: ${HEADER_SECRET}`
const ISSUED = 'Iss8eyJhbGciOiJIUzI1NiJ9.issued-token.signature'
const basic = (user: string, password: string) =>
  Buffer.from(`${user}:${password}`).toString('base64')

interface Answer {
  status: number
  headers?: Record<string, string>
  body?: unknown
}
interface Request {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
}
type Script = (request: Request) => Answer

let server: http.Server
let base: string
let script: Script
let seen: Request[] = []
let workspace: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers }
      seen.push(request)
      const answer = script(request)
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {})
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      res.end(text)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  workspace = await mkdtemp(path.join(tmpdir(), 'secrets-'))
  await mkdir(path.join(workspace, 'img'))
  for (const name of ['a.gif', '<img src=x onerror=alert(1)>.gif']) {
    await writeFile(path.join(workspace, 'img', name), GIF)
  }
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(workspace, { recursive: true, force: true })
})

/**
 * Everything of a run that others read: the log and annotations as the runner reads them (less
 * the commands that tell it what to mask), the summary and the outputs.
 */
function readable(run: ActionRun): string {
  const log = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')
  const unescaped = log
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%')
  return [log, unescaped, run.summary, JSON.stringify(run.outputs)].join('\n')
}

function expectNoSecret(run: ActionRun, secrets: string[]): void {
  const text = readable(run)
  for (const secret of secrets) expect(secretTraces(text, secret), secret).toEqual([])
  expect(forgedCommands(run.stdout)).toEqual([])
  expect(summaryProblems(run.summary)).toEqual([])
  for (const [name, value] of Object.entries(run.outputs)) {
    expect(forgedCommands(value), name).toEqual([])
    expect(value, name).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
  }
}

/** A page that quotes text as HTML, as a server's error page would. */
const page = (text: string) =>
  `<html><head><title>${text.replace(/'/g, '&#039;').replace(/</g, '&lt;')}</title></head><body><p>${text}</p><hr><center>nginx</center></body></html>`
/** A body where the text stands across each length at which an answer is cut for showing. */
const acrossCuts = (text: string) =>
  [76, 296, 1996].reduce((body, at) => `${body}${'y'.repeat(at - body.length)}${text} `, '')

const trigger = (inputs: Record<string, string>) =>
  runAction({
    source: true,
    inputs: {
      mode: 'trigger',
      'base-url': base,
      'api-path': '/api/v2',
      'dag-id': 'etl',
      'logical-date': '2026-01-31T12:00:00Z',
      'max-attempts': '1',
      headers: HEADERS,
      ...inputs
    }
  })

describe('a server that echoes the secrets of the trigger', () => {
  const echoed = `token ${TOKEN} with ${HEADER_SECRET} and ${encodeURIComponent(TOKEN)}`
  const scenarios: [string, Answer][] = [
    ['in a JSON error', { status: 401, body: { detail: echoed, title: TOKEN } }],
    [
      'in a JSON error as .NET writes it, and percent-encoded in lower-case hex',
      {
        status: 401,
        body: String.raw`{"detail":"token Tk5::to\u0027ken \u003Cabc\u003E  \u0060def\u0060   end or Tk5::to\u0027ken \u003cabc\u003e  \u0060def\u0060   end","title":"${encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, hex => hex.toLowerCase())}"}`
      }
    ],
    [
      'in an HTML page and its headers, from a CDN',
      {
        status: 403,
        headers: {
          'content-type': 'text/html',
          server: 'cloudflare',
          'cf-ray': `8a1b2c3d4e5f6789-${HEADER_SECRET}`,
          'www-authenticate': `Bearer realm="${TOKEN}"`
        },
        body: page(echoed)
      }
    ],
    [
      'across every length at which an answer is cut',
      { status: 500, headers: { 'content-type': 'text/plain' }, body: acrossCuts(TOKEN) }
    ]
  ]

  it.each(scenarios)('%s: no form of a secret is shown anywhere', async (_name, answer) => {
    script = () => answer
    const run = await trigger({ token: TOKEN })
    expect(run.exitCode).toBe(1)
    expect(run.stdout).toContain('***')
    expectNoSecret(run, [TOKEN, HEADER_SECRET])
  })

  it("hides the Basic credential of Airflow 2's password sign-in", async () => {
    const credential = basic('ci', PASSWORD)
    script = () => ({
      status: 401,
      body: { detail: `Basic ${credential} for ci:${PASSWORD}`, title: credential }
    })
    const run = await trigger({ 'api-path': '/api/v1', username: 'ci', password: PASSWORD })
    expect(run.exitCode).toBe(1)
    expect(seen.at(-1)?.headers.authorization).toBe(`Basic ${credential}`)
    expectNoSecret(run, [PASSWORD, credential])
  })

  it('hides the token Airflow 3 issued for the password', async () => {
    script = ({ url }) =>
      url === '/auth/token'
        ? { status: 201, body: { access_token: ISSUED } }
        : { status: 403, body: { detail: `token ${ISSUED} may not`, title: ISSUED } }
    const run = await trigger({ username: 'ci', password: PASSWORD })
    expect(run.exitCode).toBe(1)
    expect(seen.at(-1)?.headers.authorization).toBe(`Bearer ${ISSUED}`)
    expectNoSecret(run, [PASSWORD, ISSUED])
  })

  it('gives an edge node that cannot start a workflow command', async () => {
    script = () => ({
      status: 403,
      headers: {
        'content-type': 'text/html',
        server: 'hcdn',
        'x-cdn-request-id': '0123456789abcdef-::stop-commands::x'
      },
      body: page('403 Forbidden')
    })
    const run = await trigger({ token: TOKEN })
    expect(run.outputs.diagnosis).toBe('cdn')
    expect(run.outputs['edge-node']).toBe('__stop-commands__x')
    expectNoSecret(run, [TOKEN])
  })
})

describe('a content server that echoes the secrets of the upload', () => {
  const upload = (inputs: Record<string, string> = {}) =>
    runAction({
      source: true,
      cwd: workspace,
      inputs: {
        mode: 'upload',
        'base-url': base,
        'api-path': '/wp-json/wp/v2',
        files: 'img/a.gif',
        username: 'ci',
        'app-password': APP_PASSWORD,
        'max-attempts': '1',
        headers: HEADERS,
        ...inputs
      }
    })
  const settings = { status: 200, body: { title: 'Site' } }
  const credential = basic('ci', APP_PASSWORD)
  const echoed = `${APP_PASSWORD} as ${credential}, behind ${HEADER_SECRET}`

  it.each([
    ['a JSON error', { status: 500, body: { code: 'x', message: echoed } }],
    ['an HTML page', { status: 403, headers: { 'content-type': 'text/html' }, body: page(echoed) }]
  ])('in %s: no form of a secret is shown anywhere', async (_name, answer: Answer) => {
    script = ({ url }) => (url.includes('/settings') ? settings : answer)
    const run = await upload()
    expect(run.exitCode).toBe(1)
    expectNoSecret(run, [APP_PASSWORD, credential, HEADER_SECRET])
  })

  it("in a stored file's address: the address is dropped from the media output and the summary", async () => {
    let id = 0
    script = ({ method, url }) => {
      if (url.includes('/settings')) return settings
      if (method === 'GET') return { status: 200, body: [] }
      return {
        status: 201,
        body: {
          id: ++id,
          mime_type: 'image/gif',
          source_url: `${base}/uploads/a.gif?cf=${encodeURIComponent(HEADER_SECRET)}`,
          media_details: {
            sizes: { thumbnail: { source_url: `${base}/uploads/a-150.gif?cf=${HEADER_SECRET}` } }
          }
        }
      }
    }
    const run = await upload()
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(run.outputs.media ?? '')).toMatchObject([{ file: 'img/a.gif', url: null }])
    expect(run.summary).not.toContain('<img')
    expectNoSecret(run, [APP_PASSWORD, credential, HEADER_SECRET])
  })

  it('sends a hostile file name to WordPress as text, the template as written', async () => {
    let id = 0
    script = ({ method, url }) => {
      if (url.includes('/settings')) return settings
      if (method === 'GET') return { status: 200, body: [] }
      return { status: 201, body: { id: ++id } }
    }
    seen = []
    const run = await upload({
      files: 'img/<img*.gif',
      'skip-existing': 'false',
      title: '<b>{stem}</b>',
      caption: '<em>{name}</em>'
    })
    expect(run.exitCode).toBe(0)
    const post = seen.find(request => request.method === 'POST')
    const query = new URL(post?.url ?? '', base).searchParams
    expect(query.get('title')).toBe('<b>&lt;img src=x onerror=alert(1)&gt;</b>')
    expect(query.get('caption')).toBe('<em>&lt;img src=x onerror=alert(1)&gt;.gif</em>')
  })
})

describe('AWS errors that echo the signed request', () => {
  const keys = {
    AWS_ACCESS_KEY_ID: 'ASIAECHOEXAMPLE00001',
    AWS_SECRET_ACCESS_KEY: 'echoSecretKey/K7MDENG+bPxRfiCYECHO000000',
    AWS_SESSION_TOKEN: 'IQoJb3JpZ2luX2VjEEchoSessionToken00000000000000'
  }

  it('never shows the signature, the key in the credential scope, or the session token', async () => {
    let authorization = ''
    script = ({ headers }) => {
      authorization = String(headers.authorization)
      return {
        status: 403,
        headers: {
          'x-amzn-errortype': 'IncompleteSignatureException',
          'x-amzn-requestid': 'b7c4e3f0-0000-0000-0000-000000000000'
        },
        body: {
          message: `Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. Authorization=${authorization}, X-Amz-Security-Token=${String(headers['x-amz-security-token'])}`
        }
      }
    }
    const run = await runAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'mwaa-environment': 'env',
        'dag-id': 'etl',
        'logical-date': '2026-01-31T12:00:00Z',
        'max-attempts': '1'
      },
      env: { ...keys, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_MWAA: base }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('aws')
    const signature = /Signature=([0-9a-f]{64})/.exec(authorization)?.[1]
    expect(signature).toBeDefined()
    expect(readable(run)).toContain('Signature=***')
    expectNoSecret(run, [signature!, ...Object.values(keys)])
  })

  /** Each request's signature echoed bare, and the keys as .NET and a lower-case encoder write them. */
  const echoes = (signatures: string[]) =>
    [
      `The request signature we calculated does not match the signature you provided: ${signatures.join(' ')}.`,
      String.raw`key echoSecretKey\u002FK7MDENG\u002BbPxRfiCYECHO000000`,
      String.raw`key echoSecretKey\u002fK7MDENG\u002bbPxRfiCYECHO000000`,
      'key echoSecretKey%2fK7MDENG%2bbPxRfiCYECHO000000'
    ].join(' | ')
  const signed = (run: ActionRun, signatures: string[]) => {
    expect(run.exitCode).toBe(1)
    expect(signatures.length).toBeGreaterThan(1)
    const text = readable(run)
    expect(text).toContain('The request signature we calculated does not match')
    for (const signature of signatures) expect(text, signature).not.toContain(signature)
    expect(text).not.toMatch(/echoSecretKey/i)
    expectNoSecret(run, [...signatures, ...Object.values(keys)])
  }

  it('never shows the bare signature of any request MWAA echoes, nor a key escaped as JSON or in lower-case hex', async () => {
    const signatures: string[] = []
    script = ({ headers }) => {
      signatures.push(/Signature=([0-9a-f]{64})/.exec(String(headers.authorization))![1]!)
      return {
        status: 403,
        headers: { 'x-amzn-errortype': 'InvalidSignatureException' },
        body: String.raw`{"message":"${echoes(signatures)}"}`
      }
    }
    const run = await runAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'mwaa-environment': 'env',
        'dag-id': 'etl',
        'logical-date': '2026-01-31T12:00:00Z',
        'max-attempts': '1'
      },
      env: { ...keys, AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_MWAA: base }
    })
    signed(run, signatures)
  })

  it('never shows the bare signature of any request MWAA Serverless echoes', async () => {
    const signatures: string[] = []
    script = ({ headers }) => {
      signatures.push(/Signature=([0-9a-f]{64})/.exec(String(headers.authorization))![1]!)
      return {
        status: 400,
        headers: { 'content-type': 'application/x-amz-json-1.0' },
        body: String.raw`{"__type":"ThrottlingException","message":"${echoes(signatures)}"}`
      }
    }
    const run = await runAction({
      source: true,
      inputs: {
        mode: 'trigger',
        'mwaa-serverless-workflow':
          'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5',
        'logical-date': '2026-01-31T12:00:00Z',
        'max-attempts': '2'
      },
      env: { ...keys, AWS_ENDPOINT_URL_MWAA_SERVERLESS: base },
      // Throttled, so that the call is signed again: the retry's back-off ends at once.
      instantPauses: true
    })
    signed(run, signatures)
  })
})
