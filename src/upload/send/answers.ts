import type { Verdict } from '../../diagnosis/index.js'
import { headerValue } from '../../http/headers.js'
import { CDN_THROTTLE_BACKOFF, TRIGGER_BACKOFF } from '../../http/retry.js'
import type { HttpFailure, HttpResponse, HttpResult } from '../../http/send.js'
import {
  parseMedia,
  refusalMessage,
  storedAttachment,
  type MediaRecord
} from '../wordpress/media-api.js'
import {
  isRefusal,
  refusalKind,
  refusalText,
  TURNED_AWAY,
  worthRetrying
} from '../wordpress/refusals.js'
import {
  afterResend,
  baseOf,
  keepStored,
  lookUpStored,
  type FileUpload,
  type Move
} from './file-upload.js'
import { withPreview, type FileOutcome } from './outcome.js'
import { finishOnRunner } from './runner-sizes.js'
import type { LocalFile } from '../files/local-file.js'

const isImage = (file: LocalFile) => file.mediaType.startsWith('image/')

/** What one POST's result says about the file. */
export type Reply =
  /** The step's cancel abandoned the POST, or kept it from being sent. */
  | { kind: 'cancelled'; mayHaveReachedServer: boolean }
  /** No answer. */
  | { kind: 'lost'; failure: HttpFailure; verdict: Verdict }
  /** A 2xx that names the new item, or a 201 (WordPress stored it, whatever else it says). */
  | { kind: 'stored'; status: number; media: MediaRecord; verdict: Verdict }
  /** A 2xx other than 201 that names no item. */
  | { kind: 'stored-without-id'; status: number; verdict: Verdict }
  /** WordPress stored the file, then failed (`X-WP-Upload-Attachment-ID` on a 3xx–5xx). */
  | { kind: 'stored-then-failed'; status: number; id: number | undefined; verdict: Verdict }
  /** Any other answer: a refusal, or a 5xx that may have stored the file. */
  | { kind: 'refused'; response: HttpResponse; verdict: Verdict }

/** Sorts one POST's result into the kinds of answer that are handled apart. */
export function classify(result: HttpResult, verdict: Verdict): Reply {
  if ('failure' in result) {
    const { failure } = result
    if (failure.cancelled)
      return { kind: 'cancelled', mayHaveReachedServer: failure.mayHaveReachedServer }
    return { kind: 'lost', failure, verdict }
  }
  const { response } = result
  const { status } = response
  const stored = storedAttachment(response)
  if (stored && status >= 300) return { kind: 'stored-then-failed', status, id: stored.id, verdict }
  if (status < 200 || status >= 300) return { kind: 'refused', response, verdict }
  const media = parseMedia(response, verdict)
  // 201 Created is WordPress saying it stored the file: never failed, never sent again, even
  // when its answer is too spoiled to tell the new item's id.
  if (media.id !== undefined || status === 201) return { kind: 'stored', status, media, verdict }
  return { kind: 'stored-without-id', status, verdict }
}

/** What the file's upload comes to after this answer: one function per kind of answer. */
export function answerTo(upload: FileUpload, reply: Reply): Move | Promise<Move> {
  switch (reply.kind) {
    case 'cancelled':
      return cancelledInFlight(upload, reply.mayHaveReachedServer)
    case 'lost':
      return lost(upload, reply.failure, reply.verdict)
    case 'stored':
      return stored(upload, reply.status, reply.media, reply.verdict)
    case 'stored-without-id':
      return storedWithoutId(upload, reply.status, reply.verdict)
    case 'stored-then-failed':
      return storedThenFailed(upload, reply.status, reply.id, reply.verdict)
    case 'refused':
      return refused(upload, reply.response, reply.verdict)
  }
}

function cancelledInFlight(upload: FileUpload, mayHaveReachedServer: boolean): FileOutcome {
  const base = { ...baseOf(upload.file), status: 'failed' as const, attempts: upload.attempt }
  return mayHaveReachedServer
    ? {
        ...base,
        message:
          'in flight when the step was cancelled: it may have been stored; check the media library before sending it again',
        caughtByCancel: 'in-flight'
      }
    : {
        ...base,
        message: 'cancelled before it reached the server: nothing was stored',
        caughtByCancel: 'unsent'
      }
}

/**
 * No answer. A file that may have been stored is only sent again once the look-up says it was
 * not; one that cannot have reached the server is sent again after the CDN back-off.
 */
async function lost(upload: FileUpload, failure: HttpFailure, verdict: Verdict): Promise<Move> {
  const giveUp = (absent: boolean): FileOutcome => {
    const message = absent
      ? `no answer (${failure.message}); the look-up found it not stored, and max-attempts is used up`
      : failure.mayHaveReachedServer
        ? `no answer (${failure.message}); it may have been stored: check the media library before sending it again`
        : `no connection (${failure.message})`
    return { ...baseOf(upload.file), status: 'failed', attempts: upload.attempt, message, verdict }
  }
  if (failure.permanent) return giveUp(false)
  if (!failure.mayHaveReachedServer)
    return {
      retry: true,
      policy: CDN_THROTTLE_BACKOFF,
      answer: { verdict },
      giveUp: () => giveUp(false)
    }
  const settled = await lookUpStored(upload, { verdict })
  if (settled !== 'absent') return settled ?? giveUp(false)
  return {
    retry: true,
    policy: TRIGGER_BACKOFF,
    lookUpWhy: `no answer (${failure.message})`,
    answer: { verdict },
    giveUp: () => giveUp(true)
  }
}

async function stored(
  upload: FileUpload,
  status: number,
  media: MediaRecord,
  verdict: Verdict
): Promise<FileOutcome> {
  const { file, run } = upload
  const unknownId =
    media.id === undefined
      ? 'stored (HTTP 201), but the answer named no media id: find it in the media library'
      : undefined
  if (unknownId) run.deps.warn(`${file.display}: ${unknownId}.`, 'Uploaded, id unknown')
  if (media.slug !== undefined) upload.storedSlug = media.slug
  const sizes =
    upload.headStart && media.id !== undefined
      ? await finishOnRunner(upload, media.id, verdict.json)
      : // WordPress answers only once it made the sizes (create_item).
        { sizes: 'complete' as const, ...(isImage(file) ? { sizesBy: 'wordpress' as const } : {}) }
  return afterResend(upload, {
    ...baseOf(upload.file),
    status: 'uploaded',
    attempts: upload.attempt,
    ...(media.id === undefined ? {} : { id: media.id }),
    ...withPreview(media),
    httpStatus: status,
    ...(unknownId ? { message: unknownId } : {}),
    verdict,
    // A CDN that refused the sizes answered for them.
    ...sizes
  })
}

/**
 * A success that names no item may still have stored one: the look-up settles it, as after a
 * lost answer; the file is not sent again, whatever answered would answer alike.
 */
async function storedWithoutId(
  upload: FileUpload,
  status: number,
  verdict: Verdict
): Promise<FileOutcome> {
  const settled = await lookUpStored(upload, { httpStatus: status, verdict })
  if (settled && settled !== 'absent') return settled
  const fate =
    settled === 'absent'
      ? ', and the look-up by content key found it not stored: it was not stored'
      : ': it may have been stored; check the media library before sending it again'
  return {
    ...baseOf(upload.file),
    status: 'failed',
    attempts: upload.attempt,
    httpStatus: status,
    message: `HTTP ${status} without a media id${fate}`,
    verdict
  }
}

/** WordPress stored the file, then failed while making its image sizes (out of PHP memory). */
async function storedThenFailed(
  upload: FileUpload,
  status: number,
  id: number | undefined,
  verdict: Verdict
): Promise<FileOutcome> {
  const answer = { httpStatus: status, verdict }
  if (id !== undefined) {
    const how = `stored as item ${id} although WordPress answered HTTP ${status}`
    return afterResend(upload, await keepStored(upload, id, answer, how))
  }
  const unknownId = `stored (the HTTP ${status} answer carried X-WP-Upload-Attachment-ID), but not a usable media id: find it in the media library`
  upload.run.deps.warn(`${upload.file.display}: ${unknownId}.`, 'Uploaded, id unknown')
  return afterResend(upload, {
    ...baseOf(upload.file),
    status: 'uploaded',
    attempts: upload.attempt,
    ...answer,
    message: unknownId
  })
}

/**
 * An answer after which the file may or may not be stored: a 5xx that neither says it stored the
 * file (`X-WP-Upload-Attachment-ID`) nor is WordPress's own refusal of it or a host turning it
 * away.
 */
function mayHaveStored(status: number, verdict: Verdict): boolean {
  return status >= 500 && !TURNED_AWAY.has(status) && !isRefusal(refusalKind(status, verdict))
}

/**
 * A refusal, or a 5xx that may have stored the file: the look-up settles the latter, and a file
 * found not stored is sent again, as is one refused by a passing throttle.
 */
async function refused(
  upload: FileUpload,
  response: HttpResponse,
  verdict: Verdict
): Promise<Move> {
  const { status } = response
  const answer = { httpStatus: status, verdict }
  let absent = false
  if (mayHaveStored(status, verdict)) {
    const settled = await lookUpStored(upload, answer)
    if (settled === 'absent') absent = true
    else if (settled) return settled
  }
  const giveUp = () => refusedOutcome(upload, status, verdict, absent)
  if (!absent && !worthRetrying(status, verdict)) return giveUp()
  return {
    retry: true,
    policy: absent ? TRIGGER_BACKOFF : CDN_THROTTLE_BACKOFF,
    retryAfter: headerValue(response.headers, 'retry-after'),
    ...(absent ? { lookUpWhy: refusalMessage(status, verdict) } : {}),
    answer,
    giveUp
  }
}

/** The file's outcome after a refusal; a 413 is remembered, so no larger file is sent. */
function refusedOutcome(
  upload: FileUpload,
  status: number,
  verdict: Verdict,
  absent: boolean
): FileOutcome {
  const { file, run } = upload
  const refusal = refusalKind(status, verdict)
  if (refusal === 'too-large') run.limits.record(file.display, file.size, verdict)
  if (refusal === 'image-type') run.refusedTypes.record(file, verdict)
  const maybe =
    mayHaveStored(status, verdict) && !absent
      ? '; it may have been stored: check the media library before sending it again'
      : ''
  return {
    ...baseOf(upload.file),
    status: verdict.blocked ? 'blocked' : 'failed',
    attempts: upload.attempt,
    httpStatus: status,
    ...(refusal ? { refusal } : {}),
    message: `${refusal ? refusalText(refusal, file, verdict) : refusalMessage(status, verdict)}${maybe}`,
    verdict
  }
}
