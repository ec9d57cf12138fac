import { z } from 'zod'

/**
 * The JSON report one upload run writes (the `report-file` output), which `upload/merge` reads
 * back from every leg of a matrix. `version` changes when a reader could misread a report.
 */
export const REPORT_SCHEMA = 'wordpress-upload-report'
export const REPORT_VERSION = 1

/** Every status a file can end with, in the order the summaries count them. */
export const REPORT_STATUSES = [
  'uploaded',
  'existing',
  'failed',
  'blocked',
  'not-attempted',
  'would-upload',
  'would-fail'
] as const

const LAYERS = ['cdn', 'origin', 'network', 'aws', 'unknown'] as const

const count = z.number().int().min(0)

const fileEntry = z.object({
  /** The path as `files` matched it, `/` between folders. */
  path: z.string(),
  status: z.enum(REPORT_STATUSES),
  mediaId: z.number().int().nullable(),
  url: z.string().nullable(),
  /** POSTs sent for the file. */
  attempts: count,
  /** The last HTTP status seen for it, and which layer gave that answer. */
  httpStatus: z.number().int().nullable(),
  layer: z.enum(LAYERS).nullable(),
  /** Why it is not in the library, or what else to know about it; secrets redacted. */
  message: z.string().nullable(),
  startedAt: z.string().nullable(),
  durationMs: z.number().min(0).nullable()
})

export const legReportSchema = z.object({
  schema: z.literal(REPORT_SCHEMA),
  version: z.literal(REPORT_VERSION),
  /** The leg of `shard: i/n`; null for a run of every matched file. */
  shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1) }).nullable(),
  /** Host and path of base-url. */
  site: z.string(),
  dryRun: z.boolean(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationMs: z.number().min(0),
  /** Files the patterns matched, before the leg took its share. */
  matched: count,
  counts: z.partialRecord(z.enum(REPORT_STATUSES), count),
  /** Why the run stopped before sending every file, and the answer that decided it. */
  stop: z
    .object({
      reason: z.string(),
      blocked: z.boolean(),
      layer: z.enum(LAYERS).nullable(),
      httpStatus: z.number().int().nullable()
    })
    .nullable(),
  files: z.array(fileEntry)
})

export type LegReport = z.infer<typeof legReportSchema>
export type ReportFile = z.infer<typeof fileEntry>
export type ReportStatus = (typeof REPORT_STATUSES)[number]
