import type { Workflow } from '../config/workflow-arn.js'

/**
 * The run in the AWS console, the MWAA console's page of the region (as AWS's guides link it,
 * `https://{region}.console.aws.amazon.com/mwaa/home?region={region}#/environments`) with the
 * workflow and the run in its fragment. AWS does not publish the console's routes: a route it
 * does not know leaves the console on its start page, in the right region. Only the `aws`
 * partition's console is known; elsewhere no link is made.
 */
export function runConsoleUrl(workflow: Workflow, runId: string): string | undefined {
  if (workflow.partition !== 'aws') return undefined
  const { region, name } = workflow
  return `https://${region}.console.aws.amazon.com/mwaa/home?region=${region}#/workflows/${encodeURIComponent(name)}/runs/${encodeURIComponent(runId)}`
}
