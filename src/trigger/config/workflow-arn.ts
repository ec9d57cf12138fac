import { fail, optional } from '../../inputs/fields.js'
import { shown } from '../../inputs/input-error.js'

/** An MWAA Serverless workflow, as its ARN names it. */
export interface Workflow {
  arn: string
  /** `aws`, `aws-cn`, …: where the console and the endpoint are. */
  partition: string
  region: string
  account: string
  /** The workflow's name with the 10-character id the service adds to it. */
  name: string
}

/**
 * The model's pattern of a workflow ARN (mwaa-serverless 2024-07-26, shape WorkflowArn, 1 to
 * 2048 characters), in parts: the name is checked apart from its id suffix, so that no part of
 * the pattern has two ways to read the same text.
 */
const ARN_HEAD =
  /^arn:(aws(?:-(?:cn|us-gov|iso|iso-b|iso-e|iso-f))?):airflow-serverless:([a-z]{2}-[a-z]+-\d):(\d{12}):workflow\/(.+)$/
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}$/
const ID_SUFFIX = /^[a-zA-Z0-9]{10}$/

/** The workflow an ARN names, or undefined when it is not one the service takes. */
export function parseWorkflowArn(text: string): Workflow | undefined {
  if (text.length > 2048) return undefined
  const head = ARN_HEAD.exec(text)
  if (!head) return undefined
  const [, partition, region, account, name] = head
  const dash = name!.lastIndexOf('-')
  if (dash < 1 || !NAME.test(name!.slice(0, dash)) || !ID_SUFFIX.test(name!.slice(dash + 1)))
    return undefined
  return { arn: text, partition: partition!, region: region!, account: account!, name: name! }
}

export const serverlessWorkflow = optional(
  (value, ctx) =>
    parseWorkflowArn(value) ??
    fail(
      ctx,
      `expected a workflow ARN such as arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/nightly-a1B2c3D4e5 (the name ends in the 10-character id the service adds), got ${shown(value)}`
    )
)
