import { clip } from '../../diagnosis/text.js'
import { logicalDateOf, sameInstant } from './airflow-answers.js'
import { readListPage } from './list-page.js'
import { counted } from '../../log/words.js'
import { dateTime, record } from '../../http/json-fields.js'

/** What a list of the DAG's runs asked for at exactly one logical date proves of that date. */
type RunsAt =
  | { kind: 'held'; runId: string }
  | { kind: 'free' }
  /** The answer proves neither: not a list, or a list that may leave the holder out. */
  | { kind: 'unknown'; why: string }

/** A listed run's logical date, when it is a readable one. */
function dateOf(run: Record<string, unknown>): string | undefined {
  return dateTime(logicalDateOf(run))
}

/**
 * Reads the answer to `GET …/dagRuns?logical_date_gte=D&logical_date_lte=D&limit=1` (Airflow 2:
 * `execution_date_…`). Only a listed run whose own logical date is D holds D. An empty list says
 * no run is at D. Runs at other dates mean the server did not filter: D is free only when the
 * answer lists every run of the DAG (`total_entries` equal to the runs listed, or a cursor page
 * whose `next_cursor` is null) and none is at D.
 */
export function readRunsAt(json: Record<string, unknown> | undefined, logicalDate: string): RunsAt {
  const page = readListPage(json, 'dag_runs')
  if (!page) {
    return { kind: 'unknown', why: 'the answer is not a list of runs (no "dag_runs" array)' }
  }
  const runs = page.items.map(record)
  for (const run of runs) {
    if (!run || !sameInstant(dateOf(run), logicalDate)) continue
    const id = typeof run.dag_run_id === 'string' && run.dag_run_id !== '' ? run.dag_run_id : ''
    return { kind: 'held', runId: id ? clip(id, 250) : '(a run without an id)' }
  }
  if (runs.length === 0) {
    return !page.more
      ? { kind: 'free' }
      : {
          kind: 'unknown',
          why: `the list is empty, yet it counts ${page.total === undefined ? 'more runs' : counted(page.total, 'run')}`
        }
  }
  const dated = runs.every(run => run && dateOf(run) !== undefined)
  if (dated && page.more === false) return { kind: 'free' }
  return {
    kind: 'unknown',
    why: `the server listed ${runs.length === 1 ? 'a run' : 'runs'} at another logical date${dated ? '' : ' or at none'}, so it did not filter by the date, and the run at ${logicalDate}, if any, may be among those it left out`
  }
}
