import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { OUTPUT } from '../../inputs/names.js'
import { log } from '../../log/log.js'
import { setOutput } from '../../log/output.js'
import type { Shard } from '../files/shard.js'
import type { UploadConfig } from '../config.js'
import { legReport, type ReportInput } from './leg-report.js'
import type { LegReport } from './schema.js'

/**
 * The report's file name: a leg's names its leg, so that the reports of a matrix, downloaded into
 * one folder (`merge-multiple: true`), do not overwrite each other; `copy` counts a second run in
 * the same job.
 */
export function reportName(shard: Shard | undefined, copy = 0): string {
  const leg = shard ? `-leg-${shard.index}-of-${shard.count}` : ''
  return `wordpress-upload-report${leg}${copy ? `-${copy + 1}` : ''}.json`
}

/** Copies of the name tried at most, for several upload steps in one job. */
const MAX_COPIES = 100

/**
 * Writes the report under the runner's temp folder (the workspace when there is none, as in a
 * local run), never over another step's, and names it in the `report-file` output. A report that
 * cannot be written only warns: the files are in the library all the same.
 */
export async function saveReport(
  report: LegReport,
  shard: Shard | undefined,
  folder: string
): Promise<void> {
  const text = `${JSON.stringify(report, null, 1)}\n`
  try {
    await mkdir(folder, { recursive: true })
    for (let copy = 0; copy < MAX_COPIES; copy++) {
      const file = path.join(folder, reportName(shard, copy))
      try {
        await writeFile(file, text, { flag: 'wx' })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue
        throw error
      }
      setOutput(OUTPUT.reportFile, file)
      log.info(`Report of this run: ${file}`)
      return
    }
    throw new Error(`${MAX_COPIES} reports are in ${folder} already`)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    log.warning(`The run's report was not written: ${why}`, 'No report')
  }
}

/**
 * The run's report, whatever became of its files (none, for a leg the hash gave none): made from
 * what the run knows at its end, and saved.
 */
export async function saveRunReport(
  config: Pick<UploadConfig, 'shard' | 'dryRun' | 'baseUrl'>,
  workspace: string,
  known: Omit<ReportInput, 'shard' | 'site' | 'dryRun' | 'endedAt' | 'timings'> &
    Partial<Pick<ReportInput, 'timings'>>
): Promise<void> {
  const { shard, dryRun, baseUrl } = config
  const report = legReport({
    timings: new Map(),
    ...known,
    ...(shard ? { shard } : {}),
    site: `${baseUrl.host}${baseUrl.pathname}`,
    dryRun,
    endedAt: new Date()
  })
  await saveReport(report, shard, process.env.RUNNER_TEMP || workspace)
}
