import { randomBytes } from 'node:crypto'

/*
 * The runs of the MWAA Serverless stand-in: made by StartWorkflowRun, kept per ClientToken for an
 * idempotency window, and moving on by the stand-in's clock (a test's, or Date.now): STARTING,
 * then RUNNING with their tasks one after another, then SUCCESS, or FAILED when the workflow's
 * failing task fails; STOPPING, then STOPPED, after StopWorkflowRun.
 */

export interface StandInWorkflow {
  arn: string
  name: string
  status: 'READY' | 'DELETING'
  /** The workflow's tasks, run one after another in equal slots of the run's time. */
  tasks: string[]
  /** The task that fails in every run; those after it never run. */
  failingTask?: string
}

export interface ServerlessTiming {
  /** STARTING → RUNNING after this long. */
  runStartMs: number
  /** The run ends this long after it was made. */
  runDurationMs: number
  /** A ClientToken gives back its run for this long; after it, a new run is made. */
  idempotencyWindowMs: number
}

export interface StoredRun {
  runId: string
  workflow: StandInWorkflow
  clientToken?: string
  params: Record<string, unknown> | null
  createdAt: number
  stoppedAt?: number
  /** The timings fixed when the run was made. */
  timing: ServerlessTiming
}

/** A StopWorkflowRun takes this long to go from STOPPING to STOPPED. */
const STOP_MS = 100

export interface RunView {
  state: string
  startedOn?: number
  completedOn?: number
}

export interface TaskView {
  taskId: string
  status: string
  durationS?: number
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export class ServerlessRuns {
  private readonly runs: StoredRun[] = []

  constructor(
    private readonly now: () => number,
    private readonly timing: () => ServerlessTiming
  ) {}

  /**
   * A new run, or the ClientToken's run while its window lasts; a token reused with another
   * workflow or other parameters is a conflict.
   */
  start(
    workflow: StandInWorkflow,
    clientToken: string | undefined,
    params: Record<string, unknown> | null
  ): { run: StoredRun } | { conflict: string } {
    const at = this.now()
    const earlier = clientToken
      ? this.runs.find(
          run =>
            run.clientToken === clientToken && at - run.createdAt < run.timing.idempotencyWindowMs
        )
      : undefined
    if (earlier) {
      if (earlier.workflow.arn !== workflow.arn || !same(earlier.params, params))
        return {
          conflict: `ClientToken ${clientToken} was used for another request within its idempotency window.`
        }
      return { run: earlier }
    }
    const run: StoredRun = {
      runId: `run-${randomBytes(8).toString('hex')}`,
      workflow,
      ...(clientToken ? { clientToken } : {}),
      params,
      createdAt: at,
      timing: this.timing()
    }
    this.runs.push(run)
    return { run }
  }

  find(workflowArn: string, runId: string): StoredRun | undefined {
    return this.runs.find(run => run.runId === runId && run.workflow.arn === workflowArn)
  }

  /** The workflow's runs, newest first. */
  of(workflowArn: string): StoredRun[] {
    return this.runs.filter(run => run.workflow.arn === workflowArn).reverse()
  }

  all(): readonly StoredRun[] {
    return this.runs
  }

  stop(run: StoredRun): void {
    if (!this.isOver(run)) run.stoppedAt = this.now()
  }

  clear(): void {
    this.runs.length = 0
  }

  private isOver(run: StoredRun): boolean {
    const state = this.view(run).state
    return ['SUCCESS', 'FAILED', 'TIMEOUT', 'STOPPED'].includes(state)
  }

  /** The run's state now, and when it started and ended. */
  view(run: StoredRun): RunView {
    const at = this.now()
    const { createdAt, timing, stoppedAt } = run
    const startedOn = createdAt + timing.runStartMs
    if (stoppedAt !== undefined) {
      const state = at >= stoppedAt + STOP_MS ? 'STOPPED' : 'STOPPING'
      return state === 'STOPPED'
        ? { state, startedOn, completedOn: stoppedAt + STOP_MS }
        : { state, startedOn }
    }
    if (at < startedOn) return { state: 'STARTING' }
    const completedOn = createdAt + timing.runDurationMs
    if (at < completedOn) return { state: 'RUNNING', startedOn }
    return { state: run.workflow.failingTask ? 'FAILED' : 'SUCCESS', startedOn, completedOn }
  }

  /** Each task's status now: done, running, not yet, failed, or never run after a failure. */
  tasks(run: StoredRun): TaskView[] {
    const at = Math.min(this.now(), run.stoppedAt ?? Infinity)
    const { tasks, failingTask } = run.workflow
    const start = run.createdAt + run.timing.runStartMs
    const slot = Math.max(run.timing.runDurationMs - run.timing.runStartMs, 0) / tasks.length
    const failedAt = failingTask ? tasks.indexOf(failingTask) : -1
    return tasks.map((taskId, index) => {
      const from = start + index * slot
      const to = from + slot
      if (failedAt !== -1 && index > failedAt)
        return { taskId, status: at >= start + (failedAt + 1) * slot ? 'UPSTREAM_FAILED' : 'NONE' }
      if (at < from)
        return { taskId, status: run.stoppedAt === undefined ? 'SCHEDULED' : 'REMOVED' }
      if (at < to) return { taskId, status: run.stoppedAt === undefined ? 'RUNNING' : 'CANCELLED' }
      const durationS = Math.round(slot) / 1000
      return { taskId, status: index === failedAt ? 'FAILED' : 'SUCCESS', durationS }
    })
  }
}
