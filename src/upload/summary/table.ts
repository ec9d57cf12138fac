import { agrees, counted } from '../../log/words.js'
import { escapeHtml, formatBytes, inline, lines, link, table } from '../../summary/html.js'
import { countByStatus, type FileOutcome, type FileStatus } from '../send/outcome.js'
import { refusalMessage } from '../wordpress/media-api.js'
import { whoAnswered } from '../wordpress/refusals.js'

/** Rows beyond this are counted, not listed: the summary must stay far below GitHub's 1 MiB. */
export const MAX_FILE_ROWS = 500
/** Rows shown before the rest of a long table is folded into `<details>`. */
export const FIRST_ROWS = 10
/** Names shown in a shared row as they are; more than this are folded. */
const NAMES_SHOWN = 10
/** Names listed inside a row's fold; the `media` output lists every one. */
const GROUP_NAMES = 20

/**
 * Each status in words (the `media` output keeps its tokens): what refused a blocked file is said
 * once, in its "Answered by".
 */
const STATUS_TEXT: Record<FileStatus, string> = {
  uploaded: '✅ uploaded',
  existing: '♻️ already in the library',
  failed: '❌ failed',
  blocked: '⛔ blocked',
  'not-attempted': '⏭️ not sent',
  'would-upload': '📤 would be uploaded',
  'would-fail': '❌ would fail'
}

/** Problems first, so that a long table's first rows are the ones to read. */
const RANK: Record<FileStatus, number> = {
  failed: 0,
  blocked: 1,
  'not-attempted': 2,
  'would-fail': 0,
  'would-upload': 3,
  uploaded: 3,
  existing: 3
}

/** In the library, or would be in a real run: a file that is no problem to show. */
export const succeeded = (file: FileOutcome) =>
  file.status === 'uploaded' || file.status === 'existing' || file.status === 'would-upload'

/** Where a media item's edit page is, when the summary may link it. */
export type EditLink = (id: number) => string

/** Who answered for this file in the lead's words (`answerer`), or that nobody did. */
function answeredBy(file: FileOutcome): string {
  const { verdict } = file
  // A file not sent has no answer of its own, though it carries the refusal that stopped it.
  if (file.attempts > 0 && verdict?.status !== undefined) {
    const who = whoAnswered(verdict)
    return escapeHtml(who.charAt(0).toUpperCase() + who.slice(1))
  }
  return file.attempts === 0 ? '—' : 'no answer'
}

/**
 * Why a file is not in the library, as its message says it, without what the Answered by cell
 * says: a CDN's block is `refused by the CDN …` in the log, and said once here.
 */
function withoutWho(file: FileOutcome): string | undefined {
  const { message, verdict, httpStatus } = file
  // Its size is in the row, and who refused it and the status in their own cells.
  if (file.refusal === 'too-large' && file.attempts > 0) return 'too large'
  if (!message || !verdict?.blocked || httpStatus === undefined) return message
  const who = refusalMessage(httpStatus, verdict)
  // Only who refused is dropped: WordPress's own words, where it sent some, stay.
  if (!who.startsWith('refused by') || !message.startsWith(who)) return message
  return message.slice(who.length).replace(/^;\s*/, '') || undefined
}

/**
 * What the row says of the file beside its status: why it is not in the library, or, for an item
 * stored although its answer failed or was lost, its sizes unmade or a second copy, the message.
 */
function remark(file: FileOutcome): string {
  if (file.id === undefined) {
    const why = withoutWho(file)
    return why ? inline(why, 300) : ''
  }
  const answered = file.httpStatus !== undefined && file.httpStatus < 300
  const storedDespite = file.status === 'uploaded' && !answered
  // Sizes WordPress made although the runner was to make them: the message says why.
  const fellBack = file.sizesBy !== undefined && file.sizesBy !== 'runner'
  return (storedDespite || file.sizes === 'missing' || file.copies || fellBack) && file.message
    ? inline(file.message, 300)
    : ''
}

/** How many POSTs it took, where that is news: more than one. */
function attemptsText(file: FileOutcome): string {
  if (file.attempts < 2) return ''
  return file.status === 'uploaded'
    ? ` on attempt ${file.attempts}`
    : ` after ${file.attempts} attempts`
}

/** The status in words, its HTTP status and attempts, and the remark: each said once. */
function statusCell(file: FileOutcome): string {
  // Stored, but not as it should be: no ✅ over it.
  const text =
    file.status === 'uploaded' && file.sizes === 'missing'
      ? '⚠️ uploaded, without its smaller sizes'
      : STATUS_TEXT[file.status]
  // "not sent: the step was cancelled" after "⏭️ not sent" would say it twice.
  const note =
    file.status === 'not-attempted' ? remark(file).replace(/^not sent: /, '') : remark(file)
  // A file not sent carries the status of the answer that kept it back: not its own. A remark
  // that quotes the status ("although WordPress answered HTTP 500") says it already.
  const own = file.httpStatus && file.attempts > 0 && !note.includes(`HTTP ${file.httpStatus}`)
  const http = own ? ` (HTTP ${file.httpStatus})` : ''
  return `${text}${http}${attemptsText(file)}${note ? `: ${note}` : ''}`
}

/** How an item is shown in the table: linked, and marked when it is the featured image. */
type ItemCell = (id: number) => string

/** The item, linked to its edit page where the summary may link it. */
function itemLink(id: number, edit: EditLink | undefined): string {
  return edit ? link(edit(id), `#${id}`) : `#${id}`
}

/** Files whose rows say the same thing but for their name, size and item. */
function sameness(file: FileOutcome): string {
  return JSON.stringify([statusCell(file), answeredBy(file)])
}

/** The table's rows, each one file or several that say the same thing, problems first. */
function groupRows(files: FileOutcome[]): FileOutcome[][] {
  const ranked = files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => RANK[a.file.status] - RANK[b.file.status] || a.index - b.index)
    .map(({ file }) => file)
  const groups = new Map<string, FileOutcome[]>()
  const rows: FileOutcome[][] = []
  for (const file of ranked) {
    const key = sameness(file)
    const group = groups.get(key)
    if (group) {
      group.push(file)
    } else {
      const first = [file]
      groups.set(key, first)
      rows.push(first)
    }
  }
  return rows
}

/** A file's name, with its item beside it when it has one (kept on its line). */
function nameOf(file: FileOutcome, item: ItemCell): string {
  const name = `<code>${inline(file.file)}</code>`
  return file.id === undefined ? name : `${name}\u00a0${item(file.id)}`
}

/**
 * The File cell of a row: its names, each with its item, one a line; past the first few the rest
 * are folded, and past a longer list only counted.
 */
function namesCell(group: FileOutcome[], item: ItemCell): string {
  const names = group.map(file => nameOf(file, item))
  if (names.length <= NAMES_SHOWN) return names.join('<br>')
  const folded = names.slice(NAMES_SHOWN, NAMES_SHOWN + GROUP_NAMES)
  const left = names.length - NAMES_SHOWN - folded.length
  const more =
    left > 0 ? `<br>… and ${left} more: the <code>media</code> output lists every one.` : ''
  const rest = names.length - NAMES_SHOWN
  return `${names.slice(0, NAMES_SHOWN).join('<br>')}<details><summary>${counted(rest, 'more file')}</summary>${folded.join('<br>')}${more}</details>`
}

/** One row for one file, or for files that say the same thing. */
function rowCells(group: FileOutcome[], item: ItemCell): string[] {
  const first = group[0]!
  const size = formatBytes(group.reduce((sum, file) => sum + file.size, 0))
  return [namesCell(group, item), size, statusCell(first), answeredBy(first)]
}

/** The same columns for one file and for thousands, for a run and a dry run. */
// The last header kept on one line: a narrow column would break it.
const HEADER = ['File', 'Size', 'Status', 'Answered\u00a0by']

/** The files' table: its first rows, the rest folded, and beyond the cap only counted. */
export function renderFiles(files: FileOutcome[], edit?: EditLink, featured?: number): string {
  const rows = groupRows(files)
  const listed = rows.slice(0, MAX_FILE_ROWS)
  const item: ItemCell = id =>
    `${itemLink(id, edit)}${id === featured ? ' (the featured image)' : ''}`
  const cells = listed.map(group => rowCells(group, item))
  const shown = (part: string[][]) => table(part, HEADER)
  const rest = listed.slice(FIRST_ROWS).reduce((sum, row) => sum + row.length, 0)
  const unlisted = rows.slice(MAX_FILE_ROWS).flat()
  const counts = Object.entries(countByStatus(unlisted))
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`)
  return lines([
    shown(cells.slice(0, FIRST_ROWS)),
    cells.length > FIRST_ROWS &&
      `<details><summary>${counted(rest, 'more file')}</summary>${shown(cells.slice(FIRST_ROWS))}</details>`,
    unlisted.length > 0 &&
      `<p>… and ${counted(unlisted.length, 'more file')} (${counts.join(', ')}): the <code>media</code> output lists every one.</p>`
  ])
}

/** `2 files are` / `1 file is`: a count that begins a sentence about the files. */
export function filesAre(count: number): string {
  return `${counted(count, 'file')} ${agrees(count, 'is', 'are')}`
}
