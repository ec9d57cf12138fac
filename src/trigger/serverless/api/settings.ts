import { INPUT } from '../../../inputs/names.js'
import { awsCredentials, endpointOverride, type AwsCredentials } from '../../mwaa/aws-settings.js'
import type { Workflow } from '../../config/workflow-arn.js'

/** Where and as whom MWAA Serverless is called. */
export interface ServerlessSettings {
  workflow: Workflow
  credentials: AwsCredentials
  /** `https://airflow-serverless.{region}.api.aws`, or an override used as given. */
  endpoint: URL
}

/**
 * The service's endpoint: `https://airflow-serverless.{Region}.{PartitionResult#dualStackDnsSuffix}`
 * (the endpoint rules of mwaa-serverless 2024-07-26, whose tests give `api.aws` for us-east-1 and
 * us-gov-west-1, `api.amazonwebservices.com.cn` for cn-northwest-1).
 */
function defaultEndpoint(workflow: Workflow): URL {
  const suffix = workflow.partition === 'aws-cn' ? 'api.amazonwebservices.com.cn' : 'api.aws'
  return new URL(`https://airflow-serverless.${workflow.region}.${suffix}`)
}

/**
 * The credentials of the job and the endpoint of the workflow's region, or the override of AWS's
 * convention (`AWS_ENDPOINT_URL_MWAA_SERVERLESS`, from the service id "MWAA Serverless", then
 * `AWS_ENDPOINT_URL`); refused, naming what is missing, before any connection.
 */
export function serverlessSettings(workflow: Workflow, env: NodeJS.ProcessEnv): ServerlessSettings {
  return {
    workflow,
    credentials: awsCredentials(env, INPUT.mwaaServerlessWorkflow),
    endpoint:
      endpointOverride(env, ['AWS_ENDPOINT_URL_MWAA_SERVERLESS', 'AWS_ENDPOINT_URL']) ??
      defaultEndpoint(workflow)
  }
}
