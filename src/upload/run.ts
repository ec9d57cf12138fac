import type { Findings } from './before-sending.js'
import type { WriteProbe } from './checks/write-probe.js'
import { NOT_SENT_CANCELLED, notAttempted, type FileOutcome } from './send/outcome.js'
import type { PlacementReport } from './place/placement.js'
import type { Sent } from './sending.js'
import type { UploadSetup } from './setup.js'

/** One upload as it goes: the setup, and what each phase found, which the ending reports. */
export interface UploadRun extends UploadSetup {
  /** What became of each file; empty until a phase decides it. */
  files: FileOutcome[]
  /** What the checks before sending found. */
  checks: Findings
  /** Why `image-sizes: runner` stopped the run before sending, and what to do. */
  sizesStop?: string
  /** What sending handed on. */
  sent?: Sent
  probe?: WriteProbe
  /** What attaching to that post did; a dry run's `lines` say what it would do. */
  placement?: PlacementReport
  placementPlan?: string[]
  /** The featured image's item, when it is the one asked for (the featured-media-id output). */
  featuredId?: number
}

/** No file was sent: the checks stopped the run, or the step was cancelled before it sent one. */
export interface Stopped {
  readonly phase: 'stopped'
  /** What the checks found until then. */
  readonly checks: Findings
  /** Every file, not attempted, with why. */
  readonly files: FileOutcome[]
  /** Why `image-sizes: runner` stopped the run, and what to do; only when it did. */
  readonly sizesStop?: string
}

/**
 * Before each phase, and before reading what a phase's abandoned requests answered: when the step
 * was cancelled, the stop it makes, with what the checks found until then.
 */
export function stoppedByCancel(
  setup: Pick<UploadSetup, 'signal' | 'local'>,
  checks: Findings = {}
): Stopped | undefined {
  if (!setup.signal?.aborted) return undefined
  const files = setup.local.map(file => notAttempted(file, NOT_SENT_CANCELLED))
  return { phase: 'stopped', checks, files }
}
