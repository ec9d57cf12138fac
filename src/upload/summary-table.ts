import { agrees, counted } from '../log/words.js'
import { layerName } from '../summary/diagnosis-block.js'
import { escapeHtml, formatBytes, inline, lines, link, table } from '../summary/html.js'
import { countByStatus, type FileOutcome, type FileStatus } from './send/outcome.js'

/** Rows beyond this are counted, not listed: the summary must stay far below GitHub's 1 MiB. */
export const MAX_FILE_ROWS = 500
/** Rows shown before the rest of a long table is folded into `<details>`. */
export const FIRST_ROWS = 10
/** Names shown in a shared row as they are; more than this are folded. */
const NAMES_SHOWN = 3
/** Names listed inside a folded row; the `media` output lists every one. */
const GROUP_NAMES = 20

/**
 * Each status in words (the `media` output keeps its tokens): what refused a blocked file is said
 * once, in the row's remark and its "Answered by".
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

/** Who answered for this file, or why nobody did. */
function answeredBy(file: FileOutcome): string {
  if (file.verdict) return escapeHtml(layerName(file.verdict))
  if (file.status === 'existing') return '— (not sent: already in the library)'
  return file.attempts === 0 ? '— (not sent)' : 'no answer'
}

function statusCell(file: FileOutcome): string {
  // Stored, but not as it should be: no ✅ over it.
  const text =
    file.status === 'uploaded' && file.sizes === 'missing'
      ? '⚠️ uploaded, without its smaller sizes'
      : STATUS_TEXT[file.status]
  return text + (file.httpStatus ? ` (HTTP ${file.httpStatus})` : '')
}

/** How an item is shown in the table: linked, and marked when it is the featured image. */
type ItemCell = (id: number) => string

/** The item, linked to its edit page where the summary may link it. */
function itemLink(id: number, edit: EditLink | undefined): string {
  return edit ? link(edit(id), `#${id}`) : `#${id}`
}

/**
 * What the row says of the file beside its item: why it is not in the library, or, for an item
 * stored although its answer failed or was lost, its sizes unmade or a second copy, the message.
 */
function remark(file: FileOutcome): string {
  if (file.id === undefined) return file.message ? inline(file.message, 300) : ''
  const answered = file.httpStatus !== undefined && file.httpStatus < 300
  const storedDespite = file.status === 'uploaded' && !answered
  return (storedDespite || file.sizes === 'missing' || file.copies) && file.message
    ? inline(file.message, 300)
    : ''
}

function mediaCell(file: FileOutcome, item: ItemCell): string {
  const note = remark(file)
  if (file.id === undefined) return note
  const cell = item(file.id)
  return note ? `${cell}: ${note}` : cell
}

/** Files whose rows say the same thing but for their name, size and item. */
function sameness(file: FileOutcome): string {
  return JSON.stringify([
    file.status,
    file.httpStatus,
    file.attempts,
    remark(file),
    answeredBy(file)
  ])
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

/** A file's name, with its item when it has one (kept on its line): what a folded row lists. */
function nameOf(file: FileOutcome, item: ItemCell): string {
  const name = `<code>${inline(file.file)}</code>`
  return file.id === undefined ? name : `${name}\u00a0${item(file.id)}`
}

/** One row for one file, or for files that say the same thing (their names shown or folded). */
function rowCells(group: FileOutcome[], item: ItemCell): string[] {
  const first = group[0]!
  const size = formatBytes(group.reduce((sum, file) => sum + file.size, 0))
  const rest = [statusCell(first), String(first.attempts)]
  if (group.length === 1) {
    return [
      `<code>${inline(first.file)}</code>`,
      size,
      ...rest,
      mediaCell(first, item),
      answeredBy(first)
    ]
  }
  // A few names stand in the row, each item beside its name in the Media column; more are folded.
  if (group.length <= NAMES_SHOWN) {
    const names = group.map(file => `<code>${inline(file.file)}</code>`).join('<br>')
    const items = group.map(file => (file.id === undefined ? '' : item(file.id)))
    const note = remark(first)
    const media = items.some(Boolean) ? [...items, ...(note ? [note] : [])].join('<br>') : note
    return [names, size, ...rest, media, answeredBy(first)]
  }
  const names = group.slice(0, GROUP_NAMES).map(file => nameOf(file, item))
  const more =
    group.length > GROUP_NAMES
      ? `<br>… and ${group.length - GROUP_NAMES} more: the <code>media</code> output lists every one.`
      : ''
  const files = `<details><summary>${group.length}\u00a0files</summary>${names.join('<br>')}${more}</details>`
  return [files, size, ...rest, remark(first), answeredBy(first)]
}

const HEADER = ['File', 'Size', 'Status', 'Attempts', 'Media', 'Answered by']
const [ATTEMPTS, MEDIA, ANSWERED] = [3, 4, 5]

/**
 * The columns that say the same on every row of several files are left out (Attempts all 1,
 * "origin server" throughout), and said once below the table instead; Media when it is empty.
 */
function dropUniform(cells: string[][], files: number): { keep: boolean[]; said?: string } {
  const same = (column: number) => cells.every(row => row[column] === cells[0]?.[column])
  const keep = HEADER.map(() => true)
  if (cells.every(row => row[MEDIA] === '')) keep[MEDIA] = false
  if (files < 2) return { keep }
  const facts: string[] = []
  if (same(ATTEMPTS)) {
    keep[ATTEMPTS] = false
    const attempts = Number(cells[0]![ATTEMPTS])
    if (attempts > 0) facts.push(attempts === 1 ? 'sent once' : `sent ${attempts} times`)
  }
  if (same(ANSWERED)) {
    keep[ANSWERED] = false
    const who = cells[0]![ANSWERED]!
    if (!who.startsWith('nobody')) facts.push(`answered by the ${who}`)
  }
  return facts.length > 0 ? { keep, said: `Every file was ${facts.join(' and ')}.` } : { keep }
}

/** The files' table: its first rows, the rest folded, and beyond the cap only counted. */
export function renderFiles(files: FileOutcome[], edit?: EditLink, featured?: number): string {
  const rows = groupRows(files)
  const listed = rows.slice(0, MAX_FILE_ROWS)
  const item: ItemCell = id =>
    `${itemLink(id, edit)}${id === featured ? ' (the featured image)' : ''}`
  const cells = listed.map(group => rowCells(group, item))
  const { keep, said } = dropUniform(cells, files.length)
  const columns = (row: string[]) => row.filter((_, column) => keep[column])
  const shown = (part: string[][]) => table(part.map(columns), columns(HEADER))
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
      `<p>… and ${counted(unlisted.length, 'more file')} (${counts.join(', ')}): the <code>media</code> output lists every one.</p>`,
    said && `<p>${said}</p>`
  ])
}

/** `2 files are` / `1 file is`: a count that begins a sentence about the files. */
export function filesAre(count: number): string {
  return `${counted(count, 'file')} ${agrees(count, 'is', 'are')}`
}
