import type { DiagnosisContext } from '../../diagnosis/index.js'
import type { BackoffPolicy, RetryDeps } from '../../http/retry.js'
import type { MediaFieldTemplates } from '../config.js'
import type { KnownItem } from '../checks/holder.js'
import type { LocalFile } from '../files/local-file.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { withPreview, type FileOutcome } from './outcome.js'
import { finishStoredItem } from './post-process.js'
import { foundTwice, settleCopies } from './settle-copies.js'
import { settleByLookUp } from './settle-lost.js'
import type { RefusedTypes } from '../pace/refused-types.js'
import type { RunBlock } from '../pace/run-block.js'
import type { SendGate } from '../pace/send-gate.js'
import type { BodyLimits } from '../pace/too-large.js'
import type { WaitBudget } from '../pace/wait-budget.js'
import type { SiteSizes } from '../sizes/offer.js'
import type { HeadStart } from '../sizes/head-start.js'

export interface UploadDeps extends RetryDeps {
  api: MediaApi
  /** A warning annotation: something the user should look at although the run goes on. */
  warn: (message: string, title: string) => void
  /** The step's cancellation: no file starts after it, and none is sent again. */
  signal?: AbortSignal
  /** Told when each file's upload began and ended, for the run's report. */
  timed?: (file: string, startedAt: Date, endedAt: Date) => void
}

/** What was found before sending, and what is stored with each file. */
export interface UploadPlan {
  /** Items already in the library, by content key: their files are not sent. */
  existing: Map<string, KnownItem>
  fields: MediaFieldTemplates
  /** The post each upload is attached to (WordPress's `post`, sent with the file). */
  attachTo?: number
  /** The user the action runs as (users/me): the author of what it stores. */
  me?: number
  /** Keys whose holders that are not the file the look-up before sending already named. */
  named?: ReadonlySet<string>
  /** The sizes the site lets the runner make (WordPress 7.1); absent: WordPress makes them. */
  sizes?: SiteSizes
}

/** What every file's upload shares: the world, the policy, and the refusals seen so far. */
export interface SendRun {
  deps: UploadDeps
  maxAttempts: number
  plan: UploadPlan
  context: DiagnosisContext
  /** The 413s: no file as large is sent. */
  limits: BodyLimits
  /** The image types WordPress cannot make sizes from: no other file of one is sent. */
  refusedTypes: RefusedTypes
  /** Every POST of a file passes it. */
  gate: SendGate
  /** A block or refusal every file meets, found out by one; and the run's stop. */
  block: RunBlock
  /** The run's one bound on waiting for a busy server. */
  waits: WaitBudget
}

/** One file's upload, from its first POST to its outcome. */
export interface FileUpload {
  run: SendRun
  file: LocalFile
  fields: Record<string, string>
  /** The POST being answered (1-based). */
  attempt: number
  /**
   * POSTs that met a block or refusal while another file found out whether it stands: once it
   * lifted, they do not count against max-attempts.
   */
  waived: number
  /** A re-send followed a lost answer, so the file may be in the library twice. */
  resent: boolean
  /** The slug WordPress stored the file under, as its answer said: `-2` … when the key was taken. */
  storedSlug?: string
  /**
   * Sent with `generate_sub_sizes=false`: its sizes are made on the runner, started while it is
   * on its way (settled with what was made, or undefined when nothing could be).
   */
  headStart?: Promise<HeadStart | undefined>
}

/** The status and diagnosis of the answer an outcome reports. */
export type AnswerFacts = Pick<FileOutcome, 'httpStatus' | 'verdict'>

/** What an answer leads to when it is worth sending the file again. */
export interface Retry {
  retry: true
  policy: BackoffPolicy
  retryAfter?: string
  /**
   * Set when the look-up found the file not stored after an answer that may have stored it: it
   * is looked up once more after the back-off. Names the answer, for the message.
   */
  lookUpWhy?: string
  answer: AnswerFacts
  /** The outcome when no attempt is left, or the server asks for too long a wait. */
  giveUp: () => FileOutcome
}

/** What an answer leads to: the file's outcome, or sending it again. */
export type Move = FileOutcome | Retry

/** The fields every outcome of the file starts with. */
export function baseOf(file: LocalFile): Pick<FileOutcome, 'file' | 'size' | 'mediaType'> {
  return { file: file.display, size: file.size, mediaType: file.mediaType }
}

/**
 * The file is in the library although its answer failed: WordPress said so, or the look-up found
 * it. It is never sent again; WordPress is asked to finish the item's image sizes.
 */
export async function keepStored(
  upload: FileUpload,
  id: number,
  answer: AnswerFacts,
  how: string
): Promise<FileOutcome> {
  const { file, run } = upload
  const { deps } = run
  deps.log(`${file.display}: ${how}; asking WordPress to finish its image sizes.`)
  const done = await finishStoredItem(file, id, deps)
  if (done.warning)
    deps.warn(`${file.display}: ${done.warning}.`, 'Uploaded without its image sizes')
  return {
    ...baseOf(file),
    status: 'uploaded',
    attempts: upload.attempt,
    id,
    ...withPreview(done),
    sizes: done.sizes,
    ...(file.mediaType.startsWith('image/') ? { sizesBy: 'wordpress' as const } : {}),
    ...answer,
    message:
      done.sizes === 'complete'
        ? `${how}; its image sizes are complete`
        : `${how}; its smaller image sizes are missing (PHP memory: see the warning)`
  }
}

/**
 * After an answer that leaves the file's fate open: look it up by its content key (with
 * skip-existing on). Stored: kept. Absent: sending again is safe. Else undefined: nothing is
 * known, and the file is not sent again. `when` says which look-up this is, for the log.
 */
export async function lookUpStored(
  upload: FileUpload,
  answer: AnswerFacts,
  when = 'after the answer failed'
): Promise<FileOutcome | 'absent' | undefined> {
  const { file, run } = upload
  const { deps } = run
  if (!file.key || deps.signal?.aborted) return undefined
  const settled = await settleByLookUp(deps.api, file, run.plan.me)
  if (settled.kind === 'stored') {
    const { item } = settled
    const how = `stored as item ${item.id} (found by its content key ${when})`
    const kept = await keepStored(upload, item.id, answer, how)
    return item.others.length ? foundTwice(file, { ...kept, id: item.id }, item, deps) : kept
  }
  if (settled.kind === 'absent') {
    deps.log(`${file.display}: looked up by its content key ${when}: not stored.`)
    return 'absent'
  }
  deps.log(`${file.display}: ${settled.message}`)
  return undefined
}

/**
 * An upload that may have made a second copy is checked: a re-send that followed a lost answer,
 * or an item WordPress stored under another slug than the key it asked for (as its answer said),
 * since something else held the key. Other uploads are not.
 */
export function afterResend(
  upload: FileUpload,
  outcome: FileOutcome
): Promise<FileOutcome> | FileOutcome {
  const { file, run, storedSlug: slug } = upload
  if (!file.key) return outcome
  const cause = upload.resent
    ? 'resent'
    : slug !== undefined && slug !== file.key
      ? 'suffixed'
      : undefined
  if (!cause) return outcome
  const { me, named } = run.plan
  const deps = { ...run.deps, ...(me === undefined ? {} : { me }), named: !!named?.has(file.key) }
  return settleCopies(file, outcome, deps, cause)
}
