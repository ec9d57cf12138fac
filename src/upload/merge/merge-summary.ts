import { formatDuration } from '../../log/duration.js'
import { counted } from '../../log/words.js'
import { inline, lines, table } from '../../summary/html.js'
import { isFine, isWhole, type Merged, type Trouble } from './merged.js'

/** Rows shown at most: with 10,000 files the summary stays far under GitHub's 1 MiB. */
const MAX_TROUBLES = 50
const MAX_FILE_ROWS = 200
const MAX_BAD_REPORTS = 50
/** Legs named at most in a sentence. */
const MAX_NAMED_LEGS = 20

/** 1,204: thousands grouped, as the lead is read at a glance. */
const n = (value: number) => value.toLocaleString('en-US')

/** `leg 3`, `legs 3 and 17`, `legs 1, 2 and 5`, `legs 1, 2, … and 12 more`. */
export function legsPhrase(legs: readonly number[]): string {
  if (legs.length === 1) return `leg ${legs[0]}`
  const named = legs.slice(0, MAX_NAMED_LEGS).map(String)
  const more = legs.length - named.length
  if (more > 0) return `legs ${named.join(', ')} and ${n(more)} more`
  return `legs ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
}

/** The whole in one sentence: how many files are in the library, which legs to run again. */
export function leadLine(merged: Merged): string {
  const { inLibrary, failed, missing, bad, rerun } = merged
  const total = merged.files.length
  // Legs that sent no report may have sent files too: the count is of the reports read.
  const named = missing.length + bad.length > 0 ? ' named in the reports read' : ''
  const parts = [
    `${n(inLibrary)} of ${n(total)} ${total === 1 ? 'file' : 'files'}${named} ${total === 1 ? 'is' : 'are'} in the library`
  ]
  const failedLegs = merged.legs.filter(leg => leg.failed > 0).map(leg => leg.leg)
  if (failed > 0) parts.push(`${n(failed)} failed, in ${legsPhrase(failedLegs)}`)
  if (missing.length > 0) parts.push(`no report from ${legsPhrase(missing)}`)
  if (bad.length > 0) parts.push(`${counted(bad.length, 'report')} could not be read`)
  if (merged.disagree.length > 0)
    parts.push(`the reports are of different matrices (${merged.disagree.join(', ')} legs)`)
  const sentence = parts.join('; ')
  if (rerun.length === 0) return `${sentence}.`
  const onlyFailed = missing.length === 0 && bad.length === 0
  const those = rerun.length === 1 ? 'that leg' : 'those legs'
  return `${sentence} — re-run ${onlyFailed ? those : legsPhrase(rerun)}.`
}

/** `failed · HTTP 500 from the origin`: what a group of files met. */
function troubleName(trouble: Trouble): string {
  const answer = trouble.httpStatus === null ? '' : ` · HTTP ${trouble.httpStatus}`
  const from = trouble.layer
    ? ` from ${trouble.layer === 'cdn' ? 'the CDN' : `the ${trouble.layer}`}`
    : ''
  return `${trouble.status}${answer}${from}`
}

function renderTroubles(merged: Merged): string | undefined {
  if (merged.troubles.length === 0) return undefined
  const shown = merged.troubles.slice(0, MAX_TROUBLES)
  const rows = shown.map(trouble => [
    inline(troubleName(trouble)),
    n(trouble.count),
    inline(legsPhrase(trouble.legs), 300),
    [
      trouble.files.map(file => `<code>${inline(file, 120)}</code>`).join(', '),
      trouble.example ? `: ${inline(trouble.example, 300)}` : ''
    ].join('')
  ])
  const left = merged.troubles.length - shown.length
  const more = left > 0 ? `<p>… and ${counted(left, 'more kind')} of failure.</p>` : ''
  return `<h3>What went wrong, across legs</h3>\n${table(rows, ['What', 'Files', 'Legs', 'For example'])}${more}`
}

function renderLegs(merged: Merged): string | undefined {
  if (merged.legs.length === 0 && merged.missing.length === 0) return undefined
  const found = merged.legs.map(leg => ({
    leg: leg.leg,
    cells: [
      n(leg.files),
      n(leg.inLibrary),
      leg.failed ? `❌ ${n(leg.failed)}` : '0',
      formatDuration(leg.durationMs),
      inline(leg.stop ?? '', 300)
    ]
  }))
  const missing = merged.missing.map(leg => ({
    leg,
    cells: [
      '—',
      '—',
      '—',
      '—',
      '❌ no report: the leg did not finish, or its artifact was not uploaded'
    ]
  }))
  const rows = [...found, ...missing]
    .sort((a, b) => a.leg - b.leg)
    .map(row => [String(row.leg), ...row.cells])
  return `<h3>Legs</h3>\n${table(rows, ['Leg', 'Files', 'In the library', 'Failed', 'Took', 'Stopped'])}`
}

function renderBadReports(merged: Merged): string | undefined {
  if (merged.bad.length === 0) return undefined
  const items = merged.bad
    .slice(0, MAX_BAD_REPORTS)
    .map(
      bad =>
        `<li>${bad.leg ? `leg ${bad.leg}: ` : ''}<code>${inline(bad.file, 300)}</code>: ${inline(bad.why, 300)}</li>`
    )
  const left = merged.bad.length - items.length
  if (left > 0) items.push(`<li>… and ${counted(left, 'more')}</li>`)
  return `<p>❌ Not counted, as they could not be read:</p><ul>${items.join('')}</ul>`
}

function renderFailedFiles(merged: Merged): string | undefined {
  const failed = merged.files.filter(file => !isFine(file.status))
  if (failed.length === 0) return undefined
  const rows = failed
    .slice(0, MAX_FILE_ROWS)
    .map(file => [
      String(file.leg),
      `<code>${inline(file.path, 200)}</code>`,
      inline(file.status),
      inline(file.message ?? '', 300)
    ])
  const left = failed.length - rows.length
  const more =
    left > 0
      ? `<p>… and ${n(left)} more: the <code>media</code> output and the reports list every one.</p>`
      : ''
  return `<details><summary>Files not in the library (${n(merged.failed)})</summary>\n${table(rows, ['Leg', 'File', 'Status', 'Why'])}${more}</details>`
}

/**
 * The one summary of a matrix's upload: the whole first, what went wrong grouped across legs,
 * the legs, and the files not in the library folded, each part capped so 10,000 files fit.
 */
export function renderMergeSummary(merged: Merged): string {
  const ok = isWhole(merged)
  const total = merged.files.length
  const legs = merged.expected || merged.legs.length
  const unaccounted = merged.missing.length + merged.bad.length
  const untold = unaccounted > 0 ? `; ${counted(unaccounted, 'leg')} not accounted for` : ''
  return lines([
    `<h2>WordPress upload, ${counted(legs, 'leg')} merged: ${ok ? '✅' : '❌'} ${n(merged.inLibrary)} of ${n(total)} ${total === 1 ? 'file' : 'files'} in the library${untold}</h2>`,
    `<p>${inline(leadLine(merged), 2000)}</p>`,
    renderBadReports(merged),
    renderTroubles(merged),
    renderLegs(merged),
    renderFailedFiles(merged)
  ])
}
