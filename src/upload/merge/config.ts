import { z } from 'zod'
import { parseInputs } from '../../inputs/common.js'
import { fail, optional } from '../../inputs/fields.js'
import { shown } from '../../inputs/input-error.js'
import type { InputReader } from '../../inputs/names.js'
import { MAX_LEGS } from '../files/shard.js'

/** upload/merge's inputs, as its action.yml declares them. */
export const MERGE_INPUT = { reports: 'reports', legs: 'legs' } as const

/** upload/merge's outputs, as its action.yml declares them. */
export const MERGE_OUTPUT = {
  fileCount: 'file-count',
  uploadedCount: 'uploaded-count',
  existingCount: 'existing-count',
  failedCount: 'failed-count',
  rerunLegs: 'rerun-legs',
  media: 'media',
  mediaFile: 'media-file'
} as const

/** Where actions/download-artifact puts the reports in the README's workflow. */
export const DEFAULT_REPORTS = 'upload-reports'

interface MergeConfig {
  /** A folder (every .json under it) or glob patterns of report files, one a line. */
  reports: string[]
  /** The legs the matrix ran, when given: each one's report is expected. */
  legs?: number
}

const legs = optional((value, ctx) => {
  const count = /^\d{1,6}$/.test(value) ? Number(value) : NaN
  if (count >= 1 && count <= MAX_LEGS) return count
  return fail(
    ctx,
    `expected the number of legs, a whole number from 1 to ${MAX_LEGS} (the n of shard: i/n), got ${shown(value)}`
  )
})

const mergeInputs = z.object({
  [MERGE_INPUT.reports]: z.string().transform(value => {
    const lines = value
      .split(/\r?\n/)
      .map(line => line.trim())
      .filter(line => line !== '' && !line.startsWith('#'))
    return lines.length > 0 ? lines : [DEFAULT_REPORTS]
  }),
  [MERGE_INPUT.legs]: legs
})

const mergeConfig = mergeInputs.transform((input): MergeConfig => ({
  reports: input[MERGE_INPUT.reports],
  ...(input[MERGE_INPUT.legs] === undefined ? {} : { legs: input[MERGE_INPUT.legs] })
}))

/** upload/merge's inputs as one config, or an InputError naming every bad input. */
export function parseMergeConfig(read: (name: string) => string): MergeConfig {
  return parseInputs(Object.keys(mergeInputs.shape), mergeConfig, read as InputReader)
}
