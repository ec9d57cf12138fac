import { cancelledBy, cancelledLine, pause, throwIfCancelled } from '../cancel/cancellation.js'
import { addDnsEvidence, addressChange, type Verdict } from '../diagnosis/index.js'
import { lookUpRecords } from '../http/dns-records.js'
import type { RetryDeps } from '../http/retry.js'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { addSecret } from '../log/secrets.js'
import { layerName, verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { writeSummary } from '../summary/write.js'
import { connectAirflow, directConfig, type AirflowApi } from './airflow/airflow-api.js'
import { runPageUrl } from './airflow/airflow-ui.js'
import { announceWatch } from './watch/announce-watch.js'
import { resolveLogicalDate } from './date/commit-date.js'
import { commitDateLookups } from './date/commit-sources.js'
import { describeSettings, parseTriggerConfig } from './config.js'
import { idleInputs, idleInputsWarning } from './idle-inputs.js'
import { createRun } from './create/create-run.js'
import { checkWouldCreate } from './create/dry-run.js'
import { checkDag } from './create/dag-check.js'
import { RunAttempt, type TriggerReport } from './create/report.js'
import { defaultRunId, runIdProblem } from './create/run-id.js'
import { connectMwaa } from './mwaa/connect-mwaa.js'
import { compactRunId } from './mwaa/run-id.js'
import { formatDuration } from './watch/elapsed.js'
import { stopRun } from './watch/stop-run.js'
import { renderTriggerSummary } from './summary.js'
import { watchRun, type Watched } from './watch/watch-run.js'

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
  const date = await log.group('Logical date', async () => {
    const resolved = await resolveLogicalDate(
      config.logicalDate,
      sha,
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
  })
  const { auth } = config
  // Through MWAA every path counts against 64 characters: the default run id is shorter there.
  const dagRunId =
    config.dagRunId ??
    (auth.kind === 'aws' ? compactRunId : defaultRunId)(config.runIdPrefix, date.logicalDate)
  const problem = runIdProblem(dagRunId)
  if (problem)
    throw new Error(
      `The run id ${JSON.stringify(dagRunId)} is not acceptable: expected ${problem}.`
    )

  throwIfCancelled(signal)
  const retryDeps: RetryDeps = {
    sleep: ms => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info
  }
  const io = { mask: addSecret, log: log.info }
  const api =
    auth.kind === 'aws'
      ? await connectMwaa(
          { ...config, auth },
          env,
          { dagId: config.dagId, dagRunId, logicalDate: date.logicalDate },
          { ...io, retry: retryDeps },
          signal
        )
      : await connectAirflow(directConfig(config, auth), io, signal)
  let report: TriggerReport | undefined
  let watched: Watched | undefined
  let runUrl: string | undefined
  const ui = config.uiBase && { base: config.uiBase, version: api.location.version }
  let cancelNote: string | undefined
  try {
    throwIfCancelled(signal)
    const attempt = new RunAttempt(api, config.dagId, dagRunId, date, retryDeps.now)
    report = await log.group(`Trigger ${config.dagId}`, async () => {
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
      return createRun(config, attempt, { ...retryDeps, signal })
    })
    if (config.dryRun) return reportDryRun(report)
    setOutput(OUTPUT.logicalDate, date.logicalDate)
    await explainBlock(report.verdict, config.baseUrl, signal)
    setDiagnosisOutputs(report.verdict)
    if (report.futureWarning) log.warning(report.futureWarning, 'Logical date in the future')
    const by = cancelledBy(signal)
    if (report.outcome === 'failed' && by) {
      cancelNote = `The step was cancelled while the run was being created. ${report.message}`
      log.fail(cancelledLine(by, cancelNote), 'Cancelled')
      return
    }
    if (report.outcome === 'failed') {
      log.fail(
        `${report.message}\n${verdictLines(report.verdict)}`,
        `Run not created: answered by ${layerName(report.verdict)}`
      )
      return
    }
    log.info(report.message)
    runUrl = ui && runPageUrl(ui, config.dagId, dagRunId)
    log.info(
      runUrl ? `Run page: ${runUrl}` : 'No link to the run: give "ui-url" (the Airflow UI) for one.'
    )
    setOutput(OUTPUT.dagRunId, dagRunId)
    if (runUrl) setOutput(OUTPUT.dagRunUrl, runUrl)
    if (report.state) setOutput(OUTPUT.dagRunState, report.state)
    if (config.wait) {
      const options = {
        dagId: config.dagId,
        dagRunId,
        logicalDate: date.logicalDate,
        waitTimeoutMs: config.waitTimeoutMs,
        pollIntervalMs: config.pollIntervalMs,
        requestTimeoutMs: config.timeoutMs
      }
      watched = await log.group(`Wait for ${dagRunId}`, () =>
        watchRun(api, options, {
          ...retryDeps,
          monotonicMs: () => performance.now(),
          warn: log.warning,
          signal
        })
      )
      if (watched.wait?.state) setOutput(OUTPUT.dagRunState, watched.wait.state)
      // An answer that stopped the wait is the deciding one now.
      const end = watched.wait?.end
      if (end?.kind === 'stopped' && end.verdict) {
        await explainBlock(end.verdict, config.baseUrl, signal)
        setDiagnosisOutputs(end.verdict)
      }
      if (watched.wait?.end.kind !== 'cancelled') announceWatch(watched, { ...options, ui, runUrl })
    }
    const cancelledBySignal = cancelledBy(signal)
    if (cancelledBySignal) {
      const after = await afterCancel(watched, dagRunId, config.stopRunOnCancel ? api : undefined)
      cancelNote = after.note
      if (after.stopped) setOutput(OUTPUT.dagRunState, 'failed')
      const page = runUrl ? ` Run page: ${runUrl}` : ''
      log.fail(`${cancelledLine(cancelledBySignal, cancelNote)}${page}`, 'Cancelled')
    }
  } finally {
    api.close()
    const moved = addressChange(api.peers())
    if (moved) log.info(moved)
    if (report)
      await writeSummary(
        renderTriggerSummary({
          dryRun: config.dryRun,
          report,
          sha,
          watched,
          runUrl,
          ui,
          api: api.location,
          cancelNote,
          ...(moved ? { addressChange: moved } : {})
        })
      )
  }
}

/** A dry run's end: the step fails where the real run would, and no run id is given out. */
function reportDryRun(report: TriggerReport): void {
  setOutput(OUTPUT.logicalDate, report.logicalDate)
  setDiagnosisOutputs(report.verdict)
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    log.fail(
      `Dry run: ${report.message}${report.verdict.remedies.length > 0 ? `\n${verdictLines(report.verdict)}` : ''}`,
      report.outcome === 'failed'
        ? 'Dry run: the run would not be created'
        : 'Dry run: could not tell whether the run would be created'
    )
  } else {
    log.info(`Dry run: ${report.message} Nothing was created.`)
  }
}

/** A CDN's block lifts for this runner only once DNS leads past it: say when that can be. */
async function explainBlock(
  verdict: Verdict,
  baseUrl: URL | undefined,
  signal: AbortSignal | undefined
): Promise<void> {
  if (verdict.blocked && baseUrl) {
    addDnsEvidence(verdict, await lookUpRecords(baseUrl.hostname, signal))
  }
}

/**
 * What the cancel left of a created run, one or two sentences; with `api` (stop-run-on-cancel), a
 * run still waited for is marked failed first, and whether that worked is said.
 */
async function afterCancel(
  watched: Watched | undefined,
  dagRunId: string,
  api: AirflowApi | undefined
): Promise<{ note: string; stopped: boolean }> {
  const wait = watched?.wait
  if (wait?.end.kind !== 'cancelled') {
    const note = `Run ${dagRunId} was created; the step was cancelled after it had done its work.`
    return { note, stopped: false }
  }
  const waited = `Stopped waiting for run ${dagRunId} after ${formatDuration(wait.elapsedMs)} (last state: ${wait.state ?? 'unknown'}).`
  if (!api) {
    const note = `${waited} The run goes on in Airflow ("stop-run-on-cancel" is off).`
    return { note, stopped: false }
  }
  const { stopped, message } = await stopRun(api, dagRunId)
  return { note: `${waited} ${message}`, stopped }
}
