import {
  CHECK_IDENTITY,
  clip,
  commonAwsRemedies,
  readAwsRefusal,
  withoutFinalStop,
  type AwsService
} from '../../diagnosis/index.js'

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
 * How AWS's own refusals of MWAA's InvokeRestApi read: AWS refused the call, and Airflow never
 * saw the request. Airflow's own answers come back as RestApiClientException or
 * RestApiServerException and are read as Airflow's, not here.
 */
export function mwaaRefusals(aws: { region: string; environment: string }): AwsService {
  return {
    refused(response, type, method) {
      const { status, message, requestId } = readAwsRefusal(response)
      const said = message && withoutFinalStop(clip(message, 200))
      return {
        layer: 'aws',
        vendor: 'Amazon MWAA',
        ...(requestId ? { requestId } : {}),
        blocked: true,
        headline: `AWS refused the ${method.toUpperCase()} to MWAA environment ${aws.environment} with ${status} ${type}${said ? ` (${said})` : ''}; the request never reached Airflow.`,
        evidence: [
          `\`x-amzn-errortype\` or the body's \`__type\` names \`${type}\`, an error of AWS, not one that carries Airflow's answer (RestApiClientException, RestApiServerException)`
        ],
        remedies: mwaaRemedies(type, aws, accountOf(message)),
        ...(said ? { said } : {})
      }
    }
  }
}
