import type { ApiClient } from '../http/client.js'
import type { UploadConfig } from './config.js'
import type { ExistingLookup } from './checks/existing.js'
import type { PreflightResult } from './checks/preflight.js'
import type { UserRights } from './checks/user-rights.js'
import type { TargetPost } from './checks/target-post.js'
import type { WriteProbe } from './checks/write-probe.js'
import type { LocalFile } from './files/local-file.js'
import {
  NOT_SENT_CANCELLED,
  notAttempted,
  type FileOutcome,
  type UploadReport
} from './send/outcome.js'
import type { WaitBudget } from './pace/wait-budget.js'
import type { FileTiming } from './report/leg-report.js'
import type { RestApiLocation } from './wordpress/locate-rest-api.js'
import type { PlacementReport } from './place/placement.js'
import type { MediaApi } from './wordpress/media-api.js'
import type { PostsApi } from './wordpress/posts-api.js'
import type { SizesOffer } from './sizes/offer.js'

/** One upload as it goes: what each phase found, which the ending reports whatever happened. */
export interface UploadRun {
  config: UploadConfig
  signal: AbortSignal | undefined
  local: LocalFile[]
  client: ApiClient
  location: RestApiLocation
  api: MediaApi
  posts: PostsApi
  /** The run's one bound on waiting for a busy host: the checks' reads, then every upload. */
  waits: WaitBudget
  /** GITHUB_WORKSPACE, where relative patterns matched; the report's folder without RUNNER_TEMP. */
  workspace: string
  /** Files the patterns matched, before a leg took its share. */
  matched: number
  startedAt: Date
  /** When each file sent began and how long it took, by its path as matched. */
  timings: Map<string, FileTiming>
  /** With `shard`: which leg this is and its share of the matched files, one phrase. */
  leg?: string
  /** featured-image's file, chosen among the matched files before any request. */
  featured?: LocalFile
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
