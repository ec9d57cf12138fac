import { isoUtc } from './airflow-dates.js'
import type { DagRun, DagRunState } from './types.js'

export interface StoredRun {
  dagId: string
  runId: string
  logicalMs: number | null
  conf: Record<string, unknown>
  note: string | null
  createdAt: number
  /** Timings fixed at creation so a later configure() does not rewrite history. */
  runStartMs: number
  runDurationMs: number
  fails: boolean
}

export class RunStore {
  private readonly byDag = new Map<string, StoredRun[]>()

  add(run: StoredRun): void {
    const runs = this.byDag.get(run.dagId) ?? []
    runs.push(run)
    this.byDag.set(run.dagId, runs)
  }

  find(dagId: string, runId: string): StoredRun | undefined {
    return this.byDag.get(dagId)?.find(run => run.runId === runId)
  }

  findByLogicalDate(dagId: string, logicalMs: number): StoredRun | undefined {
    return this.byDag.get(dagId)?.find(run => run.logicalMs === logicalMs)
  }

  entries(): [string, StoredRun[]][] {
    return [...this.byDag.entries()]
  }

  clear(): void {
    this.byDag.clear()
  }
}

interface Timeline {
  state: DagRunState
  startMs: number | null
  endMs: number | null
}

/**
 * State is derived from timestamps on every read, so no timers outlive the server. A run whose
 * logical date lies ahead waits for it, as a scheduled run does.
 */
function timeline(run: StoredRun, now: number): Timeline {
  const origin = Math.max(run.createdAt, run.logicalMs ?? run.createdAt)
  const startMs = origin + run.runStartMs
  const endMs = origin + Math.max(run.runDurationMs, run.runStartMs)
  if (now < startMs) return { state: 'queued', startMs: null, endMs: null }
  if (now < endMs) return { state: 'running', startMs, endMs: null }
  return { state: run.fails ? 'failed' : 'success', startMs, endMs }
}

export function toDagRun(run: StoredRun, now: number): DagRun {
  const { state, startMs, endMs } = timeline(run, now)
  return {
    dag_run_id: run.runId,
    dag_id: run.dagId,
    logical_date: run.logicalMs === null ? null : isoUtc(run.logicalMs),
    queued_at: isoUtc(run.createdAt),
    start_date: startMs === null ? null : isoUtc(startMs),
    end_date: endMs === null ? null : isoUtc(endMs),
    state,
    run_type: 'manual',
    conf: run.conf,
    note: run.note
  }
}

/** A UTC instant as Python writes it: microseconds only when non-zero, then the zone. */
function pythonIso(iso: string | null, zone: 'Z' | '+00:00'): string | null {
  if (iso === null) return null
  const date = new Date(iso)
  const ms = date.getUTCMilliseconds()
  const fraction = ms === 0 ? '' : `.${String(ms).padStart(3, '0')}000`
  return `${date.toISOString().slice(0, 19)}${fraction}${zone}`
}

/**
 * The run as each version answers it: Airflow 2's DAGRun schema (`+00:00` dates,
 * `execution_date`, `external_trigger`), or Airflow 3's DAGRunResponse (`Z` dates, `run_after`,
 * `triggered_by`, `dag_versions`, …).
 */
export function dagRunAnswer(run: StoredRun, now: number, version: 2 | 3): Record<string, unknown> {
  const record = toDagRun(run, now)
  if (version === 2) {
    const date = (iso: string | null) => pythonIso(iso, '+00:00')
    return {
      dag_run_id: record.dag_run_id,
      dag_id: record.dag_id,
      logical_date: date(record.logical_date),
      execution_date: date(record.logical_date),
      start_date: date(record.start_date),
      end_date: date(record.end_date),
      data_interval_start: date(record.logical_date),
      data_interval_end: date(record.logical_date),
      last_scheduling_decision: null,
      run_type: record.run_type,
      state: record.state,
      external_trigger: true,
      conf: record.conf,
      note: record.note
    }
  }
  const date = (iso: string | null) => pythonIso(iso, 'Z')
  const started = record.start_date === null ? null : Date.parse(record.start_date)
  const ended = record.end_date === null ? null : Date.parse(record.end_date)
  return {
    dag_run_id: record.dag_run_id,
    dag_id: record.dag_id,
    logical_date: date(record.logical_date),
    queued_at: date(record.queued_at),
    start_date: date(record.start_date),
    end_date: date(record.end_date),
    duration: started !== null && ended !== null ? (ended - started) / 1000 : null,
    data_interval_start: date(record.logical_date),
    data_interval_end: date(record.logical_date),
    run_after: date(record.logical_date ?? record.queued_at),
    last_scheduling_decision: null,
    run_type: record.run_type,
    state: record.state,
    triggered_by: 'rest_api',
    triggering_user_name: 'airflow',
    conf: record.conf,
    note: record.note,
    dag_versions: [],
    bundle_version: null,
    dag_display_name: record.dag_id
  }
}
