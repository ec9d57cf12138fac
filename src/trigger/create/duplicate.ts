import type { Verdict } from '../../diagnosis/index.js'
import type { DagRunConfig } from '../config/config.js'
import { isOurs, lookupFailure, settle, type SettleDeps } from './lookup.js'
import type { TriggerReport } from '../backend/backend.js'
import type { RunAttempt } from './report.js'

/**
 * After an answer that may hide a stored run (lost, or a 5xx from a gateway): the final report,
 * or undefined when the lookup found no such run, so that sending the POST again is safe. Only
 * a 404 allows that: a run may exist as long as no lookup has said otherwise.
 */
export async function afterUnclearAnswer(
  attempt: RunAttempt,
  what: string,
  deps: SettleDeps
): Promise<TriggerReport | undefined> {
  const { dagRunId, date } = attempt
  const found = await settle(attempt, deps)
  if (found.kind === 'absent') return undefined
  if (found.kind === 'found' && isOurs(attempt, found.run)) {
    return attempt.report(
      'recovered',
      `${what}, but run ${dagRunId} exists: it was created.`,
      found.verdict,
      { state: found.run.state }
    )
  }
  if (found.kind === 'found') {
    return attempt.report(
      'failed',
      `${what}, and run id ${dagRunId} belongs to a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`,
      found.verdict
    )
  }
  return attempt.report(
    'failed',
    `${what}, and looking run ${dagRunId} up failed too (${lookupFailure(found)}): the run may or may not exist. Look for run ${dagRunId} in Airflow before triggering again; it was not sent a second time, so it cannot exist twice.`,
    found.verdict
  )
}

interface Duplicate {
  /** The server's words about the duplicate. */
  message: string
  verdict: Verdict
  /** The answer's body (raw; the renderer escapes and cuts). */
  answer: string
  /** Whether an earlier POST of this step may have been stored. */
  mayHaveCreated: boolean
}

/**
 * What a "duplicate" answer was about, told by a GET of the run id: this step's own earlier
 * attempt, this commit triggered before (`on-duplicate` decides), a run id taken by another
 * date, or the logical date held by another run.
 */
export async function explainDuplicate(
  attempt: RunAttempt,
  duplicate: Duplicate,
  config: Pick<DagRunConfig, 'dagId' | 'onDuplicate'>,
  deps: SettleDeps
): Promise<TriggerReport> {
  const { dagRunId, date } = attempt
  const { verdict } = duplicate
  const found = await settle(attempt, deps)
  const extra = { serverAnswer: duplicate.answer }
  // The look-up told which run holds what: its remedy replaces the answer's, which cannot tell.
  const knowing = (remedy: string): Verdict => ({ ...verdict, remedies: [remedy] })
  if (found.kind === 'found' && isOurs(attempt, found.run)) {
    const state = found.run.state ?? 'unknown'
    const withState = { ...extra, state: found.run.state }
    if (duplicate.mayHaveCreated) {
      return attempt.report(
        'recovered',
        `Run ${dagRunId} exists with this logical date: an earlier attempt of this step created it (state ${state}).`,
        verdict,
        withState
      )
    }
    if (config.onDuplicate === 'reuse') {
      return attempt.report(
        'reused',
        `This commit was already triggered: run ${dagRunId}, state ${state}. Reusing it (on-duplicate: reuse).`,
        verdict,
        { ...withState, existing: true }
      )
    }
    return attempt.report(
      'failed',
      `This commit was already triggered: run ${dagRunId}, state ${state}. Set "on-duplicate: reuse" to accept it, or give another logical-date.`,
      knowing(
        `Set \`on-duplicate: reuse\` to accept run ${dagRunId}, or give another \`logical-date\` (or \`dag-run-id\`) to trigger a new run.`
      ),
      { ...withState, existing: true }
    )
  }
  if (found.kind === 'found') {
    return attempt.report(
      'failed',
      `Run id ${dagRunId} is already taken by a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`,
      knowing(
        `Choose another \`dag-run-id\` or \`run-id-prefix\`: run id ${dagRunId} belongs to another run.`
      ),
      extra
    )
  }
  if (found.kind === 'absent') {
    return attempt.report(
      'failed',
      `Another run already holds logical date ${date.logicalDate} for DAG ${config.dagId} (run id ${dagRunId} is free). Give another logical-date to trigger again.`,
      knowing(
        `Give another \`logical-date\` to trigger again: another run of DAG ${config.dagId} holds ${date.logicalDate}.`
      ),
      extra
    )
  }
  return attempt.report(
    'failed',
    `The server reported a duplicate (${duplicate.message}), and looking up run ${dagRunId} failed (${lookupFailure(found)}).`,
    verdict,
    extra
  )
}
