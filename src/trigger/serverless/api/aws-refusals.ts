import { STATUS_CODES } from 'node:http'
import {
  CHECK_IDENTITY,
  clip,
  commonAwsRemedies,
  readAwsRefusal,
  type AwsService
} from '../../../diagnosis/index.js'
import { headerValue } from '../../../http/headers.js'

/** What an MWAA Serverless call was for: the operation, and the workflow's ARN and region. */
interface ServerlessTarget {
  region: string
  workflow: string
  operation: string
}

/**
 * The members of MWAA Serverless's errors that say more than the message (mwaa-serverless
 * 2024-07-26: ServiceQuotaExceededException and ThrottlingException's `QuotaCode` and
 * `ServiceCode`, ValidationException's `Reason` and `FieldList` of `{Name, Message}`), each held
 * to the form it has there: they are AWS's text, shown to the user.
 */
interface ErrorDetails {
  quotaCode?: string
  serviceCode?: string
  reason?: string
  fields: { name: string; message?: string }[]
}

const CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const FIELD = /^[A-Za-z][A-Za-z0-9._[\]-]{0,99}$/

const word = (value: unknown): string | undefined =>
  typeof value === 'string' && CODE.test(value) ? value : undefined

function errorDetails(body: string): ErrorDetails {
  let json: Record<string, unknown>
  try {
    const parsed = JSON.parse(body) as unknown
    if (typeof parsed !== 'object' || parsed === null) return { fields: [] }
    json = parsed as Record<string, unknown>
  } catch {
    return { fields: [] }
  }
  const listed = Array.isArray(json.FieldList) ? json.FieldList.slice(0, 5) : []
  const fields = listed.flatMap(item => {
    const { Name, Message } = (item ?? {}) as { Name?: unknown; Message?: unknown }
    if (typeof Name !== 'string' || !FIELD.test(Name)) return []
    return [{ name: Name, ...(typeof Message === 'string' ? { message: clip(Message, 160) } : {}) }]
  })
  return {
    ...(word(json.QuotaCode) ? { quotaCode: word(json.QuotaCode) } : {}),
    ...(word(json.ServiceCode) ? { serviceCode: word(json.ServiceCode) } : {}),
    ...(word(json.Reason) ? { reason: word(json.Reason) } : {}),
    fields
  }
}

/** The action's inputs behind the request's fields, to name what to change. */
const INPUT_OF_FIELD: Record<string, string> = {
  WorkflowArn: '`mwaa-serverless-workflow`',
  ClientToken: '`run-id-prefix` and the logical date (the ClientToken is made of them)',
  OverrideParameters: '`conf`'
}

/** The operations that read or stop a run: a missing resource there is the run, or its workflow. */
const RUN_OPERATIONS = new Set(['GetWorkflowRun', 'ListTaskInstances', 'StopWorkflowRun'])

function validationRemedies(details: ErrorDetails): string[] {
  const named = details.fields.map(
    field => `\`${field.name}\`${field.message ? ` (${field.message})` : ''}`
  )
  const inputs = [...new Set(details.fields.map(field => INPUT_OF_FIELD[field.name]))].filter(
    input => input !== undefined
  )
  return [
    `AWS refused the request as invalid${named.length ? `: ${named.join(', ')}` : '; its message says why'}${details.reason ? ` (reason: ${details.reason})` : ''}.`,
    inputs.length
      ? `Check ${inputs.join(' and ')}.`
      : 'Check `mwaa-serverless-workflow` and `conf`.'
  ]
}

function quotaRemedies(details: ErrorDetails): string[] {
  const { quotaCode, serviceCode } = details
  const service = serviceCode ?? 'airflow-serverless'
  return [
    `A quota of MWAA Serverless is used up${quotaCode ? ` (quota code \`${quotaCode}\`, service \`${service}\`)` : ''}: too many runs at once, of this workflow or in the account. Wait for runs to end, or stop those no longer needed, and run the job again.`,
    quotaCode
      ? `To raise it: Service Quotas in the AWS console, or \`aws service-quotas request-service-quota-increase --service-code ${service} --quota-code ${quotaCode} --desired-value <more>\`.`
      : 'To raise it: Service Quotas in the AWS console (its message names the quota).'
  ]
}

function serverlessRemedies(type: string, aws: ServerlessTarget, details: ErrorDetails): string[] {
  const { operation, workflow, region } = aws
  switch (type) {
    case 'AccessDeniedException':
      return [
        `Allow the role this job assumes \`airflow-serverless:${operation}\` on \`${workflow}\`${operation === 'StartWorkflowRun' ? ' (with `wait`, also `airflow-serverless:GetWorkflowRun` and `airflow-serverless:ListTaskInstances`)' : ''}.`,
        CHECK_IDENTITY
      ]
    case 'ResourceNotFoundException':
      return RUN_OPERATIONS.has(operation)
        ? [
            `The run or its workflow is not there any more: it was deleted while the step looked at it. Check \`${workflow}\` in the AWS console.`
          ]
        : [
            `Check \`mwaa-serverless-workflow\`: there is no workflow \`${workflow}\` in ${region} for the job's account. A workflow's ARN ends in the 10-character id the service adds to its name: copy it from the console or from \`aws mwaa-serverless list-workflows --region ${region}\`.`
          ]
    case 'ServiceQuotaExceededException':
      return quotaRemedies(details)
    case 'ThrottlingException':
      return [
        `AWS throttled the calls${details.quotaCode ? ` (quota code \`${details.quotaCode}\`)` : ''}: they were tried again within \`max-attempts\`. Raise it, or run fewer jobs at once.`
      ]
    case 'ConflictException':
      return [
        'The workflow takes no run now (it is disabled, or being updated or deleted), or a run was started before with the same ClientToken and other parameters (this commit with another `conf`): check the workflow in the AWS console.',
        'To start another run of the same commit, change `run-id-prefix`: the ClientToken is made of it and the logical date.'
      ]
    case 'ValidationException':
      return validationRemedies(details)
    case 'OperationTimeoutException':
      return [
        'The operation timed out inside AWS. Run the job again: with the same commit, the service gives back the run it started, if it started one.'
      ]
    default:
      return (
        commonAwsRemedies(type, 'MWAA Serverless') ?? [
          `See AWS's message, and the MWAA Serverless API reference for ${type}.`
        ]
      )
  }
}

/** The content types of the service's own answers (awsJson1_0's, and plain JSON). */
const SERVICE_JSON = /^application\/(?:x-amz-json-1\.0|json)\s*(?:;|$)/i

/**
 * What AWS's answers to an MWAA Serverless call say: its refusals, for which workflow and what to
 * do, and the service's own answer to a call it took (2xx in awsJson1_0's content type: AWS
 * answered, and nothing is wrong), which the diagnosis would otherwise read as a web page's.
 */
export function serverlessRefusals(aws: ServerlessTarget): AwsService {
  const { operation, workflow } = aws
  const vendor = 'Amazon MWAA Serverless'
  return {
    refused(response, type) {
      const { status, message, requestId } = readAwsRefusal(response)
      const said = message && clip(message, 200)
      return {
        layer: 'aws',
        vendor,
        ...(requestId ? { requestId } : {}),
        blocked: true,
        headline: `AWS refused ${operation} of workflow ${workflow} with ${status} ${type}${said ? ` (${said})` : ''}.`,
        evidence: [
          `\`x-amzn-errortype\` or the body's \`__type\` names \`${type}\`, an error of the MWAA Serverless API`
        ],
        remedies: serverlessRemedies(type, aws, errorDetails(response.body)),
        ...(said ? { said } : {})
      }
    },
    answered(response) {
      const type = headerValue(response.headers, 'content-type') ?? ''
      if (response.status < 200 || response.status >= 300 || !SERVICE_JSON.test(type))
        return undefined
      const requestId = headerValue(response.headers, 'x-amzn-requestid')
      const status = `${response.status} ${STATUS_CODES[response.status] ?? ''}`.trim()
      return {
        layer: 'aws',
        vendor,
        ...(requestId ? { requestId: clip(requestId, 80) } : {}),
        blocked: false,
        headline: `MWAA Serverless answered ${operation} with ${status}.`,
        evidence: [`\`content-type: ${clip(type, 60)}\`, the protocol's (awsJson1_0)`],
        remedies: []
      }
    }
  }
}
