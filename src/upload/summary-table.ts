import { layerName } from '../summary/diagnosis-block.js'
import { escapeHtml, formatBytes, inline, lines, link, table } from '../summary/html.js'
import { countByStatus, type FileOutcome, type FileStatus } from './send/outcome.js'

/** Rows beyond this are counted, not listed: the summary must stay far below GitHub's 1 MiB. */
export const MAX_FILE_ROWS = 500
/** Rows shown before the rest of a long table is folded into `<details>`. */
export const FIRST_ROWS = 10
/** Files that say the same thing share one row from this many on. */
export const MIN_GROUP = 3
/** Names listed inside a shared row; the `media` output lists every one. */
const GROUP_NAMES = 20

/** The `media` output's status words, each with a gloss where the word alone is terse. */
const STATUS_TEXT: Record<FileStatus, string> = {
  uploaded: '✅ uploaded',
  existing: '♻️ existing (already in the library)',
  failed: '❌ failed',
  blocked: '⛔ blocked (refused by the CDN)',
  'not-attempted': '⏭️ not-attempted',
  'would-upload': '📤 would-upload',
  'would-fail': '❌ would-fail'
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

/** Who answered for this file, or why nobody did. */
function answeredBy(file: FileOutcome): string {
  if (file.verdict) return escapeHtml(layerName(file.verdict))
  if (file.status === 'existing') return 'nobody: not sent (already in the library)'
  return file.attempts === 0 ? 'nobody: not sent' : 'nobody: no answer'
}

function statusCell(file: FileOutcome): string {
  return STATUS_TEXT[file.status] + (file.httpStatus ? ` (HTTP ${file.httpStatus})` : '')
}

function mediaCell(file: FileOutcome): string {
  if (file.id === undefined) return file.message ? inline(file.message, 300) : ''
  const id = `#${file.id}`
  const item = file.url ? link(file.url, id) : id
  // An item stored although its answer failed or was lost says so beside its link, and whether
  // its image sizes were completed; so does one that a re-send after a lost answer may have doubled.
  const answered = file.httpStatus !== undefined && file.httpStatus < 300
  const storedDespite = file.status === 'uploaded' && !answered
  return (storedDespite || file.sizes === 'missing' || file.copies) && file.message
    ? `${item}: ${inline(file.message, 300)}`
    : item
}

/** Files whose rows would say the same thing: not in the library, for the same reason. */
function sameness(file: FileOutcome): string | undefined {
  if (succeeded(file) || file.id !== undefined) return undefined
  return JSON.stringify([file.status, file.httpStatus, file.message, answeredBy(file)])
}

/** The table's rows, each one file or several that say the same thing, problems first. */
function groupRows(files: FileOutcome[]): FileOutcome[][] {
  const ranked = files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => RANK[a.file.status] - RANK[b.file.status] || a.index - b.index)
    .map(({ file }) => file)
  const groups = new Map<string, FileOutcome[]>()
  for (const file of ranked) {
    const key = sameness(file)
    if (key === undefined) continue
    const group = groups.get(key)
    if (group) group.push(file)
    else groups.set(key, [file])
  }
  const rows: FileOutcome[][] = []
  for (const file of ranked) {
    const group = groups.get(sameness(file) ?? '')
    if (!group || group.length < MIN_GROUP) rows.push([file])
    else if (group[0] === file) rows.push(group)
  }
  return rows
}

function fileRow(file: FileOutcome): string[] {
  return [
    `<code>${inline(file.file)}</code>`,
    formatBytes(file.size),
    statusCell(file),
    String(file.attempts),
    mediaCell(file),
    answeredBy(file)
  ]
}

/** One row for files that say the same thing; their names are folded inside it. */
function groupRow(group: FileOutcome[]): string[] {
  const first = group[0]!
  const names = group
    .slice(0, GROUP_NAMES)
    .map(file => `<code>${inline(file.file)}</code>`)
    .join('<br>')
  const more =
    group.length > GROUP_NAMES
      ? `<br>… and ${group.length - GROUP_NAMES} more: the <code>media</code> output lists every one.`
      : ''
  const attempts = group.map(file => file.attempts)
  const [least, most] = [Math.min(...attempts), Math.max(...attempts)]
  return [
    `<details><summary>${group.length} files</summary>${names}${more}</details>`,
    formatBytes(group.reduce((sum, file) => sum + file.size, 0)),
    statusCell(first),
    least === most ? String(least) : `${least}–${most}`,
    mediaCell(first),
    answeredBy(first)
  ]
}

const HEADER = ['File', 'Size', 'Status', 'Attempts', 'Media', 'Answered by']

/** The files' table: its first rows, the rest folded, and beyond the cap only counted. */
export function renderFiles(files: FileOutcome[]): string {
  const rows = groupRows(files)
  const listed = rows.slice(0, MAX_FILE_ROWS)
  const cells = listed.map(row => (row.length === 1 ? fileRow(row[0]!) : groupRow(row)))
  const rest = listed.slice(FIRST_ROWS).reduce((sum, row) => sum + row.length, 0)
  const unlisted = rows.slice(MAX_FILE_ROWS).flat()
  const counts = Object.entries(countByStatus(unlisted))
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`)
  return lines([
    table(cells.slice(0, FIRST_ROWS), HEADER),
    cells.length > FIRST_ROWS &&
      `<details><summary>${rest} more file(s)</summary>${table(cells.slice(FIRST_ROWS), HEADER)}</details>`,
    unlisted.length > 0 &&
      `<p>… and ${unlisted.length} more file(s) (${counts.join(', ')}): the <code>media</code> output lists every one.</p>`
  ])
}
