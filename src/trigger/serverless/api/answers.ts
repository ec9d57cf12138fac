import { amount, dateTime, matching, record, text } from '../../../http/json-fields.js'
import type { HttpResult } from '../../../http/send.js'
import type { TaskInstance } from '../../backend/backend.js'

/*
 * MWAA Serverless's outputs (mwaa-serverless 2024-07-26), read without trusting them: a RunId is
 * held to IdString, a state to a word, a time to a date AWS writes (date-time). States come as the
 * service spells them (RUNNING) and are given on as Airflow's are (running), so that a workflow
 * reads `dag-run-state` the same whichever service ran the run.
 */

/** WorkflowRunStatus values that no later poll can change. */
export const FINAL_RUN_STATES: ReadonlySet<string> = new Set([
  'success',
  'failed',
  'timeout',
  'stopped'
])

/** IdString: `^[a-zA-Z0-9]+[a-zA-Z0-9\.\-_]*$`, 1 to 255 characters. */
const ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}$/

const id = (value: unknown): string | undefined => matching(value, ID)

/** An enum value as the service writes it (`UPSTREAM_FAILED`), given on in Airflow's case. */
const state = (value: unknown): string | undefined =>
  matching(value, /^[A-Z][A-Z_]{0,39}$/)?.toLowerCase()

/** The JSON object of a 2xx answer, or undefined. */
export function outputOf(result: HttpResult): Record<string, unknown> | undefined {
  if (!('response' in result)) return undefined
  const { status, body } = result.response
  if (status < 200 || status >= 300) return undefined
  try {
    return record(JSON.parse(body))
  } catch {
    return undefined
  }
}

/** StartWorkflowRunResponse: `{RunId, Status, StartedAt}`; undefined without a RunId. */
export function startedRun(output: Record<string, unknown> | undefined) {
  const runId = id(output?.RunId)
  return runId ? { runId, state: state(output?.Status) } : undefined
}

export interface WorkflowRun {
  runId: string
  state?: string
  /** The run's own time from its start to its end, when the service tells it. */
  durationMs?: number
  errorMessage?: string
  /** The parameters the run was started with (null: none). */
  overrideParameters: unknown
}

/** GetWorkflowRunResponse: `RunId`, `OverrideParameters`, and `RunDetail` with `RunState`. */
export function workflowRun(output: Record<string, unknown> | undefined): WorkflowRun | undefined {
  const runId = id(output?.RunId)
  if (!output || !runId) return undefined
  const detail = record(output.RunDetail) ?? {}
  const started = dateTime(detail.StartedOn)
  const completed = dateTime(detail.CompletedOn)
  const duration = amount(detail.Duration)
  const durationMs =
    duration !== undefined
      ? duration * 1000
      : started && completed
        ? Math.max(Date.parse(completed) - Date.parse(started), 0)
        : undefined
  return {
    runId,
    state: state(detail.RunState),
    ...(durationMs === undefined ? {} : { durationMs }),
    ...(text(detail.ErrorMessage)?.trim() ? { errorMessage: detail.ErrorMessage as string } : {}),
    overrideParameters: output.OverrideParameters ?? null
  }
}

interface ListedRun {
  runId: string
  runType?: string
  /** When the service made the run: `CreatedOn`, else `StartedAt`. */
  createdAt?: number
}

/** ListWorkflowRunsResponse: `WorkflowRuns` of `{RunId, RunType, RunDetailSummary}`. */
export function listedRuns(output: Record<string, unknown> | undefined): ListedRun[] | undefined {
  const runs = output?.WorkflowRuns
  if (!Array.isArray(runs)) return undefined
  return runs.flatMap(item => {
    const run = record(item) ?? {}
    const runId = id(run.RunId)
    if (!runId) return []
    const summary = record(run.RunDetailSummary) ?? {}
    const made = dateTime(summary.CreatedOn) ?? dateTime(summary.StartedAt)
    return [
      {
        runId,
        ...(text(run.RunType) ? { runType: run.RunType as string } : {}),
        ...(made ? { createdAt: Date.parse(made) } : {})
      }
    ]
  })
}

/**
 * ListTaskInstancesResponse: `TaskInstances` of `{TaskInstanceId, Status, DurationInSeconds}`, as
 * the wait's report shows Airflow's task instances; `more` when a `NextToken` says others follow.
 * The summary has no try number (only GetTaskInstance tells it).
 */
export function listedTasks(
  output: Record<string, unknown> | undefined
): { tasks: TaskInstance[]; more: boolean } | undefined {
  const items = output?.TaskInstances
  if (!Array.isArray(items)) return undefined
  const tasks = items.flatMap((item): TaskInstance[] => {
    const task = record(item) ?? {}
    const taskId = id(task.TaskInstanceId)
    if (!taskId) return []
    const duration = amount(task.DurationInSeconds)
    return [
      {
        taskId,
        state: state(task.Status),
        ...(duration === undefined ? {} : { duration }),
        mapIndex: -1
      }
    ]
  })
  return { tasks, more: text(output?.NextToken) !== undefined }
}

/**
 * An answer's body as the summary may show it: the run's `OverrideParameters`, which the model
 * marks sensitive (values a task reads from its environment), left out.
 */
export function shownAnswer(body: string): string {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return body
  }
  if (typeof json !== 'object' || json === null || !('OverrideParameters' in json)) return body
  return JSON.stringify({ ...json, OverrideParameters: "(not shown: the run's parameters)" })
}
