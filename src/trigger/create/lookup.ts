import type { Verdict } from '../../diagnosis/index.js'
import { shown } from '../../inputs/input-error.js'
import { headerValue } from '../../http/headers.js'
import { nextStep, TRIGGER_BACKOFF, waitToRetry, type RetryDeps } from '../../http/retry.js'
import type { HttpResult } from '../../http/send.js'
import { parseDagRun, quoteAnswer, sameInstant, type DagRun } from '../airflow/airflow-answers.js'
import { isRenewalRefused } from '../airflow/airflow-api.js'
import type { RunAttempt } from './report.js'

type Lookup =
  /** `verdict`: the GET's answer, which decides when it proves the run exists. */
  | { kind: 'found'; run: DagRun; verdict: Verdict }
  | { kind: 'absent' }
  /** `why`: what made it tell nothing, where quoting the answer would not say it. */
  | { kind: 'unknown'; result: HttpResult; verdict: Verdict; why?: string }

export interface SettleDeps extends RetryDeps {
  maxAttempts: number
  signal?: AbortSignal
}

/**
 * One GET of the run id: the run, its absence (404), or an answer that tells neither. Only a run
 * under the id asked for is found: an answer about another run tells nothing of this one. A token
 * that expired and could not be renewed tells nothing either; the caller keeps what it was doing.
 */
async function lookUp(attempt: RunAttempt): Promise<Lookup> {
  const result = await attempt.api.getRun(attempt.dagRunId)
  if (isRenewalRefused(result)) {
    const refused = result.renewalRefused
    const why = `the token expired, and getting a new one failed: ${quoteAnswer(refused.result, refused.verdict)}`
    return { kind: 'unknown', result: refused.result, verdict: refused.verdict, why }
  }
  const verdict = attempt.record('GET', result)
  if ('response' in result) {
    const run = result.response.status === 200 ? parseDagRun(verdict) : undefined
    if (run?.dag_run_id === attempt.dagRunId) return { kind: 'found', run, verdict }
    if (run) {
      const why = `HTTP 200 about run ${shown(run.dag_run_id, 250)}, not ${attempt.dagRunId}`
      return { kind: 'unknown', result, verdict, why }
    }
    if (result.response.status === 200) {
      const said = verdict.said ? `: ${verdict.said}` : ''
      return { kind: 'unknown', result, verdict, why: `HTTP 200 without the run in it${said}` }
    }
    if (result.response.status === 404) return { kind: 'absent' }
  }
  return { kind: 'unknown', result, verdict }
}

/** Looks the run up until an answer settles it, within the attempts, with the back-off. */
export async function settle(attempt: RunAttempt, deps: SettleDeps): Promise<Lookup> {
  for (let tries = 1; ; tries++) {
    const found = await lookUp(attempt)
    if (found.kind !== 'unknown') return found
    const retryAfter =
      'response' in found.result
        ? headerValue(found.result.response.headers, 'retry-after')
        : undefined
    const step = nextStep(tries, deps.maxAttempts, TRIGGER_BACKOFF, retryAfter, deps)
    if (!step.retry || deps.signal?.aborted) return found
    await waitToRetry(step, tries, deps.maxAttempts, deps, `GET of run ${attempt.dagRunId}`)
  }
}

/** Whether a run found under this run id is the one for this logical date. */
export function isOurs(attempt: RunAttempt, run: DagRun): boolean {
  return sameInstant(run.logical_date, attempt.date.logicalDate)
}

/** Why a look-up told nothing: the answer and the server's words, or the network's message. */
export function lookupFailure(lookup: Extract<Lookup, { kind: 'unknown' }>): string {
  if (lookup.why) return lookup.why
  return 'response' in lookup.result
    ? quoteAnswer(lookup.result, lookup.verdict)
    : lookup.result.failure.message
}
