import type { z } from 'zod'
import type { CommonConfig } from '../../inputs/common.js'
import { INPUT, type InputName } from '../../inputs/names.js'
import type { Workflow } from './workflow-arn.js'

/** A workflow run on Amazon MWAA Serverless, whose API is signed with the job's AWS credentials. */
export interface ServerlessConfig extends Omit<CommonConfig, 'baseUrl'> {
  mode: 'trigger'
  via: 'serverless'
  workflow: Workflow
  /** Parsed `conf` object, sent as the run's OverrideParameters; absent when empty. */
  conf?: Record<string, unknown>
  /** Normalized `logical-date`; absent means the commit's. It goes into the ClientToken. */
  logicalDate?: string
  runIdPrefix: string
  wait: boolean
  waitTimeoutMs: number
  pollIntervalMs: number
  /** StopWorkflowRun when the step is cancelled while waiting for the run. */
  stopRunOnCancel: boolean
  /** Token for the GitHub API fallback of the commit date lookup. */
  githubToken?: string
}

/** The inputs the serverless check reads, as parsed: undefined when empty, set when given. */
type Given = Partial<Record<InputName, unknown>> & {
  [INPUT.mwaaServerlessWorkflow]?: Workflow | object
  [INPUT.awsRegion]?: string | object
}

/** Why each input is refused beside a workflow ARN: none of them can mean anything there. */
const REFUSED: [InputName, string][] = [
  [
    INPUT.baseUrl,
    'MWAA Serverless runs the workflow without an Airflow server of yours: remove one of them'
  ],
  [INPUT.dagId, 'the workflow is what runs, and its ARN names it: remove one of them'],
  [
    INPUT.mwaaEnvironment,
    'an MWAA environment runs DAGs, MWAA Serverless runs workflows: expected one of them, got both'
  ],
  [
    INPUT.token,
    "MWAA Serverless's API is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it"
  ],
  [
    INPUT.username,
    "MWAA Serverless's API is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it"
  ],
  [
    INPUT.password,
    "MWAA Serverless's API is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it"
  ],
  [
    INPUT.dagRunId,
    `MWAA Serverless names its runs itself (the dag-run-id output gives the RunId), and knows a re-run of the same commit by a ClientToken made of "${INPUT.runIdPrefix}" and the logical date; remove it`
  ],
  [INPUT.partitionKey, 'MWAA Serverless takes no partition key; remove it']
]

/**
 * With `mwaa-serverless-workflow`, the inputs of another way to run Airflow are refused, each
 * naming both, before any request: which one would win cannot be guessed. `aws-region` may only
 * repeat the ARN's region.
 */
export function checkServerlessMix(input: Given, ctx: z.RefinementCtx): void {
  const workflow = input[INPUT.mwaaServerlessWorkflow]
  if (workflow === undefined) return
  const issue = (path: InputName, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message })
  for (const [name, why] of REFUSED) {
    if (input[name] !== undefined && input[name] !== '')
      issue(name, `is not used with "${INPUT.mwaaServerlessWorkflow}": ${why}`)
  }
  const region = input[INPUT.awsRegion]
  if ('region' in workflow && typeof region === 'string' && region !== workflow.region) {
    issue(
      INPUT.awsRegion,
      `is ${region}, but the workflow of "${INPUT.mwaaServerlessWorkflow}" is in ${workflow.region}: the region comes from the ARN; remove "${INPUT.awsRegion}"`
    )
  }
}
