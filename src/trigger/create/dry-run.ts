import { isRenewalRefused } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import { readRunsAt } from '../airflow/runs-at.js'
import type { DagRunConfig } from '../config/config.js'
import { isOurs, lookupFailure, settle, type SettleDeps } from './lookup.js'
import type { TriggerReport } from '../backend/backend.js'
import type { RunAttempt } from './report.js'

/**
 * What the POST would meet, looked up and never guessed: the run id (`GET …/dagRuns/{id}`), then
 * the logical date (the DAG's runs at exactly that date). Nothing is sent that creates anything.
 * The report's outcome is what the real run would end with: `would-create`, `would-reuse`
 * (`on-duplicate: reuse` of this commit's run), or `failed` with the reason the POST would fail;
 * `could-not-tell` when an answer proves none of these.
 */
export async function checkWouldCreate(
  attempt: RunAttempt,
  config: Pick<DagRunConfig, 'onDuplicate'>,
  deps: SettleDeps
): Promise<TriggerReport> {
  const { dagRunId } = attempt
  const { logicalDate } = attempt.date
  const byId = await settle(attempt, deps)
  if (byId.kind === 'unknown') {
    return attempt.report(
      'could-not-tell',
      `Looking run id ${dagRunId} up failed (${lookupFailure(byId)}), so whether it is free is not known; the real run would meet the same answer.`,
      byId.verdict
    )
  }
  if (byId.kind === 'found') {
    const state = byId.run.state ?? 'unknown'
    if (!isOurs(attempt, byId.run)) {
      return attempt.report(
        'failed',
        `Run id ${dagRunId} is already taken by a run with logical date ${byId.run.logical_date ?? 'unknown'}, not ${logicalDate}: the real run would be refused. Choose another dag-run-id or run-id-prefix.`,
        byId.verdict
      )
    }
    const found = { state: byId.run.state, existing: true } as const
    return config.onDuplicate === 'reuse'
      ? attempt.report(
          'would-reuse',
          `This commit was already triggered: run ${dagRunId}, state ${state}. The real run would reuse it (on-duplicate: reuse).`,
          byId.verdict,
          found
        )
      : attempt.report(
          'failed',
          `This commit was already triggered: run ${dagRunId}, state ${state}. The real run would fail; set "on-duplicate: reuse" to accept it, or give another logical-date.`,
          byId.verdict,
          found
        )
  }
  return checkLogicalDate(attempt)
}

/** The second look-up of a dry run, once the run id is free: is the logical date? */
async function checkLogicalDate(attempt: RunAttempt): Promise<TriggerReport> {
  const { dagRunId } = attempt
  const { logicalDate } = attempt.date
  const result = await attempt.api.runsAt(logicalDate)
  if (isRenewalRefused(result)) {
    const refused = result.renewalRefused
    return attempt.report(
      'could-not-tell',
      `Run id ${dagRunId} is free, but the token expired before the runs at logical date ${logicalDate} were looked up, and getting a new one failed (${quoteAnswer(refused.result, refused.verdict)}).`,
      refused.verdict
    )
  }
  const verdict = attempt.record('GET', result)
  const ok = 'response' in result && result.response.status === 200
  const read = ok ? readRunsAt(verdict.json, logicalDate) : undefined
  if (!read || read.kind === 'unknown') {
    const why = read ? `HTTP 200: ${read.why}` : quoteAnswer(result, verdict)
    return attempt.report(
      'could-not-tell',
      `Run id ${dagRunId} is free, but the look-up of the runs at logical date ${logicalDate} could not tell whether another run holds it (${why}).`,
      verdict
    )
  }
  if (read.kind === 'held') {
    return attempt.report(
      'failed',
      `Logical date ${logicalDate} is already held by run ${read.runId} of DAG ${attempt.dagId}: the real run would be refused. Give another logical-date to trigger again.`,
      verdict
    )
  }
  return attempt.report(
    'would-create',
    `Run id ${dagRunId} and logical date ${logicalDate} are both free: the real run would be created.`,
    verdict
  )
}
