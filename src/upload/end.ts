import { cancelledBy, cancelledLine } from '../cancel/cancellation.js'
import { OUTPUT } from '../inputs/names.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { noteAddressChange } from '../summary/step-end.js'
import { writeSummary } from '../summary/write.js'
import { placementLines } from './place/placement.js'
import { saveRunReport } from './report/write-report.js'
import type { UploadRun } from './run.js'
import {
  cancelledUploadText,
  countByStatus,
  mediaOutput,
  notAttempted,
  type FileOutcome,
  type UploadReport
} from './send/outcome.js'
import { renderUploadSummary } from './summary.js'
import { guardLinks } from './wordpress/media-links.js'

/** Why the run sent not every file: its report's reason, or why none was sent at all. */
function stopOf(report: UploadReport | undefined, files: FileOutcome[]): { stopReason?: string } {
  const why = report
    ? report.stopReason
    : files.find(file => file.status === 'not-attempted')?.message
  return why ? { stopReason: why } : {}
}

/**
 * Whatever happened: the connection closed, every file accounted for in the outputs, a cancel
 * and a changed address said, and the summary written.
 */
export async function endUpload(run: UploadRun): Promise<void> {
  run.api.close()
  let files = run.files
  if (files.length === 0) {
    files = run.local.map(file => notAttempted(file, 'not sent: the run stopped on an error'))
  }
  // A server may echo a secret back in an address: such a one is neither output nor shown.
  files = files.map(guardLinks)
  const counts = countByStatus(files)
  setOutput(OUTPUT.media, mediaOutput(files))
  setOutput(OUTPUT.uploadedCount, counts.uploaded)
  setOutput(OUTPUT.existingCount, counts.existing)
  setOutput(
    OUTPUT.failedCount,
    files.length - counts.uploaded - counts.existing - counts['would-upload']
  )
  setOutput(OUTPUT.featuredMediaId, run.featuredId ?? '')
  const report = run.sent?.report
  await saveRunReport(run.config, run.workspace, {
    ...{ files, matched: run.matched, startedAt: run.startedAt },
    ...(run.sent ? { timings: run.sent.timings } : {}),
    ...(report?.verdict ? { verdict: report.verdict } : {}),
    ...stopOf(report, files)
  })
  const by = cancelledBy(run.signal)
  if (by) log.fail(cancelledLine(by, cancelledUploadText(files)), 'Cancelled')
  const moved = noteAddressChange(run.client.peers())
  const { probe } = run
  const blockedWindow = run.sent?.blockedWindow
  await writeSummary(
    renderUploadSummary({
      target: run.api.target,
      site: {
        name: `${run.config.baseUrl.host}${run.config.baseUrl.pathname.replace(/(?<!\/)\/+$/, '')}`,
        library: run.api.libraryLink(),
        edit: id => run.api.editLink(id)
      },
      block: {
        waitSeconds: run.config.blockedWaitMs / 1000,
        skipExisting: run.config.skipExisting
      },
      ...(moved ? { addressChange: moved } : {}),
      ...(run.leg ? { leg: run.leg } : {}),
      ...(probe ? { dryRun: probe } : {}),
      ...(blockedWindow ? { blockedWindow } : {}),
      api: run.location,
      preflight: run.checks.preflight,
      rights: run.checks.rights,
      lookup: run.checks.lookup,
      ...(run.checks.sizes ? { sizes: run.checks.sizes } : {}),
      ...(run.sizesStop ? { sizesStop: run.sizesStop } : {}),
      report,
      ...(run.checks.target ? { post: run.checks.target } : {}),
      ...(run.placement ? { placement: placementLines(run.placement) } : {}),
      // A dry run's featured image is only the one that would be set.
      ...(run.featuredId !== undefined && !probe ? { featuredId: run.featuredId } : {}),
      ...(run.placementPlan ? { placement: run.placementPlan } : {}),
      files
    })
  )
}
