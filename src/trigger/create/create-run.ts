import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { nextStep, TRIGGER_BACKOFF, waitToRetry, type RetryClock } from '../../http/retry.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import type { AirflowApi, CreateRunBody } from '../airflow/airflow-api.js'
import {
  interpretPost,
  parseDagRun,
  quoteAnswer,
  sameInstant,
  type DagRun
} from '../airflow/airflow-answers.js'
import type { ResolvedDate } from '../date/commit-date.js'
import type { TriggerConfig } from '../config.js'
import { isInFuture } from '../date/logical-date.js'

export type TriggerOutcome =
  /** The server answered with the new run. */
  | 'created'
  /** The answer was lost or said "duplicate", but a GET found the run this step created. */
  | 'recovered'
  /** `on-duplicate: reuse` accepted a run that already existed for this commit. */
  | 'reused'
  | 'failed'

export interface AttemptRecord {
  method: 'POST' | 'GET'
  /** `HTTP 200`, `ECONNRESET`, … */
  result: string
  layer: Verdict['layer']
}

export interface TriggerReport {
  dagId: string
  dagRunId: string
  logicalDate: string
  dateSource: ResolvedDate
  /** Host and path of the runs collection. */
  target: string
  outcome: TriggerOutcome
  /** One sentence: what happened, for the log, the error and the summary. */
  message: string
  state?: string
  /** The server's words from the deciding answer (raw; the renderer escapes and cuts). */
  serverAnswer?: string
  /** Where the deciding answer came from. */
  verdict: Verdict
  requests: AttemptRecord[]
  /** Set when the logical date lies ahead: the run will wait until then. */
  futureWarning?: string
}

export interface CreateRunDeps extends RetryClock {
  api: AirflowApi
  /** The step's cancellation: no request is sent again after it. */
  signal?: AbortSignal
}

type Lookup =
  /** `verdict`: the GET's answer, which decides when it proves the run exists. */
  | { kind: 'found'; run: DagRun; verdict: Verdict }
  | { kind: 'absent' }
  | { kind: 'unknown'; result: HttpResult; verdict: Verdict }

/** Creates the run and settles every ambiguous answer by looking the run id up. */
export async function createRun(
  config: Pick<TriggerConfig, 'dagId' | 'conf' | 'maxAttempts' | 'onDuplicate'>,
  date: ResolvedDate,
  dagRunId: string,
  deps: CreateRunDeps
): Promise<TriggerReport> {
  const { api } = deps
  const requests: AttemptRecord[] = []
  const body: CreateRunBody = { dag_run_id: dagRunId, logical_date: date.logicalDate }
  if (config.conf) body.conf = config.conf

  const record = (method: AttemptRecord['method'], result: HttpResult): Verdict => {
    const verdict = diagnose(result, api.context(method))
    requests.push({ method, result: describeResult(result), layer: verdict.layer })
    return verdict
  }
  const report = (
    outcome: TriggerOutcome,
    message: string,
    verdict: Verdict,
    extra: Partial<TriggerReport> = {}
  ): TriggerReport => ({
    dagId: config.dagId,
    dagRunId,
    logicalDate: date.logicalDate,
    dateSource: date,
    target: api.target,
    outcome,
    message,
    verdict,
    requests,
    futureWarning: isInFuture(date.logicalDate, deps.now())
      ? `The logical date ${date.logicalDate} is in the future: the run is scheduled and will not execute until then.`
      : undefined,
    ...extra
  })

  const lookup = async (): Promise<Lookup> => {
    const result = await api.getRun(dagRunId)
    const verdict = record('GET', result)
    if ('response' in result) {
      const run = result.response.status === 200 ? parseDagRun(verdict) : undefined
      if (run) return { kind: 'found', run, verdict }
      if (result.response.status === 404) return { kind: 'absent' }
    }
    return { kind: 'unknown', result, verdict }
  }
  const ours = (run: DagRun) => sameInstant(run.logical_date, date.logicalDate)

  /** Looks the run up until an answer settles it, within the attempts, with the back-off. */
  const settle = async (): Promise<Lookup> => {
    for (let attempt = 1; ; attempt++) {
      const found = await lookup()
      if (found.kind !== 'unknown') return found
      const retryAfter =
        'response' in found.result
          ? headerValue(found.result.response.headers, 'retry-after')
          : undefined
      const step = nextStep(attempt, config.maxAttempts, TRIGGER_BACKOFF, retryAfter, deps)
      if (!step.retry || deps.signal?.aborted) return found
      await waitToRetry(step, attempt, config.maxAttempts, deps, `GET of run ${dagRunId}`)
    }
  }

  /**
   * After an answer that may hide a stored run (lost, or a 5xx from a gateway): the final report,
   * or undefined when the lookup found no such run, so that sending the POST again is safe. Only
   * a 404 allows that: a run may exist as long as no lookup has said otherwise.
   */
  const afterUnclearAnswer = async (what: string): Promise<TriggerReport | undefined> => {
    const found = await settle()
    if (found.kind === 'absent') return undefined
    if (found.kind === 'found' && ours(found.run)) {
      return report(
        'recovered',
        `${what}, but run ${dagRunId} exists: it was created.`,
        found.verdict,
        {
          state: found.run.state
        }
      )
    }
    if (found.kind === 'found') {
      return report(
        'failed',
        `${what}, and run id ${dagRunId} belongs to a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`,
        found.verdict
      )
    }
    const why = lookupFailure(found)
    return report(
      'failed',
      `${what}, and looking run ${dagRunId} up failed too (${why}): the run may or may not exist. Look for run ${dagRunId} in Airflow before triggering again; it was not sent a second time, so it cannot exist twice.`,
      found.verdict
    )
  }

  // Set once a POST may have been stored: a later "duplicate" is then likely our own run.
  let mayHaveCreated = false
  for (let attempt = 1; ; attempt++) {
    const result = await api.createRun(body)
    const verdict = record('POST', result)
    let retryAfter: string | undefined
    let giveUp: TriggerReport

    if ('failure' in result) {
      const { failure } = result
      deps.log(`Attempt ${attempt}: ${describeResult(result)} (${failure.message})`)
      if (failure.mayHaveReachedServer) {
        mayHaveCreated = true
        const settled = await afterUnclearAnswer(`The answer was lost (${describeResult(result)})`)
        if (settled) return settled
      }
      giveUp = report(
        'failed',
        `No answer from the server after ${attempt} attempt(s): ${failure.message}.`,
        verdict
      )
      if (failure.permanent) return giveUp
    } else {
      const answer = { serverAnswer: result.response.body }
      const outcome = interpretPost(result.response, verdict)
      switch (outcome.kind) {
        case 'created':
          if (outcome.run.dag_run_id !== dagRunId) {
            return report(
              'failed',
              `The server answered HTTP ${outcome.status} with run id ${JSON.stringify(outcome.run.dag_run_id.slice(0, 300))}, not ${dagRunId} as sent: that answer is not about the run this step asked for. Look in Airflow for run ${dagRunId}; a proxy on the way may have altered the answer.`,
              verdict,
              answer
            )
          }
          return report('created', `Run ${outcome.run.dag_run_id} was created.`, verdict, {
            state: outcome.run.state,
            ...answer
          })
        case 'not-proven':
          return report(
            'failed',
            `The server answered HTTP ${outcome.status} without a dag_run_id: the run was not proven created.`,
            verdict,
            answer
          )
        case 'duplicate':
          return explainDuplicate(outcome.message, verdict, result.response.body)
        case 'rejected':
          return report(
            'failed',
            `The server refused the run: HTTP ${outcome.status}${outcome.message ? `: ${outcome.message}` : ''}.`,
            verdict,
            answer
          )
        case 'throttled':
          retryAfter = headerValue(result.response.headers, 'retry-after')
          giveUp = report(
            'failed',
            `The server kept answering HTTP 429 (too many requests).`,
            verdict,
            answer
          )
          break
        case 'server-error': {
          mayHaveCreated = true
          const settled = await afterUnclearAnswer(`The server answered HTTP ${outcome.status}`)
          if (settled) return settled
          retryAfter = headerValue(result.response.headers, 'retry-after')
          giveUp = report(
            'failed',
            `The server answered HTTP ${outcome.status} ${attempt} time(s): ${outcome.message}.`,
            verdict,
            answer
          )
        }
      }
    }
    const step = nextStep(attempt, config.maxAttempts, TRIGGER_BACKOFF, retryAfter, deps)
    if (!step.retry || deps.signal?.aborted) return giveUp
    await waitToRetry(step, attempt, config.maxAttempts, deps)
  }

  async function explainDuplicate(
    message: string,
    verdict: Verdict,
    answer: string
  ): Promise<TriggerReport> {
    const found = await settle()
    const extra = { serverAnswer: answer }
    if (found.kind === 'found' && ours(found.run)) {
      const state = found.run.state ?? 'unknown'
      if (mayHaveCreated) {
        return report(
          'recovered',
          `Run ${dagRunId} exists with this logical date: an earlier attempt of this step created it (state ${state}).`,
          verdict,
          { ...extra, state: found.run.state }
        )
      }
      if (config.onDuplicate === 'reuse') {
        return report(
          'reused',
          `This commit was already triggered: run ${dagRunId}, state ${state}. Reusing it (on-duplicate: reuse).`,
          verdict,
          { ...extra, state: found.run.state }
        )
      }
      return report(
        'failed',
        `This commit was already triggered: run ${dagRunId}, state ${state}. Set "on-duplicate: reuse" to accept it, or give another logical-date.`,
        verdict,
        { ...extra, state: found.run.state }
      )
    }
    if (found.kind === 'found') {
      return report(
        'failed',
        `Run id ${dagRunId} is already taken by a run with logical date ${found.run.logical_date ?? 'unknown'}, not ${date.logicalDate}. Choose another dag-run-id or run-id-prefix.`,
        verdict,
        extra
      )
    }
    if (found.kind === 'absent') {
      return report(
        'failed',
        `Another run already holds logical date ${date.logicalDate} for DAG ${config.dagId} (run id ${dagRunId} is free). Give another logical-date to trigger again.`,
        verdict,
        extra
      )
    }
    const why = lookupFailure(found)
    return report(
      'failed',
      `The server reported a duplicate (${message}), and looking up run ${dagRunId} failed (${why}).`,
      verdict,
      extra
    )
  }
}

/** Why a look-up told nothing: the answer and the server's words, or the network's message. */
function lookupFailure(lookup: Extract<Lookup, { kind: 'unknown' }>): string {
  return 'response' in lookup.result
    ? quoteAnswer(lookup.result, lookup.verdict)
    : lookup.result.failure.message
}
