import { renderDiagnosis } from '../summary/diagnosis-block.js'
import { inline, lines, link, prose, whatToDo } from '../summary/html.js'
import { runPageUrl, type AirflowUi } from './airflow/airflow-ui.js'
import type { TriggerReport } from './create/report.js'
import type { AirflowApiLocation } from './airflow/locate-api.js'
import { endOfLifeNotice } from './airflow/releases.js'
import { formatDuration } from '../log/duration.js'
import type { Watched } from './watch/watch-run.js'
import { awaitingInput, waitHeading } from './watch/wait-summary.js'
import type { NoteReport } from './run-note.js'
import { firstLine, heldByPause } from './summary-lead.js'
import { renderDetails } from './summary-details.js'
import { renderTasks } from './summary-tasks.js'

/** The creation's outcome as a heading says it, when nothing was waited for. */
const OUTCOME_HEADING: Record<TriggerReport['outcome'], string> = {
  created: '✅ Run created',
  recovered: '✅ Run created (confirmed by lookup)',
  reused: '♻️ Existing run reused',
  failed: '❌ Run not created',
  'would-create': '✅ Run would be created',
  'would-reuse': '♻️ Existing run would be reused',
  'could-not-tell': '❔ Could not tell whether the run would be created'
}

export interface TriggerSummaryInput {
  report: TriggerReport
  sha?: string
  /** The run's page in the Airflow UI, once the run exists. */
  runUrl?: string
  /** Absent when no UI address is known (MWAA without ui-url): no links then. */
  ui?: AirflowUi
  /** Where the REST API was found, and which Airflow serves it. */
  api?: AirflowApiLocation
  watched?: Watched
  /** Said when more than one address answered during the step. */
  addressChange?: string
  /** What the step's cancellation left and did, one or two sentences. */
  cancelNote?: string
  /** A dry run: everything up to the POST, and no run created. */
  dryRun?: boolean
  /** The run's note and what became of it; absent when there was none to send. */
  note?: NoteReport
}

/**
 * The job summary section of one trigger. It opens with one sentence that says what happened and
 * links where the user goes next (the run, or the DAG that holds it back); a failed step then
 * leads with what went wrong and what to do. Where the request went and the server's answer are
 * folded into Details.
 */
export function renderTriggerSummary(given: TriggerSummaryInput): string {
  const { report } = given
  // A run this commit triggered before: the look-up found it, so it is linked as any run.
  const existing =
    report.existing && given.ui && runPageUrl(given.ui, report.dagId, report.dagRunId)
  const input = existing && !given.runUrl ? { ...given, runUrl: existing } : given
  const endOfLife = input.api && endOfLifeNotice(input.api)
  return lines([
    `<h2>${title(input)}</h2>`,
    `<p>${firstLine(input)}</p>`,
    input.dryRun &&
      '<p>Dry run: nothing was created. The DAG, the run id and the logical date were looked up; no run was sent.</p>',
    input.cancelNote && `<p>⏹️ <strong>Cancelled:</strong> ${inline(input.cancelNote, 800)}</p>`,
    ...lead(input),
    report.futureWarning && `<p>⚠️ ${prose(report.futureWarning)}</p>`,
    input.addressChange && `<p>${inline(input.addressChange, 600)}</p>`,
    endOfLife && `<p>ℹ️ ${prose(endOfLife)}</p>`,
    renderDetails(input)
  ])
}

/** The heading: the action, and how it ended in a word or two with its mark. */
function title(input: TriggerSummaryInput): string {
  const { report } = input
  if (input.dryRun) {
    const outcome =
      report.outcome === 'failed'
        ? '❌ Run would not be created'
        : heldByPause(report)
          ? '⚠️ Run would be created, but it would wait'
          : OUTCOME_HEADING[report.outcome]
    return `Airflow trigger, dry run: ${outcome}`
  }
  return `Airflow trigger: ${heading(report, input.watched)}`
}

/** How it ended: the creation, or the run itself once waited for. */
function heading(report: TriggerReport, watched: Watched | undefined): string {
  const waited = waitHeading(watched)
  if (waited) return waited
  if (heldByPause(report)) {
    return report.outcome === 'reused'
      ? '⚠️ Existing run reused, but it will wait'
      : '⚠️ Run created, but it will wait'
  }
  return OUTCOME_HEADING[report.outcome]
}

/** What comes right after the first line: what to do, the diagnosis, the tasks. */
function lead(input: TriggerSummaryInput): (string | undefined)[] {
  const { report, watched } = input
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    if (report.existing) return [duplicateActions(input)]
    // An answer that was fine in itself (a dry run's look-up found the id taken) has nothing to
    // diagnose: the first line already says why.
    return report.verdict.remedies.length > 0 ? [renderDiagnosis(report.verdict)] : []
  }
  if (heldByPause(report)) return [pausedActions(input)]
  if (watched?.notBefore) return [`<p>${prose(watched.notBefore)}</p>`]
  const wait = watched?.wait
  if (!wait) return []
  const tasks =
    watched.tasks && renderTasks(watched.tasks, { ...report, ui: input.ui, runUrl: input.runUrl })
  const page = input.runUrl ? link(input.runUrl, 'the run page') : 'the run page in Airflow'
  switch (wait.end.kind) {
    case 'stopped':
      return [wait.end.verdict && renderDiagnosis(wait.end.verdict), tasks]
    case 'timed-out': {
      const awaiting = awaitingInput(watched.tasks)
      const actions = awaiting
        ? [
            `Answer in Airflow (Required actions, or ${page}): ${awaiting} waiting for input, and the run goes on then.`,
            `Raise <code>wait-timeout-seconds</code> to wait for the answer.`
          ]
        : [
            `See on ${page} what holds the run up: tasks still queued point at a busy pool or a stopped scheduler.`,
            `Or raise <code>wait-timeout-seconds</code> (it was ${formatDuration(wait.elapsedMs)}).`
          ]
      return [whatToDo(actions), tasks]
    }
    case 'finished': {
      if (wait.state === 'success') return []
      const listed = watched.tasks?.kind === 'listed' && watched.tasks.tasks.length > 0
      const actions = listed
        ? [
            'Open the log of each failed task below to see why it failed.',
            'Once it is fixed, clear the failed tasks in Airflow to run them again.'
          ]
        : [`Open ${page} to see which task failed and why.`]
      return [whatToDo(actions), tasks]
    }
    case 'cancelled':
      return []
  }
}

/** This commit's run exists, and on-duplicate said to fail: accept it, or trigger another. */
function duplicateActions(input: TriggerSummaryInput): string {
  const real = input.dryRun ? 'the real run' : 'the action'
  return whatToDo([
    `Set <code>on-duplicate: reuse</code> to have ${real} accept run <code>${inline(input.report.dagRunId)}</code>.`,
    'Or give another <code>logical-date</code> (or <code>dag-run-id</code>) to trigger a new run.'
  ])
}

/** A paused DAG holds the run: unpause it, or have the action do it next time. */
function pausedActions(input: TriggerSummaryInput): string {
  const dag = `<code>${inline(input.report.dagId)}</code>`
  if (input.dryRun) {
    return whatToDo([
      `Set <code>unpause: true</code> to have the real run unpause DAG ${dag} first, or unpause it in Airflow.`
    ])
  }
  return whatToDo([
    `Unpause DAG ${dag} in Airflow: the run starts then.`,
    `Or set <code>unpause: true</code> to have the action unpause the DAG before it triggers.`
  ])
}
