/** How the step words Airflow's refusals of a trigger that the DAG itself decides. */
import { withoutFinalStop } from '../../diagnosis/text.js'
import { answerer, neverReached, type Answered } from '../../summary/answerer.js'
import { airflowProfile } from '../airflow/remedies.js'

const OWNER =
  'Only the DAG\'s author can change this, by adding "manual" to allowed_run_types in the DAG\'s definition; until then its runs come from its schedule.'

/**
 * A DAG whose `allowed_run_types` (Airflow 3.2+, apache/airflow#61833) leave out `manual`, the
 * type of every run the REST API triggers, as the DAG read shows them before any POST.
 */
export function manualRunsRefused(dagId: string, allowed: readonly string[]): string {
  const types = allowed.length > 0 ? allowed.join(', ') : 'none'
  return `DAG ${dagId} does not allow manual runs: its author limited the runs it takes (allowed_run_types: ${types}), and every run triggered through Airflow's REST API is a manual run. Nothing was triggered. ${OWNER}`
}

/** Who answered a trigger, to open a sentence: the CDN by name, AWS, the web server, or Airflow. */
export function triggerAnswerer(verdict: Answered | undefined): string {
  return answerer(verdict, airflowProfile.name)
}

/**
 * The report's sentence for a POST Airflow refused. Two refusals are the DAG's own and say so:
 * `Dag with dag_id: '…' does not allow manual runs` (400, trigger_dag_run's ValueError) and a
 * `partition_key` the DAG does not take (400 for a DAG that is not partitioned; before 3.2, 422
 * `extra_forbidden`). Any other is quoted as it came.
 */
export function refusedRun(
  status: number,
  message: string,
  context: { dagId: string; partitionKey?: string; verdict?: Answered & { blocked?: boolean } }
): string {
  const said = `HTTP ${status}${message ? `: ${message}` : ''}`
  const { dagId, partitionKey } = context
  if (status === 400 && /does not allow manual runs/i.test(message)) {
    return `DAG ${dagId} does not allow manual runs (Airflow answered ${said}): its author limited the runs it takes with allowed_run_types (Airflow 3.2+) and left out "manual", the type of every run triggered through Airflow's REST API. Nothing was triggered. ${OWNER}`
  }
  if (
    (status === 400 || status === 422) &&
    partitionKey !== undefined &&
    /partition/i.test(message)
  ) {
    return `Airflow refused the partition key ${JSON.stringify(partitionKey)} for DAG ${dagId} (${said}): only a DAG with a partitioned schedule takes one, on Airflow 3.2 or later. Nothing was triggered. Remove "partition-key", or ask the DAG's author whether ${dagId} is meant to be partitioned.`
  }
  const words = message ? ` (${withoutFinalStop(message)})` : ''
  const never = neverReached(context.verdict, airflowProfile.name)
  return `${triggerAnswerer(context.verdict)} refused the run: HTTP ${status}${words}${never}.`
}
