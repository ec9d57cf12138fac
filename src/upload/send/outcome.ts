import { edgeNodeName, type Verdict } from '../../diagnosis/index.js'
import { answerer } from '../../summary/answerer.js'
import { answeredBy } from '../../summary/step-end.js'
import { wordpressProfile } from '../wordpress/remedies.js'
import { jsonOutput } from '../../log/output.js'
import type { KnownItem } from '../checks/holder.js'
import type { LocalFile } from '../files/local-file.js'
import type { MediaLinks, Preview } from '../wordpress/media-links.js'
import type { RefusalKind } from '../wordpress/refusals.js'
import type { LevelReport } from '../pace/adaptive-level.js'
import type { CopiesNote } from './copies.js'
import type { Sizes } from './post-process.js'
import { agrees, counted } from '../../log/words.js'

/** Who made an item's sizes: the runner (sideloaded to WordPress 7.1), WordPress, or both. */
type SizesBy = 'runner' | 'wordpress' | 'runner and wordpress'

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
  /** Whether every size of the item it stored was made (see the `media` output). */
  sizes?: Sizes
  /** Who made the sizes: the runner (sideloaded to WordPress 7.1), WordPress, or both in part. */
  sizesBy?: SizesBy
  /** What refused the file, where more than its status tells it. */
  refusal?: RefusalKind
  /** The last HTTP status seen for this file. */
  httpStatus?: number
  /** Why it did not upload, one sentence. */
  message?: string
  verdict?: Verdict
  /**
   * The step's cancel caught this file after it was sent: `in-flight` while its POST was on the
   * way (it may have been stored), `unsent` before a POST could reach the server.
   */
  caughtByCancel?: 'in-flight' | 'unsent'
  /** A second copy that a re-send after a lost answer made, or may have made. */
  copies?: CopiesNote
  /** The post its item is attached to (its parent), null for none; absent when not known. */
  post?: number | null
}

export interface UploadReport {
  files: FileOutcome[]
  /** Why the remaining files were not sent, when a failure stopped the run. */
  stopReason?: string
  /** The answer that decided the run: the stopping or last failure, else the last success. */
  verdict?: Verdict
  /** What `concurrency: auto` did; absent with a fixed number. */
  concurrency?: LevelReport
}

/**
 * A media item's address and preview, as a file's outcome carries them. The preview is only the
 * small one WordPress made (`readMediaLinks`), never the file itself: an original may be tens of MiB.
 */
export function withPreview(links: MediaLinks): Pick<FileOutcome, 'url' | 'preview'> {
  const { url, preview } = links
  return { ...(url ? { url } : {}), ...(preview ? { preview } : {}) }
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
  const inFlight = files.filter(file => file.caughtByCancel === 'in-flight').length
  const parts = [`${counts.uploaded} of ${counted(files.length, 'file')} uploaded`]
  if (counts.existing) parts.push(`${counts.existing} already in the library`)
  if (inFlight) parts.push(`${inFlight} in flight may have been stored (check the media library)`)
  const notSent = files.filter(
    file => file.status === 'not-attempted' || file.caughtByCancel === 'unsent'
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
  return jsonOutput(
    files.map(({ file, id, url, status, attempts, sizes, sizesBy, post }) => ({
      file,
      id: id ?? null,
      url: url ?? null,
      status,
      attempts,
      sizes: sizes ?? null,
      sizesBy: sizesBy ?? null,
      post: post ?? null
    }))
  )
}

/** `; the same content is also in items 7, 9`, or '' when the content is in one item only. */
export function alsoIn(known: KnownItem): string {
  return known.others.length
    ? `; the same content is also in ${agrees(known.others.length, 'item', 'items')} ${known.others.join(', ')}`
    : ''
}

/** A file whose content is already in the library, as item `known`: not sent. */
export function existingOutcome(file: LocalFile, known: KnownItem): FileOutcome {
  const others = alsoIn(known)
  return {
    file: file.display,
    size: file.size,
    mediaType: file.mediaType,
    status: 'existing',
    attempts: 0,
    id: known.id,
    ...withPreview(known),
    ...(known.post === undefined ? {} : { post: known.post }),
    ...(others ? { message: `already in the library${others}` } : {})
  }
}

/** The annotation's title for files not uploaded, naming who answered: the CDN, or WordPress. */
export function notUploadedTitle(failures: number, verdict: Verdict | undefined): string {
  const notUploaded = `${counted(failures, 'file')} not uploaded`
  if (!verdict) return notUploaded
  if (!verdict.blocked) return answeredBy(notUploaded, verdict, wordpressProfile.name)
  const edge = verdict.edgeNode ? `, ${edgeNodeName(verdict.edgeNode)}` : ''
  return `Upload blocked by ${answerer(verdict, wordpressProfile.name)}${edge}`
}
