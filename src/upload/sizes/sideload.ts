import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { record } from '../../http/json-fields.js'
import {
  CDN_THROTTLE_BACKOFF,
  TRIGGER_BACKOFF,
  nextStep,
  waitToRetry,
  type RetryDeps
} from '../../http/retry.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import type { LocalFile } from '../files/local-file.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { worthRetrying } from '../wordpress/refusals.js'
import type { MadeFile } from './make-sizes.js'

export interface SideloadDeps extends Pick<RetryDeps, 'sleep' | 'now' | 'random' | 'log'> {
  api: MediaApi
  maxAttempts: number
  /**
   * Sends one request of the file's when the run lets it (its gate); undefined once it stopped.
   * `heard` hears the result before any request waiting behind it may go.
   */
  send: (
    file: LocalFile,
    request: () => Promise<HttpResult>,
    heard: (result: HttpResult) => void
  ) => Promise<HttpResult | undefined>
  signal?: AbortSignal
}

/** What a request of the file's came to: WordPress's answer, or why there is none. */
interface SideloadAnswer {
  json?: Record<string, unknown>
  said: string
  /** A CDN refused it before it reached WordPress: every later POST would meet it too. */
  blocked?: Verdict
}

/**
 * Sent again as an upload is (a host turning it away, a CDN's passing throttle), and also after
 * no answer or a failing server: a size sent twice is at worst stored twice, and finalize records
 * only the one whose answer came.
 */
function worthAgain(result: HttpResult, verdict: Verdict): boolean {
  if ('failure' in result) return !result.failure.permanent && !result.failure.cancelled
  const { status } = result.response
  return status >= 500 || worthRetrying(status, verdict)
}

/** A CDN's block met by one request of a file's, which the others do not send into. */
interface BlockWatch {
  /** The block another request met and is finding out about; undefined: send. */
  stopped(): Verdict | undefined
  /** This request met a block. */
  met(verdict: Verdict): void
}

const UNWATCHED: BlockWatch = { stopped: () => undefined, met: () => {} }

/**
 * One request of the file's, sent until answered with a 2xx, refused, or out of attempts; not
 * sent (again) while `watch` says another request of the file is finding out about a CDN's block.
 */
export async function untilAnswered(
  what: string,
  file: LocalFile,
  request: () => Promise<HttpResult>,
  deps: SideloadDeps,
  watch: BlockWatch = UNWATCHED
): Promise<SideloadAnswer> {
  const context = deps.api.context('POST')
  // Let through by the gate after another request met a block: not sent into it.
  const held: HttpResult = {
    failure: {
      message: '',
      timedOut: false,
      mayHaveReachedServer: false,
      permanent: true,
      elapsedMs: 0
    }
  }
  const guarded = () => (watch.stopped() ? Promise.resolve(held) : request())
  const hear = (result: HttpResult) => {
    if (result === held) return
    const verdict = diagnose(result, context)
    if (verdict.blocked) watch.met(verdict)
  }
  for (let attempt = 1; ; attempt++) {
    const block = watch.stopped()
    if (block) return { said: 'not sent into the block another size met', blocked: block }
    const result = await deps.send(file, guarded, hear)
    if (!result) return { said: 'not sent: the run stopped' }
    if (result === held) {
      return { said: 'not sent into the block another size met', blocked: watch.stopped()! }
    }
    const verdict = diagnose(result, context)
    const ok = 'response' in result && result.response.status < 300
    const said = `${describeResult(result)}${!ok && verdict.code ? ` (${verdict.code})` : ''}`
    const who = ok ? '' : ` (${verdict.headline})`
    deps.log(`${file.display}: ${what} ${attempt}/${deps.maxAttempts} → ${said}${who}`)
    const json = record(verdict.json)
    if (ok && json) return { json, said }
    const end = { said, ...(verdict.blocked ? { blocked: verdict } : {}) }
    if (ok || !worthAgain(result, verdict) || deps.signal?.aborted) return end
    const retryAfter = 'response' in result ? result.response.headers['retry-after'] : undefined
    const step = nextStep(
      attempt,
      deps.maxAttempts,
      // A CDN's throttle is waited out as an upload waits it out.
      verdict.blocked ? CDN_THROTTLE_BACKOFF : TRIGGER_BACKOFF,
      typeof retryAfter === 'string' ? retryAfter : undefined,
      deps
    )
    if (!step.retry) return end
    await waitToRetry(step, attempt, deps.maxAttempts, deps, file.display)
  }
}

/** A made file, as the run's gate and the log see it. */
function asLocal(file: LocalFile, made: MadeFile): LocalFile {
  return {
    ...file,
    path: made.path,
    size: made.bytes,
    mediaType: made.mediaType,
    display: `${file.display} (${made.names.join(', ')})`
  }
}

/** The sideloads of one file: what WordPress answered, what it did not store, and a CDN's block. */
interface Sideloaded {
  answers: Record<string, unknown>[]
  failed: MadeFile[]
  blocked?: Verdict
}

/**
 * Sideloads the made files, all at once as far as the run's gate lets them. The answers are kept
 * as WordPress gave them: finalize accepts only the file names it handed out. The first to meet a
 * CDN's block finds out, with its attempts, whether it stands, while the others send nothing
 * more: standing, the block ends them all; lifted, those it held back are sent again.
 */
export async function sideloadAll(
  file: LocalFile,
  id: number,
  made: MadeFile[],
  deps: SideloadDeps
): Promise<Sideloaded> {
  let scout: { size: MadeFile; verdict: Verdict } | undefined
  const sideload = (size: MadeFile, watched: boolean) =>
    deps.signal?.aborted
      ? Promise.resolve<SideloadAnswer>({ said: 'not sent: the step was cancelled' })
      : untilAnswered(
          'sideload',
          asLocal(file, size),
          () =>
            deps.api.sideload(
              id,
              { path: size.path, size: size.bytes },
              size.fileName,
              size.mediaType,
              size.names
            ),
          deps,
          watched
            ? {
                stopped: () => (scout && scout.size !== size ? scout.verdict : undefined),
                met: verdict => (scout ??= { size, verdict })
              }
            : UNWATCHED
        )
  const sent = await Promise.all(made.map(size => sideload(size, true)))
  const standing = scout && sent[made.indexOf(scout.size)]!.blocked
  if (standing) return { answers: [], failed: made, blocked: standing }
  // The block lifted: what it held back goes now, one after another.
  for (const [index, answer] of sent.entries()) {
    if (answer.blocked) sent[index] = await sideload(made[index]!, false)
  }
  const blocked = sent.find(answer => answer.blocked)?.blocked
  return {
    answers: sent.flatMap(answer => (answer.json ? [answer.json] : [])),
    failed: made.filter((_, index) => !sent[index]!.json),
    ...(blocked ? { blocked } : {})
  }
}
