import type { ExistingLookup } from './checks/existing.js'
import type { PreflightResult } from './checks/preflight.js'
import type { TargetPost } from './checks/target-post.js'
import type { UserRights } from './checks/user-rights.js'
import { NOT_SENT_CANCELLED, notAttempted, type FileOutcome } from './send/outcome.js'
import type { SizesOffer } from './sizes/offer.js'
import type { UploadSetup } from './setup.js'

/** What the checks found, as far as they went: each absent when not asked for, or not reached. */
export interface Findings {
  readonly preflight?: PreflightResult
  readonly rights?: UserRights
  readonly target?: TargetPost
  readonly sizes?: SizesOffer
  readonly lookup?: ExistingLookup
}

/** What the checks found when they let the run go on; each absent only when the run did not ask. */
export interface Checks extends Findings {
  /** Absent with preflight: false. */
  readonly preflight?: PreflightResult
  readonly rights: UserRights
  /** The post of attach-to, found and editable by the user; absent without attach-to. */
  readonly target?: Extract<TargetPost, { kind: 'found' }>
  /** Where images' sizes are made; absent with image-sizes: server, or no image among the files. */
  readonly sizes?: SizesOffer
  /** The files already in the library, looked up or not listable; absent with skip-existing: false. */
  readonly lookup?: Exclude<ExistingLookup, { kind: 'failed' }>
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
