import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { isRenewalRefused, type AirflowApi } from '../airflow/airflow-api.js'
import type { Poll } from '../backend/backend.js'
import {
  isExpiredToken,
  parseDagRun,
  quoteAnswer,
  type DagRun
} from '../airflow/airflow-answers.js'

type Classified =
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
): Classified {
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

function runDurationMs(run: DagRun): number | undefined {
  if (!run.start_date || !run.end_date) return undefined
  const ms = Date.parse(run.end_date) - Date.parse(run.start_date)
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined
}

/** One poll of the run (`GET …/dagRuns/{dag_run_id}`), as the wait reads it. */
export async function pollRun(api: AirflowApi, dagRunId: string): Promise<Poll> {
  const answer = await api.getRun(dagRunId)
  if (isRenewalRefused(answer)) return { kind: 'permanent', why: answer.renewalRefused.message }
  const verdict = diagnose(answer, api.context('GET'))
  const poll = classifyPoll(answer, verdict, dagRunId, api.renewsToken)
  const retryAfter =
    'response' in answer ? headerValue(answer.response.headers, 'retry-after') : undefined
  const said = {
    ...(poll.kind !== 'transient' && 'response' in answer ? { answer: answer.response.body } : {}),
    ...(retryAfter === undefined ? {} : { retryAfter })
  }
  switch (poll.kind) {
    case 'run': {
      const durationMs = runDurationMs(poll.run)
      return {
        kind: 'run',
        ...(poll.run.state === undefined ? {} : { state: poll.run.state }),
        ...(durationMs === undefined ? {} : { durationMs }),
        ...said
      }
    }
    case 'transient':
      return { kind: 'transient', why: poll.why, ...said }
    case 'permanent':
      return { kind: 'permanent', why: poll.why, verdict, ...said }
  }
}
