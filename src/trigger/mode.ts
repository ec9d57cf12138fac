import * as core from '@actions/core'
import { setTimeout as sleep } from 'node:timers/promises'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { outputWord } from '../log/inert.js'
import { log } from '../log/log.js'
import { layerName } from '../summary/diagnosis-block.js'
import { writeSummary } from '../summary/write.js'
import { connectAirflow } from './airflow-api.js'
import { resolveLogicalDate } from './commit-date.js'
import { commitDateLookups } from './commit-sources.js'
import { describeSettings, parseTriggerConfig } from './config.js'
import { createRun, type TriggerReport } from './create-run.js'
import { defaultRunId, runIdProblem } from './run-id.js'
import { renderTriggerSummary } from './summary.js'
import { waitForRun, type WaitResult } from './wait.js'

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
  let wait: WaitResult | undefined
  try {
    report = await log.group(`Trigger ${config.dagId}`, () => {
      log.info(`POST ${api.target} with run id ${dagRunId}`)
      return createRun(config, date, dagRunId, { api, ...clock })
    })
    core.setOutput(OUTPUT.logicalDate, date.logicalDate)
    core.setOutput(OUTPUT.diagnosis, report.verdict.layer)
    if (report.verdict.edgeNode)
      core.setOutput(OUTPUT.edgeNode, outputWord(report.verdict.edgeNode))
    if (report.futureWarning) log.warning(report.futureWarning, 'Logical date in the future')
    if (report.outcome === 'failed') {
      log.fail(
        `${report.message}\n${report.verdict.headline}`,
        `Run not created: answered by ${layerName(report.verdict)}`
      )
      return
    }
    log.info(report.message)
    core.setOutput(OUTPUT.dagRunId, dagRunId)
    if (report.state) core.setOutput(OUTPUT.dagRunState, report.state)
    if (config.wait) {
      wait = await log.group(`Wait for ${dagRunId}`, () =>
        waitForRun(
          api,
          dagRunId,
          { timeoutMs: config.waitTimeoutMs, intervalMs: config.pollIntervalMs },
          { sleep: clock.sleep, clock: () => performance.now(), log: clock.log }
        )
      )
      if (wait.state) core.setOutput(OUTPUT.dagRunState, wait.state)
      if (wait.timedOut) {
        log.fail(
          `Run ${dagRunId} did not finish within ${config.waitTimeoutMs / 1000} s (last state: ${wait.state ?? 'unknown'}).`,
          'Wait timed out'
        )
      } else if (wait.state !== 'success') {
        log.fail(`Run ${dagRunId} ended ${wait.state}.`, `Run ${wait.state}`)
      }
    }
  } finally {
    api.close()
    if (report) await writeSummary(renderTriggerSummary({ report, sha, wait }))
  }
}
