import { rm } from 'node:fs/promises'
import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { nextStep, waitToRetry } from '../../http/retry.js'
import { mediaFields } from '../wordpress/media-fields.js'
import { openProblem, type LocalFile } from '../files/local-file.js'
import { RefusedTypes } from '../pace/refused-types.js'
import { RUNNER_TYPES } from '../sizes/make-sizes.js'
import { startSizes } from '../sizes/head-start.js'
import { sizesOfExisting } from './runner-sizes.js'
import { BodyLimits } from '../pace/too-large.js'
import { answerTo, classify, type Reply } from './answers.js'
import {
  baseOf,
  lookUpStored,
  type AnswerFacts,
  type FileUpload,
  type Retry,
  type SendRun
} from './file-upload.js'
import { answerStopsTheRun, notSentWhy, type BlockFate, type RunStop } from '../pace/run-block.js'
import { isBusy } from '../pace/wait-budget.js'
import {
  alsoIn,
  existingOutcome,
  NOT_SENT_CANCELLED,
  notAttempted,
  type FileOutcome
} from './outcome.js'

/**
 * One file's upload: not sent when the library holds it, a larger file met a 413, or it cannot
 * be read; otherwise sent until an answer settles it.
 */
export async function uploadOne(file: LocalFile, run: SendRun): Promise<FileOutcome> {
  const skipped = notToSend(file, run)
  const known = file.key ? run.plan.existing.get(file.key) : undefined
  if (skipped) return known ? sizesOfExisting(file, known, run, skipped) : skipped
  const { attachTo } = run.plan
  const sizesOnRunner = !!run.plan.sizes && RUNNER_TYPES.includes(file.mediaType)
  const fields = {
    ...mediaFields(file, run.plan.fields),
    // create_item_permissions_check refuses it unless the user may edit that post.
    ...(attachTo === undefined ? {} : { post: String(attachTo) }),
    // WordPress stores the original alone; the runner makes and sideloads its sizes.
    ...(sizesOnRunner ? { generate_sub_sizes: 'false' } : {})
  }
  const cannotRead = await openProblem(file)
  if (cannotRead) {
    return {
      ...baseOf(file),
      status: 'failed',
      attempts: 0,
      message: `could not be read (${cannotRead}); nothing was sent`
    }
  }
  // The sizes are made while the original is on its way; whatever becomes of it, they go.
  const headStart = sizesOnRunner ? startSizes(file, run.plan.sizes!) : undefined
  try {
    return await sendUntilSettled({
      ...{ run, file, fields, attempt: 0, waived: 0, resent: false },
      ...(headStart ? { headStart } : {})
    })
  } finally {
    const folder = (await headStart)?.folder
    if (folder) await rm(folder, { recursive: true, force: true })
  }
}

/**
 * The outcome of a file that is not sent because of what is already known: its content is in the
 * library, WordPress refused its image type, or a file no larger met a 413.
 */
function notToSend(file: LocalFile, run: SendRun): FileOutcome | undefined {
  const known = file.key ? run.plan.existing.get(file.key) : undefined
  if (known) {
    run.deps.log(
      `${file.display}: already in the library as item ${known.id}${alsoIn(known)}; not sent.`
    )
    return existingOutcome(file, known)
  }
  const sameType = run.refusedTypes.covering(file)
  if (sameType) {
    const message = RefusedTypes.reason(sameType)
    run.deps.log(`${file.display}: ${message}.`)
    return {
      ...baseOf(file),
      status: 'failed',
      attempts: 0,
      refusal: 'image-type',
      message,
      verdict: sameType.verdict
    }
  }
  const tooLarge = run.limits.covering(file.size)
  if (!tooLarge) return undefined
  const message = BodyLimits.reason(tooLarge)
  run.deps.log(`${file.display}: ${message}.`)
  return {
    ...baseOf(file),
    status: tooLarge.verdict.blocked ? 'blocked' : 'failed',
    attempts: 0,
    httpStatus: 413,
    refusal: 'too-large',
    message,
    verdict: tooLarge.verdict
  }
}

/**
 * The attempts: each is sent, its answer handled, and a retry decided by `nextMove`. An answer
 * that every file would meet, met while another file finds out whether it stands, waits for that
 * file's fate instead.
 */
async function sendUntilSettled(upload: FileUpload): Promise<FileOutcome> {
  let last: Retry | undefined
  for (upload.attempt = 1; ; upload.attempt++) {
    if (upload.run.deps.signal?.aborted) return cancelledBeforeSending(upload)
    const sent = await sendOnce(upload)
    if (!sent) return stoppedBeforeSending(upload, last)
    const shared = sent.fate && (await follow(upload, sent.fate))
    if (shared === 'lifted') {
      upload.waived++
      continue
    }
    const move = await answerTo(upload, sent.reply)
    if (shared === 'stands') return standing(upload, 'retry' in move ? move.giveUp() : move)
    if (!('retry' in move)) return move
    last = move
    const stop = await nextMove(upload, move)
    if (stop) return stop
  }
}

/**
 * Sends the file once, when the gate lets it (undefined when the run stopped first); one log line
 * per attempt, named by its file (lines of files mix). `fate`: the answer is one every file would
 * meet, and another file is finding out whether it stands.
 */
async function sendOnce(
  upload: FileUpload
): Promise<{ reply: Reply; fate?: Promise<BlockFate> } | undefined> {
  const { file, run, attempt } = upload
  let verdict: Verdict | undefined
  const judged = (result: HttpResult) => (verdict ??= diagnose(result, run.context))
  const sent = await run.gate.send(
    file,
    () => run.deps.api.postFile(file, upload.fields),
    result => 'response' in result && answerStopsTheRun(result.response.status, judged(result))
  )
  if (!sent) return undefined
  const { result } = sent
  const cancelled = 'failure' in result && result.failure.cancelled
  const answered = 'response' in result && result.response.status < 300
  const headline = answered || cancelled ? '' : ` (${judged(result).headline})`
  run.deps.log(
    `${file.display}: POST ${attempt}/${run.maxAttempts + upload.waived} → ${describeResult(result)}${headline}`
  )
  const reply = classify(result, judged(result))
  return sent.fate ? { reply, fate: sent.fate } : { reply }
}

/** Waits for the fate of the block this file met too, which another file is finding out. */
async function follow(upload: FileUpload, fate: Promise<BlockFate>): Promise<BlockFate> {
  const { file, run } = upload
  const scout = run.block.finding
  if (scout) {
    run.deps.log(
      `${file.display}: met the same answer as ${scout}; waiting for its attempts to tell whether it stands.`
    )
  }
  const settled = await fate
  if (settled === 'lifted' && !run.deps.signal?.aborted) {
    run.deps.log(
      `${file.display}: it no longer stands; sending it again (this attempt is not counted).`
    )
  }
  return settled
}

/** A file that met the answer that stopped the run, found to stand by another file. */
function standing(upload: FileUpload, outcome: FileOutcome): FileOutcome {
  const stop = upload.run.block.stop
  if (!stop) return outcome
  return {
    ...outcome,
    message: `${outcome.message ?? ''}; not sent again once ${stop.file} found it standing`
  }
}

function notSentAgain(outcome: FileOutcome, stop: RunStop): FileOutcome {
  return {
    ...outcome,
    message: `${outcome.message ?? ''}; not sent again: the run stopped at ${stop.file}`
  }
}

/** The run stopped while this attempt waited to be sent: the last answer, or nothing, is its end. */
function stoppedBeforeSending(upload: FileUpload, last: Retry | undefined): FileOutcome {
  const stop = upload.run.block.stop
  const message = stop ? notSentWhy(stop) : 'not sent: the run stopped'
  if (!last) return notAttempted(upload.file, message)
  const outcome = last.giveUp()
  // The attempt that was not sent is not counted.
  return {
    ...outcome,
    message: `${outcome.message ?? ''}; ${message} again`,
    attempts: upload.attempt - 1
  }
}

/** The step was cancelled before this attempt was sent. */
function cancelledBeforeSending(upload: FileUpload): FileOutcome {
  if (upload.attempt === 1) return notAttempted(upload.file, NOT_SENT_CANCELLED)
  return {
    ...baseOf(upload.file),
    status: 'failed',
    attempts: upload.attempt - 1,
    message: 'not sent again: the step was cancelled',
    caughtByCancel: 'unsent'
  }
}

/**
 * The one place that decides, after an answer worth another attempt, whether to send the file
 * again: the outcome when no attempt is left (or the wait asked for is too long, or the look-up
 * after the back-off settles the file), else undefined after the back-off.
 */
async function nextMove(upload: FileUpload, retry: Retry): Promise<FileOutcome | undefined> {
  const { attempt, run, file } = upload
  const allowed = run.maxAttempts + upload.waived
  const busy = isBusy(retry.answer.httpStatus)
  // A busy server's waits are bounded by the run's budget, not by a cap on each.
  const step = nextStep(
    attempt,
    allowed,
    retry.policy,
    retry.retryAfter,
    run.deps,
    busy ? Infinity : undefined
  )
  if (!step.retry) return retry.giveUp()
  const tooLong = busy ? run.waits.take(step.waitMs, retry.retryAfter, run.deps.now()) : undefined
  if (tooLong) {
    const outcome = retry.giveUp()
    run.block.halt(`${file.display}: ${tooLong}`, file.display, outcome.verdict)
    return { ...outcome, message: `${outcome.message ?? ''}; not sent again: ${tooLong}` }
  }
  const stop = run.block.stop
  if (stop) return notSentAgain(retry.giveUp(), stop)
  await waitToRetry(step, attempt, allowed, run.deps, file.display)
  if (retry.lookUpWhy === undefined) return undefined
  const before = await lookUpBeforeResend(upload, retry.answer, retry.lookUpWhy)
  if (before) return before
  upload.resent = true
  return undefined
}

/**
 * Right before a re-send, after the back-off: a server may store a file a while after its answer
 * was lost (a slow disk, a slow scan), so the look-up that ran at once may have missed it.
 * Stored: kept, not sent again. Undefined: not stored, send it. A failed look-up ends the file as
 * "may have been stored", as after the first look-up.
 */
async function lookUpBeforeResend(
  upload: FileUpload,
  answer: AnswerFacts,
  why: string
): Promise<FileOutcome | undefined> {
  // A cancel during the back-off is reported by the loop: nothing more is sent.
  if (upload.run.deps.signal?.aborted) return undefined
  const settled = await lookUpStored(upload, answer, 'after the back-off, before sending it again')
  if (settled === 'absent') return undefined
  return (
    settled ?? {
      ...baseOf(upload.file),
      status: 'failed',
      attempts: upload.attempt,
      ...answer,
      message: `${why}; the look-up before sending it again failed, so it may have been stored: check the media library before sending it again`
    }
  )
}
