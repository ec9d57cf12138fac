import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { naturalOrder } from '../files/files.js'
import { legReportSchema, type LegReport } from '../report/schema.js'
import { MERGE_INPUT } from './config.js'

/** A report read and valid. */
export interface GoodReport {
  file: string
  report: LegReport
}

/** A file that is no report of ours: why, and its leg when its name says it. */
export interface BadReport {
  file: string
  why: string
  leg?: number
}

interface ReadReports {
  good: GoodReport[]
  bad: BadReport[]
}

const GLOB_CHARACTERS = /[*?[\]{}]/

/** A report far larger than 10,000 files make is not one: not read whole into memory. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024

/** Every .json file under `dir`, at any depth (download-artifact may keep one folder a leg). */
async function jsonFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter(entry => entry.isFile() && entry.name.endsWith('.json'))
    .map(entry => path.join(entry.parentPath, entry.name))
}

/**
 * The report files `reports` names: each line a folder (its .json files), a file, or a glob
 * pattern, relative to the workspace; in natural order, each once.
 */
export async function findReportFiles(patterns: string[], workspace: string): Promise<string[]> {
  const found: string[] = []
  const globs: string[] = []
  for (const pattern of patterns) {
    const where = path.resolve(workspace, pattern)
    if (GLOB_CHARACTERS.test(pattern)) {
      globs.push(where)
      continue
    }
    const info = await stat(where).catch(() => undefined)
    if (info?.isDirectory()) found.push(...(await jsonFilesUnder(where)))
    else if (info) found.push(where)
  }
  if (globs.length > 0) {
    const { create } = await import('@actions/glob')
    const globber = await create(globs.join('\n'), { matchDirectories: false })
    found.push(...(await globber.glob()))
  }
  return [...new Set(found)].sort(naturalOrder)
}

/** The leg a report's file name gives (`…-leg-3-of-40.json`), for a report that cannot be read. */
export function legOfName(file: string): number | undefined {
  const match = /-leg-(\d{1,3})-of-\d{1,3}(?:-\d{1,3})?\.json$/.exec(path.basename(file))
  return match ? Number(match[1]) : undefined
}

/** Why a file's text is not a report of ours, in words; undefined when it is one. */
function problemOf(text: string): { why: string } | { report: LegReport } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { why: `not JSON (${error instanceof Error ? error.message : String(error)})` }
  }
  const parsed = legReportSchema.safeParse(json)
  if (parsed.success) return { report: parsed.data }
  const issue = parsed.error.issues[0]!
  const where = issue.path.length ? `at ${issue.path.join('.')}` : 'at its top'
  return { why: `not a report this action wrote: ${where}, ${issue.message}` }
}

/** Reads and checks every report; a bad one is named with why, never counted. */
export async function readReports(files: string[], workspace: string): Promise<ReadReports> {
  const read = await Promise.all(
    files.map(async (where): Promise<GoodReport | BadReport> => {
      const inside = path.relative(workspace, where)
      // Named as the user wrote `reports`: relative to the workspace, unless it lies outside.
      const file = inside.startsWith('..') || path.isAbsolute(inside) ? where : inside
      const leg = legOfName(file)
      const named = (why: string): BadReport => ({ file, why, ...(leg ? { leg } : {}) })
      try {
        const { size } = await stat(where)
        if (size > MAX_REPORT_BYTES) return named(`larger than any report (${size} bytes)`)
        const checked = problemOf(await readFile(where, 'utf8'))
        return 'report' in checked ? { file, report: checked.report } : named(checked.why)
      } catch (error) {
        return named(`unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
      }
    })
  )
  return {
    good: read.filter((entry): entry is GoodReport => 'report' in entry),
    bad: read.filter((entry): entry is BadReport => 'why' in entry)
  }
}

/** Said when `reports` named no file at all. */
export function noReportsMessage(patterns: string[], workspace: string): string {
  return `Input "${MERGE_INPUT.reports}" expected report files (a folder of them, or glob patterns), but found none in ${workspace}: ${patterns.map(p => JSON.stringify(p)).join(', ')}. Did the legs upload their report-file as artifacts, and did actions/download-artifact put them there (path:, pattern:, merge-multiple: true)?`
}
