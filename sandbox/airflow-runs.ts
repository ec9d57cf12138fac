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
