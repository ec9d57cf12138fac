import type { HttpResponse } from '../http/request.js'

/** The fields of a dag run the action uses; the server sends more. */
export interface DagRun {
  dag_run_id: string
  logical_date?: string | null
  state?: string
}

export type PostOutcome =
  | { kind: 'created'; run: DagRun }
  /** A success status without the proof of creation (spec §4.1 rule 3). */
  | { kind: 'not-proven'; status: number }
  /** The run id or the logical date is taken; which one is found out with a GET. */
  | { kind: 'duplicate'; status: number; message: string }
  /** Throttled: the answer says to come back later. */
  | { kind: 'throttled'; status: number; message: string }
  /** A 5xx may come from a gateway after the server stored the run: it is ambiguous. */
  | { kind: 'server-error'; status: number; message: string }
  | { kind: 'rejected'; status: number; message: string }

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The dag run in a body, or undefined unless it is a JSON object holding a string `dag_run_id`. */
export function parseDagRun(body: string): DagRun | undefined {
  const parsed = parseJson(body)
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const run = parsed as Record<string, unknown>
  if (typeof run.dag_run_id !== 'string' || run.dag_run_id === '') return undefined
  return {
    dag_run_id: run.dag_run_id,
    logical_date: typeof run.logical_date === 'string' ? run.logical_date : null,
    state: typeof run.state === 'string' ? run.state : undefined
  }
}

/**
 * The server's own words from an error body: an RFC 7807 `detail` string, the 3.x `detail`
 * object, a validation list (`loc: msg`), a WordPress-style `message`, or else the raw text.
 */
export function errorMessage(body: string): string {
  const parsed = parseJson(body)
  if (typeof parsed !== 'object' || parsed === null) return body.trim()
  const { detail, message, title } = parsed as Record<string, unknown>
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map(item => {
        const { loc, msg } = (item ?? {}) as { loc?: unknown; msg?: unknown }
        const where = Array.isArray(loc) ? loc.filter(part => part !== 'body').join('.') : ''
        return where ? `${where}: ${String(msg)}` : String(msg)
      })
      .join('; ')
  }
  if (typeof detail === 'object' && detail !== null) {
    const { reason, message: inner } = detail as Record<string, unknown>
    return [reason, inner].filter(part => typeof part === 'string').join(': ')
  }
  if (typeof message === 'string') return message
  if (typeof title === 'string') return title
  return body.trim()
}

const DUPLICATE_WORDS = /already exists|unique constraint|duplicate/i

/** Classifies the answer to a run-creation POST. */
export function interpretPost(response: HttpResponse): PostOutcome {
  const { status, body } = response
  if (status >= 200 && status < 300) {
    const run = parseDagRun(body)
    return run ? { kind: 'created', run } : { kind: 'not-proven', status }
  }
  const message = errorMessage(body)
  // Real servers say 409; the spec shows 400. A 400 for other reasons (a bad run id, a DAG with
  // import errors) must not be taken for a duplicate, so a 400 needs the words too.
  if (status === 409 || (status === 400 && DUPLICATE_WORDS.test(message))) {
    return { kind: 'duplicate', status, message }
  }
  if (status === 429) return { kind: 'throttled', status, message }
  if (status >= 500) return { kind: 'server-error', status, message }
  return { kind: 'rejected', status, message }
}

/** Same instant? The server may echo `2026-01-31T12:00:00+00:00` for our `…Z`. */
export function sameInstant(a: string | null | undefined, b: string): boolean {
  if (!a) return false
  return new Date(a).getTime() === new Date(b).getTime()
}
