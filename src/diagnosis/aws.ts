import { STATUS_CODES } from 'node:http'
import { headerValue, type Headers } from '../http/headers.js'
import { clip, withoutFinalStop } from './text.js'
import type { DiagnosisContext, Verdict } from './types.js'

/**
 * The error type of an AWS restJson1 answer, or undefined: the `X-Amzn-Errortype` header, else
 * the body's `code`, else its `__type`; a value is cut at its first `:` and keeps what follows a
 * `#` (smithy's aws-restjson1-protocol spec, "Operation error serialization").
 */
export function awsErrorType(headers: Headers, body: string): string | undefined {
  let raw = headerValue(headers, 'x-amzn-errortype')
  if (raw === undefined) {
    try {
      const json = JSON.parse(body) as { code?: unknown; __type?: unknown } | null
      const value = typeof json?.code === 'string' ? json.code : json?.__type
      if (typeof value === 'string') raw = value
    } catch {
      return undefined
    }
  }
  if (raw === undefined) return undefined
  const name = raw.split(':')[0]!
  const type = name.includes('#') ? name.slice(name.indexOf('#') + 1) : name
  // A type is a shape name: anything else is not AWS's answer to read.
  return /^[A-Za-z][A-Za-z0-9]{0,99}$/.test(type) ? type : undefined
}

/** AWS's message, whole: `message`, or `Message` as MWAA's AccessDeniedException has it. */
export function awsMessage(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { message?: unknown; Message?: unknown } | null
    const value = typeof json?.message === 'string' ? json.message : json?.Message
    return typeof value === 'string' && value.trim() ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * An ARN with an account id, as AWS's refusal names the caller (`arn:aws:sts::111122223333:
 * assumed-role/…`): its partition and account. Linear: bounded runs of classes without ":".
 */
const ACCOUNT_ARN = /\barn:(aws[a-z-]{0,20}):[a-z0-9-]{1,40}:[a-z0-9-]{0,30}:(\d{12}):/

/** The account and partition the refusal names, so that the remedy's ARN can be pasted as it is. */
function accountOf(message: string | undefined): { partition: string; id: string } | undefined {
  const found = ACCOUNT_ARN.exec(message ?? '')
  return found ? { partition: found[1]!, id: found[2]! } : undefined
}

/** Who the job is in AWS: the second remedy of every AccessDeniedException. */
export const CHECK_IDENTITY =
  'Check which identity the job uses (aws-actions/configure-aws-credentials `role-to-assume`), and that its trust policy lets this repository assume it.'

/**
 * What to do about a refusal that every AWS API gives alike, `service` naming this one; undefined
 * for the others.
 */
export function commonAwsRemedies(type: string, service: string): string[] | undefined {
  switch (type) {
    case 'ThrottlingException':
    case 'TooManyRequestsException':
      return ['AWS throttled the calls: raise `max-attempts`, or run fewer jobs at once.']
    case 'ExpiredTokenException':
    case 'ExpiredToken':
      return [
        'The AWS session expired before the step ended: raise `role-duration-seconds` of aws-actions/configure-aws-credentials, or configure the credentials right before this step.'
      ]
    case 'UnrecognizedClientException':
    case 'InvalidSignatureException':
    case 'IncompleteSignatureException':
    case 'MissingAuthenticationTokenException':
      return [
        'AWS did not accept the credentials: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (set by aws-actions/configure-aws-credentials), and that the region is right.'
      ]
    case 'InternalServerException':
    case 'ServiceUnavailableException':
      return [
        `An error inside AWS: re-run the job later; if it persists, check the AWS Health Dashboard for ${service} in this region.`
      ]
    default:
      return undefined
  }
}

/** What to do about each refusal of InvokeRestApi; `aws` names the environment and the region. */
function mwaaRemedies(
  type: string,
  aws: { region: string; environment: string },
  account: { partition: string; id: string } | undefined
): string[] {
  const { region, environment } = aws
  const arn = account
    ? `arn:${account.partition}:airflow:${region}:${account.id}:role/${environment}/Op`
    : `arn:aws:airflow:${region}:<account id>:role/${environment}/<Airflow role, e.g. Op>`
  const role = account
    ? 'Op, the Airflow role the calls then run as; User can trigger too, Viewer cannot'
    : 'the Airflow role the calls run as: Op or User can trigger, Viewer cannot'
  switch (type) {
    case 'AccessDeniedException':
      return [
        `Allow the role this job assumes \`airflow:InvokeRestApi\` on \`${arn}\` (${role}).`,
        CHECK_IDENTITY
      ]
    case 'ResourceNotFoundException':
      return [
        `Check \`mwaa-environment\` (${environment}) and the region (${region}): the environment must exist in that region and account.`
      ]
    case 'ValidationException':
      return [
        'AWS refused the request as malformed; its message says which field. Check `mwaa-environment` and `dag-id`.'
      ]
    default:
      return (
        commonAwsRemedies(type, 'MWAA') ?? [
          `See AWS's message, and the MWAA documentation for ${type}.`
        ]
      )
  }
}

/**
 * AWS itself refused the call (MWAA's InvokeRestApi): Airflow never saw the request. Airflow's
 * own answers come back as RestApiClientException or RestApiServerException and are read as
 * Airflow's, not here.
 */
export function diagnoseAwsRefusal(
  response: { status: number; headers: Headers; body: string },
  type: string,
  context: DiagnosisContext & { aws: { region: string; environment: string } }
): Verdict {
  const status = `${response.status} ${STATUS_CODES[response.status] ?? ''}`.trim()
  const message = awsMessage(response.body)
  const said = message && withoutFinalStop(clip(message, 200))
  const requestId = headerValue(response.headers, 'x-amzn-requestid')
  return {
    layer: 'aws',
    vendor: 'Amazon MWAA',
    ...(requestId ? { requestId: clip(requestId, 80) } : {}),
    blocked: true,
    headline: `AWS refused the ${context.method.toUpperCase()} to MWAA environment ${context.aws.environment} with ${status} ${type}${said ? ` (${said})` : ''}; the request never reached Airflow.`,
    evidence: [
      `\`x-amzn-errortype\` or the body's \`__type\` names \`${type}\`, an error of AWS, not one that carries Airflow's answer (RestApiClientException, RestApiServerException)`
    ],
    remedies: mwaaRemedies(type, context.aws, accountOf(message)),
    ...(said ? { said } : {})
  }
}
