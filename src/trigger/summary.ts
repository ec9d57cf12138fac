import { layerName, renderDiagnosis } from '../summary/diagnosis-block.js'
import { escapeHtml, inline, link, lines, prose, table } from '../summary/html.js'
import type { AirflowUi } from './airflow/airflow-ui.js'
import { shortSha } from './date/commit-date.js'
import type { TriggerReport } from './create/report.js'
import { airflowName, type AirflowApiLocation } from './airflow/locate-api.js'
import { endOfLifeNotice } from './airflow/releases.js'
import {
  answerDetails,
  renderTasks,
  runState,
  waitHeading,
  waitLead
} from './watch/wait-summary.js'
import type { Watched } from './watch/watch-run.js'
import type { NoteReport } from './run-note.js'

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

/**
 * The creation's outcome in the table, without a mark: a run created and then failed must not
 * show a ✅ under a ❌ heading.
 */
const OUTCOME_TEXT: Record<TriggerReport['outcome'], string> = {
  created: 'Run created',
  recovered: 'Run created (confirmed by lookup)',
  reused: 'Existing run reused',
  failed: 'Run not created',
  'would-create': 'Run would be created',
  'would-reuse': 'Existing run would be reused',
  'could-not-tell': 'Could not tell'
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
 * The job summary section of one trigger. A failed step leads with what went wrong and what to do
 * (the diagnosis, or the tasks that failed), then the details.
 */
export function renderTriggerSummary(input: TriggerSummaryInput): string {
  const { report, sha, runUrl, watched } = input
  const source =
    report.dateSource.source === 'input'
      ? 'the logical-date input'
      : `${report.dateSource.source}, commit ${sha ? shortSha(sha) : 'unknown'}`
  const rows: string[][] = [
    ['Target', `<code>${inline(report.target)}</code>`],
    ...(input.api
      ? [
          [
            'Airflow',
            `${escapeHtml(airflowName(input.api))}, REST API <code>${inline(input.api.apiPath)}</code> (${inline(input.api.how, 400)})`
          ]
        ]
      : []),
    ['DAG', `<code>${inline(report.dagId)}</code>`],
    ['Run id', `<code>${inline(report.dagRunId)}</code>`],
    ['Logical date', `${escapeHtml(report.logicalDate)} (from ${inline(source)})`],
    ['Outcome', `${OUTCOME_TEXT[report.outcome]}: ${inline(report.message, 400)}`],
    ['Answered by', escapeHtml(layerName(report.verdict))]
  ]
  if (runUrl) rows.push(['Run page', link(runUrl, 'Open the run in Airflow')])
  const { note } = input
  if (note) rows.push(['Note', `${inline(note.text, 1000)} (${inline(note.fate, 400)})`])
  if (report.state || watched) rows.push(['State', runState(report.state, watched)])
  const progress = watched?.wait?.progress
  if (progress) rows.push(['Tasks', `${progress.finished} of ${progress.total} finished`])
  rows.push([
    'Requests',
    report.requests.map(r => `${r.method} → ${inline(r.result)}`).join('<br>')
  ])
  const tasks = watched?.tasks
    ? renderTasks(watched.tasks, input.ui, { dagId: report.dagId, dagRunId: report.dagRunId })
    : undefined
  const endOfLife = input.api && endOfLifeNotice(input.api)
  const first = lead(input, tasks)
  return lines([
    input.dryRun
      ? `<h2>Airflow trigger, dry run: ${report.outcome === 'failed' ? '❌ Run would not be created' : OUTCOME_HEADING[report.outcome]}</h2>`
      : `<h2>Airflow trigger: ${heading(report, watched)}</h2>`,
    input.dryRun &&
      '<p>Dry run: nothing was created. The DAG, the run id and the logical date were looked up; no run was sent.</p>',
    input.cancelNote && `<p>⏹️ <strong>Cancelled:</strong> ${inline(input.cancelNote, 800)}</p>`,
    ...first,
    first.length > 0 && '<h3>Details</h3>',
    table(rows),
    report.futureWarning && `<p>⚠️ ${prose(report.futureWarning)}</p>`,
    input.addressChange && `<p>${inline(input.addressChange, 600)}</p>`,
    endOfLife && `<p>ℹ️ ${prose(endOfLife)}</p>`,
    answerDetails(report.serverAnswer, watched)
  ])
}

/** What a failed step shows first: why, and what to do. Empty when nothing failed. */
function lead(input: TriggerSummaryInput, tasks: string | undefined): (string | undefined)[] {
  const { report, watched, runUrl } = input
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    // An answer that was fine in itself (a dry run's look-up found the id taken) has nothing to
    // diagnose: the reason is the report's own sentence.
    return report.verdict.remedies.length > 0
      ? [renderDiagnosis(report.verdict)]
      : [`<p><strong>${inline(report.message, 600)}</strong></p>`]
  }
  const page = runUrl ? link(runUrl, 'the run page') : 'the run page in Airflow'
  return waitLead(watched, tasks, {
    page,
    answerAt: `Airflow (Required actions, or ${page})`,
    afterFailedTasks:
      'open the log of each failed task below to see why it failed; once fixed, clear the failed tasks in Airflow to run them again.'
  })
}

/** How it ended: the creation, or the run itself once waited for. */
function heading(report: TriggerReport, watched: Watched | undefined): string {
  return waitHeading(watched) ?? OUTCOME_HEADING[report.outcome]
}
