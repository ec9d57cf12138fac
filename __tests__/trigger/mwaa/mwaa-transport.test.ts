import { describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import { awsErrorType } from '../../../src/diagnosis/index.js'
import { InputError } from '../../../src/inputs/input-error.js'
import { parseTriggerConfig } from '../../../src/trigger/config/config.js'
import { mwaaSettings } from '../../../src/trigger/mwaa/aws-settings.js'
import { invokeBody, unwrap } from '../../../src/trigger/mwaa/envelope.js'
import { dagIdProblem, planRequest, type OwnRun } from '../../../src/trigger/mwaa/path-plan.js'
import { mwaaRefusals } from '../../../src/trigger/mwaa/aws-refusals.js'
import { compactRunId } from '../../../src/trigger/mwaa/run-id.js'
import { loadSigner, signatureOf } from '../../../src/trigger/mwaa/sign.js'
import { parseAuthorization, verify } from '../../../sandbox/sigv4.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'

const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/key', sessionToken: 'tok' }
const ENV = {
  AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  AWS_SESSION_TOKEN: KEYS.sessionToken
}

describe('signing', () => {
  it('signs the POST for service airflow in the region, with the session token, as AWS checks it', async () => {
    const masked: string[] = []
    const sign = await loadSigner('eu-west-1', KEYS, secret => masked.push(secret))
    const url = new URL('https://env.airflow.eu-west-1.amazonaws.com/restapi/my-env')
    const body = invokeBody({ method: 'GET', path: 'version' })
    const headers = await sign({ url, headers: { 'content-type': 'application/json' }, body })
    expect(headers['x-amz-security-token']).toBe('tok')
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/airflow\/aws4_request, /
    )
    const auth = parseAuthorization(headers.authorization)!
    const request = {
      method: 'POST',
      path: url.pathname,
      query: new URLSearchParams(),
      body: Buffer.from(body)
    }
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
    const scope = { region: 'eu-west-1', service: 'airflow' }
    expect(verify({ ...request, headers: lower }, auth, KEYS.secretAccessKey, scope)).toBe('ok')
    // The body is signed: another body is refused.
    const other = { ...request, headers: lower, body: Buffer.from(`${body} `) }
    expect(verify(other, auth, KEYS.secretAccessKey, scope)).toBe('signature')
    // The signature is a secret before it is sent: a server may echo it bare.
    expect(masked).toEqual([auth.signature])
    const again = await sign({ url, headers: {}, body: `${body} ` })
    expect(masked).toEqual([auth.signature, signatureOf(again.authorization)])
    expect(masked[1]).not.toBe(masked[0])
  })

  it("finds the hex signature in SigV4's Authorization header, and nothing in another", () => {
    const hex = 'fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024'
    expect(
      signatureOf(
        `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=host;x-amz-date, Signature=${hex}`
      )
    ).toBe(hex)
    expect(signatureOf('Bearer Signature=not-hex')).toBeUndefined()
    expect(signatureOf(undefined)).toBeUndefined()
  })
})

describe('the InvokeRestApi envelope', () => {
  it('puts the request in Method, Path without an API prefix, QueryParameters and Body', () => {
    expect(
      JSON.parse(
        invokeBody({
          method: 'GET',
          path: 'dags/etl/dagRuns',
          query: [
            ['limit', '5'],
            ['state', 'queued'],
            ['state', 'running']
          ]
        })
      )
    ).toEqual({
      Method: 'GET',
      Path: '/dags/etl/dagRuns',
      QueryParameters: { limit: '5', state: ['queued', 'running'] }
    })
    expect(
      JSON.parse(invokeBody({ method: 'POST', path: 'dags/etl/dagRuns', body: { a: 1 } }))
    ).toEqual({
      Method: 'POST',
      Path: '/dags/etl/dagRuns',
      Body: { a: 1 }
    })
  })

  it("gives back Airflow's status and body from a success and from both RestApi exceptions", () => {
    const ok = JSON.stringify({ RestApiStatusCode: 200, RestApiResponse: { state: 'queued' } })
    expect(unwrap(200, {}, ok)).toEqual({ airflow: { status: 200, json: { state: 'queued' } } })
    const conflict = JSON.stringify({
      RestApiStatusCode: 409,
      RestApiResponse: { detail: 'exists' }
    })
    expect(
      unwrap(400, { 'x-amzn-errortype': 'RestApiClientException:http://x/' }, conflict)
    ).toEqual({
      airflow: { status: 409, json: { detail: 'exists' } }
    })
    const body = JSON.stringify({
      __type: 'com.amazonaws.airflow#RestApiServerException',
      RestApiStatusCode: 503,
      RestApiResponse: null
    })
    expect(unwrap(400, {}, body)).toEqual({ airflow: { status: 503, json: null } })
  })

  it("keeps AWS's own errors as AWS's, and an envelope without a status too", () => {
    expect(
      unwrap(403, { 'x-amzn-errortype': 'AccessDeniedException' }, '{"Message":"no"}')
    ).toEqual({
      aws: { type: 'AccessDeniedException' }
    })
    expect(unwrap(200, {}, '<html>')).toEqual({ aws: {} })
    expect(unwrap(200, {}, '{"RestApiStatusCode":"200"}')).toEqual({ aws: {} })
  })
})

describe("restJson1's error type", () => {
  it('reads the header first, then code, then __type; cuts at ":" and after "#"', () => {
    expect(
      awsErrorType(
        { 'x-amzn-errortype': 'ValidationException:http://internal/' },
        '{"__type":"x#Other"}'
      )
    ).toBe('ValidationException')
    expect(awsErrorType({}, '{"code":"ThrottlingException","__type":"a#B"}')).toBe(
      'ThrottlingException'
    )
    expect(awsErrorType({}, '{"__type":"com.amazonaws.airflow#ResourceNotFoundException"}')).toBe(
      'ResourceNotFoundException'
    )
    expect(awsErrorType({}, '{"message":"no type"}')).toBeUndefined()
    expect(awsErrorType({ 'x-amzn-errortype': '<script>' }, '')).toBeUndefined()
  })
})

describe('the aws diagnosis', () => {
  const context = {
    app: airflowProfile,
    method: 'POST',
    apiPath: '/api/v1',
    host: 'env.airflow.eu-west-1.amazonaws.com'
  }

  it("names AWS's refusal and its remedy only through MWAA", () => {
    const answer = {
      status: 403,
      headers: { 'x-amzn-errortype': 'AccessDeniedException' },
      body: '{"Message":"not authorized\\u001b[31m"}'
    }
    const verdict = diagnose(
      { response: answer },
      { ...context, aws: mwaaRefusals({ region: 'eu-west-1', environment: 'prod-env' }) }
    )
    expect(verdict.layer).toBe('aws')
    expect(verdict.remedies[0]).toContain(
      '`airflow:InvokeRestApi` on `arn:aws:airflow:eu-west-1:<account id>:role/prod-env/'
    )
    expect(verdict.headline).not.toContain('\u001b')
    expect(diagnose({ response: answer }, context).layer).not.toBe('aws')
  })

  it.each([
    ['aws', 'arn:aws:sts::111122223333:assumed-role/ci/run-1'],
    ['aws-cn', 'arn:aws-cn:iam::111122223333:user/ci'],
    ['aws-us-gov', 'arn:aws-us-gov:sts::111122223333:assumed-role/ci/run-1']
  ])(
    'puts the account and partition the refusal names (%s) into an ARN that can be pasted as it is',
    (partition, caller) => {
      const verdict = diagnose(
        {
          response: {
            status: 403,
            headers: { 'x-amzn-errortype': 'AccessDeniedException' },
            body: JSON.stringify({
              Message: `User: ${caller} is not authorized to perform: airflow:InvokeRestApi`
            })
          }
        },
        { ...context, aws: mwaaRefusals({ region: 'eu-west-1', environment: 'prod-env' }) }
      )
      expect(verdict.remedies[0]).toContain(
        `\`arn:${partition}:airflow:eu-west-1:111122223333:role/prod-env/Op\``
      )
      expect(verdict.remedies[0]).not.toContain('<')
    }
  )
})

describe('paths within 64 characters', () => {
  const longDag = 'warehouse_load_customer_orders_daily' // 36 characters
  const run: OwnRun = {
    dagId: longDag,
    dagRunId: compactRunId('github__', '2026-01-31T12:00:00Z'),
    logicalDate: '2026-01-31T12:00:00Z'
  }

  it('shortens the default run id to the basic ISO form', () => {
    expect(run.dagRunId).toBe('github__20260131T120000Z')
  })

  it('sends what fits as it is', () => {
    const request = { method: 'POST' as const, path: `dags/${longDag}/dagRuns`, body: {} }
    expect(planRequest(request, run, 2)).toEqual({ request })
  })

  it("reads a run whose path is too long from the list, with each version's filters", () => {
    const get = { method: 'GET' as const, path: `dags/${longDag}/dagRuns/${run.dagRunId}` }
    const v2 = planRequest(get, run, 2)
    const v3 = planRequest(get, run, 3)
    expect(v2).toMatchObject({
      request: {
        method: 'POST',
        path: 'dags/~/dagRuns/list',
        body: {
          dag_ids: [longDag],
          execution_date_gte: run.logicalDate,
          execution_date_lte: run.logicalDate
        }
      }
    })
    expect(v3).toMatchObject({
      request: {
        body: {
          dag_ids: [longDag],
          logical_date_gte: run.logicalDate,
          logical_date_lte: run.logicalDate
        }
      }
    })
    const pick = 'pick' in v2 ? v2.pick! : () => undefined
    const mine = { dag_run_id: run.dagRunId, state: 'running' }
    expect(
      pick({ status: 200, json: { dag_runs: [{ dag_run_id: 'other' }, mine], total_entries: 2 } })
    ).toEqual({ status: 200, body: mine })
    expect(pick({ status: 200, json: { dag_runs: [], total_entries: 0 } })).toMatchObject({
      status: 404
    })
    // Every run listed at the run's date, none of them it: the filter held, so it is absent.
    const sameDate = { dag_run_id: 'other', logical_date: '2026-01-31T12:00:00+00:00' }
    expect(pick({ status: 200, json: { dag_runs: [sameDate], total_entries: 1 } })).toMatchObject({
      status: 404
    })
  })

  it.each([
    ['{}', {}],
    ['dag_runs that is not a list', { dag_runs: 'none' }],
    [
      'runs at other dates (the filter was not applied)',
      { dag_runs: [{ dag_run_id: 'other', logical_date: '2026-01-30T00:00:00Z' }] }
    ],
    ['runs without a date', { dag_runs: [{ dag_run_id: 'other' }], total_entries: 1 }]
  ])('never reads a list that does not prove it as the run missing: %s', (_name, json) => {
    const get = { method: 'GET' as const, path: `dags/${longDag}/dagRuns/${run.dagRunId}` }
    const planned = planRequest(get, run, 3)
    const pick = 'pick' in planned ? planned.pick! : () => undefined
    // Passed on as it is: a 200 without the run, which the look-up takes for "unknown".
    expect(pick({ status: 200, json })).toEqual({ status: 200, body: json })
  })

  it('lists the task instances of a run through the batch endpoint', () => {
    const get = {
      method: 'GET' as const,
      path: `dags/${longDag}/dagRuns/${run.dagRunId}/taskInstances`,
      query: [
        ['limit', '50'],
        ['state', 'failed']
      ] as [string, string][]
    }
    expect(planRequest(get, run, 3)).toEqual({
      request: {
        method: 'POST',
        path: 'dags/~/dagRuns/~/taskInstances/list',
        body: { dag_ids: [longDag], dag_run_ids: [run.dagRunId], state: ['failed'], page_limit: 50 }
      }
    })
    expect(planRequest(get, run, 2)).toEqual({
      request: {
        method: 'POST',
        path: 'dags/~/dagRuns/~/taskInstances/list',
        body: { dag_ids: [longDag], dag_run_ids: [run.dagRunId], state: ['failed'] }
      }
    })
  })

  it('refuses what has no shorter form, saying why', () => {
    const patch = {
      method: 'PATCH' as const,
      path: `dags/${longDag}/dagRuns/${run.dagRunId}`,
      body: { state: 'failed' }
    }
    expect(planRequest(patch, run, 2)).toEqual({
      refused: expect.stringContaining('over the 64 that')
    })
  })

  it('accepts DAG ids up to 50 characters, and refuses longer ones', () => {
    expect(dagIdProblem('d'.repeat(50))).toBeUndefined()
    expect(dagIdProblem('d'.repeat(51))).toContain('at most 50 characters')
    // Percent-encoded: ü takes 6 characters in the path.
    expect(dagIdProblem('ü'.repeat(9))).toContain('at most 50 characters')
  })
})

describe('MWAA inputs and settings', () => {
  const parseOnly = (inputs: Record<string, string>) => () =>
    parseTriggerConfig(name => inputs[name] ?? '')
  const parse = (inputs: Record<string, string>) =>
    parseOnly({ 'dag-id': 'etl', 'ui-url': 'https://ui.example.com', ...inputs })

  it('refuses an environment name outside the model pattern, and a region not of AWS form', () => {
    expect(parse({ 'mwaa-environment': 'env.evil.example' })).toThrow(
      'Input "mwaa-environment" expected an MWAA environment name'
    )
    expect(parse({ 'mwaa-environment': 'e'.repeat(81) })).toThrow('Input "mwaa-environment"')
    expect(parse({ 'mwaa-environment': 'ok-env', 'aws-region': 'eu-west-1.evil.example' })).toThrow(
      'Input "aws-region" expected an AWS region'
    )
  })

  it('takes no Airflow credentials with MWAA, and needs no address: the UI only makes links', () => {
    expect(parse({ 'mwaa-environment': 'ok-env', token: 't' })).toThrow(
      'Input "token" is not used with "mwaa-environment"'
    )
    const bare = parseTriggerConfig(
      name => ({ 'dag-id': 'etl', 'mwaa-environment': 'ok' })[name as string] ?? ''
    )
    expect(bare).not.toHaveProperty('baseUrl')
    expect(bare).not.toHaveProperty('uiBase')
    expect(parseOnly({ 'dag-id': 'etl', token: 't' })).toThrow(
      'Input "base-url" is required (the server URL, e.g. https://airflow.example.com), or "mwaa-environment" instead'
    )
    expect(
      parse({ 'aws-region': 'eu-west-1', token: 't', 'base-url': 'https://a.example.com' })
    ).toThrow('Input "aws-region" is used only with "mwaa-environment"')
  })

  it('takes the region from AWS_REGION, then AWS_DEFAULT_REGION, and refuses a bad one naming it', () => {
    const auth = { environment: 'env' }
    expect(mwaaSettings(auth, { ...ENV, AWS_DEFAULT_REGION: 'us-east-2' }).endpoint.href).toBe(
      'https://env.airflow.us-east-2.amazonaws.com/'
    )
    expect(mwaaSettings(auth, { ...ENV, AWS_REGION: 'cn-north-1' }).endpoint.host).toBe(
      'env.airflow.cn-north-1.amazonaws.com.cn'
    )
    expect(() => mwaaSettings(auth, { ...ENV, AWS_REGION: 'evil.example/' })).toThrow(
      'AWS_REGION expected an AWS region'
    )
    expect(() => mwaaSettings(auth, ENV)).toThrow('Input "aws-region" is required')
  })

  it('uses an endpoint override as given, and refuses one that would send the token in clear', () => {
    const auth = { environment: 'env', region: 'eu-west-1' }
    expect(
      mwaaSettings(auth, {
        ...ENV,
        AWS_ENDPOINT_URL: 'https://b.example',
        AWS_ENDPOINT_URL_MWAA: 'http://127.0.0.1:9/'
      }).endpoint.href
    ).toBe('http://127.0.0.1:9/')
    expect(() =>
      mwaaSettings(auth, { ...ENV, AWS_ENDPOINT_URL: 'http://mwaa.example.com' })
    ).toThrow(InputError)
  })

  it('names the missing credentials', () => {
    expect(() =>
      mwaaSettings({ environment: 'env', region: 'eu-west-1' }, { AWS_ACCESS_KEY_ID: 'a' })
    ).toThrow('AWS_SECRET_ACCESS_KEY is empty')
  })
})
