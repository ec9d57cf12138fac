import { cancelledBy, cancelledLine, pause, throwIfCancelled } from '../cancel/cancellation.js'
import type { RetryDeps } from '../http/retry.js'
import { InputError } from '../inputs/input-error.js'
import { INPUT, OUTPUT, type InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { addSecret } from '../log/secrets.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { explainBlock, failAnsweredBy, noteAddressChange } from '../summary/step-end.js'
import { writeSummary } from '../summary/write.js'
import { connectAirflow, type AirflowApi } from './airflow/airflow-api.js'
import { airflowProfile } from './airflow/remedies.js'
import { runPageUrl } from './airflow/airflow-ui.js'
import { endOfLifeNotice, partitionKeyProblem } from './airflow/releases.js'
import { announceWatch } from './watch/announce-watch.js'
import { resolveLogicalDate, type ResolvedDate } from './date/commit-date.js'
import { commitDateLookups } from './date/commit-sources.js'
import { describeSettings, parseTriggerConfig, type TriggerConfig } from './config.js'
import { idleInputs, idleInputsWarning } from './idle-inputs.js'
import { createRun } from './create/create-run.js'
import { checkWouldCreate } from './create/dry-run.js'
import { checkDag } from './create/dag-check.js'
import { RunAttempt, type TriggerReport } from './create/report.js'
import { defaultRunId, runIdProblem } from './create/run-id.js'
import { connectMwaa } from './mwaa/connect-mwaa.js'
import { compactRunId } from './mwaa/run-id.js'
import { runServerless } from './serverless/run-serverless.js'
import { isServerless } from './serverless/serverless-config.js'
import { renderTriggerSummary } from './summary.js'
import { watchRun } from './watch/watch-run.js'
import { reportCancel, reportDryRun } from './endings.js'
import type { TriggerRun } from './trigger-run.js'
import { githubRunOf, noteText } from './create/note-text.js'
import { noteInPost, settleNote, tellDryRunNote } from './run-note.js'

/**
 * Trigger mode end to end: inputs, date, run id, creation, optional wait, outputs and summary.
 * After `signal` (the step's cancellation) nothing new starts, and what was done is reported.
 */
export async function runTriggerMode(
  read: InputReader,
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal
): Promise<void> {
  const config = parseTriggerConfig(read)
  log.debug(`Resolved settings: ${describeSettings(config)}`)
  const idle = idleInputsWarning(idleInputs(config, read))
  if (idle) log.warning(idle, 'Inputs that do nothing')
  const sha = env.GITHUB_SHA
  const date = await log.group('Logical date', () => findLogicalDate(config, env, signal))
  const retryDeps: RetryDeps = {
    sleep: ms => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info
  }
  if (isServerless(config)) {
    throwIfCancelled(signal)
    return runServerless(config, { env, ...(sha ? { sha } : {}), date, retryDeps, signal })
  }
  const dagRunId = runIdFor(config, date.logicalDate)
  throwIfCancelled(signal)
  const api = await connect(config, env, { dagRunId, date, retryDeps, signal })
  const ui = config.uiBase && { base: config.uiBase, version: api.location.version }
  const note = config.note ? noteText(config.note, githubRunOf(env)) : ''
  const run: TriggerRun = { config, sha, signal, date, dagRunId, retryDeps, api, ui }
  if (note) run.note = note
  try {
    throwIfCancelled(signal)
    checkRelease(run)
    const report = await createOrCheck(run)
    run.report = report
    if (config.dryRun) {
      tellDryRunNote(run, report)
      return reportDryRun(report)
    }
    const created = await settleCreation(run, report)
    if (created) announceRun(run, report)
    await settleNote(run, report)
    if (!created) return
    if (config.wait) await waitForRun(run)
    await reportCancel(run)
  } finally {
    await endTrigger(run)
  }
}

/** The logical date, from the input or the commit, said in the log. */
async function findLogicalDate(
  config: Pick<TriggerConfig, 'logicalDate' | 'githubToken' | 'timeoutMs'>,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal | undefined
): Promise<ResolvedDate> {
  const resolved = await resolveLogicalDate(
    config.logicalDate,
    env.GITHUB_SHA,
    commitDateLookups({
      workspace: env.GITHUB_WORKSPACE || process.cwd(),
      eventPath: env.GITHUB_EVENT_PATH,
      githubToken: config.githubToken,
      repository: env.GITHUB_REPOSITORY,
      apiUrl: env.GITHUB_API_URL,
      timeoutMs: config.timeoutMs,
      signal
    })
  )
  log.info(`Logical date ${resolved.logicalDate}, the ${resolved.description}.`)
  return resolved
}

/** dag-run-id, or one made from the date; refused before any request when Airflow would. */
function runIdFor(config: TriggerConfig, logicalDate: string): string {
  // Through MWAA every path counts against 64 characters: the default run id is shorter there.
  const dagRunId =
    config.dagRunId ??
    (config.auth.kind === 'aws' ? compactRunId : defaultRunId)(config.runIdPrefix, logicalDate)
  const problem = runIdProblem(dagRunId)
  if (problem)
    throw new Error(
      `The run id ${JSON.stringify(dagRunId)} is not acceptable: expected ${problem}.`
    )
  return dagRunId
}

/** Airflow's API, directly or through Amazon MWAA. */
async function connect(
  config: TriggerConfig,
  env: NodeJS.ProcessEnv,
  run: Pick<TriggerRun, 'dagRunId' | 'date' | 'retryDeps' | 'signal'>
): Promise<AirflowApi> {
  const io = { mask: addSecret, log: log.info }
  if (config.via === 'airflow') return connectAirflow(config, io, run.signal)
  return connectMwaa(
    config,
    env,
    { dagId: config.dagId, dagRunId: run.dagRunId, logicalDate: run.date.logicalDate },
    { ...io, retry: run.retryDeps },
    run.signal
  )
}

/**
 * What the server's release means before anything is sent: Airflow 2's end of life, said once and
 * quietly; a partition key it cannot take, refused.
 */
function checkRelease(run: TriggerRun): void {
  const { location } = run.api
  const notice = endOfLifeNotice(location)
  if (notice) log.info(notice)
  const problem = run.config.partitionKey === undefined ? undefined : partitionKeyProblem(location)
  if (problem) {
    throw new InputError(
      `Input "${INPUT.partitionKey}" needs Airflow 3.2 or later, where a DAG can be partitioned, but ${problem}. Remove it, or trigger a partitioned DAG on Airflow 3.2 or later.`
    )
  }
}

/** Checks the DAG, then creates the run, or in a dry run looks up whether it would be created. */
async function createOrCheck(run: TriggerRun): Promise<TriggerReport> {
  const { config, api, dagRunId, date, retryDeps, signal } = run
  const attempt = new RunAttempt(api, config.dagId, dagRunId, date, retryDeps.now)
  return log.group(`Trigger ${config.dagId}`, async () => {
    const refused = await checkDag(attempt, config, { log: log.info, warn: log.warning })
    if (refused) return refused
    if (config.dryRun) {
      log.info(`Dry run: looking up run id ${dagRunId} and logical date ${date.logicalDate}.`)
      return checkWouldCreate(attempt, config, {
        ...retryDeps,
        signal,
        maxAttempts: config.maxAttempts
      })
    }
    log.info(`POST ${api.target} with run id ${dagRunId}`)
    return createRun({ ...config, note: noteInPost(run) }, attempt, { ...retryDeps, signal })
  })
}

/**
 * The creation's outputs and diagnosis; fails the step when no run was created (saying so
 * once when a cancel cut it short). Whether the run exists.
 */
async function settleCreation(run: TriggerRun, report: TriggerReport): Promise<boolean> {
  setOutput(OUTPUT.logicalDate, run.date.logicalDate)
  await explainBlock(report.verdict, run.config.baseUrl, run.signal)
  setDiagnosisOutputs(report.verdict)
  if (report.futureWarning) log.warning(report.futureWarning, 'Logical date in the future')
  if (report.outcome !== 'failed') return true
  const by = cancelledBy(run.signal)
  if (by) {
    run.cancelNote = `The step was cancelled while the run was being created. ${report.message}`
    log.fail(cancelledLine(by, run.cancelNote), 'Cancelled')
  } else {
    failAnsweredBy(report.message, report.verdict, 'Run not created', airflowProfile.name)
  }
  return false
}

/** A created run: said, linked when the UI is known, and given out in the outputs. */
function announceRun(run: TriggerRun, report: TriggerReport): void {
  const { config, dagRunId, ui } = run
  log.info(report.message)
  run.runUrl = ui && runPageUrl(ui, config.dagId, dagRunId)
  log.info(
    run.runUrl
      ? `Run page: ${run.runUrl}`
      : 'No link to the run: give "ui-url" (the Airflow UI) for one.'
  )
  setOutput(OUTPUT.dagRunId, dagRunId)
  if (run.runUrl) setOutput(OUTPUT.dagRunUrl, run.runUrl)
  if (report.state) setOutput(OUTPUT.dagRunState, report.state)
}

/** wait: follows the run to its end, or the wait's, and tells how it ended. */
async function waitForRun(run: TriggerRun): Promise<void> {
  const { config, dagRunId, signal } = run
  const options = {
    dagId: config.dagId,
    dagRunId,
    logicalDate: run.date.logicalDate,
    waitTimeoutMs: config.waitTimeoutMs,
    pollIntervalMs: config.pollIntervalMs,
    requestTimeoutMs: config.timeoutMs,
    runUrl: run.runUrl
  }
  const watched = await log.group(`Wait for ${dagRunId}`, () =>
    watchRun(run.api, options, {
      ...run.retryDeps,
      monotonicMs: () => performance.now(),
      warn: log.warning,
      signal
    })
  )
  run.watched = watched
  if (watched.wait?.state) setOutput(OUTPUT.dagRunState, watched.wait.state)
  // An answer that stopped the wait is the deciding one now.
  const end = watched.wait?.end
  if (end?.kind === 'stopped' && end.verdict) {
    await explainBlock(end.verdict, config.baseUrl, signal)
    setDiagnosisOutputs(end.verdict)
  }
  if (watched.wait?.end.kind !== 'cancelled') {
    announceWatch(watched, { ...options, ui: run.ui, runUrl: run.runUrl })
  }
}

/** Whatever happened: the connection closed, a changed address said, and the summary written. */
async function endTrigger(run: TriggerRun): Promise<void> {
  const { api, report } = run
  api.close()
  const moved = noteAddressChange(api.peers())
  if (!report) return
  await writeSummary(
    renderTriggerSummary({
      dryRun: run.config.dryRun,
      report,
      sha: run.sha,
      watched: run.watched,
      runUrl: run.runUrl,
      ui: run.ui,
      api: api.location,
      cancelNote: run.cancelNote,
      note: run.noteReport,
      ...(moved ? { addressChange: moved } : {})
    })
  )
}
