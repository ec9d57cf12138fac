import type { Verdict } from '../../diagnosis/index.js'
import { clip } from '../../diagnosis/text.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import type { TriggerConfig } from '../config.js'
import { isOurs, lookupFailure, settle, type SettleDeps } from './lookup.js'
import type { RunAttempt, TriggerReport } from './report.js'

/** A run id among a list's answer: the first `dag_runs` entry that names one. */
function firstRunId(verdict: Verdict): string | undefined {
  const list = verdict.json?.dag_runs
  if (!Array.isArray(list)) return undefined
  for (const entry of list) {
    const id = (entry as { dag_run_id?: unknown } | null)?.dag_run_id
    if (typeof id === 'string' && id !== '') return clip(id, 250)
  }
  return undefined
}

/**
 * What the POST would meet, looked up and never guessed: the run id (`GET …/dagRuns/{id}`), then
 * the logical date (the DAG's runs at exactly that date). Nothing is sent that creates anything.
 * The report's outcome is what the real run would end with: `would-create`, `would-reuse`
 * (`on-duplicate: reuse` of this commit's run), or `failed` with the reason the POST would fail.
 */
export async function checkWouldCreate(
  attempt: RunAttempt,
  config: Pick<TriggerConfig, 'onDuplicate'>,
  deps: SettleDeps
): Promise<TriggerReport> {
  const { dagRunId } = attempt
  const { logicalDate } = attempt.date
  const byId = await settle(attempt, deps)
  if (byId.kind === 'unknown') {
    return attempt.report(
      'failed',
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
    return config.onDuplicate === 'reuse'
      ? attempt.report(
          'would-reuse',
          `This commit was already triggered: run ${dagRunId}, state ${state}. The real run would reuse it (on-duplicate: reuse).`,
          byId.verdict,
          { state: byId.run.state }
        )
      : attempt.report(
          'failed',
          `This commit was already triggered: run ${dagRunId}, state ${state}. The real run would fail; set "on-duplicate: reuse" to accept it, or give another logical-date.`,
          byId.verdict,
          { state: byId.run.state }
        )
  }
  const result = await attempt.api.runsAt(logicalDate)
  const verdict = attempt.record('GET', result)
  if (!('response' in result) || result.response.status !== 200 || !verdict.json) {
    return attempt.report(
      'failed',
      `Run id ${dagRunId} is free, but looking up the runs at logical date ${logicalDate} failed (${quoteAnswer(result, verdict)}).`,
      verdict
    )
  }
  const holder = firstRunId(verdict)
  if (holder) {
    return attempt.report(
      'failed',
      `Logical date ${logicalDate} is already held by run ${holder} of DAG ${attempt.dagId}: the real run would be refused. Give another logical-date to trigger again.`,
      verdict
    )
  }
  return attempt.report(
    'would-create',
    `Run id ${dagRunId} and logical date ${logicalDate} are both free: the real run would be created.`,
    verdict
  )
}
