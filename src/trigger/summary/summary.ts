import { renderDiagnosis } from '../../summary/diagnosis-block.js'
import { escapeHtml, inline, lines, link, prose, whatToDo } from '../../summary/html.js'
import { formatDuration } from '../../log/duration.js'
import type { ServiceWords, TriggerReport } from '../backend/backend.js'
import { awaitingInput, waitHeading } from './wait.js'
import type { TriggerSummaryInput } from './input.js'
import { firstLine, heldByPause } from './lead.js'
import { renderDetails } from './details.js'
import { renderTasks } from './tasks.js'

/** The creation's outcome as a heading says it, when nothing was waited for. */
function outcomeHeading(outcome: TriggerReport['outcome'], words: ServiceWords): string {
  const { made } = words
  switch (outcome) {
    case 'created':
      return `✅ Run ${made}`
    case 'recovered':
      return `✅ Run ${made} (confirmed by lookup)`
    case 'reused':
      return '♻️ Existing run reused'
    case 'failed':
      return `❌ Run not ${made}`
    case 'would-create':
      return `✅ Run would be ${made}`
    case 'would-reuse':
      return '♻️ Existing run would be reused'
    case 'could-not-tell':
      return `❔ Could not tell whether the run would be ${made}`
  }
}

/**
 * The job summary section of one trigger. It opens with one sentence that says what happened and
 * links where the user goes next (the run, or the DAG that holds it back); a failed step then
 * leads with what went wrong and what to do. Where the request went and the server's answer are
 * folded into Details.
 */
export function renderTriggerSummary(input: TriggerSummaryInput): string {
  const { report, facts } = input
  return lines([
    `<h2>${title(input)}</h2>`,
    `<p>${firstLine(input)}</p>`,
    input.dryRun && `<p>${inline(facts.words.dryRun, 400)}</p>`,
    input.cancelNote && `<p>⏹️ <strong>Cancelled:</strong> ${inline(input.cancelNote, 800)}</p>`,
    ...lead(input),
    report.futureWarning && `<p>⚠️ ${prose(report.futureWarning)}</p>`,
    input.addressChange && `<p>${inline(input.addressChange, 600)}</p>`,
    ...facts.notices.map(notice => `<p>ℹ️ ${prose(notice)}</p>`),
    renderDetails(input)
  ])
}

/** The heading: the action, and how it ended in a word or two with its mark. */
function title(input: TriggerSummaryInput): string {
  const { report } = input
  const { words } = input.facts
  if (input.dryRun) {
    const outcome =
      report.outcome === 'failed'
        ? `❌ Run would not be ${words.made}`
        : heldByPause(report)
          ? `⚠️ Run would be ${words.made}, but it would wait`
          : outcomeHeading(report.outcome, words)
    return `${words.title}, dry run: ${outcome}`
  }
  return `${words.title}: ${heading(input)}`
}

/** How it ended: the creation, or the run itself once waited for. */
function heading(input: TriggerSummaryInput): string {
  const { report } = input
  const { words } = input.facts
  const waited = waitHeading(input.watched)
  if (waited) return waited
  if (heldByPause(report)) {
    return report.outcome === 'reused'
      ? '⚠️ Existing run reused, but it will wait'
      : `⚠️ Run ${words.made}, but it will wait`
  }
  return outcomeHeading(report.outcome, words)
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
  const { words } = input.facts
  const tasks = watched.tasks && renderTasks(watched.tasks, input)
  const page = input.runUrl
    ? link(input.runUrl, 'the run page')
    : `the run page in ${escapeHtml(words.pageIn)}`
  switch (wait.end.kind) {
    case 'stopped':
      return [wait.end.verdict && renderDiagnosis(wait.end.verdict), tasks]
    case 'timed-out': {
      const awaiting = awaitingInput(watched.tasks)
      const actions = awaiting
        ? [
            `Answer in ${escapeHtml(words.service)} (Required actions, or ${page}): ${awaiting} waiting for input, and the run goes on then.`,
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
        ? words.afterFailedTasks
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
    `Set <code>on-duplicate: reuse</code> to have ${real} accept run <code>${inline(input.report.dagRunId ?? '')}</code>.`,
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
