import type { AirflowUi } from '../src/trigger/airflow/airflow-ui.js'
import type { AirflowApiLocation } from '../src/trigger/airflow/locate-api.js'
import { dagRunFacts } from '../src/trigger/dag-run/facts.js'
import type { NoteReport } from '../src/trigger/dag-run/run-note.js'
import { withTaskLogs } from '../src/trigger/dag-run/tasks.js'
import type { TriggerSummaryInput } from '../src/trigger/summary/input.js'
import { renderTriggerSummary } from '../src/trigger/summary/summary.js'

/** An Airflow 3 found where the defaults put it. */
const LOCATION: AirflowApiLocation = {
  api: new URL('https://airflow.example.com/api/v2'),
  apiPath: '/api/v2',
  version: 3,
  release: '3.0.6',
  source: 'found',
  how: 'the server answered GET /api/v2/version with version 3.0.6'
}

/** Where a DAG run's trigger went, as the pipeline knows it when the summary is written. */
export interface DagRunPlace {
  ui?: AirflowUi
  api?: AirflowApiLocation
  target?: string
  note?: NoteReport
}

/** A DAG run's summary, rendered as the pipeline renders it, with an Airflow's facts and links. */
export function dagRunSummary(input: Omit<TriggerSummaryInput, 'facts'> & DagRunPlace): string {
  const { ui, api, target, note, ...rest } = input
  const facts = dagRunFacts({
    dagId: rest.report.dagId,
    target: target ?? `airflow.example.com/api/v2/dags/${rest.report.dagId}/dagRuns`,
    location: api ?? LOCATION,
    ...(ui ? { ui } : {}),
    ...(note ? { note } : {})
  })
  // The backend links each task that ran to its log, as it lists them.
  const { watched, report } = rest
  const tasks =
    watched?.tasks && withTaskLogs(watched.tasks, ui, report.dagId, report.dagRunId ?? '')
  return renderTriggerSummary({
    ...rest,
    ...(watched && tasks ? { watched: { ...watched, tasks } } : {}),
    facts
  })
}
