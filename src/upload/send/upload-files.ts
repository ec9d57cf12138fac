import type { UploadConfig } from '../config.js'
import type { LocalFile } from '../files/local-file.js'
import { mayBeFolderRace } from '../wordpress/refusals.js'
import { Exclusive } from '../pace/exclusive.js'
import type { UploadDeps, UploadPlan, SendRun } from './file-upload.js'
import { NOT_SENT_CANCELLED, notAttempted, type FileOutcome, type UploadReport } from './outcome.js'
import { RefusedTypes } from '../pace/refused-types.js'
import { BodyLimits } from '../pace/too-large.js'
import { uploadOne } from './upload-one.js'
import { SendGate } from '../pace/send-gate.js'
import { mostAtOnce } from '../pace/adaptive-level.js'
import { notSentWhy, RunBlock, type RunStop } from '../pace/run-block.js'
import { WaitBudget, waitBudgetMs } from '../pace/wait-budget.js'
import { agrees, counted } from '../../log/words.js'

export type { UploadDeps, UploadPlan } from './file-upload.js'

/**
 * Uploads the files, up to `concurrency` at a time (under `auto`, as many as the adaptive level
 * lets through), each under the same policy. A block or a refusal that every file would meet is
 * the run's: one file finds out whether it stands while no other is sent, and once it stands (or
 * a busy server asks for a longer wait than the run may take) no file starts: those in flight
 * finish and are reported, the rest are `not-attempted`. Outcomes keep the files' order.
 * `waits` is the run's budget for busy answers, shared by every pass of the same run.
 */
export async function uploadFiles(
  files: readonly LocalFile[],
  config: Pick<UploadConfig, 'maxAttempts' | 'concurrency' | 'timeoutMs'>,
  deps: UploadDeps,
  plan: UploadPlan = { existing: new Map(), fields: {} },
  waits = new WaitBudget(waitBudgetMs(config))
): Promise<UploadReport> {
  const block = new RunBlock()
  const gate = new SendGate(deps, { block, waits }, config.concurrency)
  const run: SendRun = {
    deps,
    maxAttempts: config.maxAttempts,
    plan,
    context: deps.api.context('POST'),
    limits: new BodyLimits(),
    refusedTypes: new RefusedTypes(),
    gate,
    block,
    waits
  }
  const outcomes: (FileOutcome | undefined)[] = files.map(() => undefined)
  const exclusive = new Exclusive()
  let next = 0
  const worker = async () => {
    while (!block.stop && !deps.signal?.aborted && next < files.length) {
      const index = next++
      const file = files[index]!
      const startedAt = deps.now()
      let outcome = await exclusive.shared(() => uploadOne(file, run))
      if (mayBeFolderRace(outcome.refusal, outcome.verdict)) {
        outcome = await exclusive.alone(() => sendAlone(file, outcome, run, () => !!block.stop))
      }
      outcomes[index] = outcome
      deps.timed?.(file.display, startedAt, deps.now())
      block.ended(file.display, outcome)
    }
  }
  const workers = Math.min(mostAtOnce(config.concurrency), files.length)
  await Promise.all(Array.from({ length: workers }, worker))
  const report = reportOf(files, outcomes, block.stop, deps.signal)
  const level = gate.report()
  return level ? { ...report, concurrency: level } : report
}

/**
 * After "Unable to create directory", which two uploads racing to make this month's folder also
 * get: the file is sent once more with no other upload in flight. Refused again, the folder cannot
 * be made and the run stops; stored, it was the race.
 */
async function sendAlone(
  file: LocalFile,
  first: FileOutcome,
  run: SendRun,
  stopped: () => boolean
): Promise<FileOutcome> {
  const { deps } = run
  if (stopped() || deps.signal?.aborted) return first
  deps.log(
    `${file.display}: WordPress could not create its uploads folder for this month, as happens when another upload is creating it at the same moment; sending it once more, alone.`
  )
  const again = await uploadOne(file, run)
  const attempts = first.attempts + again.attempts
  if (mayBeFolderRace(again.refusal, again.verdict)) {
    return {
      ...again,
      attempts,
      message: `${again.message ?? ''}; sent once more alone and refused again, so no other upload caused it`
    }
  }
  if (again.status === 'uploaded') {
    deps.log(
      `${file.display}: stored when sent alone: the folder was being created by another upload.`
    )
  }
  return { ...again, attempts }
}

/** `; the 3 remaining files were not sent`, or nothing when none was left. */
function notSent(unsent: number): string {
  if (unsent === 0) return ''
  return `; the ${counted(unsent, 'remaining file')} ${agrees(unsent, 'was', 'were')} not sent`
}

/**
 * The run's report: every file's outcome in order (those never started as `not-attempted`), why
 * the run stopped early, and the answer that decided it.
 */
function reportOf(
  files: readonly LocalFile[],
  outcomes: (FileOutcome | undefined)[],
  stop: RunStop | undefined,
  signal: AbortSignal | undefined
): UploadReport {
  const why = stop ? notSentWhy(stop) : NOT_SENT_CANCELLED
  const all = files.map((file, index) => outcomes[index] ?? notAttempted(file, why))
  const unsent = all.filter(outcome => outcome.status === 'not-attempted').length
  const inFlight = all.filter(outcome => outcome.caughtByCancel === 'in-flight').length
  const last = (keep: (outcome: FileOutcome) => boolean) =>
    all.filter(outcome => outcome.verdict && keep(outcome)).at(-1)?.verdict
  const failed = (outcome: FileOutcome) =>
    outcome.status !== 'uploaded' && outcome.status !== 'existing'
  return {
    files: all,
    ...(stop
      ? { stopReason: `${stop.why}${notSent(unsent)}.` }
      : signal?.aborted
        ? {
            stopReason: `The step was cancelled${inFlight ? `: ${counted(inFlight, 'file')} in flight may have been stored (check the media library before sending ${agrees(inFlight, 'it', 'them')} again)` : ''}${notSent(unsent)}.`
          }
        : {}),
    verdict: stop?.verdict ?? last(failed) ?? last(() => true)
  }
}
