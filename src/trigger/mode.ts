import * as core from '@actions/core'
import { setTimeout as sleep } from 'node:timers/promises'
import { OUTPUT, type InputReader } from '../inputs/names.js'
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
  core.debug(`Resolved settings: ${describeSettings(config)}`)
  const sha = env.GITHUB_SHA
  const date = await core.group('Logical date', async () => {
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
    core.info(`Logical date ${resolved.logicalDate}, the ${resolved.description}.`)
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
    log: message => core.info(message)
  })
  const clock = {
    sleep: (ms: number) => sleep(ms),
    now: () => new Date(),
    random: Math.random,
    log: (message: string) => core.info(message)
  }
  let report: TriggerReport | undefined
  let wait: WaitResult | undefined
  try {
    report = await core.group(`Trigger ${config.dagId}`, () => {
      core.info(`POST ${api.target} with run id ${dagRunId}`)
      return createRun(config, date, dagRunId, { api, ...clock })
    })
    core.setOutput(OUTPUT.logicalDate, date.logicalDate)
    core.setOutput(OUTPUT.diagnosis, report.verdict.layer)
    if (report.verdict.edgeNode) core.setOutput(OUTPUT.edgeNode, report.verdict.edgeNode)
    if (report.futureWarning) core.warning(report.futureWarning)
    if (report.outcome === 'failed') {
      core.setFailed(`${report.message}\n${report.verdict.headline}`)
      return
    }
    core.info(report.message)
    core.setOutput(OUTPUT.dagRunId, dagRunId)
    if (report.state) core.setOutput(OUTPUT.dagRunState, report.state)
    if (config.wait) {
      wait = await core.group(`Wait for ${dagRunId}`, () =>
        waitForRun(
          api,
          dagRunId,
          { timeoutMs: config.waitTimeoutMs, intervalMs: config.pollIntervalMs },
          { sleep: clock.sleep, clock: () => performance.now(), log: clock.log }
        )
      )
      if (wait.state) core.setOutput(OUTPUT.dagRunState, wait.state)
      if (wait.timedOut) {
        core.setFailed(
          `Run ${dagRunId} did not finish within ${config.waitTimeoutMs / 1000} s (last state: ${wait.state ?? 'unknown'}).`
        )
      } else if (wait.state !== 'success') {
        core.setFailed(`Run ${dagRunId} ended ${wait.state}.`)
      }
    }
  } finally {
    api.close()
    if (report) await writeSummary(renderTriggerSummary({ report, sha, wait }))
  }
}
