import http from 'node:http'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSandbox } from '../../sandbox/server.js'
import { TestClock } from '../../test-support/clock.js'
import { gitRepoWithCommit } from '../../test-support/git-repo.js'
import { annotationTitles, errorMessages } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import {
  AIRFLOW_TOKEN,
  type InProcessExtras,
  type RunExtras,
  useSandbox
} from '../../test-support/sandbox-kit.js'

// Committer date 2026-01-31T13:14:15+01:00, i.e. 12:14:15 UTC.
const COMMIT_DATE = '2026-01-31T12:14:15Z'
const RUN_ID = `github__${COMMIT_DATE}`

const kit = useSandbox()
let checkout: { dir: string; sha: string }

beforeAll(async () => {
  checkout = await gitRepoWithCommit('2026-01-31T13:14:15+01:00')
})
afterAll(() => rm(checkout.dir, { recursive: true, force: true }))

/** In the checkout of the commit, unless `cwd` says otherwise. */
const inCheckout = <Extras extends InProcessExtras>(extras: Extras): Extras => ({
  ...extras,
  env: { GITHUB_SHA: checkout.sha, ...extras.env },
  cwd: extras.cwd ?? checkout.dir
})
const trigger = (inputs: Record<string, string> = {}, extras: RunExtras = {}) =>
  kit.trigger(inputs, inCheckout(extras))
/** As `trigger`, in this process: for a run that stops before any request. */
const triggerInProcess = (inputs: Record<string, string> = {}, extras: InProcessExtras = {}) =>
  kit.inProcess.trigger(inputs, inCheckout(extras))

const posts = () => kit.sandbox.requests.filter(r => r.method === 'POST')
/** Look-ups of a run: the GETs after the POST. */
const gets = () =>
  kit.sandbox.requests.filter(r => r.method === 'GET' && r.path.includes('/dagRuns/'))

describe('trigger mode: creating a run', () => {
  it('creates a run with the commit date and reports it everywhere', async () => {
    const run = await trigger({ conf: '{"env": "prod"}' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'dag-run-id': RUN_ID,
      'logical-date': COMMIT_DATE,
      'dag-run-state': 'queued',
      diagnosis: 'origin'
    })
    const created = kit.sandbox.runs.get('example_dag')
    expect(created).toHaveLength(1)
    expect(created![0]).toMatchObject({
      dag_run_id: RUN_ID,
      logical_date: COMMIT_DATE,
      conf: { env: 'prod' }
    })
    expect(posts()[0]!.headers.authorization).toBe(`Bearer ${AIRFLOW_TOKEN}`)
    expect(posts()[0]!.path).toBe('/api/v2/dags/example_dag/dagRuns')
    expect(run.stdout).toContain(
      `Logical date ${COMMIT_DATE}, the committer date of ${checkout.sha.slice(0, 7)} from the local git checkout.`
    )
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Run created')
    expect(summary).toContain(`${COMMIT_DATE} (from git, commit ${checkout.sha.slice(0, 7)})`)
    expect(summary).toContain(`127.0.0.1:${kit.sandbox.port}/api/v2/dags/example_dag/dagRuns`)
  })

  it('derives the same date on a re-run of the same commit, and says what collided', async () => {
    expect((await trigger()).exitCode).toBe(0)
    const rerun = await trigger()
    expect(rerun.exitCode).toBe(1)
    expect(errorMessages(rerun)).toContain(
      `This commit was already triggered: run ${RUN_ID}, state`
    )
    expect(rerun.outputs['dag-run-id']).toBeUndefined()
    expect(kit.sandbox.runs.get('example_dag')).toHaveLength(1)
  })

  // Every duplicate shape (the interface's 400, Airflow 2's and 3's 409) and what a lookup can
  // find is a row of the run-creation table in create-run.test.ts.
  it('reuses the existing run on request (Airflow 3 duplicates)', async () => {
    kit.sandbox.configure({ airflow: { duplicateStyle: 'airflow3' } })
    expect((await trigger()).exitCode).toBe(0)
    const rerun = await trigger({ 'on-duplicate': 'reuse' })
    expect(rerun.exitCode).toBe(0)
    expect(rerun.outputs['dag-run-id']).toBe(RUN_ID)
    expect(rerun.outputs['dag-run-state']).toMatch(/queued|running|success/)
    expect(summaryAsText(rerun.summary)).toContain('Existing run reused')
  })

  it('serves Airflow 2 with api-path /api/v1', async () => {
    const run = await trigger({ 'api-path': '/api/v1' })
    expect(run.exitCode).toBe(0)
    expect(posts()[0]!.path).toBe('/api/v1/dags/example_dag/dagRuns')
  })
})

describe('trigger mode: where the date comes from', () => {
  it('uses the push event when the checkout lacks the commit', async () => {
    const sha = 'f'.repeat(40)
    const run = await trigger(
      {},
      {
        cwd: kit.workspace,
        env: { GITHUB_SHA: sha },
        event: { head_commit: { id: sha, timestamp: '2026-03-04T05:06:07-02:00' } }
      }
    )
    expect(run.exitCode).toBe(0)
    expect(run.outputs['logical-date']).toBe('2026-03-04T07:06:07Z')
    expect(summaryAsText(run.summary)).toContain('(from event, commit fffffff)')
  })

  it('uses the GitHub API for a release event, with github-token', async () => {
    const sha = 'a'.repeat(40)
    const seen: { url?: string; auth?: string } = {}
    const api = http.createServer((req, res) => {
      seen.url = req.url
      seen.auth = req.headers.authorization
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          sha,
          committer: { date: '2026-05-06T07:08:09Z', name: 'c', email: 'c@example.com' }
        })
      )
    })
    await new Promise<void>(resolve => api.listen(0, '127.0.0.1', resolve))
    try {
      const port = (api.address() as { port: number }).port
      const run = await trigger(
        { 'github-token': 'ghs_exampletoken' },
        {
          cwd: kit.workspace,
          env: {
            GITHUB_SHA: sha,
            GITHUB_EVENT_NAME: 'release',
            GITHUB_API_URL: `http://127.0.0.1:${port}`
          },
          event: { action: 'published', release: { tag_name: 'v1.0.0' } }
        }
      )
      expect(run.exitCode).toBe(0)
      expect(run.outputs['logical-date']).toBe('2026-05-06T07:08:09Z')
      expect(seen.url).toBe(`/repos/octo/widgets/git/commits/${sha}`)
      expect(seen.auth).toBe('token ghs_exampletoken')
    } finally {
      api.close()
    }
  })

  it('fails before any request when no source knows the commit', async () => {
    const run = await triggerInProcess(
      {},
      { cwd: kit.workspace, env: { GITHUB_SHA: 'b'.repeat(40) }, event: {} }
    )
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('Cannot derive the logical date of commit bbbbbbb')
    expect(kit.sandbox.requests).toHaveLength(0)
  })

  it('warns that a future logical date will not run until then', async () => {
    const run = await trigger({ 'logical-date': '2099-01-01T00:00:00+00:00' })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(
      '::warning title=Logical date in the future::The logical date 2099-01-01T00:00:00Z is in the future'
    )
    expect(summaryAsText(run.summary)).toContain(
      'is in the future: the run is scheduled and will not execute until then'
    )
  })
})

describe('trigger mode: answers that are not a created run', () => {
  it('fails on a success status without dag_run_id (a login page) once the lookup finds no run', async () => {
    kit.sandbox.configure({ airflow: { faults: { htmlOk: true } } })
    const run = await trigger()
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      `HTTP 200 without a dag_run_id, and run ${RUN_ID} does not exist (its lookup answered 404): the run was not created.`
    )
    expect(posts()).toHaveLength(1)
    expect(gets()).toHaveLength(1)
    expect(run.outputs['dag-run-id']).toBeUndefined()
  })

  it.each([
    [{ token: 'wrong' }, 403, /could not verify the token/],
    [{ token: 'sandbox-expired-token' }, 401, /The token has expired/],
    [{ 'dag-id': 'no_such_dag' }, 404, /api-path|DAG/]
  ])('explains a refusal: %o → %i', async (inputs, status, hint) => {
    const run = await trigger(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(`HTTP ${status}`)
    // The annotation says what to do first, as the summary does.
    expect(errorMessages(run)).toMatch(new RegExp(`What to do: .*(?:${hint.source})`))
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Diagnosis')
    expect(summary).toMatch(hint)
    expect(run.outputs.diagnosis).toBe('origin')
  })

  it('escapes the server text in the summary', async () => {
    const run = await trigger({ 'dag-id': 'no_such_dag' })
    expect(run.summary).not.toMatch(/<script|detail":"(The )?Dag with \w+: .no_such_dag/i)
    expect(run.summary).toContain('&quot;detail&quot;')
  })
})

describe('trigger mode: lost answers are settled, never guessed', () => {
  it('finds the run when the answer to a stored POST was lost', async () => {
    kit.sandbox.configure({ airflow: { faults: { dropAfterCreate: 1 } } })
    const run = await trigger()
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe(RUN_ID)
    expect(posts()).toHaveLength(1)
    expect(gets()).toHaveLength(1)
    // The lookup decided, and the server gave it.
    expect(run.outputs.diagnosis).toBe('origin')
    expect(summaryAsText(run.summary)).toContain('confirmed by lookup')
  })

  it('settles a time-out by looking the run up', async () => {
    kit.sandbox.configure({ airflow: { faults: { delayMs: 2500 } } })
    const clock = new TestClock()
    const pending = trigger({ 'timeout-seconds': '1' }, { clock })
    // A second passes while the sandbox holds the POST's answer.
    await vi.waitFor(() => expect(posts()).toHaveLength(1), { timeout: 15_000, interval: 20 })
    await clock.advance(1000)
    const run = await pending
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-id']).toBe(RUN_ID)
    expect(posts()).toHaveLength(1)
  })

  it('stops after max-attempts when nothing answers', async () => {
    const closed = await startSandbox()
    const url = closed.url
    await closed.close()
    const run = await trigger({ 'base-url': url, 'max-attempts': '2' }, { instantPauses: true })
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain('No answer from the server after 2 attempts')
    expect(run.outputs.diagnosis).toBe('network')
  })
})

describe('trigger mode: a CDN in front', () => {
  it('names the CDN and its edge node when the CDN refuses the POST', async () => {
    kit.sandbox.configure({
      cdn: { name: 'hcdn', edge: 'edge-fra-2', passPosts: 0, blockTriggers: true }
    })
    const run = await trigger({ 'max-attempts': '1' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({ diagnosis: 'cdn', 'edge-node': 'edge-fra-2' })
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('Diagnosis')
    expect(summary).toContain('edge-fra-2')
    expect(kit.sandbox.runs.get('example_dag') ?? []).toHaveLength(0)
    const lead =
      /^Hostinger CDN \(the CDN in front of [^)]+\) refused the run: HTTP 405 \(405 Not Allowed\); it never reached Airflow\.$/
    expect(summary.split('\n')[1]).toMatch(lead)
    expect(errorMessages(run).split('\n')[0]).toMatch(lead)
    expect(annotationTitles(run)).toContainEqual(
      expect.stringMatching(/^Run not created: answered by Hostinger CDN \(the CDN in front of /)
    )
  })

  it("names Cloudflare, not the server, when Cloudflare's block page answers the POST", async () => {
    kit.sandbox.configure({
      cdn: {
        name: 'cloudflare',
        edge: 'AMS',
        passPosts: 0,
        blockTriggers: true,
        blockPage: 'cloudflare-403'
      }
    })
    const run = await trigger({ 'max-attempts': '1' })
    expect(run.exitCode).toBe(1)
    const host = new URL(kit.sandbox.url).host
    const lead = `Cloudflare (the CDN in front of ${host}) refused the run: HTTP 403 (Attention Required! | Cloudflare); it never reached Airflow.`
    expect(summaryAsText(run.summary).split('\n')[1]).toBe(lead)
    expect(errorMessages(run).split('\n')[0]).toBe(lead)
    expect(annotationTitles(run)).toContain(
      `Run not created: answered by Cloudflare (the CDN in front of ${host})`
    )
  })

  it('names Airflow when Airflow itself refuses the POST with 403', async () => {
    kit.sandbox.configure({
      cdn: { name: 'hcdn', edge: 'edge-fra-2', passPosts: 100 },
      airflow: { tokens: [], noPermissionTokens: [AIRFLOW_TOKEN] }
    })
    const run = await trigger({ 'max-attempts': '1' })
    expect(run.exitCode).toBe(1)
    const lead = /^Airflow refused the run: HTTP 403 \([^)]+\)\.$/
    expect(summaryAsText(run.summary).split('\n')[1]).toMatch(lead)
    expect(errorMessages(run).split('\n')[0]).toMatch(lead)
    expect(annotationTitles(run)).toContain('Run not created: answered by Airflow')
  })
})

describe('trigger mode: bad inputs send nothing', () => {
  it.each([
    [{ conf: '{"env": prod}' }, 'Input "conf" expected a JSON object'],
    [{ token: '' }, 'Input "token" is required'],
    [{ 'base-url': 'http://airflow.example.com' }, 'Input "base-url" expected an https:// URL'],
    [{ mode: 'deploy' }, 'Input "mode" expected "trigger" or "upload", got "deploy".']
  ])('%o', async (inputs, message) => {
    const run = await triggerInProcess(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(message)
    expect(summaryAsText(run.summary)).toContain(message)
    expect(kit.sandbox.requests).toHaveLength(0)
  })
})

describe('trigger mode: a user name and password instead of a token', () => {
  const account = { token: '', username: 'airflow', password: 'sandbox-password' }

  it('gets a token from /auth/token (Airflow 3) and triggers with it', async () => {
    const run = await trigger(account)
    expect(run.exitCode).toBe(0)
    expect(kit.sandbox.requests.map(r => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /api/v2/version 200',
      'POST /auth/token 201',
      'GET /api/v2/dags/example_dag 200',
      'POST /api/v2/dags/example_dag/dagRuns 200'
    ])
    const issued = kit.sandbox.settings.airflow.tokens.at(-1)!
    expect(posts()[1]!.headers.authorization).toBe(`Bearer ${issued}`)
    // The fetched token is masked before anything could print it.
    expect(run.stdout).toContain(`::add-mask::${issued}`)
  })

  it('sends HTTP Basic to /api/v1 (Airflow 2)', async () => {
    const run = await trigger({ ...account, 'api-path': '/api/v1' })
    expect(run.exitCode).toBe(0)
    const basic = `Basic ${Buffer.from('airflow:sandbox-password').toString('base64')}`
    expect(posts().map(r => [r.path, r.headers.authorization])).toEqual([
      ['/api/v1/dags/example_dag/dagRuns', basic]
    ])
    expect(run.stdout).toContain(`::add-mask::${basic.slice('Basic '.length)}`)
  })

  it('stops with a clear message when the password is refused, and triggers nothing', async () => {
    const run = await trigger({ ...account, password: 'wrong-secret-pw' })
    expect(run.exitCode).toBe(1)
    const unmasked = run.stdout.replace('::add-mask::wrong-secret-pw', '') + run.summary
    expect(unmasked).not.toContain('wrong-secret-pw')
    expect(errorMessages(run)).toContain(
      `Getting a token from 127.0.0.1:${kit.sandbox.port}/auth/token failed with HTTP 401`
    )
    expect(errorMessages(run)).toContain('Check "username" and "password"')
    expect(posts().map(r => r.path)).toEqual(['/auth/token'])
    expect(summaryAsText(run.summary)).toContain('failed with HTTP 401')
  })
})

describe('trigger mode: secrets', () => {
  it('masks the token and never prints it elsewhere', async () => {
    const run = await trigger({ token: 'wrong-secret-token' })
    expect(run.stdout).toContain('::add-mask::wrong-secret-token')
    const elsewhere = [
      run.stdout.replace('::add-mask::wrong-secret-token', ''),
      run.stderr,
      run.summary,
      JSON.stringify(run.outputs)
    ]
    for (const text of elsewhere) expect(text).not.toContain('wrong-secret-token')
  })
})
