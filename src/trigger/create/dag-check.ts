import type { HttpResult } from '../../http/send.js'
import { isRenewalRefused } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import { parseDag, type DagFacts } from '../airflow/dag-answer.js'
import type { DagRunConfig } from '../config/config.js'
import type { TriggerReport } from '../backend/backend.js'
import type { RunAttempt } from './report.js'
import { manualRunsRefused } from './refusal.js'

interface DagCheckIo {
  log: (line: string) => void
  warn: (message: string, title: string) => void
}

type Options = Pick<DagRunConfig, 'dagId' | 'wait' | 'unpause' | 'dryRun'>

/** Statuses that say nothing about the DAG: the POST is sent, and its own answer decides. */
const PASSING = new Set([408, 425, 429])

/**
 * Reads the DAG once before the POST (`GET …/dags/{dag_id}`): a missing, broken or stale DAG, or
 * refused credentials, end the step here with a clear report; a paused DAG is warned about, fails
 * a step that would wait for it, or is unpaused first with `unpause`. An answer that cannot be
 * read is not acted on. Undefined: go on and trigger.
 */
export async function checkDag(
  attempt: RunAttempt,
  options: Options,
  io: DagCheckIo
): Promise<TriggerReport | undefined> {
  const { api } = attempt
  const { dagId } = options
  const answer = await api.getDag()
  // The token was just got: it expires here only on a clock far off, and nothing can be read.
  if (isRenewalRefused(answer)) {
    const refused = answer.renewalRefused
    return attempt.report('failed', refused.message, refused.verdict)
  }
  const result = answer
  const verdict = attempt.record('GET', result)
  const quoted = quoteAnswer(result, verdict)
  const fail = (message: string) => attempt.report('failed', message, verdict, answerOf(result))
  // An untrusted certificate fails every request alike: the POST would fail the same way.
  if ('failure' in result && result.failure.permanent) {
    return fail(`Reading DAG ${dagId} failed: ${result.failure.message}. Nothing was triggered.`)
  }
  if ('failure' in result || result.response.status >= 500 || PASSING.has(result.response.status)) {
    io.warn(
      `Could not read DAG ${dagId} before triggering it (${quoted}); triggering without that check.`,
      'DAG not checked'
    )
    return undefined
  }
  const { status } = result.response
  // MWAA's InvokeRestApi refused the call itself: Airflow never saw it, and the POST would meet
  // the same refusal. The verdict says which of AWS's refusals it was.
  if (verdict.layer === 'aws') {
    return fail(
      `AWS refused the request to read DAG ${dagId} (${quoted}): it never reached Airflow. Nothing was triggered.`
    )
  }
  if (status === 404) {
    return fail(
      `DAG ${dagId} was not found (${quoted}). Check "dag-id" (it is case-sensitive); a new DAG file shows in the API only once Airflow has parsed it.`
    )
  }
  if (status === 401) {
    return fail(`The credentials were refused when reading DAG ${dagId} (${quoted}).`)
  }
  // Some auth managers let a role trigger a DAG it may not read: the POST's answer decides.
  if (status === 403) {
    io.warn(
      `Not allowed to read DAG ${dagId} (${quoted}), so whether it is paused or broken is not known; triggering anyway. Give the role read access to the DAG to have it checked.`,
      'DAG not checked'
    )
    return undefined
  }
  if (status !== 200) return fail(`Reading DAG ${dagId} failed: ${quoted}. Nothing was triggered.`)
  const read = parseDag(verdict.json, dagId, api.location.version)
  if (read.kind === 'unreadable') {
    return fail(
      `The answer to GET of DAG ${dagId} could not be read: ${read.why}. Nothing was unpaused or triggered; check that base-url and api-path lead to the Airflow REST API.`
    )
  }
  return settleDag(attempt, read.dag, options, io, fail)
}

/** What the DAG's own state means for the trigger. */
async function settleDag(
  attempt: RunAttempt,
  dag: DagFacts,
  options: Options,
  io: DagCheckIo,
  fail: (message: string) => TriggerReport
): Promise<TriggerReport | undefined> {
  const { dagId } = options
  if (dag.hasImportErrors) {
    return fail(
      `DAG ${dagId} has import errors: Airflow cannot load its file, so it refuses or never runs the run. Fix the errors shown on Airflow's "Import errors" page (or by \`airflow dags list-import-errors\`), then trigger again.`
    )
  }
  const allowed = dag.allowedRunTypes
  if (allowed && !allowed.includes('manual')) {
    return fail(manualRunsRefused(dagId, allowed))
  }
  if (dag.stale) {
    return fail(
      `DAG ${dagId} is stale: its file is no longer among those Airflow parses (removed, renamed, or its bundle changed), so no run of it would start. Deploy the DAG again, or check "dag-id".`
    )
  }
  if (!dag.isPaused) return undefined
  if (options.unpause && options.dryRun) {
    io.log(`DAG ${dagId} is paused: the real run would unpause it first ("unpause: true").`)
    return undefined
  }
  if (options.unpause) return unpause(attempt, dagId, io)
  if (options.wait) {
    return fail(
      `DAG ${dagId} is paused: a run would stay queued until someone unpauses it, so waiting for it cannot end before the time-out. Nothing was triggered. Unpause the DAG in Airflow, or set "unpause: true".`
    )
  }
  io.warn(
    `DAG ${dagId} is paused: the run is created but stays queued until someone unpauses the DAG. Set "unpause: true" to unpause it first.`,
    'DAG paused'
  )
  attempt.dagPaused = true
  return undefined
}

/** `PATCH …/dags/{dag_id}` `{"is_paused": false}`, proven by the DAG it answers with. */
async function unpause(
  attempt: RunAttempt,
  dagId: string,
  io: DagCheckIo
): Promise<TriggerReport | undefined> {
  const result = await attempt.api.unpauseDag()
  const verdict = attempt.record('PATCH', result)
  const fail = (why: string) =>
    attempt.report(
      'failed',
      `DAG ${dagId} is paused, and unpausing it failed (${why}). Nothing was triggered: a run of a paused DAG stays queued.`,
      verdict,
      answerOf(result)
    )
  if ('failure' in result || result.response.status !== 200) {
    return fail(quoteAnswer(result, verdict))
  }
  const read = parseDag(verdict.json, dagId, attempt.api.location.version)
  if (read.kind === 'unreadable') return fail(`the answer could not be read: ${read.why}`)
  if (read.dag.isPaused) return fail('the answer says it is still paused')
  io.log(`Unpaused DAG ${dagId} ("unpause: true").`)
  io.warn(
    `DAG ${dagId} was paused and is now unpaused. If its catchup is on, Airflow also schedules a run for every interval it missed while paused.`,
    'DAG unpaused'
  )
  return undefined
}

function answerOf(result: HttpResult): Pick<TriggerReport, 'serverAnswer'> {
  return 'response' in result ? { serverAnswer: result.response.body } : {}
}
