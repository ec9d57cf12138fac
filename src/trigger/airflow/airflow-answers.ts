import type { Verdict } from '../../diagnosis/index.js'
import { describeResult, type HttpResponse, type HttpResult } from '../../http/send.js'
import { dateTime, matching, text } from '../../http/json-fields.js'

/**
 * Whether Airflow refused a run as a duplicate of an existing one. Airflow says 409; the interface
 * shows 400 for a repeated logical date. A 400 for other reasons (a bad run id, a DAG with import
 * errors) must not be taken for a duplicate, so a 400 needs the words too.
 */
export function isDuplicateRun(status: number, said: string | undefined): boolean {
  return (
    status === 409 ||
    (status === 400 && /already exists|unique constraint|duplicate/i.test(said ?? ''))
  )
}

/** A run's states that no later poll can change. */
export const TERMINAL_STATES: ReadonlySet<string> = new Set(['success', 'failed'])

/** The fields of a dag run the action uses; the server sends more. */
export interface DagRun {
  dag_run_id: string
  logical_date?: string | null
  state?: string
  /** When the run started and ended, when the answer gave readable dates. */
  start_date?: string
  end_date?: string
}

type PostOutcome =
  | { kind: 'created'; status: number; run: DagRun }
  /** A success status without `dag_run_id`: only that field in the body proves a run was made. */
  | { kind: 'not-proven'; status: number }
  /** The run id or the logical date is taken; which one is found out with a GET. */
  | { kind: 'duplicate'; status: number; message: string }
  /** Throttled: the answer says to come back later. */
  | { kind: 'throttled'; status: number; message: string }
  /** A 5xx may come from a gateway after the server stored the run: it is ambiguous. */
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'rejected'; status: number; message: string }

/**
 * A run's logical date as an answer gives it: `logical_date`, or `execution_date`, the only name
 * Airflow 2.0 and 2.1 give it (later versions send both).
 */
export function logicalDateOf(run: Record<string, unknown>): string | undefined {
  const date = [run.logical_date, run.execution_date].find(value => typeof value === 'string')
  return typeof date === 'string' ? date : undefined
}

/** The dag run in an answer, or undefined unless it is a JSON object holding a string `dag_run_id`. */
export function parseDagRun(verdict: Verdict): DagRun | undefined {
  const run = verdict.json
  const id = text(run?.dag_run_id)
  if (!run || !id) return undefined
  return {
    dag_run_id: id,
    logical_date: logicalDateOf(run) ?? null,
    // A state is a word (`queued`, `up_for_retry`); anything else is not taken for one.
    state: matching(run.state, /^[a-z_]{1,40}$/),
    start_date: dateTime(run.start_date),
    end_date: dateTime(run.end_date)
  }
}

/** Classifies the answer to a run-creation POST, from the diagnosis of that answer. */
export function interpretPost(response: HttpResponse, verdict: Verdict): PostOutcome {
  const { status } = response
  if (status >= 200 && status < 300) {
    const run = parseDagRun(verdict)
    return run ? { kind: 'created', status, run } : { kind: 'not-proven', status }
  }
  const message = verdict.said ?? ''
  if (isDuplicateRun(status, verdict.said)) return { kind: 'duplicate', status, message }
  if (status === 429) return { kind: 'throttled', status, message }
  if (status >= 500) return { kind: 'server-error', status, message }
  return { kind: 'rejected', status, message }
}

/** Same instant? The server may echo `2026-01-31T12:00:00+00:00` for our `…Z`. */
export function sameInstant(a: string | null | undefined, b: string): boolean {
  if (!a) return false
  return new Date(a).getTime() === new Date(b).getTime()
}

/** Airflow 3's answer to a token past its time: 401 `{"detail": "Token Expired"}` (security.py). */
export function isExpiredToken(result: HttpResult, verdict: Verdict): boolean {
  return (
    'response' in result &&
    result.response.status === 401 &&
    /^token expired$/i.test(verdict.said?.trim() ?? '')
  )
}

/** What came back, with the server's own words when it gave some: `HTTP 403: Forbidden`. */
export function quoteAnswer(result: HttpResult, verdict: Verdict): string {
  const seen = describeResult(result)
  return verdict.said ? `${seen}: ${verdict.said}` : seen
}
