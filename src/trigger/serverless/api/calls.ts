import { awsErrorType } from '../../../diagnosis/index.js'
import { diagnose, type Verdict } from '../../../diagnosis/index.js'
import { describeResult, type HttpResult } from '../../../http/send.js'
import type { RequestRecord } from '../../backend/backend.js'
import type { Operation, ServerlessClient } from './client.js'

/** The calls of one step so far, each with its answer's diagnosis. */
export class CallLog {
  readonly calls: RequestRecord[] = []

  constructor(readonly client: ServerlessClient) {}

  /** Makes the call, keeps it in the list, and says who answered. */
  async call(
    operation: Operation,
    input: object
  ): Promise<{ result: HttpResult; verdict: Verdict; type?: string }> {
    const result = await this.client.call(operation, input)
    const verdict = diagnose(result, this.client.context(operation))
    const type = errorTypeOf(result)
    this.calls.push({
      request: operation,
      result: `${describeResult(result)}${type ? ` ${type}` : ''}`,
      layer: verdict.layer
    })
    return { result, verdict, ...(type ? { type } : {}) }
  }
}

/** AWS's error type of a refusal, when it names one. */
export function errorTypeOf(result: HttpResult): string | undefined {
  if (!('response' in result) || result.response.status < 300) return undefined
  return awsErrorType(result.response.headers, result.response.body)
}

/** AWS's errors after which a call may have done its work, or may not have. */
const UNSETTLED_TYPES = new Set([
  'OperationTimeoutException',
  'InternalServerException',
  'ServiceUnavailableException'
])

/**
 * Whether a call's work may have been done though no answer said so: an answer lost on the way,
 * AWS's time-out or internal error, a gateway's 5xx.
 */
export function unsettled(result: HttpResult, type: string | undefined): boolean {
  if ('failure' in result) return result.failure.mayHaveReachedServer
  if (type) return UNSETTLED_TYPES.has(type)
  return result.response.status >= 500
}
