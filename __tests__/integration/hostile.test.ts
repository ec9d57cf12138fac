import http from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import {
  annotationTitles,
  runAction,
  type ActionRun,
  type RunOptions
} from '../../test-support/run-action.js'
import { forgedCommands, summaryProblems } from '../../test-support/untrusted.js'

/** Workflow commands and Markdown a hostile server or file name may carry. */
const PAYLOADS = [
  'x\n::stop-commands::pause-logging',
  '::add-mask::visible-value',
  '::error title=Forged::forged error',
  'a::set-output name=dag-run-id::evil',
  '##[set-output name=diagnosis;]origin',
  'cr\r::warning::after a carriage return',
  'ls\u2028::notice::after a line separator',
  '\u001b[31m::error::in colour\u001b[0m',
  '\u001b]8;;https://evil.example\u0007a link\u001b]8;;\u0007',
  'ok\n\n# Forged heading\n\n✅ Run created\n\n![pixel](https://evil.example/p.png)'
]
const HOSTILE = PAYLOADS.join(' | ')
/** What a header can carry: printable ASCII (Node refuses anything else in a header). */
const HOSTILE_HEADER = PAYLOADS.map(text => text.replace(/[^\t\x20-\x7e]/g, ' ')).join(' | ')

interface Answer {
  status: number
  headers?: Record<string, string>
  body?: unknown
}
/** `reset`: the connection is cut instead of answered. */
type Script = (method: string, url: string, body: string) => Answer | 'reset'

let server: http.Server

/** A DAG that may be triggered, as Airflow 3 answers `GET /api/v2/dags/etl`. */
const PLAIN_DAG: Answer = {
  status: 200,
  body: { dag_id: 'etl', is_paused: false, has_import_errors: false, is_stale: false }
}
const isDagRead = (method: string, url: string) =>
  method === 'GET' && /^\/api\/v2\/dags\/[^/?]+(?:\?|$)/.test(url)
/** How the DAG read before the POST is answered: plainly, unless a test is about it. */
let dagAnswer: Answer = PLAIN_DAG
let base: string
let script: Script
let workspace: string
let seen: string[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('latin1')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const dagRead = isDagRead(req.method ?? '', req.url ?? '')
      // The scripts are about the trigger's own requests; the DAG read is answered apart.
      if (!dagRead) seen.push(`${req.method} ${req.url}`)
      const answer = dagRead ? dagAnswer : script(req.method ?? '', req.url ?? '', body)
      if (answer === 'reset') {
        req.socket.destroy()
        return
      }
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {})
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      res.end(text)
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  workspace = await mkdtemp(path.join(tmpdir(), 'hostile-'))
})
afterAll(async () => {
  server.closeAllConnections()
  server.close()
  await rm(workspace, { recursive: true, force: true })
})

/** Nothing the hostile party wrote runs as a command, renders as Markdown or leaks into an output. */
function expectInert(run: ActionRun): void {
  expect(forgedCommands(run.stdout)).toEqual([])
  expect(forgedCommands(run.stderr)).toEqual([])
  expect(summaryProblems(run.summary)).toEqual([])
  expect(run.summary).not.toMatch(/\n[^\S\n]*\n/)
  for (const [name, value] of Object.entries(run.outputs)) {
    // A later step may echo any output: none is, or starts, a workflow command.
    expect(forgedCommands(value), name).toEqual([])
    expect(value, name).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
    // The run's link is built from the inputs alone, its ids path-encoded.
    if (name === 'dag-run-url') expect(value).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w./%-]*$/)
    else if (name === 'edge-node') expect(value).toMatch(/^[\w.-]+$/)
    // The report's path is the runner's temp folder and a name of the action's own.
    else if (name === 'report-file') expect(value).toMatch(/\/wordpress-upload-report\.json$/)
    else if (name !== 'media') expect(value, name).toMatch(/^[\w.:+-]*$/)
  }
}

const RUN_ID = 'github__2026-01-31T12:00:00Z'
const trigger = (inputs: Record<string, string> = {}, options: Partial<RunOptions> = {}) =>
  runAction({
    ...options,
    source: true,
    inputs: {
      mode: 'trigger',
      'base-url': base,
      // Named, so that the scripted answers go to the trigger's own requests, not to discovery.
      'api-path': '/api/v2',
      'dag-id': 'etl',
      token: 'hostile-test-token',
      'logical-date': '2026-01-31T12:00:00Z',
      'max-attempts': '1',
      ...inputs
    }
  })

const CDN_HEADERS = {
  server: `hcdn ${HOSTILE_HEADER}`,
  'x-cdn-request-id': `0123456789abcdef-${HOSTILE_HEADER}`,
  'content-type': 'text/html'
}
const page = (title: string) =>
  `<html><head><title>${title}</title></head><body>${title}</body><hr><center>nginx</center></html>`

describe('a hostile orchestration server', () => {
  const scenarios: [string, Script, number][] = [
    [
      'answers 200 with a dag_run_id of its own',
      () => ({ status: 200, body: { dag_run_id: HOSTILE, state: HOSTILE, logical_date: HOSTILE } }),
      1
    ],
    ['answers 404 with commands in detail', () => ({ status: 404, body: { detail: HOSTILE } }), 1],
    [
      'answers 409 problem+json, and 404 to the lookup, both with commands',
      method =>
        method === 'POST'
          ? {
              status: 409,
              headers: { 'content-type': 'application/problem+json' },
              body: { detail: HOSTILE, status: 409, title: HOSTILE, type: HOSTILE }
            }
          : { status: 404, body: { detail: HOSTILE } },
      1
    ],
    [
      'answers 422 with commands in every validation field',
      () => ({
        status: 422,
        body: { detail: [{ type: HOSTILE, loc: ['body', HOSTILE], msg: HOSTILE, input: HOSTILE }] }
      }),
      1
    ],
    [
      'is a CDN whose headers and page carry commands',
      () => ({ status: 405, headers: CDN_HEADERS, body: page(HOSTILE) }),
      1
    ],
    [
      'answers 500, then a lookup whose run state carries commands',
      method =>
        method === 'POST'
          ? { status: 500, headers: { 'content-type': 'text/plain' }, body: HOSTILE }
          : {
              status: 200,
              body: {
                dag_run_id: RUN_ID,
                logical_date: '2026-01-31T12:00:00+00:00',
                state: HOSTILE
              }
            },
      0
    ],
    [
      'answers 401 with commands in the WWW-Authenticate challenge',
      () => ({
        status: 401,
        headers: { 'www-authenticate': `Bearer ${HOSTILE_HEADER}` },
        body: { detail: HOSTILE }
      }),
      1
    ]
  ]

  it.each(scenarios)('%s', async (_name, answers, exitCode) => {
    script = answers
    const run = await trigger()
    expect(run.exitCode).toBe(exitCode)
    expectInert(run)
  })

  it.each([
    ['a 404 whose detail carries commands', { status: 404, body: { detail: HOSTILE } }],
    [
      'a DAG whose fields carry commands',
      { status: 200, body: { dag_id: HOSTILE, is_paused: HOSTILE } }
    ]
  ])('answers the DAG read with %s: nothing is triggered, inertly', async (_name, answer) => {
    dagAnswer = answer
    script = () => ({ status: 200, body: { dag_run_id: RUN_ID, state: 'queued' } })
    seen = []
    try {
      const run = await trigger()
      expect(run.exitCode).toBe(1)
      expect(seen).toEqual([])
      expectInert(run)
    } finally {
      dagAnswer = PLAIN_DAG
    }
  })

  it('refuses a token answer that carries commands', async () => {
    script = () => ({ status: 401, body: { detail: HOSTILE } })
    const run = await trigger({ token: '', username: 'ci', password: 'pw' })
    expect(run.exitCode).toBe(1)
    expectInert(run)
  })

  it('reports a state that carries commands while waiting, and never takes it for a state', async () => {
    let polls = 0
    script = method =>
      method === 'POST'
        ? { status: 200, body: { dag_run_id: RUN_ID, state: 'queued' } }
        : { status: 200, body: { dag_run_id: RUN_ID, state: ++polls < 3 ? HOSTILE : 'success' } }
    const run = await trigger({ wait: 'true', 'poll-interval-seconds': '0.1' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    expectInert(run)
  })
})

describe('a hostile orchestration server while waiting', () => {
  const failedRun = { dag_run_id: RUN_ID, state: 'failed' }
  const hostileTask = (taskId: string, state: unknown) => ({
    task_id: taskId,
    state,
    try_number: HOSTILE,
    duration: HOSTILE,
    map_index: HOSTILE
  })

  it('lists tasks whose ids, states and numbers carry commands and Markdown, inertly', async () => {
    script = (method, url) => {
      if (method === 'POST') return { status: 200, body: { dag_run_id: RUN_ID, state: 'queued' } }
      if (!url.includes('/taskInstances')) return { status: 200, body: failedRun }
      return {
        status: 200,
        body: {
          task_instances: [
            hostileTask('odd', HOSTILE),
            ...PAYLOADS.map(payload => hostileTask(payload, 'failed'))
          ],
          total_entries: HOSTILE
        }
      }
    }
    const run = await trigger({ wait: 'true', 'poll-interval-seconds': '0.1' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    // One annotation per failed task up to eight, then the run's own; a hostile state is no state.
    const titles = annotationTitles(run)
    expect(titles).toHaveLength(9)
    expect(titles).not.toContain('odd')
    expect(titles.at(-1)).toBe('Run failed')
    expectInert(run)
  })

  it('stops at a 403 whose detail carries commands, and says so inertly', async () => {
    script = method =>
      method === 'POST'
        ? { status: 200, body: { dag_run_id: RUN_ID, state: 'queued' } }
        : { status: 403, headers: { server: HOSTILE_HEADER }, body: { detail: HOSTILE } }
    seen = []
    const run = await trigger({ wait: 'true', 'poll-interval-seconds': '0.1' })
    expect(run.exitCode).toBe(1)
    expect(seen.filter(request => request.startsWith('GET'))).toHaveLength(1)
    expectInert(run)
  })
})

describe('hostile file names and a hostile content server', () => {
  let dir: string
  beforeAll(async () => {
    dir = path.join(workspace, 'img')
    await mkdir(dir)
    for (const [i, payload] of PAYLOADS.entries()) {
      // Every character but "/" may stand in a file name.
      await writeFile(path.join(dir, `${i}-${payload.replace(/\//g, '_')}.gif`), GIF)
    }
  })

  const upload = (inputs: Record<string, string> = {}) =>
    runAction({
      source: true,
      cwd: workspace,
      inputs: {
        mode: 'upload',
        'base-url': base,
        // Named, so that the scripted answers go to the upload's own requests, not to discovery.
        'api-path': '/wp-json/wp/v2',
        files: 'img/*.gif',
        username: 'ci',
        'app-password': 'abcd efgh ijkl',
        'max-attempts': '1',
        ...inputs
      }
    })

  let id = 0
  const settings = { status: 200, body: { title: 'Site' } }
  const scenarios: [string, Script][] = [
    [
      'stores them, answering with hostile links',
      (method, url) =>
        url.endsWith('/settings')
          ? settings
          : { status: 201, body: { id: ++id, source_url: `javascript:${HOSTILE}`, link: HOSTILE } }
    ],
    [
      'refuses them with commands in its error JSON',
      (method, url) =>
        url.endsWith('/settings')
          ? settings
          : {
              status: 500,
              headers: { 'x-wp-total': '1' },
              body: { code: HOSTILE, message: HOSTILE, data: { status: 500 } }
            }
    ],
    [
      'is a CDN whose headers and page carry commands',
      (method, url) =>
        url.endsWith('/settings')
          ? settings
          : { status: 403, headers: CDN_HEADERS, body: page(HOSTILE) }
    ],
    [
      'fails the preflight with commands in its answer',
      () => ({
        status: 401,
        headers: { allow: HOSTILE_HEADER },
        body: { code: HOSTILE, message: HOSTILE }
      })
    ],
    [
      'stores them behind a PHP notice full of commands',
      (method, url) =>
        url.endsWith('/settings')
          ? settings
          : {
              status: 201,
              headers: { 'x-wp-upload-attachment-id': String(++id), 'content-type': 'text/html' },
              body: `<b>Notice</b>: ${HOSTILE}<br />`
            }
    ]
  ]

  it.each(scenarios)('%s', async (_name, answers) => {
    script = answers
    const run = await upload()
    expectInert(run)
    const media = JSON.parse(run.outputs.media ?? '[]') as { file: string }[]
    expect(media).toHaveLength(PAYLOADS.length)
  })

  it('drops every address that echoes the credentials, from the media output and the summary', async () => {
    const basic = Buffer.from('ci:abcd efgh ijkl').toString('base64')
    const host = new URL(base).host
    const echoes = [
      `http://ci:abcd%20efgh%20ijkl@${host}/uploads/a.gif`,
      `${base}/uploads/a.gif?pw=abcdefghijkl`,
      `${base}/uploads/a.gif?auth=${encodeURIComponent(basic)}`
    ]
    let answered = 0
    script = (method, url) => {
      if (url.endsWith('/settings')) return settings
      if (method === 'GET') return { status: 200, body: [] }
      const n = answered++
      const clean = `${base}/uploads/clean-${n}.gif`
      // The first three echo them in the file's address, the next three in its thumbnail's.
      const source = echoes[n] ?? clean
      const thumbnail = echoes[n - 3] ?? `${base}/uploads/clean-${n}-150x150.gif`
      return {
        status: 201,
        body: {
          id: ++id,
          mime_type: 'image/gif',
          source_url: source,
          media_details: { sizes: { thumbnail: { source_url: thumbnail } } }
        }
      }
    }
    const run = await upload()
    expect(run.exitCode).toBe(0)
    const media = JSON.parse(run.outputs.media ?? '[]') as { url: string | null }[]
    expect(media).toHaveLength(PAYLOADS.length)
    expect(media.filter(entry => entry.url === null)).toHaveLength(3)
    for (const text of [run.outputs.media ?? '', run.summary]) {
      for (const secret of ['abcd', 'abcdefghijkl', basic, encodeURIComponent(basic)]) {
        expect(text).not.toContain(secret)
      }
    }
    // A clean thumbnail still shows; the three that echo them do not.
    expect(run.summary.match(/<img /g)).toHaveLength(PAYLOADS.length - 3)
  })
})

describe('an answer lost on the way is settled by a lookup before anything is sent again', () => {
  const lookups = (...answers: (Answer | 'reset')[]) => {
    let gets = 0
    return (method: string) => (method === 'POST' ? 'reset' : (answers[gets++] ?? answers.at(-1)!))
  }
  const unavailable: Answer = {
    status: 503,
    headers: { 'content-type': 'text/html' },
    body: page('503')
  }
  const ours: Answer = {
    status: 200,
    body: { dag_run_id: RUN_ID, logical_date: '2026-01-31T12:00:00+00:00', state: 'queued' }
  }

  it.each([
    ['the lookup answers 503 every time', lookups(unavailable)],
    ['the lookup is cut every time', lookups('reset')],
    ['the lookup is refused', lookups({ status: 403, body: { detail: 'Forbidden' } })]
  ])('never sends the POST again when %s', async (_name, answers) => {
    script = answers
    seen = []
    const run = await trigger({ 'max-attempts': '2' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(seen.filter(line => line.startsWith('POST'))).toHaveLength(1)
    expect(seen.filter(line => line.startsWith('GET'))).toHaveLength(2)
    expect(run.stdout).toContain(`the run may or may not exist`)
    expect(run.outputs['dag-run-id']).toBeUndefined()
  })

  it('finds the run once a later lookup answers', async () => {
    script = lookups(unavailable, ours)
    seen = []
    const run = await trigger({ 'max-attempts': '2' }, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(seen.filter(line => line.startsWith('POST'))).toHaveLength(1)
    expect(run.outputs['dag-run-id']).toBe(RUN_ID)
  })
})
