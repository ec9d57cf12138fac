import { cancelledBy, cancelledLine } from '../../cancel/cancellation.js'
import type { RetryDeps } from '../../http/retry.js'
import { OUTPUT } from '../../inputs/names.js'
import { log } from '../../log/log.js'
import { setOutput } from '../../log/output.js'
import { addSecret } from '../../log/secrets.js'
import { verdictLines } from '../../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../../summary/outputs.js'
import { failAnsweredBy, noteAddressChange } from '../../summary/step-end.js'
import { writeSummary } from '../../summary/write.js'
import type { ResolvedDate } from '../date/commit-date.js'
import { airflowProfile } from '../airflow/remedies.js'
import { loadSigner } from '../mwaa/sign.js'
import { announceWatch } from '../watch/announce-watch.js'
import { formatDuration } from '../../log/duration.js'
import type { Watched } from '../watch/watch-run.js'
import { CallLog } from './calls.js'
import { serverlessClient, type ServerlessClient } from './client.js'
import { clientToken } from './client-token.js'
import { runConsoleUrl } from './console-link.js'
import { checkWouldStart } from './dry-run.js'
import type { ServerlessConfig } from './serverless-config.js'
import { serverlessSettings } from './settings.js'
import { startRun, type StartReport } from './start-run.js'
import { stopWorkflowRun } from './stop-run.js'
import { renderServerlessSummary } from './summary.js'
import { waitForWorkflowRun } from './wait-run.js'

/** What the mode found before the workflow: the commit's date, and how to wait and retry. */
interface ServerlessContext {
  env: NodeJS.ProcessEnv
  sha?: string
  date: ResolvedDate
  retryDeps: RetryDeps
  signal?: AbortSignal
}

/** One workflow run as it goes: what each phase found, which the ending reports. */
interface Session {
  config: ServerlessConfig
  context: ServerlessContext
  client: ServerlessClient
  calls: CallLog
  token: string
  report?: StartReport
  runUrl?: string
  watched?: Watched
  cancelNote?: string
}

/** The credentials masked, the signer loaded, the client made: nothing sent yet. */
async function connect(config: ServerlessConfig, context: ServerlessContext): Promise<Session> {
  const settings = serverlessSettings(config.workflow, context.env)
  const { credentials } = settings
  addSecret(credentials.accessKeyId)
  addSecret(credentials.secretAccessKey)
  if (credentials.sessionToken) addSecret(credentials.sessionToken)
  const { workflow } = config
  // SigV4's signing name of mwaa-serverless 2024-07-26 (aws.auth#sigv4 "airflow-serverless").
  const sign = await loadSigner(workflow.region, credentials, addSecret, 'airflow-serverless')
  const client = serverlessClient({
    settings,
    sign,
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    retry: context.retryDeps,
    signal: context.signal
  })
  const token = clientToken(workflow.arn, context.date.logicalDate, config.runIdPrefix)
  log.info(`MWAA Serverless workflow ${workflow.name} in ${workflow.region}, at ${client.host}.`)
  return { config, context, client, calls: new CallLog(client), token }
}

/** StartWorkflowRun, or in a dry run GetWorkflow. */
function startOrCheck(session: Session): Promise<StartReport> {
  const { config, context, calls, token } = session
  const { workflow } = config
  return log.group(`Start ${workflow.name}`, () => {
    if (config.dryRun) return checkWouldStart(calls, workflow.arn, token)
    log.info(
      `StartWorkflowRun with ClientToken ${token} (from "run-id-prefix" and the logical date: a re-run of this commit gets the same run back).`
    )
    return startRun(
      calls,
      {
        workflowArn: workflow.arn,
        clientToken: token,
        maxAttempts: config.maxAttempts,
        ...(config.conf ? { conf: config.conf } : {})
      },
      { ...context.retryDeps, signal: context.signal }
    )
  })
}

/** The start's outputs; fails the step when no run was started. Whether one was. */
function settleStart(session: Session, report: StartReport): boolean {
  setDiagnosisOutputs(report.verdict)
  if (session.config.dryRun) {
    if (report.outcome === 'failed')
      log.fail(
        `Dry run: ${report.message}\n${verdictLines(report.verdict)}`,
        'Dry run: the run would not be started'
      )
    else log.info(`Dry run: ${report.message} Nothing was started.`)
    return false
  }
  if (report.outcome === 'failed' || !report.runId) {
    const by = cancelledBy(session.context.signal)
    if (by) {
      session.cancelNote = `The step was cancelled while the run was being started. ${report.message}`
      log.fail(cancelledLine(by, session.cancelNote), 'Cancelled')
    } else {
      failAnsweredBy(report.message, report.verdict, 'Run not started', airflowProfile.name)
    }
    return false
  }
  log.info(report.message)
  session.runUrl = runConsoleUrl(session.config.workflow, report.runId)
  if (session.runUrl) log.info(`Run page: ${session.runUrl}`)
  setOutput(OUTPUT.dagRunId, report.runId)
  if (session.runUrl) setOutput(OUTPUT.dagRunUrl, session.runUrl)
  if (report.state) setOutput(OUTPUT.dagRunState, report.state)
  return true
}

/** `wait`: follows the run to its end, or the wait's, and tells how it ended. */
async function waitForRun(session: Session, runId: string): Promise<void> {
  const { config, context, client } = session
  const options = {
    workflowArn: config.workflow.arn,
    runId,
    timeoutMs: config.waitTimeoutMs,
    intervalMs: config.pollIntervalMs,
    requestTimeoutMs: config.timeoutMs
  }
  const watched = await log.group(`Wait for ${runId}`, () =>
    waitForWorkflowRun(client, options, {
      ...context.retryDeps,
      monotonicMs: () => performance.now(),
      warn: log.warning,
      signal: context.signal
    })
  )
  session.watched = watched
  if (watched.wait?.state) setOutput(OUTPUT.dagRunState, watched.wait.state)
  const end = watched.wait?.end
  if (end?.kind === 'stopped' && end.verdict) setDiagnosisOutputs(end.verdict)
  if (end?.kind !== 'cancelled') {
    announceWatch(watched, {
      dagId: config.workflow.name,
      dagRunId: runId,
      logicalDate: context.date.logicalDate,
      waitTimeoutMs: config.waitTimeoutMs,
      pollIntervalMs: config.pollIntervalMs,
      requestTimeoutMs: config.timeoutMs,
      runUrl: session.runUrl
    })
  }
}

/** After a cancel: what it left of the started run, and StopWorkflowRun when asked for. */
async function reportCancel(session: Session, runId: string): Promise<void> {
  const by = cancelledBy(session.context.signal)
  if (!by) return
  const wait = session.watched?.wait
  let note = `Run ${runId} was started; the step was cancelled after it had done its work.`
  if (wait?.end.kind === 'cancelled') {
    const waited = `Stopped waiting for run ${runId} after ${formatDuration(wait.elapsedMs)} (last state: ${wait.state ?? 'unknown'}).`
    note = `${waited} The run goes on in MWAA Serverless ("stop-run-on-cancel" is off).`
    if (session.config.stopRunOnCancel) {
      const stop = await stopWorkflowRun(session.client, {
        workflowArn: session.config.workflow.arn,
        runId
      })
      if (stop.state) setOutput(OUTPUT.dagRunState, stop.state)
      note = `${waited} ${stop.message}`
    }
  }
  session.cancelNote = note
  const page = session.runUrl ? ` Run page: ${session.runUrl}` : ''
  log.fail(`${cancelledLine(by, note)}${page}`, 'Cancelled')
}

/**
 * Trigger mode on Amazon MWAA Serverless: StartWorkflowRun with this commit's ClientToken, the
 * outputs as for Airflow (the RunId as `dag-run-id`), the optional wait, and the summary.
 */
export async function runServerless(
  config: ServerlessConfig,
  context: ServerlessContext
): Promise<void> {
  const session = await connect(config, context)
  try {
    const report = await startOrCheck(session)
    session.report = report
    if (!settleStart(session, report) || !report.runId) return
    if (config.wait) await waitForRun(session, report.runId)
    await reportCancel(session, report.runId)
  } finally {
    session.client.close()
    const moved = noteAddressChange(session.client.peers())
    if (session.report) {
      await writeSummary(
        renderServerlessSummary({
          workflow: config.workflow,
          host: session.client.host,
          clientToken: session.token,
          date: context.date,
          ...(context.sha ? { sha: context.sha } : {}),
          report: session.report,
          dryRun: config.dryRun,
          ...(session.runUrl ? { runUrl: session.runUrl } : {}),
          ...(session.watched ? { watched: session.watched } : {}),
          ...(session.cancelNote ? { cancelNote: session.cancelNote } : {}),
          ...(moved ? { addressChange: moved } : {})
        })
      )
    }
  }
}
