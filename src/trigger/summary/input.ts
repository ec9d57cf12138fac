import type { ServiceFacts, TriggerReport } from '../backend/backend.js'
import type { Watched } from '../watch/watch-run.js'

/** What a trigger's summary is made of. */
export interface TriggerSummaryInput {
  report: TriggerReport
  /** The service's words and where the run went. */
  facts: ServiceFacts
  sha?: string
  /** The run's page, once the run exists and its address is known. */
  runUrl?: string
  watched?: Watched
  /** Said when more than one address answered during the step. */
  addressChange?: string
  /** What the step's cancellation left and did, one or two sentences. */
  cancelNote?: string
  /** A dry run: everything up to the creation, and no run made. */
  dryRun?: boolean
}
