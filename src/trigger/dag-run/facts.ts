import { escapeHtml, inline } from '../../summary/html.js'
import { dagPageUrl, type AirflowUi } from '../airflow/airflow-ui.js'
import { airflowName, type AirflowApiLocation } from '../airflow/locate-api.js'
import { endOfLifeNotice } from '../airflow/releases.js'
import type { ServiceFacts, ServiceWords } from '../backend/backend.js'
import { noteRow, type NoteReport } from './run-note.js'

function words(ui: AirflowUi | undefined): ServiceWords {
  return {
    title: 'Airflow trigger',
    service: 'Airflow',
    pageIn: 'Airflow',
    made: 'created',
    runs: 'DAG',
    dryRun:
      'Dry run: nothing was created. The DAG, the run id and the logical date were looked up; no run was sent.',
    afterFailedTasks: [
      ui
        ? 'Open the log of each failed task below to see why it failed.'
        : 'Open the run in Airflow to read the log of each failed task.',
      'Once it is fixed, clear the failed tasks in Airflow to run them again.'
    ],
    ...(ui
      ? {}
      : {
          noLink: {
            log: 'give "ui-url" (the Airflow UI) for one',
            summary: 'give <code>ui-url</code> (the Airflow UI) for a link to it'
          }
        })
  }
}

interface DagRunPlace {
  dagId: string
  /** Host and path of the DAG's runs collection. */
  target: string
  /** Where the REST API was found, and which Airflow serves it. */
  location: AirflowApiLocation
  /** Absent when no UI address is known (MWAA without ui-url): no links then. */
  ui?: AirflowUi
  /** The run's note and what became of it; absent when there was none to send. */
  note?: NoteReport
}

/** What the summary shows of a DAG run's Airflow: the target, the release, the DAG, the note. */
export function dagRunFacts(place: DagRunPlace): ServiceFacts {
  const { location, ui, dagId, note } = place
  const notice = endOfLifeNotice(location)
  return {
    words: words(ui),
    where: [
      ['Target', `<code>${inline(place.target)}</code>`],
      [
        'Airflow',
        `${escapeHtml(airflowName(location))}, REST API <code>${inline(location.apiPath)}</code> (${inline(location.how, 400)})`
      ],
      ['DAG', `<code>${inline(dagId)}</code>`]
    ],
    more: note ? [noteRow(note)] : [],
    notices: notice ? [notice] : [],
    ...(ui ? { dagUrl: dagPageUrl(ui, dagId) } : {})
  }
}
