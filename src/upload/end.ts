import { cancelledBy, cancelledLine } from '../cancel/cancellation.js'
import { OUTPUT } from '../inputs/names.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { noteAddressChange } from '../summary/step-end.js'
import { writeSummary } from '../summary/write.js'
import type { BeforeSending } from './before-sending.js'
import type { DryRunPlan } from './dry-run.js'
import type { Placed } from './place/place-media.js'
import type { Checks, Findings } from './run.js'
import type { Sent } from './sending.js'
import { placementLines } from './place/placement.js'
import { saveRunReport } from './report/write-report.js'
import {
  cancelledUploadText,
  countByStatus,
  mediaOutput,
  notAttempted,
  type FileOutcome,
  type UploadReport
} from './send/outcome.js'
import type { UploadSetup } from './setup.js'
import { renderUploadSummary } from './summary/summary.js'
import type { UploadSummaryInput } from './summary/input.js'
import { guardLinks } from './wordpress/media-links.js'

/**
 * How far an upload got, with what each phase it went through handed on: what the ending reports.
 * A phase's value is here once the phase has ended, so a run an error stopped still reports
 * what the phases before the error did.
 */
export type Reached =
  /** Set up; an error stopped the run before the checks ended. */
  | { readonly phase: 'set up' }
  /** Stopped by the checks or a cancel; or let go on, and an error stopped it before the next phase ended. */
  | BeforeSending
  | { readonly phase: 'dry run'; readonly checks: Checks; readonly dryRun: DryRunPlan }
  | { readonly phase: 'sent'; readonly checks: Checks; readonly sent: Sent }
  /** With attach-to: sent, then attached to its post. */
  | {
      readonly phase: 'placed'
      readonly checks: Checks
      readonly sent: Sent
      readonly placed: Placed
    }

/** What became of each file, once a phase decided it; none did when an error stopped the run. */
function filesOf(reached: Reached): FileOutcome[] | undefined {
  switch (reached.phase) {
    case 'stopped':
      return reached.files
    case 'dry run':
      return reached.dryRun.files
    case 'sent':
      return reached.sent.report.files
    case 'placed':
      return reached.placed.files
    case 'set up':
    case 'checked':
      return undefined
  }
}

/** The featured image's item, when it is the one asked for (the featured-media-id output). */
function featuredIdOf(reached: Reached): number | undefined {
  if (reached.phase === 'placed') return reached.placed.placement.featured?.id
  return reached.phase === 'dry run' ? reached.dryRun.placement?.featuredId : undefined
}

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
export async function endUpload(setup: UploadSetup, reached: Reached): Promise<void> {
  setup.api.close()
  const decided =
    filesOf(reached) ??
    setup.local.map(file => notAttempted(file, 'not sent: the run stopped on an error'))
  // A server may echo a secret back in an address: such a one is neither output nor shown.
  const files = decided.map(guardLinks)
  const counts = countByStatus(files)
  setOutput(OUTPUT.media, mediaOutput(files))
  setOutput(OUTPUT.uploadedCount, counts.uploaded)
  setOutput(OUTPUT.existingCount, counts.existing)
  setOutput(
    OUTPUT.failedCount,
    files.length - counts.uploaded - counts.existing - counts['would-upload']
  )
  setOutput(OUTPUT.featuredMediaId, featuredIdOf(reached) ?? '')
  const sent = 'sent' in reached ? reached.sent : undefined
  const report = sent?.report
  await saveRunReport(setup.config, setup.workspace, {
    ...{ files, matched: setup.matched, startedAt: setup.startedAt },
    ...(sent ? { timings: sent.timings } : {}),
    ...(report?.verdict ? { verdict: report.verdict } : {}),
    ...stopOf(report, files)
  })
  const by = cancelledBy(setup.signal)
  if (by) log.fail(cancelledLine(by, cancelledUploadText(files)), 'Cancelled')
  const moved = noteAddressChange(setup.client.peers())
  await writeSummary(renderUploadSummary(summaryInput(setup, reached, files, moved)))
}

/** What the summary is made of: the setup, and what the phases the run went through handed on. */
function summaryInput(
  setup: UploadSetup,
  reached: Reached,
  files: FileOutcome[],
  moved: string | undefined
): UploadSummaryInput {
  const { api, config } = setup
  const checks: Findings = reached.phase === 'set up' ? {} : reached.checks
  const sent = 'sent' in reached ? reached.sent : undefined
  const dryRun = reached.phase === 'dry run' ? reached.dryRun : undefined
  const placed = reached.phase === 'placed' ? reached.placed : undefined
  // The item set as the featured image, or found to be it: a dry run's would only be set.
  const featuredId = placed?.placement.featured?.id
  return {
    target: api.target,
    site: {
      name: `${config.baseUrl.host}${config.baseUrl.pathname.replace(/(?<!\/)\/+$/, '')}`,
      library: api.libraryLink(),
      edit: id => api.editLink(id)
    },
    block: {
      waitSeconds: config.blockedWaitMs / 1000,
      skipExisting: config.skipExisting
    },
    ...(moved ? { addressChange: moved } : {}),
    ...(setup.leg ? { leg: setup.leg } : {}),
    ...(dryRun ? { dryRun: dryRun.probe } : {}),
    ...(sent?.blockedWindow ? { blockedWindow: sent.blockedWindow } : {}),
    api: setup.location,
    preflight: checks.preflight,
    rights: checks.rights,
    lookup: checks.lookup,
    ...(checks.sizes ? { sizes: checks.sizes } : {}),
    ...(reached.phase === 'stopped' && reached.sizesStop ? { sizesStop: reached.sizesStop } : {}),
    report: sent?.report,
    ...(checks.target ? { post: checks.target } : {}),
    ...(placed ? { placement: placementLines(placed.placement) } : {}),
    ...(featuredId !== undefined ? { featuredId } : {}),
    ...(dryRun?.placement ? { placement: dryRun.placement.lines } : {}),
    files
  }
}
