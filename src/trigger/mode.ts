import * as core from '@actions/core'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Verdict } from '../diagnosis/index.js'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { outputWord } from '../log/inert.js'
import { log } from '../log/log.js'
import { layerName, verdictLines } from '../summary/diagnosis-block.js'
import { writeSummary } from '../summary/write.js'
import { connectAirflow } from './airflow-api.js'
import { runPageUrl } from './airflow-ui.js'
import { announceWatch } from './announce-watch.js'
import { resolveLogicalDate } from './commit-date.js'
import { commitDateLookups } from './commit-sources.js'
import { describeSettings, parseTriggerConfig } from './config.js'
import { createRun, type TriggerReport } from './create-run.js'
import { defaultRunId, runIdProblem } from './run-id.js'
import { renderTriggerSummary } from './summary.js'
import { watchRun, type Watched } from './watch-run.js'

/** Trigger mode end to end: inputs, date, run id, creation, optional wait, outputs and summary. */
export async function runTriggerMode(read: InputReader, env: NodeJS.ProcessEnv): Promise<void> {
  const config = parseTriggerConfig(read)
  log.debug(`Resolved settings: ${describeSettings(config)}`)
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
        apiUrl: env.GITHUB_API_URL
      })
    )
    log.info(`Logical date ${resolved.logicalDate}, the ${resolved.description}.`)
    return resolved
  })
  const dagRunId = config.dagRunId ?? defaultRunId(config.runIdPrefix, date.logicalDate)
  const problem = runIdProblem(dagRunId)
  if (problem)
    throw new Error(
      `The run id ${JSON.stringify(dagRunId)} is not acceptable: expected ${problem}.`
    )

  const api = await connectAirflow(config, {
    mask: secret => core.setSecret(secret),
    log: log.info
  })
  const clock = {
    sleep: (ms: number) => sleep(ms),
    now: () => new Date(),
    random: Math.random,
    log: log.info
  }
  let report: TriggerReport | undefined
  let watched: Watched | undefined
  let runUrl: string | undefined
  const ui = { base: config.uiBase, version: api.location.version }
  try {
    report = await log.group(`Trigger ${config.dagId}`, () => {
      log.info(`POST ${api.target} with run id ${dagRunId}`)
      return createRun(config, date, dagRunId, { api, ...clock })
    })
    core.setOutput(OUTPUT.logicalDate, date.logicalDate)
    setDiagnosisOutputs(report.verdict)
    if (report.futureWarning) log.warning(report.futureWarning, 'Logical date in the future')
    if (report.outcome === 'failed') {
      log.fail(
        `${report.message}\n${verdictLines(report.verdict)}`,
        `Run not created: answered by ${layerName(report.verdict)}`
      )
      return
    }
    log.info(report.message)
    runUrl = runPageUrl(ui, config.dagId, dagRunId)
    log.info(`Run page: ${runUrl}`)
    core.setOutput(OUTPUT.dagRunId, dagRunId)
    core.setOutput(OUTPUT.dagRunUrl, runUrl)
    if (report.state) core.setOutput(OUTPUT.dagRunState, report.state)
    if (config.wait) {
      const options = {
        dagId: config.dagId,
        dagRunId,
        logicalDate: date.logicalDate,
        waitTimeoutMs: config.waitTimeoutMs,
        pollIntervalMs: config.pollIntervalMs
      }
      watched = await log.group(`Wait for ${dagRunId}`, () =>
        watchRun(api, options, {
          ...clock,
          clock: () => performance.now(),
          warn: log.warning
        })
      )
      if (watched.wait?.state) core.setOutput(OUTPUT.dagRunState, watched.wait.state)
      // An answer that stopped the wait is the deciding one now.
      const end = watched.wait?.end
      if (end?.kind === 'stopped' && end.verdict) setDiagnosisOutputs(end.verdict)
      announceWatch(watched, { ...options, ui: ui, runUrl })
    }
  } finally {
    api.close()
    if (report)
      await writeSummary(
        renderTriggerSummary({ report, sha, watched, runUrl, ui, api: api.location })
      )
  }
}

function setDiagnosisOutputs(verdict: Verdict): void {
  core.setOutput(OUTPUT.diagnosis, verdict.layer)
  if (verdict.edgeNode) core.setOutput(OUTPUT.edgeNode, outputWord(verdict.edgeNode))
}
