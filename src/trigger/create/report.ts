import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import type { AirflowApi } from '../airflow/airflow-api.js'
import type { RequestRecord, TriggerOutcome, TriggerReport } from '../backend/backend.js'
import type { ResolvedDate } from '../date/commit-date.js'
import { isInFuture } from '../date/logical-date.js'

/**
 * One creation of one run: what it asks for, the requests it made so far, and how it ends. Each
 * step (look up, settle, explain a duplicate) records its requests here and ends with `report`.
 */
export class RunAttempt {
  readonly requests: RequestRecord[] = []
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
  record(method: 'POST' | 'GET' | 'PATCH', result: HttpResult): Verdict {
    const verdict = diagnose(result, this.api.context(method))
    this.requests.push({ request: method, result: describeResult(result), layer: verdict.layer })
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
