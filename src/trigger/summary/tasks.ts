import { counted } from '../../log/words.js'
import { escapeHtml, inline, link, lines, table } from '../../summary/html.js'
import { formatDuration } from '../../log/duration.js'
import type { TaskInstance, TaskReport } from '../backend/backend.js'
import type { TriggerSummaryInput } from './input.js'
import { neverRan, SHOWN_TASKS, taskName } from '../watch/task-lines.js'

/** Names shown in a shared row as they are; more than this are folded. */
const NAMES_SHOWN = 3
/** Names listed inside a folded row at most. */
const NAMES_FOLDED = 20

/** One row: a task that ran, or every task that never ran in one state. */
interface Row {
  tasks: TaskInstance[]
}

/** Tasks that never ran say the same thing in one state: they share a row, where the first stood. */
function taskRows(tasks: readonly TaskInstance[]): Row[] {
  const shared = new Map<string, TaskInstance[]>()
  const rows: Row[] = []
  for (const task of tasks) {
    if (!neverRan(task)) {
      rows.push({ tasks: [task] })
      continue
    }
    const state = task.state ?? 'no state'
    const group = shared.get(state)
    if (group) {
      group.push(task)
    } else {
      const first = [task]
      shared.set(state, first)
      rows.push({ tasks: first })
    }
  }
  return rows
}

function namesCell(tasks: readonly TaskInstance[]): string {
  const names = tasks.map(task => `<code>${inline(taskName(task))}</code>`)
  if (names.length <= NAMES_SHOWN) return names.join(', ')
  const more = names.length > NAMES_FOLDED ? `<br>… and ${names.length - NAMES_FOLDED} more` : ''
  return `<details><summary>${names.length}\u00a0tasks</summary>${names.slice(0, NAMES_FOLDED).join('<br>')}${more}</details>`
}

function cells({ tasks }: Row): string[] {
  const task = tasks[0]!
  const state = escapeHtml(task.state ?? 'no state')
  if (neverRan(task)) return [namesCell(tasks), `${state} — never ran`, '', '', '']
  return [
    namesCell(tasks),
    state,
    task.tryNumber === undefined ? '' : String(task.tryNumber),
    task.duration === undefined ? '' : escapeHtml(formatDuration(task.duration * 1000)),
    task.logUrl ? link(task.logUrl, 'log') : ''
  ]
}

const HEADER = ['Task', 'State', 'Try', 'Duration', 'Log']

/** The table without the columns that are empty on every row (no log links without a page). */
function withoutEmptyColumns(rows: string[][]): { header: string[]; rows: string[][] } {
  const kept = HEADER.map((_, column) => column < 2 || rows.some(row => row[column] !== ''))
  const keep = (row: string[]) => row.filter((_, column) => kept[column])
  return { header: keep(HEADER), rows: rows.map(keep) }
}

/**
 * The failed and unfinished tasks: one row a task that ran, with its log; the tasks that never ran
 * in one state share a row ("27 tasks | upstream_failed — never ran"). At most SHOWN_TASKS rows;
 * the rest are counted and linked to the run's page, which lists them all.
 */
export function renderTasks(
  report: TaskReport,
  input: Pick<TriggerSummaryInput, 'facts' | 'runUrl'>
): string {
  if (report.kind !== 'listed') {
    return `<p>The run's tasks could not be listed: ${inline(report.why, 400)}</p>`
  }
  if (report.tasks.length === 0)
    return '<p>No task failed, and none was running, queued or retrying.</p>'
  const rows = taskRows(report.tasks).slice(0, SHOWN_TASKS)
  const shown = rows.reduce((sum, row) => sum + row.tasks.length, 0)
  const table_ = withoutEmptyColumns(rows.map(cells))
  const left = report.total - shown
  const { pageIn } = input.facts.words
  // The count itself is the link: it is what the reader wants to open.
  const more = (text: string) => (input.runUrl ? link(input.runUrl, text) : text)
  const where = input.runUrl
    ? `the run in ${escapeHtml(pageIn)}`
    : `the run page in ${escapeHtml(pageIn)}`
  const notShown =
    left > 0
      ? `${more(counted(left, 'more task'))} not shown: ${where} lists all of them.`
      : report.uncounted
        ? `${more('More tasks')} not shown: ${where} lists all of them.`
        : undefined
  return lines([
    '<h3>Tasks that failed or did not finish</h3>',
    table(table_.rows, table_.header),
    notShown && `<p>${notShown}</p>`
  ])
}
