import type { Verdict } from '../../diagnosis/index.js'
import { afterUnclearAnswer } from './duplicate.js'
import type { SettleDeps } from './lookup.js'
import type { TriggerReport } from '../backend/backend.js'
import type { RunAttempt } from './report.js'

/**
 * A success status whose body does not prove that this run was made (no `dag_run_id`, or
 * another run's): a gateway or a proxy may have spoiled the answer of a run that was stored, so
 * a GET of the run id settles it, as after a lost answer. Only a 404 says the run was not
 * created; the POST is not sent again, since whatever answered would answer the same.
 */
export async function afterUnprovenAnswer(
  attempt: RunAttempt,
  what: string,
  verdict: Verdict,
  answer: string,
  deps: SettleDeps
): Promise<TriggerReport> {
  const settled = await afterUnclearAnswer(attempt, what, deps)
  if (settled) return { serverAnswer: answer, ...settled }
  return attempt.report(
    'failed',
    `${what}, and run ${attempt.dagRunId} does not exist (its lookup answered 404): the run was not created.`,
    verdict,
    { serverAnswer: answer }
  )
}
