import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { log } from '../../log/log.js'
import { jsonOutput, setOutput } from '../../log/output.js'
import { counted } from '../../log/words.js'
import { writeSummary } from '../../summary/write.js'
import { MERGE_OUTPUT, parseMergeConfig } from './config.js'
import { isWhole, mergeReports, type Merged } from './merged.js'
import { leadLine, renderMergeSummary } from './merge-summary.js'
import { findReportFiles, noReportsMessage, readReports } from './read-reports.js'

/**
 * The most an output may hold here: GitHub keeps 1 MiB of a job's outputs, and a larger `media`
 * goes to a file (`media-file`) instead.
 */
const MAX_OUTPUT_BYTES = 1024 * 1024

/** The `media` output of the whole: one entry per file, with the leg that sent it. */
export function mergedMedia(merged: Merged): string {
  return jsonOutput(
    merged.files.map(file => ({
      leg: file.leg,
      file: file.path,
      id: file.mediaId,
      url: file.url,
      status: file.status,
      attempts: file.attempts
    }))
  )
}

/** `media` as an output when it fits one, else as a file under the runner's temp folder. */
async function setMedia(media: string, workspace: string): Promise<void> {
  if (Buffer.byteLength(media) <= MAX_OUTPUT_BYTES) {
    setOutput(MERGE_OUTPUT.media, media)
    setOutput(MERGE_OUTPUT.mediaFile, '')
    return
  }
  const folder = process.env.RUNNER_TEMP || workspace
  const file = path.join(folder, 'wordpress-upload-media.json')
  await mkdir(folder, { recursive: true })
  await writeFile(file, media)
  setOutput(MERGE_OUTPUT.media, '')
  setOutput(MERGE_OUTPUT.mediaFile, file)
  log.info(`The media list is larger than an output holds: it is in ${file} (media-file).`)
}

/**
 * upload/merge: reads the reports of a matrix's legs, sets the combined outputs, writes one
 * summary, and fails the step when a file failed, or a leg's report is missing or unreadable.
 */
export async function runMergeMode(
  read: (name: string) => string,
  workspace: string
): Promise<void> {
  const config = parseMergeConfig(read)
  const files = await findReportFiles(config.reports, workspace)
  if (files.length === 0) throw new Error(noReportsMessage(config.reports, workspace))
  log.info(`${counted(files.length, 'report')} found.`)
  const { good, bad } = await readReports(files, workspace)
  for (const entry of bad) log.warning(`${entry.file} is ${entry.why}.`, 'Report not counted')
  const merged = mergeReports(good, bad, config.legs)
  setOutput(MERGE_OUTPUT.fileCount, merged.files.length)
  setOutput(MERGE_OUTPUT.uploadedCount, merged.counts.uploaded)
  setOutput(MERGE_OUTPUT.existingCount, merged.counts.existing)
  setOutput(MERGE_OUTPUT.failedCount, merged.failed)
  setOutput(MERGE_OUTPUT.rerunLegs, JSON.stringify(merged.rerun))
  await setMedia(mergedMedia(merged), workspace)
  const lead = leadLine(merged)
  if (!isWhole(merged)) log.fail(lead, 'Upload incomplete')
  else log.info(lead)
  await writeSummary(renderMergeSummary(merged))
}
