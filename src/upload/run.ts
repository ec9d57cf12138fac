import type { ExistingLookup } from './checks/existing.js'
import type { PreflightResult } from './checks/preflight.js'
import type { UserRights } from './checks/user-rights.js'
import type { TargetPost } from './checks/target-post.js'
import type { WriteProbe } from './checks/write-probe.js'
import {
  NOT_SENT_CANCELLED,
  notAttempted,
  type FileOutcome,
  type UploadReport
} from './send/outcome.js'
import type { FileTiming } from './report/leg-report.js'
import type { PlacementReport } from './place/placement.js'
import type { SizesOffer } from './sizes/offer.js'
import type { UploadSetup } from './setup.js'

/** One upload as it goes: the setup, and what each phase found, which the ending reports. */
export interface UploadRun extends UploadSetup {
  /** When each file sent began and how long it took, by its path as matched. */
  timings: Map<string, FileTiming>
  /** What became of each file; empty until a phase decides it. */
  files: FileOutcome[]
  checked?: PreflightResult
  rights?: UserRights
  lookup?: ExistingLookup
  report?: UploadReport
  probe?: WriteProbe
  blockedWindow?: string
  /** The post of attach-to, as the check before sending found it. */
  target?: TargetPost
  /** What attaching to that post did; a dry run's `lines` say what it would do. */
  placement?: PlacementReport
  placementPlan?: string[]
  /** The featured image's item, when it is the one asked for (the featured-media-id output). */
  featuredId?: number
  /** Where images' sizes are made, as the site's REST index told it; absent: not asked. */
  sizes?: SizesOffer
  /** Why `image-sizes: runner` stopped the run before sending, and what to do. */
  sizesStop?: string
}

/** Before each phase, and before reading what a phase's abandoned requests answered. */
export function stoppedByCancel(run: UploadRun): boolean {
  if (!run.signal?.aborted) return false
  run.files = run.local.map(file => notAttempted(file, NOT_SENT_CANCELLED))
  return true
}
