import type { Verdict } from '../../diagnosis/index.js'
import type { CallLog } from './api/calls.js'
import { listedRuns, outputOf, shownAnswer, workflowRun, type WorkflowRun } from './api/answers.js'

/** How far the service's clock may be from the runner's, when runs are told apart by time. */
const CLOCK_SKEW_MS = 60_000

/** Runs of a page looked at, at most: each costs a GetWorkflowRun. */
const MAX_CANDIDATES = 5

type Settled =
  /**
   * One run made since the start was sent, with this step's parameters: the step's own, as
   * GetWorkflowRun's answer (`verdict`, `body`) tells it.
   */
  | { kind: 'found'; run: WorkflowRun; verdict: Verdict; body: string }
  /** None such: the start made no run, and may be sent again. */
  | { kind: 'none' }
  /** More than one such run, or the service would not say: the ClientToken has to decide. */
  | { kind: 'unknown'; why: string }

/** A JSON value with its objects' keys in order, to compare two values as the same data. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The run was started with `conf` as its parameters; no conf and none given are the same. */
function sameParameters(run: WorkflowRun, conf: Record<string, unknown> | undefined): boolean {
  const given = run.overrideParameters ?? {}
  return canonical(given) === canonical(conf ?? {})
}

/**
 * After a start whose outcome is unknown (AWS's OperationTimeoutException, a lost answer), before
 * any new start: ListWorkflowRuns for the on-demand runs made since the first attempt was sent
 * (allowing for the clocks' skew), and GetWorkflowRun for each, to find the one started with this
 * step's parameters.
 */
export async function findStartedRun(
  log: CallLog,
  start: { workflowArn: string; conf?: Record<string, unknown>; sentAt: number }
): Promise<Settled> {
  const listed = await log.call('ListWorkflowRuns', {
    WorkflowArn: start.workflowArn,
    MaxResults: 20
  })
  const runs = listedRuns(outputOf(listed.result))
  if (!runs) return { kind: 'unknown', why: `ListWorkflowRuns answered ${listed.verdict.headline}` }
  const since = start.sentAt - CLOCK_SKEW_MS
  const candidates = runs
    .filter(run => run.runType !== 'SCHEDULED' && (run.createdAt ?? Infinity) >= since)
    .slice(0, MAX_CANDIDATES)
  const matching: Extract<Settled, { kind: 'found' }>[] = []
  for (const candidate of candidates) {
    const read = await log.call('GetWorkflowRun', {
      WorkflowArn: start.workflowArn,
      RunId: candidate.runId
    })
    const run = workflowRun(outputOf(read.result))
    if (!run || !('response' in read.result))
      return { kind: 'unknown', why: `GetWorkflowRun answered ${read.verdict.headline}` }
    const { verdict } = read
    const body = shownAnswer(read.result.response.body)
    if (sameParameters(run, start.conf)) matching.push({ kind: 'found', run, verdict, body })
  }
  if (matching.length === 1) return matching[0]!
  if (matching.length === 0) return { kind: 'none' }
  return {
    kind: 'unknown',
    why: `${matching.length} runs with these parameters were made since the start was sent`
  }
}
