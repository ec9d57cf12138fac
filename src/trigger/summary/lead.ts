import { withoutFinalStop } from '../../diagnosis/text.js'
import { inline, link } from '../../summary/html.js'
import { formatDuration } from '../../log/duration.js'
import type { TaskReport, TriggerReport } from '../backend/backend.js'
import type { TriggerSummaryInput } from './input.js'
import { countStates } from '../watch/task-lines.js'
import { endedAs } from '../watch/watch-log.js'

// The summary's first line: what happened, in one sentence, and the link to where the user goes
// next (the run, or the DAG when the DAG holds the run back).

const code = (text: string) => `<code>${inline(text)}</code>`

/** `Run <code>r</code> of <code>etl</code>`, or `The run of <code>etl</code>` before it has an id. */
function runOf(report: TriggerReport): string {
  const of = `of ${code(report.dagId)}`
  return report.dagRunId ? `Run ${code(report.dagRunId)} ${of}` : `The run ${of}`
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** `run <code>r</code>`, or `the run`. */
function theRun(report: TriggerReport): string {
  return report.dagRunId ? `run ${code(report.dagRunId)}` : 'the run'
}

/** ` (state queued)`, or nothing when no answer told it. */
function stateOf(state: string | undefined): string {
  return state ? ` (state ${inline(state)})` : ''
}

/** The link to the run that exists, or how to get one; nothing when no run exists. */
function openRun(input: TriggerSummaryInput): string {
  const { words } = input.facts
  if (input.runUrl) return ` — ${link(input.runUrl, `open it in ${words.pageIn}`)}`
  return words.noLink ? ` — ${words.noLink.summary}` : ''
}

/** The link to the DAG's page, where it is unpaused; nothing without a UI. */
function openDag(input: TriggerSummaryInput): string {
  const { dagUrl, words } = input.facts
  return dagUrl ? ` — ${link(dagUrl, `open the ${words.runs} in ${words.pageIn}`)}` : ''
}

/** `Already triggered: run <code>r</code> (state queued)`: this commit's run, found. */
function alreadyTriggered(report: TriggerReport): string {
  return `Already triggered: ${theRun(report)}${stateOf(report.state)}`
}

/** A run created or reused on a paused DAG stays queued: no line of it may read as done. */
export function heldByPause(report: TriggerReport): boolean {
  return (
    report.dagPaused === true &&
    (report.outcome === 'created' ||
      report.outcome === 'recovered' ||
      report.outcome === 'reused' ||
      report.outcome === 'would-create')
  )
}

function dryRunLine(input: TriggerSummaryInput): string {
  const { report } = input
  switch (report.outcome) {
    case 'would-create':
      return heldByPause(report)
        ? `${capitalized(theRun(report))} would be created but it would wait: DAG ${code(report.dagId)} is paused${openDag(input)}.`
        : `${runOf(report)} would be ${input.facts.words.made}.`
    case 'would-reuse':
      return `${alreadyTriggered(report)}; the real run would reuse it${openRun(input)}.`
    default:
      return report.existing
        ? `${alreadyTriggered(report)}; the real run would fail${openRun(input)}.`
        : inline(report.message, 600)
  }
}

/** A message's first sentence: up to the first full stop that ends a word before a space. */
function firstSentence(message: string): string {
  const end = /[a-z)"'\]]\.\s/.exec(message)
  return end ? message.slice(0, end.index + 2) : message
}

/** The creation, when nothing was waited for. */
function createdLine(input: TriggerSummaryInput): string {
  const { report } = input
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    if (report.existing) return `${alreadyTriggered(report)}${openRun(input)}.`
    // The diagnosis right below says what to do: the first line keeps to what happened.
    return inline(
      report.verdict.remedies.length > 0 ? firstSentence(report.message) : report.message,
      600
    )
  }
  if (report.outcome === 'reused') {
    const paused = heldByPause(report)
      ? `, but it will wait: DAG ${code(report.dagId)} is paused${openDag(input)}`
      : openRun(input)
    return `${alreadyTriggered(report)}, reused${paused}.`
  }
  if (heldByPause(report)) {
    return `${capitalized(theRun(report))} was created but it will wait: DAG ${code(report.dagId)} is paused${openDag(input)}.`
  }
  const how = report.outcome === 'recovered' ? ', as a look-up confirmed' : ''
  return `${runOf(report)} was ${input.facts.words.made}${stateOf(report.state)}${how}${openRun(input)}.`
}

/** `: 1 task failed, 2 tasks upstream_failed`, when the tasks were listed. */
function failedCount(tasks: TaskReport | undefined): string {
  if (tasks?.kind !== 'listed' || tasks.tasks.length === 0) return ''
  return `: ${inline(countStates(tasks.tasks), 600)}`
}

/** The first line of the summary: one sentence, and its link. */
export function firstLine(input: TriggerSummaryInput): string {
  const { report, watched } = input
  if (input.dryRun) return dryRunLine(input)
  if (watched?.notBefore) {
    return `${runOf(report)} was ${input.facts.words.made} but starts after the wait would end${openRun(input)}.`
  }
  const wait = watched?.wait
  if (!wait) return createdLine(input)
  // A reused run ran from an earlier trigger: the sentence about its end says so.
  const run = `${runOf(report)}${report.outcome === 'reused' ? ', triggered before and reused,' : ''}`
  const open = openRun(input)
  const waited = formatDuration(wait.elapsedMs)
  switch (wait.end.kind) {
    case 'finished': {
      const took =
        wait.runDurationMs === undefined
          ? `after ${waited} of waiting`
          : `${wait.state === 'success' ? 'in' : 'after'} ${formatDuration(wait.runDurationMs)}`
      return `${run} ${inline(endedAs(wait.state))} ${took}${failedCount(watched.tasks)}${open}.`
    }
    case 'timed-out':
      return `${run} was still ${inline(wait.state ?? 'not started')} when the wait ended after ${waited}${open}.`
    case 'stopped':
      return `Stopped waiting for ${theRun(report)} of ${code(report.dagId)} after ${waited}: ${inline(withoutFinalStop(wait.end.why), 600)}${open}.`
    case 'cancelled':
      return `${run} was ${inline(wait.state ?? 'not started')} when the step was cancelled${open}.`
  }
}
