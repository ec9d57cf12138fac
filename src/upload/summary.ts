import { layerName, renderDiagnosis } from '../summary/diagnosis-block.js'
import { escapeHtml, formatBytes, inline, lines, link, prose, table } from '../summary/html.js'
import type { ExistingLookup } from './existing.js'
import type { RestApiLocation } from './locate-rest-api.js'
import type { PreflightResult } from './preflight.js'
import { countByStatus, type FileOutcome, type UploadReport } from './upload.js'

/** Rows beyond this are counted, not listed: the summary must stay far below GitHub's 1 MiB. */
export const MAX_FILE_ROWS = 500

const STATUS_TEXT: Record<FileOutcome['status'], string> = {
  uploaded: '✅ uploaded',
  existing: '♻️ already there',
  failed: '❌ failed',
  blocked: '⛔ blocked',
  'not-attempted': '⏭️ not attempted'
}

export interface UploadSummaryInput {
  /** Host and path of the media endpoint. */
  target: string
  /** Where the REST API was found, and how. */
  api?: Pick<RestApiLocation, 'apiPath' | 'how' | 'note'>
  preflight?: PreflightResult
  /** The look-up of files already in the library; absent with skip-existing: false. */
  lookup?: ExistingLookup
  /** Absent when the run stopped before any upload (a failed preflight). */
  report?: UploadReport
  /** Every matched file, so a run stopped early still accounts for each one. */
  files: FileOutcome[]
}

function headline(files: FileOutcome[]): string {
  const counts = countByStatus(files)
  const all = files.length
  if (counts.uploaded === all) return `✅ ${all} of ${all} file(s) uploaded`
  if (counts.uploaded + counts.existing === all) {
    return `✅ ${all} of ${all} file(s) in the library: ${counts.uploaded} uploaded, ${counts.existing} already there`
  }
  const parts = [`${counts.uploaded} of ${all} uploaded`]
  if (counts.existing) parts.push(`${counts.existing} already there`)
  if (counts.blocked) parts.push(`${counts.blocked} blocked`)
  if (counts.failed) parts.push(`${counts.failed} failed`)
  if (counts['not-attempted']) parts.push(`${counts['not-attempted']} not attempted`)
  return `❌ ${parts.join(', ')}`
}

function mediaCell(file: FileOutcome): string {
  if (file.id === undefined) return file.message ? inline(file.message, 300) : ''
  const id = `#${file.id}`
  return file.url ? link(file.url, id) : id
}

function row(file: FileOutcome): string[] {
  return [
    `<code>${inline(file.file)}</code>`,
    formatBytes(file.size),
    STATUS_TEXT[file.status] + (file.httpStatus ? ` (HTTP ${file.httpStatus})` : ''),
    String(file.attempts),
    mediaCell(file),
    file.verdict ? escapeHtml(layerName(file.verdict)) : ''
  ]
}

/** The job summary section of one upload run. */
export function renderUploadSummary(input: UploadSummaryInput): string {
  const { files, preflight, lookup, report } = input
  const sections = [
    `<h2>WordPress upload: ${headline(files)}</h2>`,
    `<p>Target: <code>${inline(input.target)}</code> · Preflight: ${
      preflight ? (preflight.ok ? 'passed' : 'failed') : 'skipped'
    } · Already in the library: ${
      lookup
        ? lookup.kind === 'found'
          ? 'looked up'
          : lookup.kind === 'failed'
            ? 'look-up failed'
            : 'cannot be looked up'
        : 'not looked up'
    }</p>`
  ]
  if (input.api) {
    const note = input.api.note ? ` ${inline(input.api.note, 300)}` : ''
    sections.push(
      `<p>REST API: <code>${inline(input.api.apiPath)}</code>, ${inline(input.api.how, 600)}.${note}</p>`
    )
  }
  if (preflight?.warning) sections.push(`<p>⚠️ ${prose(preflight.warning)}</p>`)
  if (preflight && !preflight.ok) sections.push(`<p>${inline(preflight.message, 600)}</p>`)
  if (lookup && lookup.kind !== 'found') {
    sections.push(
      `<p>${lookup.kind === 'unsupported' ? '⚠️ ' : ''}${inline(lookup.message, 600)}</p>`
    )
  }
  const shown = files.slice(0, MAX_FILE_ROWS)
  sections.push(
    table(shown.map(row), ['File', 'Size', 'Status', 'Attempts', 'Media', 'Answered by'])
  )
  if (files.length > shown.length) {
    const rest = countByStatus(files.slice(MAX_FILE_ROWS))
    const parts = Object.entries(rest)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => `${n} ${status}`)
    sections.push(
      `<p>… and ${files.length - shown.length} more file(s) (${parts.join(', ')}): the <code>media</code> output lists every one.</p>`
    )
  }
  if (report?.stopReason)
    sections.push(`<p><strong>Stopped:</strong> ${inline(report.stopReason, 600)}</p>`)
  const failed = files.some(file => file.status !== 'uploaded' && file.status !== 'existing')
  const verdict =
    preflight && !preflight.ok
      ? preflight.verdict
      : lookup?.kind === 'failed'
        ? lookup.verdict
        : report?.verdict
  if (failed && verdict) sections.push(renderDiagnosis(verdict))
  return lines(sections)
}
