import type { Verdict } from '../../diagnosis/index.js'
import { redact } from '../../log/secrets.js'
import type { Shard } from '../files/shard.js'
import { shardPath } from '../files/shard.js'
import { countByStatus, type FileOutcome } from '../send/outcome.js'
import { REPORT_SCHEMA, REPORT_VERSION, type LegReport, type ReportFile } from './schema.js'

/** When one file's upload began and how long it took. */
export interface FileTiming {
  startedAt: Date
  durationMs: number
}

/** What a run knows at its end, for its report. */
export interface ReportInput {
  files: readonly FileOutcome[]
  /** By the file's path as matched (`display`); absent for a file never sent. */
  timings: ReadonlyMap<string, FileTiming>
  shard?: Shard
  matched: number
  site: string
  dryRun: boolean
  startedAt: Date
  endedAt: Date
  /** Why the files left were not sent, and the answer that decided the run. */
  stopReason?: string
  verdict?: Verdict
}

/** Server text and anything it may echo pass here: a secret in it never reaches the file. */
const text = (value: string | undefined): string | null =>
  value === undefined ? null : redact(value)

function fileEntry(outcome: FileOutcome, timing: FileTiming | undefined): ReportFile {
  return {
    path: text(shardPath(outcome.file))!,
    status: outcome.status,
    mediaId: outcome.id ?? null,
    url: text(outcome.url),
    attempts: outcome.attempts,
    httpStatus: outcome.httpStatus ?? outcome.verdict?.status ?? null,
    layer: outcome.verdict?.layer ?? null,
    message: text(outcome.message),
    startedAt: timing ? timing.startedAt.toISOString() : null,
    durationMs: timing ? timing.durationMs : null
  }
}

/** The run's report: every file's outcome in the order matched, its counts, and why it stopped. */
export function legReport(input: ReportInput): LegReport {
  const { verdict } = input
  return {
    schema: REPORT_SCHEMA,
    version: REPORT_VERSION,
    shard: input.shard ? { index: input.shard.index, count: input.shard.count } : null,
    site: redact(input.site),
    dryRun: input.dryRun,
    startedAt: input.startedAt.toISOString(),
    endedAt: input.endedAt.toISOString(),
    durationMs: Math.max(0, input.endedAt.getTime() - input.startedAt.getTime()),
    matched: input.matched,
    counts: countByStatus([...input.files]),
    stop: input.stopReason
      ? {
          reason: redact(input.stopReason),
          blocked: verdict?.blocked ?? false,
          layer: verdict?.layer ?? null,
          httpStatus: verdict?.status ?? null
        }
      : null,
    files: input.files.map(file => fileEntry(file, input.timings.get(file.file)))
  }
}
