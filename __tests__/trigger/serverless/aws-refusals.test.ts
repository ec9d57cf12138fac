import { describe, expect, it } from 'vitest'
import { diagnose, type DiagnosisContext } from '../../../src/diagnosis/index.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'
import { serverlessRefusals } from '../../../src/trigger/serverless/api/aws-refusals.js'

const WORKFLOW = 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/nightly-AbCdEfGhIj'

const context = (operation = 'StartWorkflowRun'): DiagnosisContext => ({
  app: airflowProfile,
  method: 'POST',
  apiPath: '/',
  host: 'airflow-serverless.eu-west-1.api.aws',
  aws: serverlessRefusals({ region: 'eu-west-1', workflow: WORKFLOW, operation })
})

/** An awsJson1_0 error as the service answers it: `__type` with its namespace, and `Message`. */
function refusal(type: string, status: number, members: Record<string, unknown> = {}) {
  return {
    response: {
      status,
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'req-1' },
      body: JSON.stringify({
        __type: `com.amazonaws.mwaaserverless#${type}`,
        Message: `${type} happened`,
        ...members
      })
    }
  }
}

describe("MWAA Serverless's refusals, as the aws layer", () => {
  it('AccessDenied names the IAM action of the operation refused and the workflow ARN', () => {
    const verdict = diagnose(refusal('AccessDeniedException', 403), context())
    expect(verdict.layer).toBe('aws')
    expect(verdict.vendor).toBe('Amazon MWAA Serverless')
    expect(verdict.requestId).toBe('req-1')
    expect(verdict.headline).toBe(
      `AWS refused StartWorkflowRun of workflow ${WORKFLOW} with 403 Forbidden AccessDeniedException (AccessDeniedException happened).`
    )
    expect(verdict.remedies[0]).toContain(
      `\`airflow-serverless:StartWorkflowRun\` on \`${WORKFLOW}\``
    )
    const polled = diagnose(refusal('AccessDeniedException', 403), context('GetWorkflowRun'))
    expect(polled.remedies[0]).toContain('`airflow-serverless:GetWorkflowRun`')
  })

  it('ServiceQuotaExceeded names the quota code and how to ask for more', () => {
    const verdict = diagnose(
      refusal('ServiceQuotaExceededException', 402, {
        QuotaCode: 'L-3A1B2C4D',
        ServiceCode: 'airflow-serverless',
        ResourceId: 'nightly',
        ResourceType: 'WorkflowRun'
      }),
      context()
    )
    expect(verdict.remedies.join('\n')).toContain('quota code `L-3A1B2C4D`')
    expect(verdict.remedies[1]).toContain(
      '--service-code airflow-serverless --quota-code L-3A1B2C4D'
    )
  })

  it('Validation names the field and the input behind it', () => {
    const verdict = diagnose(
      refusal('ValidationException', 400, {
        Reason: 'fieldValidationFailed',
        FieldList: [{ Name: 'OverrideParameters', Message: 'must be a map' }]
      }),
      context()
    )
    expect(verdict.remedies[0]).toBe(
      'AWS refused the request as invalid: `OverrideParameters` (must be a map) (reason: fieldValidationFailed).'
    )
    expect(verdict.remedies[1]).toBe('Check `conf`.')
  })

  it("keeps AWS's words to their form: a field name or code that is not one is left out", () => {
    const verdict = diagnose(
      refusal('ServiceQuotaExceededException', 402, { QuotaCode: 'L-1 `rm -rf`' }),
      context()
    )
    expect(verdict.remedies.join('\n')).not.toContain('rm -rf')
    const invalid = diagnose(
      refusal('ValidationException', 400, { FieldList: [{ Name: '<b>x</b>' }] }),
      context()
    )
    expect(invalid.remedies[0]).toBe('AWS refused the request as invalid; its message says why.')
  })

  it('ResourceNotFound: the ARN to check when starting, the run when reading it', () => {
    const start = diagnose(refusal('ResourceNotFoundException', 404), context())
    expect(start.remedies[0]).toContain('Check `mwaa-serverless-workflow`')
    const poll = diagnose(refusal('ResourceNotFoundException', 404), context('GetWorkflowRun'))
    expect(poll.remedies[0]).toContain('not there any more')
  })

  it('Conflict, OperationTimeout and Throttling each say what to do', () => {
    expect(diagnose(refusal('ConflictException', 409), context()).remedies[1]).toContain(
      '`run-id-prefix`'
    )
    expect(diagnose(refusal('OperationTimeoutException', 504), context()).remedies[0]).toContain(
      'gives back the run it started'
    )
    const throttled = diagnose(
      refusal('ThrottlingException', 429, { QuotaCode: 'L-00000001' }),
      context()
    )
    expect(throttled.remedies[0]).toContain('`max-attempts`')
    expect(throttled.remedies[0]).toContain('`L-00000001`')
  })

  it('an answer without an error type is not taken for AWS', () => {
    const verdict = diagnose(
      { response: { status: 502, headers: { server: 'nginx' }, body: '<html>Bad Gateway</html>' } },
      context()
    )
    expect(verdict.layer).not.toBe('aws')
  })
})
