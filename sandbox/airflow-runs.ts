import { createHash } from 'node:crypto'
import { isoUtc } from './airflow-dates.js'
import { atLeast } from './airflow-releases.js'
import type { DagRun, DagRunState, HeldTask } from './types.js'

/** A DAG's pause switch, shared by its runs: a paused DAG starts none of them. */
export interface DagSwitch {
  /** Since when it is paused; null: not paused. */
  pausedAt: number | null
  /** When it was last unpaused: a run held until then starts from there. */
  unpausedAt: number
}

export interface StoredRun {
  dag: DagSwitch
  /** The earlier run whose end frees the slot this one needs (max_active_runs). */
  waitsFor?: StoredRun
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
  /** The DAG's tasks, run one after another in equal slots of the run's time. */
  tasks: string[]
  /** In a failing run, the task that fails (on its second try); its downstream tasks never run. */
  failingTask: string
  /** A task that waits in a state of its own before it runs, holding up those after it. */
  heldTask: HeldTask | null
  /** Set at the trigger (Airflow 3.2+), null otherwise. */
  partitionKey: string | null
  /** The Airflow 3 release that made the run: from 3.2 its answers carry that release's fields. */
  release: string
  /** Set by a PATCH of the run's state: it ended then, whatever its timings say. */
  setState?: { state: 'success' | 'failed'; at: number }
}

export class RunStore {
  private readonly byDag = new Map<string, StoredRun[]>()
  private readonly switches = new Map<string, DagSwitch>()

  /** The DAG's switch, made on first use: paused from the start when `paused`. */
  switchOf(dagId: string, paused: boolean): DagSwitch {
    let found = this.switches.get(dagId)
    if (!found) {
      found = { pausedAt: paused ? 0 : null, unpausedAt: 0 }
      this.switches.set(dagId, found)
    }
    return found
  }

  /** The DAG's runs, oldest first. */
  of(dagId: string): readonly StoredRun[] {
    return this.byDag.get(dagId) ?? []
  }

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
    this.switches.clear()
  }
}

interface Timeline {
  state: DagRunState
  startMs: number | null
  endMs: number | null
}

/**
 * When the run may start (Infinity: not while its DAG stays paused), and the length of each
 * task's slot. It waits for its logical date, for its DAG to be unpaused, and for a free slot.
 */
function schedule(run: StoredRun): { startMs: number; slotMs: number } {
  const origin = Math.max(
    run.createdAt,
    run.logicalMs ?? run.createdAt,
    run.dag.unpausedAt,
    run.waitsFor ? endOf(run.waitsFor) : 0
  )
  const due = origin + run.runStartMs
  const held = run.dag.pausedAt !== null && due >= run.dag.pausedAt
  const total = Math.max(run.runDurationMs - run.runStartMs, 0)
  return { startMs: held ? Infinity : due, slotMs: total / Math.max(run.tasks.length, 1) }
}

/** The held task's place and how long it holds (Infinity: for good), when it is among the tasks. */
function holdOf(run: StoredRun): { index: number; ms: number } | undefined {
  const held = run.heldTask
  const index = held ? run.tasks.indexOf(held.taskId) : -1
  return held && index !== -1 ? { index, ms: held.forMs ?? Infinity } : undefined
}

/** How much later than its slot task `index` starts: the hold of a task before it. */
function delayOf(run: StoredRun, index: number): number {
  const hold = holdOf(run)
  return hold && index > hold.index ? hold.ms : 0
}

/** When the run ends, as far as is known now (Infinity: not while its DAG stays paused). */
function endOf(run: StoredRun): number {
  if (run.setState) return run.setState.at
  const { startMs, slotMs } = schedule(run)
  const failing = failingIndex(run)
  const last = failing === -1 ? run.tasks.length - 1 : failing
  return startMs + slotMs * (last + 1) + delayOf(run, last + 1)
}

/** Index of the failing task, or -1 when the run succeeds. */
function failingIndex(run: StoredRun): number {
  if (!run.fails) return -1
  const index = run.tasks.indexOf(run.failingTask)
  return index === -1 ? run.tasks.length - 1 : index
}

/**
 * State is derived from timestamps on every read, so no timers outlive the server. A run whose
 * logical date lies ahead waits for it, as a scheduled run does. A failing run ends when its
 * failing task does, as Airflow's scheduler ends it once every task is finished.
 */
function timeline(run: StoredRun, now: number): Timeline {
  if (run.setState) {
    const before = timeline({ ...run, setState: undefined }, run.setState.at)
    return { state: run.setState.state, startMs: before.startMs, endMs: run.setState.at }
  }
  const { startMs } = schedule(run)
  const endMs = endOf(run)
  if (now < startMs) return { state: 'queued', startMs: null, endMs: null }
  if (now < endMs) return { state: 'running', startMs, endMs: null }
  return { state: run.fails ? 'failed' : 'success', startMs, endMs }
}

export interface TaskInstance {
  task_id: string
  /** null: not started yet (Airflow's "no status"). */
  state: string | null
  try_number: number
  start_date: string | null
  end_date: string | null
  duration: number | null
}

/**
 * The run's task instances as of `now`: one task after another; the failing one tries twice. A
 * run set to a state ends its unfinished tasks as Airflow's set_dag_run_state_to_failed does
 * (running ones failed, the others skipped), or all succeeded.
 */
export function taskInstances(run: StoredRun, now: number): TaskInstance[] {
  const set = run.setState
  if (set) {
    const unfinished = new Set(['running', null])
    return taskInstances({ ...run, setState: undefined }, set.at).map(ti => {
      if (!unfinished.has(ti.state)) return ti
      const state = set.state === 'success' ? 'success' : ti.state === null ? 'skipped' : 'failed'
      return { ...ti, state, end_date: isoUtc(set.at) }
    })
  }
  const { startMs, slotMs } = schedule(run)
  const failing = failingIndex(run)
  const hold = holdOf(run)
  return run.tasks.map((taskId, index) => {
    const from = startMs + slotMs * index + delayOf(run, index)
    // A held task waits in its state first, then runs its slot.
    const held = hold?.index === index ? hold.ms : 0
    const to = from + held + slotMs
    const instance = (
      state: string | null,
      tryNumber: number,
      start: number | null,
      end: number | null
    ): TaskInstance => ({
      task_id: taskId,
      state,
      try_number: tryNumber,
      start_date: start === null ? null : isoUtc(start),
      end_date: end === null ? null : isoUtc(end),
      duration: start === null ? null : ((end ?? now) - start) / 1000
    })
    if (failing !== -1 && index > failing) {
      const failedAt = startMs + slotMs * (failing + 1) + delayOf(run, failing + 1)
      return now < failedAt
        ? instance(null, 0, null, null)
        : instance('upstream_failed', 0, failedAt, failedAt)
    }
    if (now < from) return instance(null, 0, null, null)
    if (now < from + held) return instance(run.heldTask!.state, 1, from, null)
    const retried = index === failing && now >= from + held + slotMs / 2
    if (now < to) return instance('running', retried ? 2 : 1, from, null)
    return index === failing ? instance('failed', 2, from, to) : instance('success', 1, from, to)
  })
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
    // The time it was triggered, not the logical date: Airflow 3.3.2 answered a POST with
    // "logical_date":"2025-03-18T01:02:00Z" … "queued_at":"2026-11-28T14:57:20.988998Z" …
    // "run_after":"2026-11-28T14:57:20.985039Z".
    run_after: date(record.queued_at),
    last_scheduling_decision: null,
    run_type: record.run_type,
    state: record.state,
    triggered_by: 'rest_api',
    triggering_user_name: 'airflow',
    conf: record.conf,
    note: record.note,
    dag_versions: [],
    bundle_version: null,
    dag_display_name: record.dag_id,
    ...(atLeast(run.release, 3, 2) ? since32(run) : {})
  }
}

/** What a 3.2+ run answer adds: the partition, and the DAG version the run was made of. */
function since32(run: StoredRun): Record<string, unknown> {
  return {
    partition_key: run.partitionKey,
    dag_versions: [
      {
        id: uuid7Like(`${run.dagId}/version/1`),
        version_number: 1,
        dag_id: run.dagId,
        bundle_name: 'dags-folder',
        bundle_version: null,
        created_at: isoUtc(0),
        dag_display_name: run.dagId,
        bundle_url: null
      }
    ]
  }
}

/** A stable id in the UUID v7 layout Airflow 3 gives task instances. */
function uuid7Like(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * A task instance as each version lists it: Airflow 2's TaskInstanceSchema (`execution_date`,
 * `+00:00` dates, `sla_miss`), or Airflow 3's TaskInstanceResponse (`id`, `Z` dates, `run_after`,
 * `task_display_name`, `dag_version`, …).
 */
export function taskInstanceAnswer(
  run: StoredRun,
  instance: TaskInstance,
  version: 2 | 3
): Record<string, unknown> {
  const zone = version === 2 ? '+00:00' : 'Z'
  const date = (iso: string | null) => pythonIso(iso, zone)
  const logical = run.logicalMs === null ? null : isoUtc(run.logicalMs)
  const common = {
    task_id: instance.task_id,
    dag_id: run.dagId,
    dag_run_id: run.runId,
    map_index: -1,
    start_date: date(instance.start_date),
    end_date: date(instance.end_date),
    duration: instance.duration,
    state: instance.state,
    try_number: instance.try_number,
    max_tries: 1,
    hostname: instance.start_date === null ? '' : 'worker-1',
    unixname: 'airflow',
    pool: 'default_pool',
    pool_slots: 1,
    queue: 'default',
    priority_weight: 1,
    operator: 'PythonOperator',
    queued_when: null,
    pid: null,
    executor_config: '{}',
    rendered_fields: {},
    trigger: null,
    triggerer_job: null,
    note: null
  }
  if (version === 2) {
    return { ...common, execution_date: date(logical), sla_miss: null }
  }
  return {
    id: uuid7Like(`${run.dagId}/${run.runId}/${instance.task_id}`),
    ...common,
    logical_date: date(logical),
    run_after: date(isoUtc(run.createdAt)),
    scheduled_when: null,
    task_display_name: instance.task_id,
    dag_display_name: run.dagId,
    operator_name: 'PythonOperator',
    executor: null,
    rendered_map_index: null,
    dag_version: null
  }
}
