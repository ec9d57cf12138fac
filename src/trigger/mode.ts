import { cancelledBy, cancelledLine, pause, throwIfCancelled } from '../cancel/cancellation.js'
import type { RetryDeps } from '../http/retry.js'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { formatDuration } from '../log/duration.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { explainBlock, failAnsweredBy, noteAddressChange } from '../summary/step-end.js'
import { writeSummary } from '../summary/write.js'
import { airflowProfile } from './airflow/remedies.js'
import type { BackendContext, TriggerBackend, TriggerReport } from './backend/backend.js'
import { describeSettings, parseTriggerConfig, type TriggerConfig } from './config/config.js'
import { dagRunBackend } from './dag-run/backend.js'
import { resolveLogicalDate, type ResolvedDate } from './date/commit-date.js'
import { commitDateLookups } from './date/commit-sources.js'
import { idleInputs, idleInputsWarning } from './config/idle-inputs.js'
import { serverlessBackend } from './serverless/backend.js'
import { renderTriggerSummary } from './summary/summary.js'
import { announceWatch } from './watch/announce-watch.js'
import { watchRun, type Watched } from './watch/watch-run.js'

/** One trigger as it goes: the service, and what each phase found, which the end reports. */
interface TriggerRun {
  config: TriggerConfig
  backend: TriggerBackend
  date: ResolvedDate
  retryDeps: RetryDeps
  sha?: string
  signal?: AbortSignal
  report?: TriggerReport
  runUrl?: string
  watched?: Watched
  cancelNote?: string
}

/**
 * Trigger mode end to end, on whichever service runs the workflow: inputs, date, creation,
 * optional wait, outputs and summary. After `signal` (the step's cancellation) nothing new starts,
 * and what was done is reported.
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
  const date = await log.group('Logical date', () => findLogicalDate(config, env, signal))
  const retryDeps: RetryDeps = {
    sleep: ms => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info
  }
  throwIfCancelled(signal)
  const context: BackendContext = { env, date, retryDeps, ...(signal ? { signal } : {}) }
  const backend =
    config.via === 'serverless'
      ? await serverlessBackend(config, context)
      : await dagRunBackend(config, context)
  const run: TriggerRun = { config, backend, date, retryDeps }
  if (env.GITHUB_SHA) run.sha = env.GITHUB_SHA
  if (signal) run.signal = signal
  try {
    throwIfCancelled(signal)
    const report = await backend.create()
    run.report = report
    if (config.dryRun) return reportDryRun(run, report)
    const dagRunId = await settleCreation(run, report)
    if (dagRunId) announceRun(run, report, dagRunId)
    await backend.afterCreate?.(report)
    if (!dagRunId) return
    if (config.wait) await waitForRun(run, dagRunId)
    await reportCancel(run, dagRunId)
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

/** The base URL whose DNS tells when a CDN's block may lift; none on MWAA Serverless. */
function baseUrlOf(config: TriggerConfig): URL | undefined {
  return config.via === 'serverless' ? undefined : config.baseUrl
}

/**
 * The creation's outputs and diagnosis; fails the step when no run was created (saying so once
 * when a cancel cut it short). The run's id, when it exists.
 */
async function settleCreation(run: TriggerRun, report: TriggerReport): Promise<string | undefined> {
  const { made } = run.backend.words
  if (run.backend.runHasLogicalDate) setOutput(OUTPUT.logicalDate, run.date.logicalDate)
  await explainBlock(report.verdict, baseUrlOf(run.config), run.signal)
  setDiagnosisOutputs(report.verdict)
  if (report.futureWarning) log.warning(report.futureWarning, 'Logical date in the future')
  if (report.outcome !== 'failed' && report.dagRunId) return report.dagRunId
  const by = cancelledBy(run.signal)
  if (by) {
    run.cancelNote = `The step was cancelled while the run was being ${made}. ${report.message}`
    log.fail(cancelledLine(by, run.cancelNote), 'Cancelled')
  } else {
    failAnsweredBy(report.message, report.verdict, `Run not ${made}`, airflowProfile.name)
  }
  return undefined
}

/** A run that exists: said, linked when its page is known, and given out in the outputs. */
function announceRun(run: TriggerRun, report: TriggerReport, dagRunId: string): void {
  const { backend } = run
  log.info(report.message)
  run.runUrl = backend.runUrl(dagRunId)
  const { noLink } = backend.words
  if (run.runUrl) log.info(`Run page: ${run.runUrl}`)
  else if (noLink) log.info(`No link to the run: ${noLink.log}.`)
  setOutput(OUTPUT.dagRunId, dagRunId)
  if (run.runUrl) setOutput(OUTPUT.dagRunUrl, run.runUrl)
  if (report.state) setOutput(OUTPUT.dagRunState, report.state)
}

/** A dry run's end: the step fails where the real run would, and no run id is given out. */
function reportDryRun(run: TriggerRun, report: TriggerReport): void {
  const { made } = run.backend.words
  if (run.backend.runHasLogicalDate) setOutput(OUTPUT.logicalDate, report.logicalDate)
  setDiagnosisOutputs(report.verdict)
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    const remedies = report.verdict.remedies.length > 0 ? `\n${verdictLines(report.verdict)}` : ''
    log.fail(
      `Dry run: ${report.message}${remedies}`,
      report.outcome === 'failed'
        ? `Dry run: the run would not be ${made}`
        : `Dry run: could not tell whether the run would be ${made}`
    )
  } else {
    log.info(`Dry run: ${report.message} Nothing was ${made}.`)
  }
}

/** wait: follows the run to its end, or the wait's, and tells how it ended. */
async function waitForRun(run: TriggerRun, dagRunId: string): Promise<void> {
  const { config, backend, signal } = run
  const options = {
    dagRunId,
    logicalDate: run.date.logicalDate,
    waitTimeoutMs: config.waitTimeoutMs,
    pollIntervalMs: config.pollIntervalMs,
    requestTimeoutMs: config.timeoutMs,
    ...(run.runUrl ? { runUrl: run.runUrl } : {})
  }
  const watched = await log.group(`Wait for ${dagRunId}`, () =>
    watchRun(backend, options, {
      ...run.retryDeps,
      monotonicMs: () => performance.now(),
      warn: log.warning,
      ...(signal ? { signal } : {})
    })
  )
  run.watched = watched
  if (watched.wait?.state) setOutput(OUTPUT.dagRunState, watched.wait.state)
  // An answer that stopped the wait is the deciding one now.
  const end = watched.wait?.end
  if (end?.kind === 'stopped' && end.verdict) {
    await explainBlock(end.verdict, baseUrlOf(config), signal)
    setDiagnosisOutputs(end.verdict)
  }
  if (end?.kind !== 'cancelled') announceWatch(watched, options, airflowProfile.name)
}

/** After a cancel: what it left of the run, as the step's failure; stopped when asked to. */
async function reportCancel(run: TriggerRun, dagRunId: string): Promise<void> {
  const by = cancelledBy(run.signal)
  if (!by) return
  const { words } = run.backend
  const wait = run.watched?.wait
  let note = `Run ${dagRunId} was ${words.made}; the step was cancelled after it had done its work.`
  if (wait?.end.kind === 'cancelled') {
    const waited = `Stopped waiting for run ${dagRunId} after ${formatDuration(wait.elapsedMs)} (last state: ${wait.state ?? 'unknown'}).`
    note = `${waited} The run goes on in ${words.service} ("stop-run-on-cancel" is off).`
    if (run.config.stopRunOnCancel) {
      const stop = await run.backend.stop(dagRunId)
      if (stop.state) setOutput(OUTPUT.dagRunState, stop.state)
      note = `${waited} ${stop.message}`
    }
  }
  run.cancelNote = note
  const page = run.runUrl ? ` Run page: ${run.runUrl}` : ''
  log.fail(`${cancelledLine(by, note)}${page}`, 'Cancelled')
}

/** Whatever happened: the connection closed, a changed address said, and the summary written. */
async function endTrigger(run: TriggerRun): Promise<void> {
  const { backend, report } = run
  backend.close()
  const moved = noteAddressChange(backend.peers())
  if (!report) return
  // A run this commit triggered before: the look-up found it, so it is linked as any run.
  const existing = report.existing && report.dagRunId && backend.runUrl(report.dagRunId)
  const runUrl = run.runUrl ?? (existing || undefined)
  await writeSummary(
    renderTriggerSummary({
      report,
      facts: backend.facts(),
      dryRun: run.config.dryRun,
      ...(run.sha ? { sha: run.sha } : {}),
      ...(run.watched ? { watched: run.watched } : {}),
      ...(runUrl ? { runUrl } : {}),
      ...(run.cancelNote ? { cancelNote: run.cancelNote } : {}),
      ...(moved ? { addressChange: moved } : {})
    })
  )
}
