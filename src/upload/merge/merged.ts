import {
  REPORT_STATUSES,
  type LegReport,
  type ReportFile,
  type ReportStatus
} from '../report/schema.js'
import type { BadReport, GoodReport } from './read-reports.js'

/** One file of the whole, with the leg that sent it. */
interface MergedFile extends ReportFile {
  leg: number
}

/** One leg as its report tells it. */
interface LegLine {
  leg: number
  files: number
  inLibrary: number
  failed: number
  stop: string | null
  durationMs: number
  /** Reports of this leg read (a re-run in the same job writes a second): the latest counts. */
  reports: number
}

/** Files that went wrong the same way, across legs. */
export interface Trouble {
  status: ReportStatus
  httpStatus: number | null
  layer: ReportFile['layer']
  count: number
  legs: number[]
  /** The first file's message, as an example of the group's. */
  example: string | null
  files: string[]
}

export interface Merged {
  /** The legs expected: `legs`, else the n the reports give; 0 without either. */
  expected: number
  legs: LegLine[]
  missing: number[]
  bad: BadReport[]
  /** The different n the reports and `legs` give, when they do not agree. */
  disagree: number[]
  files: MergedFile[]
  counts: Record<ReportStatus, number>
  inLibrary: number
  failed: number
  troubles: Trouble[]
  /** The legs to run again: a failed file, or a report missing or unreadable. */
  rerun: number[]
}

/** Examples kept per group of trouble. */
const EXAMPLES = 3

/** Whether the whole is done: every file in the library, every leg's report read, of one matrix. */
export const isWhole = (merged: Merged): boolean =>
  merged.failed === 0 &&
  merged.missing.length === 0 &&
  merged.bad.length === 0 &&
  merged.disagree.length === 0

/** In the library, or would be (a dry run's `would-upload`): anything else is a failure. */
export const isFine = (status: ReportStatus): boolean =>
  status === 'uploaded' || status === 'existing' || status === 'would-upload'

const legOf = (report: LegReport) => report.shard?.index ?? 1

function troublesOf(files: MergedFile[]): Trouble[] {
  const groups = new Map<string, Trouble>()
  for (const file of files) {
    if (isFine(file.status)) continue
    const key = `${file.status}|${file.httpStatus}|${file.layer}`
    const group: Trouble = groups.get(key) ?? {
      ...{ status: file.status, httpStatus: file.httpStatus, layer: file.layer, count: 0 },
      ...{ legs: [], example: file.message, files: [] }
    }
    groups.set(key, group)
    group.count++
    if (!group.legs.includes(file.leg)) group.legs.push(file.leg)
    if (group.files.length < EXAMPLES) group.files.push(file.path)
  }
  for (const group of groups.values()) group.legs.sort((a, b) => a - b)
  return [...groups.values()].sort((a, b) => b.count - a.count)
}

/** The reports in the order they ended: a later one of the same leg tells its latest state. */
const byEnd = (good: GoodReport[]) =>
  [...good].sort((a, b) => a.report.endedAt.localeCompare(b.report.endedAt))

/** Each leg's files, each path once (a later report's outcome wins), by leg. */
function filesOf(good: GoodReport[]): MergedFile[] {
  const byPath = new Map<string, MergedFile>()
  for (const { report } of byEnd(good))
    for (const file of report.files) byPath.set(file.path, { ...file, leg: legOf(report) })
  return [...byPath.values()].sort((a, b) => a.leg - b.leg)
}

function legLines(good: GoodReport[], files: MergedFile[]): LegLine[] {
  const legs = new Map<number, LegLine>()
  for (const { report } of byEnd(good)) {
    const leg = legOf(report)
    const reports = (legs.get(leg)?.reports ?? 0) + 1
    const stop = report.stop?.reason ?? null
    legs.set(leg, {
      leg,
      files: 0,
      inLibrary: 0,
      failed: 0,
      stop,
      reports,
      durationMs: report.durationMs
    })
  }
  for (const file of files) {
    const line = legs.get(file.leg)!
    line.files++
    if (isFine(file.status)) line.inLibrary++
    else line.failed++
  }
  return [...legs.values()].sort((a, b) => a.leg - b.leg)
}

/**
 * The whole of a matrix's upload from its legs' reports: every file once, the legs that are
 * missing or unreadable, what went wrong grouped across legs, and the legs to run again.
 */
export function mergeReports(good: GoodReport[], bad: BadReport[], legs?: number): Merged {
  const counts = new Set(good.map(({ report }) => report.shard?.count ?? 1))
  const expected = legs ?? Math.max(0, ...counts)
  const disagree = counts.size > 1 || (legs !== undefined && counts.size === 1 && !counts.has(legs))
  const files = filesOf(good)
  const lines = legLines(good, files)
  const seen = new Set([...lines.map(line => line.leg), ...bad.flatMap(entry => entry.leg ?? [])])
  const missing = Array.from({ length: expected }, (_, i) => i + 1).filter(leg => !seen.has(leg))
  const statusCounts = Object.fromEntries(
    REPORT_STATUSES.map(status => [status, 0])
  ) as Merged['counts']
  for (const file of files) statusCounts[file.status]++
  const inLibrary = statusCounts.uploaded + statusCounts.existing
  const failed = files.filter(file => !isFine(file.status)).length
  const rerun = new Set([
    ...lines.filter(line => line.failed > 0).map(line => line.leg),
    ...missing,
    ...bad.flatMap(entry => entry.leg ?? [])
  ])
  return {
    expected,
    legs: lines,
    missing,
    bad,
    disagree: disagree
      ? [...new Set([...counts, legs ?? 0])].filter(Boolean).sort((a, b) => a - b)
      : [],
    files,
    counts: statusCounts,
    inLibrary,
    failed,
    troubles: troublesOf(files),
    rerun: [...rerun].sort((a, b) => a - b)
  }
}
