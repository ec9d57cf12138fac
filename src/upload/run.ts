import type { BeforeSending, Checks, Findings } from './before-sending.js'
import type { DryRunPlan } from './dry-run.js'
import type { Placed } from './place/place-media.js'
import { NOT_SENT_CANCELLED, notAttempted, type FileOutcome } from './send/outcome.js'
import type { Sent } from './sending.js'
import type { UploadSetup } from './setup.js'

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
