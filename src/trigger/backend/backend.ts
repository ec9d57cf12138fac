import { RUNNER_SIGINT_GRACE_MS } from '../../cancel/cancellation.js'
import type { Verdict } from '../../diagnosis/index.js'
import type { RetryDeps } from '../../http/retry.js'
import type { ResolvedDate } from '../date/commit-date.js'

/*
 * What trigger mode asks of the service that runs the workflow, whichever it is: Airflow's REST
 * API (directly or through Amazon MWAA's InvokeRestApi) or MWAA Serverless. The pipeline in
 * ../mode.ts is written once over it.
 */

export type TriggerOutcome =
  /** The server answered with the new run. */
  | 'created'
  /** The answer was lost or unclear, but a look-up found the run this step created. */
  | 'recovered'
  /** `on-duplicate: reuse` accepted a run that already existed for this commit. */
  | 'reused'
  | 'failed'
  /** A dry run: nothing stands in the way, the real run would create it. */
  | 'would-create'
  /** A dry run: this commit's run exists, and `on-duplicate: reuse` would accept it. */
  | 'would-reuse'
  /** A dry run whose look-ups did not prove what the real run would meet. */
  | 'could-not-tell'

/** One request of the creation, as the summary lists it. */
export interface RequestRecord {
  /** `POST`, `GET`, or the operation (`StartWorkflowRun`). */
  request: string
  /** `HTTP 200`, `ECONNRESET`, `HTTP 403 AccessDeniedException`, … */
  result: string
  layer: Verdict['layer']
}

export interface TriggerReport {
  /** The DAG, or the workflow's name. */
  dagId: string
  /** The run's id: known before the request on Airflow, given by the service on MWAA Serverless. */
  dagRunId?: string
  logicalDate: string
  dateSource: ResolvedDate
  outcome: TriggerOutcome
  /** One sentence: what happened, for the log, the error and the summary. */
  message: string
  state?: string
  /** The server's words from the deciding answer (raw; the renderer escapes and cuts). */
  serverAnswer?: string
  /** Where the deciding answer came from. */
  verdict: Verdict
  requests: RequestRecord[]
  /** Set when the logical date lies ahead: the run will wait until then. */
  futureWarning?: string
  /** This commit's run existed before the step (reused, or refused as a duplicate). */
  existing?: true
  /** The DAG was paused and left so (no `unpause`): the run waits until someone unpauses it. */
  dagPaused?: true
}

/** The fields of a task instance the action shows; the server sends more. */
export interface TaskInstance {
  taskId: string
  /** Absent: not started ("no status"), or not a state word. */
  state?: string
  tryNumber?: number
  /** Seconds. */
  duration?: number
  /** -1 unless the task is mapped. */
  mapIndex: number
  /** The task's log, where the service has a page for it. */
  logUrl?: string
}

/**
 * Airflow 3.3's state of a task waiting for a person's answer (human-in-the-loop,
 * apache/airflow#68028): the run is running, neither stuck nor queued.
 */
export const AWAITING_INPUT = 'awaiting_input'

export type TaskReport =
  | {
      kind: 'listed'
      /** Failed, upstream-failed and unfinished task instances, most telling first. */
      tasks: TaskInstance[]
      /** How many such task instances there are, as far as the answer tells. */
      total: number
      /** More follow those counted: a cursor page said so without counting them. */
      uncounted?: true
    }
  | { kind: 'refused' | 'unreadable'; why: string }

/** Tasks finished of all the run's tasks. */
export interface Progress {
  finished: number
  total: number
}

export type ProgressRead =
  /** `awaiting`: the task instances that wait for a person's input. */
  | { kind: 'tasks'; progress?: Progress; awaiting: TaskInstance[] }
  | { kind: 'unknown' }
  /** Refused for good: not asked again. */
  | { kind: 'refused'; why: string }

/** What one poll of the run told, and whether polling again could tell more. */
export type Poll = (
  | {
      kind: 'run'
      state?: string
      /** The run's own time from its start to its end, when the service told both. */
      durationMs?: number
    }
  /** Worth another poll: the network, a gateway, throttling, an unreadable answer. */
  | { kind: 'transient'; why: string }
  /** No later poll can answer otherwise; `verdict` is absent when no request failed. */
  | { kind: 'permanent'; why: string; verdict?: Verdict }
) & {
  /** The answer's body when it decided something (the state, or the end): the summary shows it. */
  answer?: string
  /** The answer's `Retry-After`, which the pause before the next poll honours. */
  retryAfter?: string
}

/** One run as the wait sees it, every request within the wait's bound. */
export interface RunWatcher {
  poll(): Promise<Poll>
  /** How far the run's tasks got, read while it runs; absent where the service does not say. */
  progress?(): Promise<ProgressRead>
  /** Why a run stays queued, in one line; absent where the service cannot tell. */
  whyQueued?(): Promise<string>
  /** The task instances behind a run that failed or did not finish. */
  problemTasks(): Promise<TaskReport>
}

/**
 * The longest the stop of `stop-run-on-cancel` may take: well inside the runner's grace after
 * SIGINT, so that the summary is still written before the process is killed.
 */
export const STOP_RUN_TIMEOUT_MS = RUNNER_SIGINT_GRACE_MS / 2

export interface StopResult {
  stopped: boolean
  /** The run's state once stopped, for the `dag-run-state` output. */
  state?: string
  /** One sentence for the log and the summary. */
  message: string
}

/** How the log and the summary name the service's things. */
export interface ServiceWords {
  /** The summary's heading: `Airflow trigger`. */
  title: string
  /** Where the run lives: `Airflow`, `MWAA Serverless`. */
  service: string
  /** What the run page is: `Airflow`, `the AWS console`. */
  pageIn: string
  /** `created` or `started`. */
  made: string
  /** `DAG` or `workflow`. */
  runs: string
  /** What a dry run did, for the summary: one sentence. */
  dryRun: string
  /** What to do once the failed tasks are listed (HTML, after "What to do"). */
  afterFailedTasks: string[]
  /** How to get a link to the run where none can be made: for the log, and as HTML. */
  noLink?: { log: string; summary: string }
}

/** What the summary shows of the service: where the run went, in rows of the Details fold. */
export interface ServiceFacts {
  words: ServiceWords
  /** Rows before the run's own: the target, the DAG or the workflow, the server that answered. */
  where: string[][]
  /** Rows after the outcome (the run's note). */
  more: string[][]
  /** Lines after the lead (an Airflow release past its end of life), as text. */
  notices: string[]
  /** The DAG's page, where a paused DAG is unpaused. */
  dagUrl?: string
}

/** What the pipeline found before the service: the commit's date, and how to wait and retry. */
export interface BackendContext {
  env: NodeJS.ProcessEnv
  date: ResolvedDate
  retryDeps: RetryDeps
  signal?: AbortSignal
}

/** The service behind a trigger: each phase of the pipeline asks it what it needs. */
export interface TriggerBackend {
  readonly words: ServiceWords
  /** States a run ends in. */
  readonly finalStates: ReadonlySet<string>
  /**
   * The run carries the logical date (Airflow's): it does not start before it, and the
   * `logical-date` output names it. Elsewhere the date only tells a re-run of the commit.
   */
  readonly runHasLogicalDate: boolean
  /** Creates the run, or in a dry run looks up whether it would be. */
  create(): Promise<TriggerReport>
  /** What follows the creation on this service (Airflow 2's note); nothing by default. */
  afterCreate?(report: TriggerReport): Promise<void>
  /** The run's page, when its address is known. */
  runUrl(dagRunId: string): string | undefined
  /** The run as a wait polls it, every request ending within `leftMs`. */
  watcher(dagRunId: string, leftMs: () => number): RunWatcher
  /** `stop-run-on-cancel`: the run stopped after the step was cancelled while waiting. */
  stop(dagRunId: string): Promise<StopResult>
  facts(): ServiceFacts
  /** The addresses that answered, each once, in order. */
  peers(): string[]
  close(): void
}
