import { headerValue } from '../../http/headers.js'
import { CDN_THROTTLE_BACKOFF, nextStep, type RetryDeps } from '../../http/retry.js'
import type { HttpResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { isBusy, type WaitBudget } from './wait-budget.js'

/**
 * The checks' reads of the media API (preflight, the user, the look-up, the sizes offered), asked again after the
 * back-off while the host answers busy (429, 503, 508) and the run's budget for busy waits
 * lasts: the legs of a matrix start their checks at the same moment, and on a host with fewer
 * workers than legs the other legs' uploads hold every worker, so a few attempts are not enough.
 * A read changes nothing, so asking again is safe; any other answer is the checks' to judge.
 */
export function patientReads(
  api: MediaApi,
  waits: WaitBudget,
  deps: Pick<RetryDeps, 'sleep' | 'now' | 'random' | 'log'>
): MediaApi {
  const patiently =
    <Args extends unknown[]>(what: string, read: (...args: Args) => Promise<HttpResult>) =>
    async (...args: Args): Promise<HttpResult> => {
      for (let attempt = 1; ; attempt++) {
        const result = await read(...args)
        const response = 'response' in result ? result.response : undefined
        if (!response || !isBusy(response.status)) return result
        const retryAfter = headerValue(response.headers, 'retry-after')
        const step = nextStep(attempt, Infinity, CDN_THROTTLE_BACKOFF, retryAfter, deps, Infinity)
        if (!step.retry || waits.take(step.waitMs, retryAfter, deps.now())) return result
        deps.log(
          `${what}: HTTP ${response.status}, the host is busy; asking again in ${(step.waitMs / 1000).toFixed(1)} s.`
        )
        await deps.sleep(step.waitMs)
      }
    }
  return {
    ...api,
    getSettings: patiently('Preflight', api.getSettings),
    currentUser: patiently("The user's rights", api.currentUser),
    findBySlugs: patiently('The look-up', api.findBySlugs),
    ...(api.sizesIndex
      ? { sizesIndex: patiently('The image sizes the site offers', api.sizesIndex) }
      : {})
  }
}
