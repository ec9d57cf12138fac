import type { RetryDeps } from '../http/retry.js'
import type { AirflowApi } from './airflow/airflow-api.js'
import type { AirflowUi } from './airflow/airflow-ui.js'
import type { TriggerConfig } from './config.js'
import type { TriggerReport } from './create/report.js'
import type { ResolvedDate } from './date/commit-date.js'
import type { NoteReport } from './run-note.js'
import type { Watched } from './watch/watch-run.js'

/** One trigger as it goes: what each phase found, which the ending reports whatever happened. */
export interface TriggerRun {
  config: TriggerConfig
  sha: string | undefined
  signal: AbortSignal | undefined
  date: ResolvedDate
  dagRunId: string
  retryDeps: RetryDeps
  api: AirflowApi
  ui: AirflowUi | undefined
  report?: TriggerReport
  watched?: Watched
  runUrl?: string
  cancelNote?: string
  /** The run's note as sent; absent with `note: ''`. */
  note?: string
  noteReport?: NoteReport
}
