import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import type { ResolvedDate } from '../date/commit-date.js'
import { isInFuture } from '../date/logical-date.js'

type TriggerOutcome =
  /** The server answered with the new run. */
  | 'created'
  /** The answer was lost or said "duplicate", but a GET found the run this step created. */
  | 'recovered'
  /** `on-duplicate: reuse` accepted a run that already existed for this commit. */
  | 'reused'
  | 'failed'
  /** A dry run: the run id and the logical date are free, the POST would create the run. */
  | 'would-create'
  /** A dry run: this commit's run exists, and `on-duplicate: reuse` would accept it. */
  | 'would-reuse'
  /** A dry run whose look-ups did not prove what the POST would meet. */
  | 'could-not-tell'

interface AttemptRecord {
  method: 'POST' | 'GET' | 'PATCH'
  /** `HTTP 200`, `ECONNRESET`, … */
  result: string
  layer: Verdict['layer']
}

export interface TriggerReport {
  dagId: string
  dagRunId: string
  logicalDate: string
  dateSource: ResolvedDate
  /** Host and path of the runs collection. */
  target: string
  outcome: TriggerOutcome
  /** One sentence: what happened, for the log, the error and the summary. */
  message: string
  state?: string
  /** The server's words from the deciding answer (raw; the renderer escapes and cuts). */
  serverAnswer?: string
  /** Where the deciding answer came from. */
  verdict: Verdict
  requests: AttemptRecord[]
  /** Set when the logical date lies ahead: the run will wait until then. */
  futureWarning?: string
  /** This commit's run existed before the step (reused, or refused as a duplicate). */
  existing?: true
  /** The DAG was paused and left so (no `unpause`): the run waits until someone unpauses it. */
  dagPaused?: true
}

/**
 * One creation of one run: what it asks for, the requests it made so far, and how it ends. Each
 * step (look up, settle, explain a duplicate) records its requests here and ends with `report`.
 */
export class RunAttempt {
  readonly requests: AttemptRecord[] = []
  /** Set by the DAG check when the DAG is paused and stays so: every report then says it. */
  dagPaused = false

  constructor(
    readonly api: AirflowApi,
    readonly dagId: string,
    readonly dagRunId: string,
    readonly date: ResolvedDate,
    private readonly now: () => Date
  ) {}

  /** Diagnoses an answer and keeps it in the list of requests. */
  record(method: AttemptRecord['method'], result: HttpResult): Verdict {
    const verdict = diagnose(result, this.api.context(method))
    this.requests.push({ method, result: describeResult(result), layer: verdict.layer })
    return verdict
  }

  report(
    outcome: TriggerOutcome,
    message: string,
    verdict: Verdict,
    extra: Partial<TriggerReport> = {}
  ): TriggerReport {
    const { logicalDate } = this.date
    return {
      dagId: this.dagId,
      dagRunId: this.dagRunId,
      logicalDate,
      dateSource: this.date,
      target: this.api.target,
      outcome,
      message,
      verdict,
      requests: this.requests,
      futureWarning: isInFuture(logicalDate, this.now())
        ? `The logical date ${logicalDate} is in the future: the run is scheduled and will not execute until then.`
        : undefined,
      ...(this.dagPaused ? { dagPaused: true } : {}),
      ...extra
    }
  }
}
