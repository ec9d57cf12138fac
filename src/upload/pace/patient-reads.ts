import { CDN_THROTTLE_BACKOFF, nextStep, waitToRetry, type RetryDeps } from '../../http/retry.js'
import type { HttpResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { isBusy } from './wait-budget.js'

/**
 * The checks' reads of the media API (preflight, the user, the look-up), asked again after the
 * back-off while the host answers busy (429, 503, 508), within max-attempts: the legs of a
 * matrix start their checks at the same moment, and a host with fewer PHP workers than legs
 * turns some away before any upload's pace could adapt. A read changes nothing, so asking again
 * is safe; any other answer is the checks' to judge.
 */
export function patientReads(
  api: MediaApi,
  maxAttempts: number,
  deps: Pick<RetryDeps, 'sleep' | 'now' | 'random' | 'log'>
): MediaApi {
  const patiently =
    <Args extends unknown[]>(what: string, read: (...args: Args) => Promise<HttpResult>) =>
    async (...args: Args): Promise<HttpResult> => {
      for (let attempt = 1; ; attempt++) {
        const result = await read(...args)
        const response = 'response' in result ? result.response : undefined
        if (!response || !isBusy(response.status)) return result
        const step = nextStep(
          attempt,
          maxAttempts,
          CDN_THROTTLE_BACKOFF,
          response.headers['retry-after'],
          deps
        )
        if (!step.retry) return result
        await waitToRetry(step, attempt, maxAttempts, deps, `${what}: HTTP ${response.status}`)
      }
    }
  return {
    ...api,
    getSettings: patiently('Preflight', api.getSettings),
    currentUser: patiently("The user's rights", api.currentUser),
    findBySlugs: patiently('The look-up', api.findBySlugs)
  }
}
