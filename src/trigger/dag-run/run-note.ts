import { diagnose } from '../../diagnosis/index.js'
import type { HttpResult } from '../../http/send.js'
import { describeResult } from '../../http/send.js'
import { log } from '../../log/log.js'
import { inline } from '../../summary/html.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import type { TriggerReport } from '../backend/backend.js'
import { noteHtml } from '../create/note-text.js'

/** What became of the run's note, for the summary. */
export interface NoteReport {
  text: string
  /** `sent with the run`, `not set: …`, … */
  fate: string
}

/** The run's note and what it is for: the API it goes to, and the run it is set on. */
interface NoteRun {
  api: AirflowApi
  /** The note as sent; empty with `note: ''`. */
  note: string
  dagRunId: string
  signal?: AbortSignal
}

/** Airflow 3 (and MWAA on 3) takes the note in the POST; Airflow 2 only after, with setNote. */
export function noteInPost(api: AirflowApi, note: string): string | undefined {
  return api.location.version === 3 && note ? note : undefined
}

const KEPT = 'not set: the run existed before this step, and keeps its own note'

/** The note's row of the summary's Details: the note as it reads in Airflow, and its fate. */
export function noteRow(report: NoteReport): string[] {
  return ['Note', `${noteHtml(report.text)} (${inline(report.fate, 400)})`]
}

/** A dry run says which note the run would get, and how. */
export function tellDryRunNote(run: NoteRun, report: TriggerReport): NoteReport | undefined {
  const { note, dagRunId } = run
  if (!note) return undefined
  if (report.existing) {
    log.info(`Dry run: run ${dagRunId} exists, and would keep its own note.`)
    return { text: note, fate: KEPT }
  }
  if (report.outcome !== 'would-create') return undefined
  const how = noteInPost(run.api, note)
    ? 'sent with the POST'
    : "set after the POST with Airflow 2's PATCH …/setNote (Airflow 2.5 and later)"
  log.info(`Dry run: the run would get this note, ${how}: ${note}`)
  return { text: note, fate: `would be ${how}` }
}

/**
 * After the POST: the note went with it (Airflow 3), or is set now (Airflow 2, whose refusal is a
 * warning: the run is there all the same). A run that existed before keeps its own note.
 */
export async function settleNote(
  run: NoteRun,
  report: TriggerReport
): Promise<NoteReport | undefined> {
  const { note, dagRunId } = run
  if (!note) return undefined
  if (report.existing) {
    log.info(
      `Run ${dagRunId} existed before this step: it keeps its own note, and this one was not set.`
    )
    return { text: note, fate: KEPT }
  }
  if (report.outcome !== 'created' && report.outcome !== 'recovered') return undefined
  if (noteInPost(run.api, note)) {
    log.info(`Note sent with the run: ${note}`)
    return { text: note, fate: 'sent with the run' }
  }
  return { text: note, fate: await setNote(run, report) }
}

/** Airflow 2's setNote, recorded with the step's requests; what became of the note. */
async function setNote(run: NoteRun, report: TriggerReport): Promise<string> {
  const { api, dagRunId, note, signal } = run
  if (signal?.aborted) return 'not set: the step was cancelled first'
  let result: HttpResult
  try {
    result = await api.setNote(dagRunId, note)
  } catch (error) {
    return refused(dagRunId, (error as Error).message)
  }
  const verdict = diagnose(result, api.context('PATCH'))
  report.requests.push({ request: 'PATCH', result: describeResult(result), layer: verdict.layer })
  if ('response' in result && result.response.status === 200) {
    log.info(`Note set on run ${dagRunId} (PATCH …/setNote): ${note}`)
    return "set after the run was created (Airflow 2's setNote)"
  }
  return refused(dagRunId, `PATCH …/setNote answered ${quoteAnswer(result, verdict)}`)
}

function refused(dagRunId: string, why: string): string {
  log.warning(
    `Run ${dagRunId} was created, but its note could not be set (${why}). Airflow 2 has notes from 2.5 on, and setting one takes edit permission on the DAG's runs; the run itself is not affected.`,
    'Note not set'
  )
  return `not set (${why})`
}
