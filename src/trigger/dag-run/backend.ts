import { InputError } from '../../inputs/input-error.js'
import { INPUT } from '../../inputs/names.js'
import { log } from '../../log/log.js'
import { addSecret } from '../../log/secrets.js'
import { connectAirflow, type AirflowApi } from '../airflow/airflow-api.js'
import { TERMINAL_STATES } from '../airflow/airflow-answers.js'
import { runPageUrl } from '../airflow/airflow-ui.js'
import { endOfLifeNotice, partitionKeyProblem } from '../airflow/releases.js'
import type { BackendContext, TriggerBackend } from '../backend/backend.js'
import type { DagRunConfig } from '../config/config.js'
import { createRun } from '../create/create-run.js'
import { checkDag } from '../create/dag-check.js'
import { checkWouldCreate } from '../create/dry-run.js'
import { githubRunOf, noteText } from '../create/note-text.js'
import { RunAttempt } from '../create/report.js'
import { defaultRunId, runIdProblem } from '../config/run-id.js'
import { connectMwaa } from '../mwaa/connect-mwaa.js'
import { compactRunId } from '../mwaa/run-id.js'
import { dagRunFacts } from './facts.js'
import { noteInPost, settleNote, tellDryRunNote, type NoteReport } from './run-note.js'
import { stopRun } from './stop-run.js'
import { dagRunWatcher } from './watcher.js'

/** dag-run-id, or one made from the date; refused before any request when Airflow would. */
function runIdFor(config: DagRunConfig, logicalDate: string): string {
  // Through MWAA every path counts against 64 characters: the default run id is shorter there.
  const dagRunId =
    config.dagRunId ??
    (config.via === 'mwaa' ? compactRunId : defaultRunId)(config.runIdPrefix, logicalDate)
  const problem = runIdProblem(dagRunId)
  if (problem)
    throw new Error(
      `The run id ${JSON.stringify(dagRunId)} is not acceptable: expected ${problem}.`
    )
  return dagRunId
}

/**
 * What the server's release means before anything is sent: Airflow 2's end of life, said once and
 * quietly; a partition key it cannot take, refused.
 */
function checkRelease(config: DagRunConfig, api: AirflowApi): void {
  const notice = endOfLifeNotice(api.location)
  if (notice) log.info(notice)
  const problem = config.partitionKey === undefined ? undefined : partitionKeyProblem(api.location)
  if (problem) {
    throw new InputError(
      `Input "${INPUT.partitionKey}" needs Airflow 3.2 or later, where a DAG can be partitioned, but ${problem}. Remove it, or trigger a partitioned DAG on Airflow 3.2 or later.`
    )
  }
}

/**
 * A DAG run through Airflow's REST API, reached directly at base-url or through Amazon MWAA's
 * InvokeRestApi: the run id made or checked, the API found, nothing sent yet.
 */
export async function dagRunBackend(
  config: DagRunConfig,
  context: BackendContext
): Promise<TriggerBackend> {
  const { date, retryDeps, signal } = context
  const { dagId } = config
  const dagRunId = runIdFor(config, date.logicalDate)
  const io = { mask: addSecret, log: log.info }
  const api =
    config.via === 'airflow'
      ? await connectAirflow(config, io, signal)
      : await connectMwaa(
          config,
          context.env,
          { dagId, dagRunId, logicalDate: date.logicalDate },
          { ...io, retry: retryDeps },
          signal
        )
  const ui = config.uiBase && { base: config.uiBase, version: api.location.version }
  const note = config.note ? noteText(config.note, githubRunOf(context.env)) : ''
  const attempt = new RunAttempt(api, dagId, dagRunId, date, retryDeps.now)
  let noteReport: NoteReport | undefined

  const create = () => {
    checkRelease(config, api)
    return log.group(`Trigger ${dagId}`, async () => {
      const refused = await checkDag(attempt, config, { log: log.info, warn: log.warning })
      if (refused) return refused
      if (config.dryRun) {
        log.info(`Dry run: looking up run id ${dagRunId} and logical date ${date.logicalDate}.`)
        const report = await checkWouldCreate(attempt, config, {
          ...retryDeps,
          signal,
          maxAttempts: config.maxAttempts
        })
        noteReport = tellDryRunNote({ api, note, dagRunId }, report)
        return report
      }
      log.info(`POST ${api.target} with run id ${dagRunId}`)
      return createRun({ ...config, note: noteInPost(api, note) }, attempt, {
        ...retryDeps,
        signal
      })
    })
  }

  return {
    words: dagRunFacts({ dagId, target: api.target, location: api.location, ...(ui ? { ui } : {}) })
      .words,
    finalStates: TERMINAL_STATES,
    runHasLogicalDate: true,
    create,
    afterCreate: async report => {
      noteReport = await settleNote({ api, note, dagRunId, signal }, report)
    },
    runUrl: id => ui && runPageUrl(ui, dagId, id),
    watcher: (id, leftMs) =>
      dagRunWatcher(api.within(leftMs), { dagId, dagRunId: id, ...(ui ? { ui } : {}) }),
    stop: id => stopRun(api, id),
    facts: () =>
      dagRunFacts({
        dagId,
        target: api.target,
        location: api.location,
        ...(ui ? { ui } : {}),
        ...(noteReport ? { note: noteReport } : {})
      }),
    peers: () => api.peers(),
    close: () => api.close()
  }
}
