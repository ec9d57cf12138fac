import { beforeEach, describe, expect, it } from 'vitest'
import { TestClock } from '../../test-support/clock.js'
import { GIF, png } from '../../test-support/images.js'
import { annotationTitles, errorMessages, type ActionRun } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const CLIENT_ID = 'c1d-4e7a9b2f.access'
const CLIENT_SECRET = 'cs-91f0e6d2a7b84c3e'
const GATEWAY_HEADERS = `CF-Access-Client-Id: ${CLIENT_ID}\nCF-Access-Client-Secret: ${CLIENT_SECRET}`

/** Airflow's time and the action's: a run progresses as the action's polls pause, at once. */
const clock = new TestClock()
const kit = useSandbox({
  clock,
  trigger: {
    token: '',
    username: 'airflow',
    password: 'sandbox-password',
    'logical-date': '2026-01-31T12:00:00Z'
  }
})
const { upload, trigger, requestLines, inProcess } = kit
beforeEach(() => kit.files({ 'img/a.png': png(2, 2, [0, 128, 255]), 'img/b.gif': GIF }))

/** Everything a user or a later step can read, less the masking commands themselves. */
function readable(run: ActionRun): string[] {
  const stdout = run.stdout
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
    .join('\n')
  return [stdout, run.stderr, run.summary, JSON.stringify(run.outputs)]
}

function expectMaskedEverywhere(run: ActionRun): void {
  for (const value of [CLIENT_ID, CLIENT_SECRET]) {
    expect(run.stdout).toContain(`::add-mask::${value}`)
    for (const text of readable(run)) expect(text).not.toContain(value)
  }
}

describe('headers reach every request to the server', () => {
  it('in upload mode: finding the API, the preflight, the look-up and each upload', async () => {
    const run = await upload({ headers: GATEWAY_HEADERS })
    expect(run.exitCode).toBe(0)
    expect(requestLines()).toEqual([
      'HEAD /',
      'GET /wp-json/',
      'GET /index.php',
      'GET /cms-json/cms/v2/settings',
      'GET /cms-json/cms/v2/users/me',
      'GET /cms-json/cms/v2/media',
      'POST /cms-json/cms/v2/media',
      'POST /cms-json/cms/v2/media'
    ])
    for (const request of kit.sandbox.requests) {
      expect(request.headers['cf-access-client-id']).toBe(CLIENT_ID)
      expect(request.headers['cf-access-client-secret']).toBe(CLIENT_SECRET)
    }
    expectMaskedEverywhere(run)
  })

  it('in trigger mode: finding the API, the token request, the DAG read, the trigger and each poll', async () => {
    const run = await trigger({
      headers: GATEWAY_HEADERS,
      wait: 'true',
      'poll-interval-seconds': '0.1'
    })
    expect(run.exitCode).toBe(0)
    const lines = requestLines()
    expect(lines.slice(0, 4)).toEqual([
      'GET /api/v2/version',
      'POST /auth/token',
      'GET /api/v2/dags/example_dag',
      'POST /api/v2/dags/example_dag/dagRuns'
    ])
    expect(
      lines.filter(line => line.startsWith('GET /api/v2/dags/example_dag/dagRuns/'))
    ).not.toEqual([])
    for (const request of kit.sandbox.requests) {
      expect(request.headers['cf-access-client-id']).toBe(CLIENT_ID)
      expect(request.headers['cf-access-client-secret']).toBe(CLIENT_SECRET)
    }
    expectMaskedEverywhere(run)
  })
})

describe('headers refused before any connection', () => {
  it.each([
    [
      `Authorization: Bearer ${CLIENT_SECRET}`,
      'line 1 ("Authorization") names a header the action sets itself'
    ],
    [
      `X-Ok: 1\nTransfer-Encoding: ${CLIENT_SECRET}`,
      'line 2 ("Transfer-Encoding") names a framing or hop-by-hop header'
    ],
    [`X-Gateway ${CLIENT_SECRET}`, 'line 1 is not "Name: value"']
  ])('%j', async (headers, problem) => {
    const run = await inProcess.upload({ headers })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(`Input "headers" ${problem}`)
    expect(kit.sandbox.requests).toEqual([])
    for (const text of readable(run)) expect(text).not.toContain(CLIENT_SECRET)
  })
})

describe('inputs of the other mode', () => {
  it('are named in one warning in upload mode, and the upload goes on', async () => {
    const run = await upload({ 'dag-id': 'etl', wait: 'true', 'run-id-prefix': 'github__' })
    expect(run.exitCode).toBe(0)
    expect(annotationTitles(run)).toEqual(['Inputs ignored in upload mode'])
    expect(run.stdout).toContain(
      'Inputs "dag-id", "wait" are for trigger mode; this step runs in upload mode, which ignores them.'
    )
  })

  it('are named in one warning in trigger mode', async () => {
    const run = await trigger({ files: 'img/*', concurrency: '4' })
    expect(run.exitCode).toBe(0)
    expect(annotationTitles(run)).toEqual(['Inputs ignored in trigger mode'])
    expect(run.stdout).toContain('Inputs "files", "concurrency" are for upload mode')
  })

  it('leave no warning when only shared inputs and defaults are given', async () => {
    const run = await upload({ preflight: 'true', 'api-path': '/cms-json/cms/v2' })
    expect(run.exitCode).toBe(0)
    expect(annotationTitles(run)).toEqual([])
  })

  it('password in upload mode stops the step before any request, naming app-password', async () => {
    const run = await inProcess.upload({ password: 'login-password-9' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      'Input "password" is the Airflow password, for trigger mode (the value is not shown). Upload mode signs in with "app-password"'
    )
    expect(kit.sandbox.requests).toEqual([])
    for (const text of readable(run)) expect(text).not.toContain('login-password-9')
  })
})

describe('files that match nothing', () => {
  it('fail the step by default, pointing out a backslash', async () => {
    const run = await inProcess.upload({ files: 'img\\*.png' })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      '- "img\\\\*.png" has "\\": glob patterns separate directories with "/"'
    )
    expect(kit.sandbox.requests).toEqual([])
  })

  it('with warn: the step succeeds with a warning, zero files and a summary naming the patterns', async () => {
    const run = await inProcess.upload({
      files: 'out/*.png\nout/*.webp, out/*.jpg',
      'if-no-files-found': 'warn'
    })
    expect(run.exitCode).toBe(0)
    expect(annotationTitles(run)).toEqual(['No files found'])
    expect(run.outputs).toMatchObject({
      media: '[]',
      'uploaded-count': '0',
      'existing-count': '0',
      'failed-count': '0'
    })
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('no file matched, nothing uploaded')
    expect(summary).toContain('out/*.png')
    expect(summary).toContain(
      'out/*.webp, out/*.jpg: it has ",": give one pattern per line, not a comma-separated list'
    )
    expect(kit.sandbox.requests).toEqual([])
  })

  it('with ignore: the step succeeds with a log line and no annotation', async () => {
    const run = await inProcess.upload({ files: 'out/*.png', 'if-no-files-found': 'ignore' })
    expect(run.exitCode).toBe(0)
    expect(annotationTitles(run)).toEqual([])
    expect(run.stdout).toContain('No file matched the "files" patterns in')
    expect(run.outputs.media).toBe('[]')
    expect(kit.sandbox.requests).toEqual([])
  })
})
