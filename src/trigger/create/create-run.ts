import type { Verdict } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { nextStep, TRIGGER_BACKOFF, waitToRetry, type RetryDeps } from '../../http/retry.js'
import { describeResult, type HttpFailure, type HttpResponse } from '../../http/send.js'
import { shown } from '../../inputs/input-error.js'
import type { CreateRunBody } from '../airflow/airflow-api.js'
import { interpretPost } from '../airflow/airflow-answers.js'
import type { DagRunConfig } from '../config/config.js'
import { afterUnclearAnswer, explainDuplicate } from './duplicate.js'
import { afterUnprovenAnswer } from './unproven.js'
import { refusedRun, triggerAnswerer } from './refusal.js'
import type { SettleDeps } from './lookup.js'
import type { TriggerReport } from '../backend/backend.js'
import type { RunAttempt } from './report.js'
import { counted } from '../../log/words.js'

interface CreateRunDeps extends RetryDeps {
  /** The step's cancellation: no request is sent again after it. */
  signal?: AbortSignal
}

/** What one POST led to: a final report, or another try after `giveUp` if attempts remain. */
type Step =
  { done: TriggerReport } | { giveUp: TriggerReport; retryAfter?: string; mayHaveCreated: boolean }

/** Creates the run and settles every ambiguous answer by looking the run id up. */
export async function createRun(
  config: Pick<DagRunConfig, 'dagId' | 'conf' | 'maxAttempts' | 'onDuplicate' | 'partitionKey'> & {
    /** The note sent in the POST (Airflow 3); Airflow 2 gets it after, with setNote. */
    note?: string
  },
  run: RunAttempt,
  deps: CreateRunDeps
): Promise<TriggerReport> {
  const body: CreateRunBody = { dag_run_id: run.dagRunId, logical_date: run.date.logicalDate }
  if (config.conf) body.conf = config.conf
  if (config.note) body.note = config.note
  if (config.partitionKey !== undefined) body.partition_key = config.partitionKey
  const settleDeps: SettleDeps = { ...deps, maxAttempts: config.maxAttempts }

  // Set once a POST may have been stored: a later "duplicate" is then likely our own run.
  let mayHaveCreated = false
  for (let attempt = 1; ; attempt++) {
    const result = await run.api.createRun(body)
    const verdict = run.record('POST', result)
    const step: Step =
      'failure' in result
        ? await afterFailure(run, result.failure, verdict, attempt, settleDeps)
        : await afterAnswer(run, result.response, verdict, attempt, {
            ...settleDeps,
            config,
            mayHaveCreated
          })
    if ('done' in step) return step.done
    mayHaveCreated ||= step.mayHaveCreated
    const next = nextStep(attempt, config.maxAttempts, TRIGGER_BACKOFF, step.retryAfter, deps)
    if (!next.retry || deps.signal?.aborted) return step.giveUp
    await waitToRetry(next, attempt, config.maxAttempts, deps)
  }
}

/** A POST without an answer: settled by a look-up when it may have reached the server. */
async function afterFailure(
  run: RunAttempt,
  failure: HttpFailure,
  verdict: Verdict,
  attempt: number,
  deps: SettleDeps & { log: (message: string) => void }
): Promise<Step> {
  const seen = describeResult({ failure })
  deps.log(`Attempt ${attempt}: ${seen} (${failure.message})`)
  if (failure.mayHaveReachedServer) {
    const settled = await afterUnclearAnswer(run, `The answer was lost (${seen})`, deps)
    if (settled) return { done: settled }
  }
  const giveUp = run.report(
    'failed',
    `No answer from the server after ${counted(attempt, 'attempt')}: ${failure.message}.`,
    verdict
  )
  return failure.permanent
    ? { done: giveUp }
    : { giveUp, mayHaveCreated: failure.mayHaveReachedServer }
}

/** A POST the server answered: the run, a refusal, a duplicate to explain, or a retry. */
async function afterAnswer(
  run: RunAttempt,
  response: HttpResponse,
  verdict: Verdict,
  attempt: number,
  deps: SettleDeps & {
    config: Pick<DagRunConfig, 'dagId' | 'onDuplicate' | 'partitionKey'>
    mayHaveCreated: boolean
  }
): Promise<Step> {
  const { dagRunId } = run
  const answer = { serverAnswer: response.body }
  const outcome = interpretPost(response, verdict)
  switch (outcome.kind) {
    case 'created':
      if (outcome.run.dag_run_id !== dagRunId) {
        const what = `The server answered HTTP ${outcome.status} with run id ${shown(outcome.run.dag_run_id, 300)}, not ${dagRunId} as sent (a proxy on the way may have altered the answer)`
        return { done: await afterUnprovenAnswer(run, what, verdict, response.body, deps) }
      }
      return {
        done: run.report('created', `Run ${outcome.run.dag_run_id} was created.`, verdict, {
          state: outcome.run.state,
          ...answer
        })
      }
    case 'not-proven': {
      const what = `The server answered HTTP ${outcome.status} without a dag_run_id`
      return { done: await afterUnprovenAnswer(run, what, verdict, response.body, deps) }
    }
    case 'duplicate': {
      const duplicate = {
        message: outcome.message,
        verdict,
        answer: response.body,
        mayHaveCreated: deps.mayHaveCreated
      }
      return { done: await explainDuplicate(run, duplicate, deps.config, deps) }
    }
    case 'rejected': {
      const message = refusedRun(outcome.status, outcome.message, { ...deps.config, verdict })
      return { done: run.report('failed', message, verdict, answer) }
    }
    case 'throttled':
      return {
        giveUp: run.report(
          'failed',
          `${triggerAnswerer(verdict)} kept answering HTTP 429 (too many requests).`,
          verdict,
          answer
        ),
        retryAfter: headerValue(response.headers, 'retry-after'),
        mayHaveCreated: false
      }
    case 'server-error': {
      const settled = await afterUnclearAnswer(
        run,
        `The server answered HTTP ${outcome.status}`,
        deps
      )
      if (settled) return { done: settled }
      return {
        giveUp: run.report(
          'failed',
          `${triggerAnswerer(verdict)} answered HTTP ${outcome.status} ${counted(attempt, 'time')}: ${outcome.message}.`,
          verdict,
          answer
        ),
        retryAfter: headerValue(response.headers, 'retry-after'),
        mayHaveCreated: true
      }
    }
  }
}
