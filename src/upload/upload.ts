import { open } from 'node:fs/promises'
import { diagnose, type Verdict } from '../diagnosis/index.js'
import { describeResult } from '../http/send.js'
import { headerValue } from '../http/headers.js'
import { CDN_THROTTLE_BACKOFF, nextStep, waitToRetry, type RetryClock } from '../http/retry.js'
import type { MediaFieldTemplates, UploadConfig } from './config.js'
import type { KnownItem } from './existing.js'
import { mediaFields } from './media-fields.js'
import { previewOf, type MediaLinks, type Preview } from './media-links.js'
import { parseMedia, refusalMessage, type LocalFile, type MediaApi } from './media-api.js'

export type FileStatus =
  | 'uploaded'
  | 'existing'
  | 'failed'
  | 'blocked'
  | 'not-attempted'
  /** A dry run's word for what the real run would do with the file. */
  | 'would-upload'
  | 'would-fail'

export interface FileOutcome {
  file: string
  size: number
  mediaType: string
  status: FileStatus
  /** POSTs sent for this file (none for an `existing` one). */
  attempts: number
  id?: number
  url?: string
  /** A small picture of an image in the library, for the summary. */
  preview?: Preview
  /** The last HTTP status seen for this file. */
  httpStatus?: number
  /** Why it did not upload, one sentence. */
  message?: string
  verdict?: Verdict
  /**
   * The step's cancel caught this file after it was sent: `in-flight` while its POST was on the
   * way (it may have been stored), `unsent` before a POST could reach the server.
   */
  cancelled?: 'in-flight' | 'unsent'
}

export interface UploadReport {
  files: FileOutcome[]
  /** Why the remaining files were not sent, when a failure stopped the run. */
  stopReason?: string
  /** The answer that decided the run: the stopping or last failure, else the last success. */
  verdict?: Verdict
}

export interface UploadDeps extends RetryClock {
  api: MediaApi
  /** A warning annotation: something the user should look at although the run goes on. */
  warn: (message: string, title: string) => void
  /** The step's cancellation: no file starts after it, and none is sent again. */
  signal?: AbortSignal
}

/** A media item's address and preview, as a file's outcome carries them. */
function withPreview(links: MediaLinks, mediaType: string): Pick<FileOutcome, 'url' | 'preview'> {
  const preview = previewOf(links, mediaType)
  return { ...(links.url ? { url: links.url } : {}), ...(preview ? { preview } : {}) }
}

/** Why a file was not sent at all when the step was cancelled. */
export const NOT_SENT_CANCELLED = 'not sent: the step was cancelled'

export function notAttempted(file: LocalFile, why: string): FileOutcome {
  return {
    file: file.display,
    size: file.size,
    mediaType: file.mediaType,
    status: 'not-attempted',
    attempts: 0,
    message: why
  }
}

/** What a cancelled upload leaves, one phrase for the log: uploaded, in flight, not sent. */
export function cancelledUploadText(files: FileOutcome[]): string {
  const counts = countByStatus(files)
  const inFlight = files.filter(file => file.cancelled === 'in-flight').length
  const parts = [`${counts.uploaded} of ${files.length} file(s) uploaded`]
  if (counts.existing) parts.push(`${counts.existing} already in the library`)
  if (inFlight) parts.push(`${inFlight} in flight may have been stored (check the media library)`)
  const notSent = files.filter(
    file => file.status === 'not-attempted' || file.cancelled === 'unsent'
  ).length
  if (notSent) parts.push(`${notSent} not sent`)
  const failed = files.length - counts.uploaded - counts.existing - inFlight - notSent
  if (failed) parts.push(`${failed} failed before the cancel`)
  return `${parts.join(', ')}.`
}

export function countByStatus(files: FileOutcome[]): Record<FileStatus, number> {
  const counts = {
    uploaded: 0,
    existing: 0,
    failed: 0,
    blocked: 0,
    'not-attempted': 0,
    'would-upload': 0,
    'would-fail': 0
  }
  for (const file of files) counts[file.status]++
  return counts
}

/** The `media` output: one entry per matched file, in order, whatever became of it. */
export function mediaOutput(files: FileOutcome[]): string {
  return JSON.stringify(
    files.map(({ file, id, url, status, attempts }) => ({
      file,
      id: id ?? null,
      url: url ?? null,
      status,
      attempts
    }))
  )
}

/** Answers after which sending more files would only repeat the failure (or lock the account). */
const STOPPING_STATUSES = new Set([401, 403, 405])

/** A file whose content is already in the library, as item `known`: not sent. */
export function existingOutcome(file: LocalFile, known: KnownItem): FileOutcome {
  const others = known.others.length
    ? `; the same content is also in item(s) ${known.others.join(', ')}`
    : ''
  return {
    file: file.display,
    size: file.size,
    mediaType: file.mediaType,
    status: 'existing',
    attempts: 0,
    id: known.id,
    ...withPreview(known, file.mediaType),
    ...(others ? { message: `already in the library${others}` } : {})
  }
}

/** Why the file cannot be opened (its error code), or undefined when it can. */
export async function openProblem(file: LocalFile): Promise<string | undefined> {
  try {
    await (await open(file.path, 'r')).close()
    return undefined
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error)
  }
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
  const outcomes: (FileOutcome | undefined)[] = files.map(() => undefined)
  let stop: FileOutcome | undefined
  let next = 0
  const worker = async () => {
    while (!stop && !deps.signal?.aborted && next < files.length) {
      const index = next++
      const outcome = await uploadOne(files[index]!)
      outcomes[index] = outcome
      if (!stop && (outcome.status === 'blocked' || STOPPING_STATUSES.has(outcome.httpStatus ?? 0)))
        stop = outcome
    }
  }
  await Promise.all(Array.from({ length: Math.min(config.concurrency, files.length) }, worker))

  const why = stop
    ? 'not sent: an earlier file met a failure that would repeat'
    : NOT_SENT_CANCELLED
  const all = files.map((file, index) => outcomes[index] ?? notAttempted(file, why))
  const unsent = outcomes.filter(outcome => outcome === undefined).length
  const inFlight = all.filter(outcome => outcome.cancelled === 'in-flight').length
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

  async function uploadOne(file: LocalFile): Promise<FileOutcome> {
    const base = { file: file.display, size: file.size, mediaType: file.mediaType }
    const known = file.key ? plan.existing.get(file.key) : undefined
    if (known) {
      const outcome = existingOutcome(file, known)
      const also = known.others.length
        ? `; the same content is also in item(s) ${known.others.join(', ')}`
        : ''
      deps.log(`${file.display}: already in the library as item ${known.id}${also}; not sent.`)
      return outcome
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
    for (let attempt = 1; ; attempt++) {
      if (deps.signal?.aborted) {
        if (attempt === 1) return notAttempted(file, NOT_SENT_CANCELLED)
        const message = 'not sent again: the step was cancelled'
        return { ...base, status: 'failed', attempts: attempt - 1, message, cancelled: 'unsent' }
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
              cancelled: 'in-flight'
            }
          : {
              ...base,
              status: 'failed',
              attempts: attempt,
              message: 'cancelled before it reached the server: nothing was stored',
              cancelled: 'unsent'
            }
      }
      if ('failure' in result) {
        const { failure } = result
        // A POST that may have been stored is never sent again: that could make a duplicate.
        if (!failure.mayHaveReachedServer && !failure.permanent) {
          const step = nextStep(attempt, config.maxAttempts, CDN_THROTTLE_BACKOFF, undefined, deps)
          if (step.retry) {
            await waitToRetry(step, attempt, config.maxAttempts, deps, file.display)
            continue
          }
        }
        const message = failure.mayHaveReachedServer
          ? `no answer (${failure.message}); it may have been stored: check the media library before sending it again`
          : `no connection (${failure.message})`
        return { ...base, status: 'failed', attempts: attempt, message, verdict }
      }
      const { response } = result
      const status = response.status
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
          return {
            ...base,
            status: 'uploaded',
            attempts: attempt,
            ...(media.id === undefined ? {} : { id: media.id }),
            ...withPreview(media, file.mediaType),
            httpStatus: status,
            ...(unknownId ? { message: unknownId } : {}),
            verdict
          }
        }
        return {
          ...base,
          status: 'failed',
          attempts: attempt,
          httpStatus: status,
          message: `HTTP ${status} without a media id: the upload was not proven stored`,
          verdict
        }
      }
      if (worthRetrying(status, verdict)) {
        const retryAfter = headerValue(response.headers, 'retry-after')
        const step = nextStep(attempt, config.maxAttempts, CDN_THROTTLE_BACKOFF, retryAfter, deps)
        if (step.retry) {
          await waitToRetry(step, attempt, config.maxAttempts, deps, file.display)
          continue
        }
      }
      return {
        ...base,
        status: verdict.blocked ? 'blocked' : 'failed',
        attempts: attempt,
        httpStatus: status,
        message: refusalMessage(status, verdict),
        verdict
      }
    }
  }
}
