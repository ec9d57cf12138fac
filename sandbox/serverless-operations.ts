import { jsonReply, type Reply } from './http.js'
import type { ServerlessRuns, StandInWorkflow, StoredRun } from './serverless-runs.js'

/*
 * The operations of the MWAA Serverless stand-in, each input held to mwaa-serverless 2024-07-26's
 * constraints (WorkflowArn's pattern and length, IdempotencyTokenString, IdString, MaxResults 1 to
 * 100). Members the operation does not have are refused too, so that a misspelt member cannot
 * pass unnoticed.
 */

export type Input = Record<string, unknown>

export interface OperationState {
  runs: ServerlessRuns
  workflows: StandInWorkflow[]
}

const WORKFLOW_ARN =
  /^arn:aws(?:-(?:cn|us-gov|iso|iso-b|iso-e|iso-f))?:airflow-serverless:[a-z]{2}-[a-z]+-\d:\d{12}:workflow\/[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}$/
const WORKFLOW_ID = /-[a-zA-Z0-9]{10}$/
const CLIENT_TOKEN = /^[\x21-\x7E]{1,128}$/
const ID_STRING = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}$/

type Check = (value: unknown) => string | undefined

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const workflowArn: Check = value =>
  typeof value === 'string' &&
  value.length <= 2048 &&
  WORKFLOW_ARN.test(value) &&
  WORKFLOW_ID.test(value)
    ? undefined
    : 'Member must satisfy regular expression pattern: arn:aws(?:-(?:cn|us-gov|iso|iso-b|iso-e|iso-f))?:airflow-serverless:…:workflow/…-[a-zA-Z0-9]{10}'
const clientToken: Check = value =>
  value === undefined || (typeof value === 'string' && CLIENT_TOKEN.test(value))
    ? undefined
    : 'Member must have length between 1 and 128 and satisfy regular expression pattern: [\\x21-\\x7E]+'
const runId: Check = value =>
  typeof value === 'string' && ID_STRING.test(value)
    ? undefined
    : 'Member must satisfy regular expression pattern: [a-zA-Z0-9]+[a-zA-Z0-9\\.\\-_]*'
const maxResults: Check = value =>
  value === undefined ||
  (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100)
    ? undefined
    : 'Member must have value between 1 and 100'
const map: Check = value =>
  value === undefined || isObject(value) ? undefined : 'Member must be a map'
const text: Check = value =>
  value === undefined || typeof value === 'string' ? undefined : 'Member must be a string'

const SHAPES: Record<string, Record<string, Check>> = {
  StartWorkflowRun: {
    WorkflowArn: workflowArn,
    ClientToken: clientToken,
    OverrideParameters: map,
    WorkflowVersion: text
  },
  GetWorkflowRun: { WorkflowArn: workflowArn, RunId: runId },
  StopWorkflowRun: { WorkflowArn: workflowArn, RunId: runId },
  ListWorkflowRuns: {
    WorkflowArn: workflowArn,
    MaxResults: maxResults,
    NextToken: text,
    WorkflowVersion: text
  },
  ListTaskInstances: {
    WorkflowArn: workflowArn,
    RunId: runId,
    MaxResults: maxResults,
    NextToken: text
  },
  GetWorkflow: { WorkflowArn: workflowArn, WorkflowVersion: text }
}

const VERSION = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'

export type Answered = { reply: Reply; refused?: string }

export function errorReply(
  type: string,
  status: number,
  message: string,
  members: Record<string, unknown> = {}
): Answered {
  return {
    refused: type,
    reply: jsonReply(
      status,
      { __type: `com.amazonaws.mwaaserverless#${type}`, Message: message, ...members },
      { 'x-amzn-requestid': 'c5d2a7e1-serverless-standin-0000-000000000000' },
      'application/x-amz-json-1.0'
    )
  }
}

const ok = (output: unknown): Answered => ({
  reply: jsonReply(
    200,
    output,
    { 'x-amzn-requestid': 'c5d2a7e1-serverless-standin-0000-000000000001' },
    'application/x-amz-json-1.0'
  )
})

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())

/** ValidationException as the service words it: the members that failed, each with why. */
function validate(operation: string, input: Input): Answered | undefined {
  const shape = SHAPES[operation]!
  const failed = Object.keys(input)
    .filter(name => !(name in shape))
    .map(name => ({ Name: name, Message: 'Unknown member' }))
  for (const [name, check] of Object.entries(shape)) {
    const why = check(input[name])
    if (why) failed.push({ Name: name, Message: why })
  }
  if (failed.length === 0) return undefined
  return errorReply(
    'ValidationException',
    400,
    `${failed.length} validation error(s) detected: ${failed.map(f => `Value at '${f.Name}' failed: ${f.Message}`).join('; ')}`,
    { Reason: 'fieldValidationFailed', FieldList: failed }
  )
}

function runDetail(state: OperationState, run: StoredRun) {
  const view = state.runs.view(run)
  const durationS =
    view.completedOn !== undefined && view.startedOn !== undefined
      ? Math.round((view.completedOn - view.startedOn) / 1000)
      : undefined
  return {
    WorkflowArn: run.workflow.arn,
    WorkflowVersion: VERSION,
    RunId: run.runId,
    RunType: 'ON_DEMAND',
    StartedOn: iso(view.startedOn),
    CreatedAt: iso(run.createdAt),
    CompletedOn: iso(view.completedOn),
    ModifiedAt: iso(view.completedOn ?? view.startedOn ?? run.createdAt),
    Duration: durationS,
    ErrorMessage: view.state === 'FAILED' ? `Task ${run.workflow.failingTask} failed.` : undefined,
    TaskInstances: state.runs.tasks(run).map(task => task.taskId),
    RunState: view.state
  }
}

/** One page of `items` from `NextToken` on (the token is the position, as text). */
function page<T>(items: T[], input: Input): { items: T[]; next?: string } {
  const from = Number(input.NextToken ?? '0') || 0
  const size = (input.MaxResults as number | undefined) ?? 20
  const next = from + size < items.length ? String(from + size) : undefined
  return { items: items.slice(from, from + size), ...(next ? { next } : {}) }
}

function start(state: OperationState, workflow: StandInWorkflow, input: Input): Answered {
  if (workflow.status !== 'READY')
    return errorReply(
      'ConflictException',
      409,
      `Workflow ${workflow.name} is ${workflow.status}.`,
      {
        ResourceId: workflow.arn,
        ResourceType: 'Workflow'
      }
    )
  const started = state.runs.start(
    workflow,
    input.ClientToken as string | undefined,
    (input.OverrideParameters as Record<string, unknown> | undefined) ?? null
  )
  if ('conflict' in started)
    return errorReply('ConflictException', 409, started.conflict, {
      ResourceId: String(input.ClientToken),
      ResourceType: 'WorkflowRun'
    })
  const { run } = started
  return ok({
    RunId: run.runId,
    Status: state.runs.view(run).state,
    StartedAt: iso(run.createdAt)
  })
}

function onRun(
  state: OperationState,
  operation: string,
  input: Input,
  run: StoredRun | undefined
): Answered {
  if (operation === 'ListTaskInstances') {
    const tasks = run ? state.runs.tasks(run) : []
    const listed = page(tasks, input)
    return ok({
      TaskInstances: listed.items.map(task => ({
        WorkflowArn: run!.workflow.arn,
        WorkflowVersion: VERSION,
        RunId: run!.runId,
        TaskInstanceId: task.taskId,
        Status: task.status,
        DurationInSeconds: task.durationS,
        OperatorName: 'BashOperator'
      })),
      ...(listed.next ? { NextToken: listed.next } : {})
    })
  }
  if (!run)
    return errorReply('ResourceNotFoundException', 404, `Run ${String(input.RunId)} not found.`, {
      ResourceId: String(input.RunId),
      ResourceType: 'WorkflowRun'
    })
  if (operation === 'StopWorkflowRun') {
    state.runs.stop(run)
    return ok({
      WorkflowArn: run.workflow.arn,
      WorkflowVersion: VERSION,
      RunId: run.runId,
      Status: state.runs.view(run).state
    })
  }
  return ok({
    WorkflowArn: run.workflow.arn,
    WorkflowVersion: VERSION,
    RunId: run.runId,
    RunType: 'ON_DEMAND',
    OverrideParameters: run.params ?? undefined,
    RunDetail: runDetail(state, run)
  })
}

/** The answer to one valid call, as the service gives it. */
export function answerOperation(operation: string, input: Input, state: OperationState): Answered {
  if (!(operation in SHAPES) || !isObject(input))
    return errorReply('UnknownOperationException', 400, `Unknown operation ${operation}.`)
  const invalid = validate(operation, input)
  if (invalid) return invalid
  const arn = input.WorkflowArn as string
  const workflow = state.workflows.find(candidate => candidate.arn === arn)
  if (operation === 'ListWorkflowRuns') {
    const listed = page(state.runs.of(arn), input)
    return ok({
      WorkflowRuns: listed.items.map(run => {
        const view = state.runs.view(run)
        return {
          RunId: run.runId,
          WorkflowArn: run.workflow.arn,
          WorkflowVersion: VERSION,
          RunType: 'ON_DEMAND',
          RunDetailSummary: {
            Status: view.state,
            CreatedOn: iso(run.createdAt),
            StartedAt: iso(view.startedOn),
            EndedAt: iso(view.completedOn)
          }
        }
      }),
      ...(listed.next ? { NextToken: listed.next } : {})
    })
  }
  if (operation === 'StartWorkflowRun' || operation === 'GetWorkflow') {
    if (!workflow)
      return errorReply('ResourceNotFoundException', 404, `Workflow ${arn} not found.`, {
        ResourceId: arn,
        ResourceType: 'Workflow'
      })
    if (operation === 'StartWorkflowRun') return start(state, workflow, input)
    return ok({
      WorkflowArn: workflow.arn,
      WorkflowVersion: VERSION,
      Name: workflow.name,
      WorkflowStatus: workflow.status,
      EngineVersion: 1,
      TriggerMode: 'manual'
    })
  }
  return onRun(state, operation, input, state.runs.find(arn, input.RunId as string))
}
