import * as core from '@actions/core'
import { setTimeout as sleep } from 'node:timers/promises'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { outputWord } from '../log/inert.js'
import { log } from '../log/log.js'
import { layerName } from '../summary/diagnosis-block.js'
import { writeSummary } from '../summary/write.js'
import { connectAirflow } from './airflow-api.js'
import { runPageUrl, type AirflowUi } from './airflow-ui.js'
import { resolveLogicalDate } from './commit-date.js'
import { commitDateLookups } from './commit-sources.js'
import { describeSettings, parseTriggerConfig } from './config.js'
import { formatDuration } from './elapsed.js'
import type { TaskReport } from './tasks.js'
import { createRun, type TriggerReport } from './create-run.js'
import { defaultRunId, runIdProblem } from './run-id.js'
import { renderTriggerSummary } from './summary.js'
import {
  countStates,
  describeTask,
  shownTasks,
  TASK_ANNOTATIONS,
  taskName,
  watchRun,
  type Watched,
  type WatchOptions
} from './watch-run.js'

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
    runUrl = runPageUrl(config.ui, config.dagId, dagRunId)
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
      announce(watched, { ...options, ui: config.ui, runUrl })
    }
  } finally {
    api.close()
    if (report)
      await writeSummary(renderTriggerSummary({ report, sha, watched, runUrl, ui: config.ui }))
  }
}

/** The end of a wait in the log, with one error annotation per failed task. */
function announce(
  watched: Watched,
  options: WatchOptions & { ui: AirflowUi; runUrl: string }
): void {
  const { dagRunId, runUrl } = options
  if (watched.notBefore) {
    log.fail(`${watched.notBefore}\nRun page: ${runUrl}`, 'Run starts after the wait would end')
    return
  }
  const wait = watched.wait!
  const after = formatDuration(wait.elapsedMs)
  const took =
    wait.runDurationMs === undefined
      ? ''
      : ` (the run itself took ${formatDuration(wait.runDurationMs)})`
  if (wait.failedPolls > 0)
    log.info(`${wait.failedPolls} poll(s) failed on the way and were tried again.`)
  const tasks = watched.tasks
  if (tasks?.kind === 'listed') {
    const { lines, leftOut } = shownTasks(tasks, options.ui, options)
    if (lines.length > 0) log.info('Tasks that failed or did not finish:')
    for (const { task, logUrl } of lines) log.info(`  ${describeTask(task)}. Log: ${logUrl}`)
    if (leftOut > 0) log.info(`  … and ${leftOut} more (listed in the run page).`)
    const failed = lines.filter(line => line.task.state === 'failed')
    for (const { task, logUrl } of failed.slice(0, TASK_ANNOTATIONS)) {
      log.fail(`${describeTask(task)}.\nLog: ${logUrl}`, taskName(task))
    }
  } else if (tasks) {
    log.info(`The run's tasks could not be listed (${tasks.why}).`)
  }
  const counted = tasks?.kind === 'listed' ? countedTasks(tasks) : ''
  switch (wait.end.kind) {
    case 'finished':
      if (wait.state === 'success') {
        log.info(`Run ${dagRunId} ended success after ${after}${took}.`)
      } else {
        log.fail(
          `Run ${dagRunId} ended ${wait.state} after ${after}${took}${counted}.\nRun page: ${runUrl}`,
          `Run ${wait.state}`
        )
      }
      return
    case 'timed-out':
      log.fail(
        `Run ${dagRunId} did not finish within ${options.waitTimeoutMs / 1000} s (last state: ${wait.state ?? 'unknown'})${counted}.\nRun page: ${runUrl}`,
        'Wait timed out'
      )
      return
    case 'stopped': {
      const { verdict } = wait.end
      log.fail(
        `Stopped waiting for run ${dagRunId} after ${after}: ${wait.end.why}.${verdict ? `\n${verdict.headline}` : ''}\nRun page: ${runUrl}`,
        verdict ? `Wait stopped: answered by ${layerName(verdict)}` : 'Wait stopped'
      )
    }
  }
}

/** ": 1 failed, 2 upstream_failed task(s)", saying when only the first page was counted. */
function countedTasks(report: Extract<TaskReport, { kind: 'listed' }>): string {
  if (report.tasks.length === 0) return ''
  const page =
    report.total > report.tasks.length
      ? ` in the first ${report.tasks.length} of ${report.total} listed`
      : ''
  return `: ${countStates(report.tasks)} task(s)${page}`
}
