import type { ExistingLookup } from '../checks/existing.js'
import type { PreflightResult } from '../checks/preflight.js'
import type { TargetPost } from '../checks/target-post.js'
import type { UserRights } from '../checks/user-rights.js'
import type { WriteProbe } from '../checks/write-probe.js'
import type { FileOutcome, UploadReport } from '../send/outcome.js'
import type { EditLink } from './table.js'
import type { RestApiLocation } from '../wordpress/locate-rest-api.js'
import type { SizesOffer } from '../sizes/offer.js'

/** What to say of a CDN's block: the inputs that change what the next run does about it. */
export interface BlockAdvice {
  /** `blocked-wait-seconds`: 0 when the run did not wait for the block to lift. */
  waitSeconds: number
  skipExisting: boolean
}

/** What an upload's summary is made of. */
export interface UploadSummaryInput {
  /** Host and path of the media endpoint. */
  target: string
  /** The item set as the post's featured image by this run, or found to be it: marked in the table. */
  featuredId?: number
  /** The site as base-url names it (host and path), and its pages a person opens. */
  site?: { name: string; library: string; edit: EditLink }
  /** What to say of a CDN's block: the inputs that change what the next run does about it. */
  block?: BlockAdvice
  /** With `shard`: which leg of the matrix this is and its share of the files. */
  leg?: string
  /** Said when more than one address answered during the step. */
  addressChange?: string
  /** A dry run: nothing was sent but an empty probe of the write path. */
  dryRun?: WriteProbe
  /** How a wait for a CDN block to lift went, one sentence. */
  blockedWindow?: string
  /** Where the REST API was found, and how. */
  api?: Pick<RestApiLocation, 'apiPath' | 'how' | 'note' | 'refused' | 'slow'>
  preflight?: PreflightResult
  /** What WordPress said of the user's right to upload, asked before any file is sent. */
  rights?: UserRights
  /** The look-up of files already in the library; absent with skip-existing: false. */
  lookup?: ExistingLookup
  /** Where images' sizes are made, as the site told it; absent when not asked (image-sizes: server). */
  sizes?: SizesOffer
  /** Why `image-sizes: runner` stopped the run before any file was sent, and what to do. */
  sizesStop?: string
  /** Absent when the run stopped before any upload (a failed preflight). */
  report?: UploadReport
  /** The post of attach-to, as the check before sending found it. */
  post?: TargetPost
  /** What attaching to that post did, or a dry run's plan of it: plain sentences. */
  placement?: string[]
  /** Every matched file, so a run stopped early still accounts for each one. */
  files: FileOutcome[]
}
