import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startMwaaStandIn, type MwaaStandIn } from '../../sandbox/mwaa.js'
import { startSandbox, type Sandbox } from '../../sandbox/server.js'
import { gitRepoWithCommit } from '../../test-support/git-repo.js'
import {
  errorMessages,
  runAction,
  type ActionRun,
  type RunOptions
} from '../../test-support/run-action.js'
import { runInProcess } from '../../test-support/run-in-process.js'
import { summaryAsText } from '../../test-support/summary-text.js'

// Committer date 2026-01-31T13:14:15+01:00: on MWAA the default run id is the compact form.
const RUN_ID = 'github__20260131T121415Z'
const UI = 'https://stand-in-ui.example.com'
// 42 characters: /dags/{dag_id}/dagRuns/{run_id} would have 81, over InvokeRestApi's 64.
const LONG_DAG = 'warehouse_load_customer_orders_daily_fails'

let airflow: Sandbox
let mwaa: MwaaStandIn
let checkout: { dir: string; sha: string }

beforeAll(async () => {
  airflow = await startSandbox({
    airflow: {
      runStartMs: 0,
      runDurationMs: 50,
      dags: ['example_dag', 'fails_dag', LONG_DAG],
      failingDags: ['fails_dag', LONG_DAG]
    }
  })
  mwaa = await startMwaaStandIn({ airflowUrl: airflow.url })
  checkout = await gitRepoWithCommit('2026-01-31T13:14:15+01:00')
})
afterEach(() => {
  airflow.reset()
  mwaa.reset()
})
afterAll(async () => {
  await mwaa.close()
  await airflow.close()
})

/** A trigger through the stand-in, in the checkout of the commit, with the stand-in's keys. */
const throughStandIn = (inputs: Record<string, string>, env: Record<string, string>) => ({
  inputs: {
    mode: 'trigger',
    'mwaa-environment': mwaa.environment,
    'ui-url': UI,
    'dag-id': 'example_dag',
    'poll-interval-seconds': '0.1',
    ...inputs
  },
  env: {
    GITHUB_SHA: checkout.sha,
    AWS_ACCESS_KEY_ID: mwaa.keys.accessKeyId,
    AWS_SECRET_ACCESS_KEY: mwaa.keys.secretAccessKey,
    AWS_SESSION_TOKEN: mwaa.keys.sessionToken!,
    AWS_REGION: mwaa.region,
    AWS_ENDPOINT_URL_MWAA: mwaa.url,
    ...env
  },
  cwd: checkout.dir
})

function trigger(
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
  options: Partial<RunOptions> = {}
) {
  return runAction({ ...options, source: true, ...throughStandIn(inputs, env) })
}

/** As `trigger`, in this process: for inputs refused before any request. */
const triggerInProcess = (inputs: Record<string, string>) =>
  runInProcess(throughStandIn(inputs, {}))

const KEYS = () => [mwaa.keys.secretAccessKey, mwaa.keys.sessionToken!, mwaa.keys.accessKeyId]

/**
 * No AWS credential anywhere the user or others can read, but in the commands that tell the
 * runner to mask it, which it removes from the log.
 */
function expectNoSecrets(run: ActionRun): void {
  const log = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
  const seen = [...log, run.summary, JSON.stringify(run.outputs)].join('\n')
  for (const secret of KEYS()) {
    expect(seen).not.toContain(secret)
    expect(run.stdout).toContain(`::add-mask::${secret}`)
  }
}

describe('trigger mode through the MWAA stand-in', () => {
  it('creates the run through signed InvokeRestApi calls, with paths and no /api prefix', async () => {
    const run = await trigger({ conf: '{"env": "prod"}' })
    expect(errorMessages(run)).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'dag-run-id': RUN_ID,
      'dag-run-url': `${UI}/dags/example_dag/grid?dag_run_id=${encodeURIComponent(RUN_ID)}`,
      diagnosis: 'origin'
    })
    expect(airflow.runs.get('example_dag')?.map(r => r.dag_run_id)).toEqual([RUN_ID])
    expect(mwaa.calls).toContainEqual({
      method: 'POST',
      path: '/dags/example_dag/dagRuns',
      query: undefined,
      body: { dag_run_id: RUN_ID, logical_date: '2026-01-31T12:14:15Z', conf: { env: 'prod' } }
    })
    expect(mwaa.calls.every(call => !call.refused && !call.path?.startsWith('/api'))).toBe(true)
    expect(summaryAsText(run.summary)).toContain('MWAA environment stand-in-env in eu-west-1')
    expectNoSecrets(run)
  })

  it("sets the run's note: with setNote on Airflow 2, in the POST on Airflow 3", async () => {
    const run = await trigger({ note: 'From CI' })
    expect(run.exitCode).toBe(0)
    expect(mwaa.calls.map(call => `${call.method} ${call.path}`)).toContain(
      `PATCH /dags/example_dag/dagRuns/${RUN_ID}/setNote`
    )
    expect(airflow.runs.get('example_dag')?.[0]?.note).toBe('From CI')
    airflow.reset()
    const mwaa3 = await startMwaaStandIn({ airflowUrl: airflow.url, apiPath: '/api/v2' })
    try {
      const on3 = await trigger(
        { note: 'From CI on 3' },
        {
          AWS_ENDPOINT_URL_MWAA: mwaa3.url,
          AWS_ACCESS_KEY_ID: mwaa3.keys.accessKeyId,
          AWS_SECRET_ACCESS_KEY: mwaa3.keys.secretAccessKey,
          AWS_SESSION_TOKEN: mwaa3.keys.sessionToken!
        }
      )
      expect(on3.exitCode).toBe(0)
      expect(mwaa3.calls.find(call => call.method === 'POST')?.body).toMatchObject({
        note: 'From CI on 3'
      })
      expect(mwaa3.calls.filter(call => call.method === 'PATCH')).toEqual([])
      expect(airflow.runs.get('example_dag')?.[0]?.note).toBe('From CI on 3')
    } finally {
      await mwaa3.close()
    }
  })

  it("still tells a duplicate: Airflow's 409 comes back through RestApiClientException", async () => {
    expect((await trigger()).exitCode).toBe(0)
    const again = await trigger()
    expect(again.exitCode).not.toBe(0)
    expect(errorMessages(again)).toMatch(/already exists/i)
    expect(again.outputs.diagnosis).toBe('origin')
    const reused = await trigger({ 'on-duplicate': 'reuse' })
    expect(reused.exitCode).toBe(0)
    expect(reused.outputs['dag-run-id']).toBe(RUN_ID)
  })

  it("still tells a missing DAG: Airflow's 404, not AWS's", async () => {
    const run = await trigger({ 'dag-id': 'no_such_dag' })
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs.diagnosis).toBe('origin')
    expect(summaryAsText(run.summary)).toMatch(/404 Not Found/)
    expect(mwaa.calls.filter(call => call.refused)).toEqual([])
  })

  it('waits for the run and lists the failed tasks', async () => {
    const run = await trigger({ 'dag-id': 'fails_dag', wait: 'true' })
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(summaryAsText(run.summary)).toMatch(/transform \| failed/)
    expect(mwaa.calls.map(call => call.path)).toContain(
      `/dags/fails_dag/dagRuns/${RUN_ID}/taskInstances`
    )
    expectNoSecrets(run)
  })

  it('needs no address but the environment: without ui-url the run has no link, and says so', async () => {
    const run = await trigger({ 'ui-url': '', 'dag-id': 'fails_dag', wait: 'true' })
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(run.outputs['dag-run-id']).toBe(RUN_ID)
    expect(run.outputs['dag-run-url']).toBeUndefined()
    expect(run.stdout).toContain('No link to the run: give "ui-url" (the Airflow UI) for one.')
    const summary = summaryAsText(run.summary)
    expect(summary).toMatch(/transform \| failed/)
    expect(summary).not.toContain('Run page')
    // The note links the commit and the workflow run on GitHub; nothing links into Airflow.
    const links = run.summary.match(/<a href="[^"]*"/g) ?? []
    expect(links.filter(href => !href.startsWith('<a href="https://github.com/'))).toEqual([])
    expectNoSecrets(run)
  })

  it('keeps every path within 64 characters for a long DAG id: the run and its tasks from the lists', async () => {
    const run = await trigger({ 'dag-id': LONG_DAG, wait: 'true' })
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(summaryAsText(run.summary)).toMatch(/transform \| failed/)
    const paths = mwaa.calls.map(call => call.path ?? '')
    expect(paths).toContain('/dags/~/dagRuns/list')
    expect(paths).toContain('/dags/~/dagRuns/~/taskInstances/list')
    expect(paths.filter(path => path.length > 64)).toEqual([])
    expect(mwaa.calls.filter(call => call.refused)).toEqual([])
  })

  it('warns once, naming them, of headers and api-path, which do nothing through MWAA', async () => {
    const run = await trigger({ headers: 'X-Gateway-Key: gw-secret-1', 'api-path': '/api/v2' })
    expect(run.exitCode).toBe(0)
    const warnings = run.stdout.split('\n').filter(line => line.startsWith('::warning'))
    const idle = warnings.filter(line => line.includes('Inputs that do nothing'))
    expect(idle).toHaveLength(1)
    expect(idle[0]).toContain('Inputs "headers" and "api-path" do nothing with "mwaa-environment"')
    const log = run.stdout.split('\n').filter(line => !line.startsWith('::add-mask::'))
    expect(log.join('\n')).not.toContain('gw-secret-1')
    // Nothing of them reached AWS: the paths have no prefix, no header went along.
    expect(mwaa.calls.filter(call => call.path?.startsWith('/api/'))).toEqual([])
  })

  it('refuses a stop-run-on-cancel it could not honour only when there is a wait to stop', async () => {
    // 42 characters of DAG id: the PATCH of the run cannot fit InvokeRestApi's 64 characters.
    const waiting = await trigger({
      'dag-id': LONG_DAG,
      wait: 'true',
      'stop-run-on-cancel': 'true'
    })
    expect(waiting.exitCode).not.toBe(0)
    expect(errorMessages(waiting)).toContain('Input "stop-run-on-cancel" cannot be honoured')
    mwaa.reset()
    const run = await trigger({ 'dag-id': LONG_DAG, 'stop-run-on-cancel': 'true' })
    expect(run.exitCode).toBe(0)
    // (This helper always sets poll-interval-seconds, which does nothing without a wait either.)
    expect(run.stdout).toContain('"stop-run-on-cancel" do nothing without "wait: true"')
  })

  it('refuses, naming dag-id, a DAG id that cannot fit at all, before any request', async () => {
    const run = await triggerInProcess({ 'dag-id': 'd'.repeat(51) })
    expect(run.exitCode).not.toBe(0)
    expect(errorMessages(run)).toContain('Input "dag-id" expected at most 50 characters')
    expect(mwaa.calls).toEqual([])
  })

  it.each([
    {
      refusal: {
        type: 'AccessDeniedException',
        status: 403,
        message:
          'User: arn:aws:sts::123456789012:assumed-role/gha/1 is not authorized to perform: airflow:InvokeRestApi'
      },
      remedy: 'airflow:InvokeRestApi on arn:aws:airflow:eu-west-1:123456789012:role/stand-in-env/Op'
    },
    {
      refusal: { type: 'ValidationException', status: 400, message: 'Invalid request.' },
      remedy: 'AWS refused the request as malformed'
    },
    {
      refusal: {
        type: 'ExpiredTokenException',
        status: 403,
        message: `The security token included in the request is expired: ${'IQoJb3JpZ2luX2VjEStandInSessionToken0000000000000000'}`
      },
      remedy: 'role-duration-seconds'
    },
    {
      refusal: { type: 'InternalServerException', status: 500, message: 'Internal failure.' },
      remedy: 'An error inside AWS'
    }
  ])(
    'AWS refuses with $refusal.type: the aws layer and its remedy',
    async ({ refusal, remedy }) => {
      mwaa.refuse(refusal)
      const run = await trigger({}, {}, { instantPauses: true })
      expect(run.exitCode).not.toBe(0)
      expect(run.outputs.diagnosis).toBe('aws')
      const summary = summaryAsText(run.summary)
      expect(summary).toContain('AWS refused the')
      expect(summary).toContain('to MWAA environment stand-in-env')
      expect(summary).toContain(refusal.type)
      expect(summary).toContain(remedy)
      expect(airflow.runs.get('example_dag') ?? []).toEqual([])
      expectNoSecrets(run)
    }
  )

  it('keeps the ARNs of an AccessDenied whole in the log, so they can be pasted into a policy', async () => {
    const caller = 'arn:aws:sts::123456789012:assumed-role/gha/1'
    mwaa.refuse({
      type: 'AccessDeniedException',
      status: 403,
      message: `User: ${caller} is not authorized to perform: airflow:InvokeRestApi`
    })
    const run = await trigger()
    expect(run.exitCode).not.toBe(0)
    expect(run.stdout).toContain(caller)
    expect(run.stdout).toContain('`arn:aws:airflow:eu-west-1:123456789012:role/stand-in-env/Op`')
    expect(run.stdout).not.toContain('\u2060')
  })

  it('names the environment and region when MWAA has no such environment', async () => {
    const run = await trigger({ 'mwaa-environment': 'no-such-env' })
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs.diagnosis).toBe('aws')
    expect(summaryAsText(run.summary)).toContain(
      'Check mwaa-environment (no-such-env) and the region (eu-west-1)'
    )
  })

  it('retries a ThrottlingException within max-attempts, then creates the run', async () => {
    mwaa.refuse({ type: 'ThrottlingException', status: 400, message: 'Rate exceeded', times: 1 })
    const run = await trigger({}, {}, { instantPauses: true })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('AWS ThrottlingException')
    expect(mwaa.calls[0]?.refused).toBe('ThrottlingException')
  })

  it('refuses a bad region or environment name before any connection, naming the input', async () => {
    const run = await triggerInProcess({
      'aws-region': 'eu-west-1.evil.example',
      'mwaa-environment': '9env/x'
    })
    expect(run.exitCode).not.toBe(0)
    expect(errorMessages(run)).toContain(
      'Input "mwaa-environment" expected an MWAA environment name'
    )
    expect(errorMessages(run)).toContain('Input "aws-region" expected an AWS region')
    expect(mwaa.calls).toEqual([])
  })

  it('a wrong secret key is refused by the signature check, as AWS does', async () => {
    const run = await trigger({}, { AWS_SECRET_ACCESS_KEY: 'not-the-secret-key-of-this-identity' })
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs.diagnosis).toBe('aws')
    expect(summaryAsText(run.summary)).toContain('InvalidSignatureException')
  })
})
