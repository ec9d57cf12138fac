import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import { headerValue } from '../../http/headers.js'
import {
  CDN_THROTTLE_BACKOFF,
  nextStep,
  TRIGGER_BACKOFF,
  waitToRetry,
  type RetryDeps
} from '../../http/retry.js'
import type { MediaFieldTemplates, UploadConfig } from '../config.js'
import type { KnownItem } from '../checks/existing.js'
import { mediaFields } from '../wordpress/media-fields.js'
import {
  parseMedia,
  refusalMessage,
  storedAttachment,
  type MediaApi
} from '../wordpress/media-api.js'
import { openProblem, type LocalFile } from '../files/local-file.js'
import { finishStoredItem } from './post-process.js'
import { isRefusal, refusalKind, refusalText, stopsTheRun } from '../wordpress/refusals.js'
import { settleCopies } from './settle-copies.js'
import { settleByLookUp } from './settle-lost.js'
import { BodyLimits } from './too-large.js'
import {
  alsoIn,
  existingOutcome,
  NOT_SENT_CANCELLED,
  notAttempted,
  withPreview,
  type FileOutcome,
  type UploadReport
} from './outcome.js'

export interface UploadDeps extends RetryDeps {
  api: MediaApi
  /** A warning annotation: something the user should look at although the run goes on. */
  warn: (message: string, title: string) => void
  /** The step's cancellation: no file starts after it, and none is sent again. */
  signal?: AbortSignal
}

/** Answers after which sending more files would only repeat the failure (or lock the account). */
const STOPPING_STATUSES = new Set([401, 403, 405])

/**
 * Whether every later file would meet this file's failure. A 413 is not among them: it is about
 * this file's size, and smaller files may pass.
 */
function stopsOthers(outcome: FileOutcome): boolean {
  if (outcome.httpStatus === 413) return false
  return (
    outcome.status === 'blocked' ||
    STOPPING_STATUSES.has(outcome.httpStatus ?? 0) ||
    stopsTheRun(outcome.refusal)
  )
}

/**
 * An answer after which the file may or may not be stored: a 5xx that neither says it stored the
 * file (`X-WP-Upload-Attachment-ID`) nor is WordPress's own refusal of it.
 */
function mayHaveStored(status: number, verdict: Verdict): boolean {
  return status >= 500 && !isRefusal(refusalKind(status, verdict))
}

/**
 * Whether a refused upload is worth sending again. A 429 asks for it. A 405 is retried unless the
 * origin answered it (WordPress, or the web server in front of it): the back-off is for a CDN's
 * passing throttling of POSTs, while the origin's 405 (its route or its rules refuse POST) is the
 * same on every attempt, so retrying would only delay the run by the back-off. A 405 of unknown
 * origin may come from a CDN that does not name itself, so it gets the back-off too.
 */
function worthRetrying(status: number, verdict: Verdict): boolean {
  return status === 429 || (status === 405 && verdict.layer !== 'origin')
}

/** What was found before sending, and what is stored with each file. */
export interface UploadPlan {
  /** Items already in the library, by content key: their files are not sent. */
  existing: Map<string, KnownItem>
  fields: MediaFieldTemplates
}

/**
 * Uploads the files, up to `concurrency` at a time, each under the same policy. After a failure
 * that would repeat (a standing block, refused credentials), no new file starts: those in flight
 * finish and are reported, the rest are `not-attempted`. Outcomes keep the files' order.
 */
export async function uploadFiles(
  files: LocalFile[],
  config: Pick<UploadConfig, 'maxAttempts' | 'concurrency'>,
  deps: UploadDeps,
  plan: UploadPlan = { existing: new Map(), fields: {} }
): Promise<UploadReport> {
  const context = deps.api.context('POST')
  const limits = new BodyLimits()
  const outcomes: (FileOutcome | undefined)[] = files.map(() => undefined)
  let stop: FileOutcome | undefined
  let next = 0
  const worker = async () => {
    while (!stop && !deps.signal?.aborted && next < files.length) {
      const index = next++
      const outcome = await uploadOne(files[index]!)
      outcomes[index] = outcome
      if (!stop && stopsOthers(outcome)) stop = outcome
    }
  }
  await Promise.all(Array.from({ length: Math.min(config.concurrency, files.length) }, worker))

  const why = stop
    ? 'not sent: an earlier file met a failure that would repeat'
    : NOT_SENT_CANCELLED
  const all = files.map((file, index) => outcomes[index] ?? notAttempted(file, why))
  const unsent = outcomes.filter(outcome => outcome === undefined).length
  const inFlight = all.filter(outcome => outcome.caughtByCancel === 'in-flight').length
  const last = (keep: (outcome: FileOutcome) => boolean) =>
    all.filter(outcome => outcome.verdict && keep(outcome)).at(-1)?.verdict
  const failed = (outcome: FileOutcome) =>
    outcome.status !== 'uploaded' && outcome.status !== 'existing'
  return {
    files: all,
    ...(stop
      ? {
          stopReason: `${stop.file} ${stop.status === 'blocked' ? 'was still blocked' : 'was refused'} after ${stop.attempts} attempt(s); the ${unsent} remaining file(s) were not sent.`
        }
      : deps.signal?.aborted
        ? {
            stopReason: `The step was cancelled${inFlight ? `: ${inFlight} file(s) in flight may have been stored (check the media library before sending them again)` : ''}; the ${unsent} remaining file(s) were not sent.`
          }
        : {}),
    verdict: stop?.verdict ?? last(failed) ?? last(() => true)
  }

  /**
   * The file is in the library although its answer failed: WordPress said so, or the look-up
   * found it. It is never sent again; WordPress is asked to finish the item's image sizes.
   */
  async function keepStored(
    file: LocalFile,
    attempts: number,
    id: number,
    answer: Pick<FileOutcome, 'httpStatus' | 'verdict'>,
    how: string
  ): Promise<FileOutcome> {
    deps.log(`${file.display}: ${how}; asking WordPress to finish its image sizes.`)
    const done = await finishStoredItem(file, id, deps)
    if (done.warning)
      deps.warn(`${file.display}: ${done.warning}.`, 'Uploaded without its image sizes')
    return {
      file: file.display,
      size: file.size,
      mediaType: file.mediaType,
      status: 'uploaded',
      attempts,
      id,
      ...withPreview(done, file.mediaType),
      sizes: done.sizes,
      ...answer,
      message:
        done.sizes === 'complete'
          ? `${how}; its image sizes are complete`
          : `${how}; its smaller image sizes are missing (PHP memory: see the warning)`
    }
  }

  async function uploadOne(file: LocalFile): Promise<FileOutcome> {
    const base = { file: file.display, size: file.size, mediaType: file.mediaType }
    const known = file.key ? plan.existing.get(file.key) : undefined
    if (known) {
      deps.log(
        `${file.display}: already in the library as item ${known.id}${alsoIn(known)}; not sent.`
      )
      return existingOutcome(file, known)
    }
    const tooLarge = limits.covering(file.size)
    if (tooLarge) {
      const message = BodyLimits.reason(tooLarge)
      deps.log(`${file.display}: ${message}.`)
      return {
        ...base,
        status: tooLarge.verdict.blocked ? 'blocked' : 'failed',
        attempts: 0,
        httpStatus: 413,
        refusal: 'too-large',
        message,
        verdict: tooLarge.verdict
      }
    }
    const fields = mediaFields(file, plan.fields)
    const cannotRead = await openProblem(file)
    if (cannotRead) {
      return {
        ...base,
        status: 'failed',
        attempts: 0,
        message: `could not be read (${cannotRead}); nothing was sent`
      }
    }
    /**
     * After an answer that leaves the file's fate open: look it up by its content key (with
     * skip-existing on). Stored: kept. Absent: sending again is safe. Else undefined: nothing is
     * known, and the file is not sent again. `when` says which look-up this is, for the log.
     */
    const settle = async (
      attempt: number,
      answer: Pick<FileOutcome, 'httpStatus' | 'verdict'>,
      when = 'after the answer failed'
    ): Promise<FileOutcome | 'absent' | undefined> => {
      if (!file.key || deps.signal?.aborted) return undefined
      const settled = await settleByLookUp(deps.api, file.key)
      if (settled.kind === 'stored') {
        const how = `stored as item ${settled.item.id} (found by its content key ${when})`
        return keepStored(file, attempt, settled.item.id, answer, how)
      }
      if (settled.kind === 'absent') {
        deps.log(`${file.display}: looked up by its content key ${when}: not stored.`)
        return 'absent'
      }
      deps.log(`${file.display}: ${settled.message}`)
      return undefined
    }
    /**
     * Right before a re-send, after the back-off: a server may store a file a while after its
     * answer was lost (a slow disk, a slow scan), so the look-up that ran at once may have missed
     * it. Stored: kept, not sent again. Undefined: not stored, send it. A failed look-up ends the
     * file as "may have been stored", as after the first look-up.
     */
    const lookUpBeforeResend = async (
      attempt: number,
      answer: Pick<FileOutcome, 'httpStatus' | 'verdict'>,
      why: string
    ): Promise<FileOutcome | undefined> => {
      // A cancel during the back-off is reported by the loop: nothing more is sent.
      if (deps.signal?.aborted) return undefined
      const settled = await settle(attempt, answer, 'after the back-off, before sending it again')
      if (settled === 'absent') return undefined
      return (
        settled ?? {
          ...base,
          status: 'failed',
          attempts: attempt,
          ...answer,
          message: `${why}; the look-up before sending it again failed, so it may have been stored: check the media library before sending it again`
        }
      )
    }
    /** A re-send that followed a lost answer is checked for a second copy; other uploads are not. */
    let resent = false
    const afterResend = (outcome: FileOutcome): Promise<FileOutcome> | FileOutcome =>
      resent && file.key ? settleCopies(file, file.key, outcome, deps) : outcome
    for (let attempt = 1; ; attempt++) {
      if (deps.signal?.aborted) {
        if (attempt === 1) return notAttempted(file, NOT_SENT_CANCELLED)
        const message = 'not sent again: the step was cancelled'
        return {
          ...base,
          status: 'failed',
          attempts: attempt - 1,
          message,
          caughtByCancel: 'unsent'
        }
      }
      const result = await deps.api.postFile(file, fields)
      const verdict = diagnose(result, context)
      const cancelled = 'failure' in result && result.failure.cancelled
      // One line per finished attempt, named by its file: with files in flight together, lines mix.
      const answered = 'response' in result && result.response.status < 300
      deps.log(
        `${file.display}: POST ${attempt}/${config.maxAttempts} → ${describeResult(result)}${answered || cancelled ? '' : ` (${verdict.headline})`}`
      )
      if ('failure' in result && cancelled) {
        return result.failure.mayHaveReachedServer
          ? {
              ...base,
              status: 'failed',
              attempts: attempt,
              message:
                'in flight when the step was cancelled: it may have been stored; check the media library before sending it again',
              caughtByCancel: 'in-flight'
            }
          : {
              ...base,
              status: 'failed',
              attempts: attempt,
              message: 'cancelled before it reached the server: nothing was stored',
              caughtByCancel: 'unsent'
            }
      }
      // A file that may have been stored is only sent again once the look-up says it was not.
      let absent = false
      if ('failure' in result) {
        const { failure } = result
        if (failure.mayHaveReachedServer && !failure.permanent) {
          const settled = await settle(attempt, { verdict })
          if (settled === 'absent') absent = true
          else if (settled) return settled
        }
        if ((absent || !failure.mayHaveReachedServer) && !failure.permanent) {
          const policy = absent ? TRIGGER_BACKOFF : CDN_THROTTLE_BACKOFF
          const step = nextStep(attempt, config.maxAttempts, policy, undefined, deps)
          if (step.retry) {
            await waitToRetry(step, attempt, config.maxAttempts, deps, file.display)
            if (absent) {
              const why = `no answer (${failure.message})`
              const before = await lookUpBeforeResend(attempt, { verdict }, why)
              if (before) return before
              resent = true
            }
            continue
          }
        }
        const message = absent
          ? `no answer (${failure.message}); the look-up found it not stored, and max-attempts is used up`
          : failure.mayHaveReachedServer
            ? `no answer (${failure.message}); it may have been stored: check the media library before sending it again`
            : `no connection (${failure.message})`
        return { ...base, status: 'failed', attempts: attempt, message, verdict }
      }
      const { response } = result
      const status = response.status
      const stored = storedAttachment(response)
      // WordPress stored the file, then failed while making its image sizes (out of PHP memory).
      if (stored && status >= 300) {
        const answer = { httpStatus: status, verdict }
        if (stored.id !== undefined) {
          const how = `stored as item ${stored.id} although WordPress answered HTTP ${status}`
          return afterResend(await keepStored(file, attempt, stored.id, answer, how))
        }
        const unknownId = `stored (the HTTP ${status} answer carried X-WP-Upload-Attachment-ID), but not a usable media id: find it in the media library`
        deps.warn(`${file.display}: ${unknownId}.`, 'Uploaded, id unknown')
        return afterResend({
          ...base,
          status: 'uploaded',
          attempts: attempt,
          ...answer,
          message: unknownId
        })
      }
      if (status >= 200 && status < 300) {
        const media = parseMedia(response, verdict)
        // 201 Created is WordPress saying it stored the file: never failed, never sent again,
        // even when its answer is too spoiled to tell the new item's id.
        if (media.id !== undefined || status === 201) {
          const unknownId =
            media.id === undefined
              ? 'stored (HTTP 201), but the answer named no media id: find it in the media library'
              : undefined
          if (unknownId) deps.warn(`${file.display}: ${unknownId}.`, 'Uploaded, id unknown')
          return afterResend({
            ...base,
            status: 'uploaded',
            attempts: attempt,
            ...(media.id === undefined ? {} : { id: media.id }),
            ...withPreview(media, file.mediaType),
            // WordPress answers only once it made the sizes (create_item).
            sizes: 'complete',
            httpStatus: status,
            ...(unknownId ? { message: unknownId } : {}),
            verdict
          })
        }
        // A success that names no item may still have stored one: the look-up settles it, as
        // after a lost answer; the file is not sent again, whatever answered would answer alike.
        const settled = await settle(attempt, { httpStatus: status, verdict })
        if (settled && settled !== 'absent') return settled
        const fate =
          settled === 'absent'
            ? ', and the look-up by content key found it not stored: it was not stored'
            : ': it may have been stored; check the media library before sending it again'
        return {
          ...base,
          status: 'failed',
          attempts: attempt,
          httpStatus: status,
          message: `HTTP ${status} without a media id${fate}`,
          verdict
        }
      }
      if (mayHaveStored(status, verdict)) {
        const settled = await settle(attempt, { httpStatus: status, verdict })
        if (settled === 'absent') absent = true
        else if (settled) return settled
      }
      if (absent || worthRetrying(status, verdict)) {
        const retryAfter = headerValue(response.headers, 'retry-after')
        const policy = absent ? TRIGGER_BACKOFF : CDN_THROTTLE_BACKOFF
        const step = nextStep(attempt, config.maxAttempts, policy, retryAfter, deps)
        if (step.retry) {
          await waitToRetry(step, attempt, config.maxAttempts, deps, file.display)
          if (absent) {
            const answer = { httpStatus: status, verdict }
            const before = await lookUpBeforeResend(
              attempt,
              answer,
              refusalMessage(status, verdict)
            )
            if (before) return before
            resent = true
          }
          continue
        }
      }
      const refusal = refusalKind(status, verdict)
      if (refusal === 'too-large') limits.record(file.display, file.size, verdict)
      const maybe =
        mayHaveStored(status, verdict) && !absent
          ? '; it may have been stored: check the media library before sending it again'
          : ''
      return {
        ...base,
        status: verdict.blocked ? 'blocked' : 'failed',
        attempts: attempt,
        httpStatus: status,
        ...(refusal ? { refusal } : {}),
        message: `${refusal ? refusalText(refusal, file, verdict) : refusalMessage(status, verdict)}${maybe}`,
        verdict
      }
    }
  }
}
