import { layerName, renderDiagnosis } from '../../summary/diagnosis-block.js'
import { escapeHtml, inline, lines, link, table } from '../../summary/html.js'
import { shortSha, type ResolvedDate } from '../date/commit-date.js'
import {
  answerDetails,
  renderTasks,
  runState,
  waitHeading,
  waitLead,
  type RunPlace
} from '../watch/wait-summary.js'
import type { Watched } from '../watch/watch-run.js'
import type { StartReport } from './start-run.js'
import type { Workflow } from './workflow-arn.js'

const OUTCOME_HEADING: Record<StartReport['outcome'], string> = {
  created: '✅ Run started',
  recovered: '✅ Run started (found after an unclear answer)',
  failed: '❌ Run not started',
  'would-start': '✅ Run would be started'
}

const OUTCOME_TEXT: Record<StartReport['outcome'], string> = {
  created: 'Run started',
  recovered: 'Run started (found by ListWorkflowRuns)',
  failed: 'Run not started',
  'would-start': 'Run would be started'
}

interface ServerlessSummaryInput {
  workflow: Workflow
  /** The endpoint's host. */
  host: string
  clientToken: string
  date: ResolvedDate
  sha?: string
  report: StartReport
  dryRun: boolean
  runUrl?: string
  watched?: Watched
  cancelNote?: string
  addressChange?: string
}

function place(runUrl: string | undefined): RunPlace {
  const page = runUrl
    ? link(runUrl, 'the run in the AWS console')
    : 'the run in the AWS console (MWAA, Workflows)'
  return {
    page,
    answerAt: page,
    afterFailedTasks: `open ${page} and the logs of each failed task below (the workflow's CloudWatch log group) to see why it failed. Once fixed, a new run needs another <code>run-id-prefix</code> or another commit: the same commit gets this run back while the service keeps its ClientToken.`
  }
}

function details(input: ServerlessSummaryInput): string {
  const { report, date, sha, runUrl, watched } = input
  const source =
    date.source === 'input'
      ? 'the logical-date input'
      : `${date.source}, commit ${sha ? shortSha(sha) : 'unknown'}`
  const rows: string[][] = [
    ['Workflow', `<code>${inline(input.workflow.arn, 2100)}</code>`],
    ['Endpoint', `<code>${inline(input.host)}</code> (MWAA Serverless API)`],
    ...(report.runId ? [['Run id', `<code>${inline(report.runId)}</code>`]] : []),
    [
      'ClientToken',
      `<code>${inline(input.clientToken)}</code> (from the logical date ${escapeHtml(date.logicalDate)}, ${inline(source)})`
    ],
    ['Outcome', `${OUTCOME_TEXT[report.outcome]}: ${inline(report.message, 400)}`],
    ['Answered by', escapeHtml(layerName(report.verdict))]
  ]
  if (runUrl) rows.push(['Run page', link(runUrl, 'Open the run in the AWS console')])
  if (report.state || watched) rows.push(['State', runState(report.state, watched)])
  rows.push(['Calls', report.calls.map(c => `${c.operation} → ${inline(c.result)}`).join('<br>')])
  return table(rows)
}

/**
 * The job summary section of one MWAA Serverless trigger: a failed step leads with what went
 * wrong and what to do (the diagnosis, or the tasks behind a failed run), then the details.
 */
export function renderServerlessSummary(input: ServerlessSummaryInput): string {
  const { report, watched } = input
  const failed = report.outcome === 'failed'
  const tasks = watched?.tasks
    ? renderTasks(watched.tasks, undefined, {
        dagId: input.workflow.name,
        dagRunId: report.runId ?? ''
      })
    : undefined
  const first = failed
    ? [
        report.verdict.remedies.length > 0
          ? renderDiagnosis(report.verdict)
          : `<p><strong>${inline(report.message, 600)}</strong></p>`
      ]
    : waitLead(watched, tasks, place(input.runUrl))
  const heading = input.dryRun
    ? `MWAA Serverless trigger, dry run: ${failed ? '❌ Run would not be started' : OUTCOME_HEADING[report.outcome]}`
    : `MWAA Serverless trigger: ${waitHeading(watched) ?? OUTCOME_HEADING[report.outcome]}`
  return lines([
    `<h2>${heading}</h2>`,
    input.dryRun &&
      '<p>Dry run: nothing was started. The workflow was looked up (GetWorkflow); no run was sent.</p>',
    input.cancelNote && `<p>⏹️ <strong>Cancelled:</strong> ${inline(input.cancelNote, 800)}</p>`,
    ...first,
    first.length > 0 && '<h3>Details</h3>',
    details(input),
    input.addressChange && `<p>${inline(input.addressChange, 600)}</p>`,
    answerDetails(report.serverAnswer, watched)
  ])
}
