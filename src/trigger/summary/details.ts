import { counted } from '../../log/words.js'
import { layerName } from '../../summary/diagnosis-block.js'
import { answerBlock, escapeHtml, inline, table } from '../../summary/html.js'
import type { TriggerReport } from '../backend/backend.js'
import { shortSha } from '../date/commit-date.js'
import type { TriggerSummaryInput } from './input.js'
import { neverRan } from '../watch/task-lines.js'
import { runState } from './wait.js'
import type { Watched } from '../watch/watch-run.js'

/** The raw answer is cut to this many characters, once laid out. */
const ANSWER_CHARS = 2000

/**
 * The Details fold: where the request went, which Airflow answered and how that was found, the
 * requests, and the server's deciding answer laid out; what a user checks, not what they read first.
 */
export function renderDetails(input: TriggerSummaryInput): string {
  const { report, sha, watched, facts } = input
  const source =
    report.dateSource.source === 'input'
      ? 'the logical-date input'
      : `${report.dateSource.source}, commit ${sha ? shortSha(sha) : 'unknown'}`
  const rows: string[][] = [
    ...facts.where,
    ...(report.dagRunId ? [['Run id', `<code>${inline(report.dagRunId)}</code>`]] : []),
    ['Logical date', `${escapeHtml(report.logicalDate)} (from ${inline(source)})`],
    ['Outcome', inline(report.message, 600)],
    ['Answered by', escapeHtml(layerName(report.verdict))],
    ...facts.more
  ]
  if (report.state || watched) rows.push(['State', runState(report.state, watched)])
  const tasks = taskProgress(watched)
  if (tasks) rows.push(['Tasks', tasks])
  rows.push([
    'Requests',
    report.requests.map(r => `${inline(r.request)} → ${inline(r.result)}`).join('<br>')
  ])
  return `<details><summary>Details</summary>${table(rows)}${answer(report, watched)}</details>`
}

/**
 * How far the run's tasks got. Airflow counts a task that never ran (upstream_failed) among the
 * finished: beside such tasks the count says "in all" and how many never ran, never "4 of 4
 * finished".
 */
function taskProgress(watched: Watched | undefined): string | undefined {
  const progress = watched?.wait?.progress
  if (!progress) return undefined
  const listed = watched.tasks?.kind === 'listed' ? watched.tasks.tasks : []
  const never = listed.filter(neverRan).length
  if (never === 0) return `${progress.finished} of ${progress.total} finished`
  return `${counted(progress.total, 'task')} in all; ${never} of them never ran`
}

/**
 * The server's words from the answer that decided: after a wait the last poll's, not the
 * creation's, whose state (`queued`) the wait has since overtaken.
 */
function answer(report: TriggerReport, watched: Watched | undefined): string {
  const polled = watched?.wait?.answer
  const [title, text] =
    polled !== undefined
      ? ["The server's last answer about the run", polled]
      : ["The server's answer", report.serverAnswer]
  if (!text) return ''
  return `<p>${title}:</p>${answerBlock(text, ANSWER_CHARS)}`
}
