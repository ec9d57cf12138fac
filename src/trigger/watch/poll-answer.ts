import type { Verdict } from '../../diagnosis/index.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import {
  isExpiredToken,
  parseDagRun,
  quoteAnswer,
  type DagRun
} from '../airflow/airflow-answers.js'

type PollAnswer =
  | { kind: 'run'; run: DagRun }
  /** Worth another poll: the network, a gateway, throttling, an unreadable answer. */
  | { kind: 'transient'; why: string }
  /** No later poll can answer otherwise: the wait ends here. */
  | { kind: 'permanent'; why: string }

/** Statuses that say "later", not "never". */
const TRANSIENT_STATUSES = new Set([408, 425, 429])

/** What one poll of the run's state told, and whether polling again could tell more. */
export function classifyPoll(
  result: HttpResult,
  verdict: Verdict,
  dagRunId: string,
  renewsToken: boolean
): PollAnswer {
  const seen = describeResult(result)
  const quoted = quoteAnswer(result, verdict)
  if ('failure' in result) return { kind: 'transient', why: seen }
  const { status } = result.response
  if (status === 200) {
    const run = parseDagRun(verdict)
    if (!run) return { kind: 'transient', why: `${seen} without the run in it` }
    if (run.dag_run_id !== dagRunId) {
      return {
        kind: 'permanent',
        why: `asked for run ${dagRunId}, the server answered with run ${run.dag_run_id}`
      }
    }
    return { kind: 'run', run }
  }
  if (status >= 500 || TRANSIENT_STATUSES.has(status)) return { kind: 'transient', why: quoted }
  if (isExpiredToken(result, verdict)) {
    return {
      kind: 'permanent',
      why: renewsToken
        ? `the token expired, and the new one fetched with "username"/"password" was refused as expired too (${quoted})`
        : `the token expired (${quoted}). A "token" cannot be renewed: give "username" and "password" instead, and a new token is fetched whenever one expires`
    }
  }
  if (status === 404) {
    return {
      kind: 'permanent',
      why: `the run is not there any more (${quoted}): it was deleted, or the answer came from elsewhere than the Airflow REST API`
    }
  }
  return { kind: 'permanent', why: quoted }
}
