import type { Verdict } from '../../diagnosis/index.js'
import { postName, type FoundPost } from '../checks/target-post.js'
import type { KnownItem } from '../checks/holder.js'
import type { FileOutcome } from '../send/outcome.js'
import { agrees, counted } from '../../log/words.js'

/** Where an item in the library stands towards the post of attach-to. */
type ParentState = 'attached' | 'unattached' | 'elsewhere' | 'unknown'

export function parentState(post: number | null | undefined, target: number): ParentState {
  if (post === undefined) return 'unknown'
  if (post === null) return 'unattached'
  return post === target ? 'attached' : 'elsewhere'
}

/** What became of the featured image. */
export interface FeaturedResult {
  /** `set`: written now; `already`: it was, nothing written; `failed`: it is not. */
  state: 'set' | 'already' | 'failed'
  /** The item that is the featured image, when it is. */
  id?: number
  message: string
  verdict?: Verdict
}

/** What attaching files to the post of attach-to did, for the log, the summary and the outputs. */
export interface PlacementReport {
  target: FoundPost
  /** Files uploaded into the post with their upload. */
  uploaded: number
  /** Items already in the library, attached now. */
  attached: string[]
  /** Items attached to another post, left there: `img/a.png (item 7, post 3)`. */
  elsewhere: string[]
  /** Items that could not be attached, with why. */
  failed: string[]
  featured?: FeaturedResult
  /** Why nothing was attached or featured (a stopped or cancelled run). */
  skipped?: string
}

/**
 * The file's item, when it is in the library: its id, from an upload that named one or from the
 * look-up. A file stored without a known id cannot be placed.
 */
export function itemOf(outcome: FileOutcome): number | undefined {
  return outcome.status === 'uploaded' || outcome.status === 'existing' ? outcome.id : undefined
}

/** The report in one paragraph of plain sentences, for the log and the summary. */
export function placementLines(report: PlacementReport): string[] {
  const post = postName(report.target)
  if (report.skipped) return [`Nothing attached to ${post}: ${report.skipped}.`]
  const lines = [`${counted(report.uploaded, 'file')} uploaded into ${post}.`]
  if (report.attached.length) {
    lines.push(`${counted(report.attached.length, 'item')} already in the library attached to it.`)
  }
  if (report.elsewhere.length) {
    lines.push(
      `${counted(report.elsewhere.length, 'item')} attached to another post, left there: ${report.elsewhere.join(', ')}.`
    )
  }
  if (report.failed.length) {
    lines.push(
      `${counted(report.failed.length, 'item')} could not be attached: ${report.failed.join('; ')}.`
    )
  }
  if (report.featured) lines.push(`Featured image: ${report.featured.message}.`)
  return lines
}

/** What a dry run says attaching would do. */
export interface PlacementPlan {
  /** Plain sentences, for the log and the summary. */
  readonly lines: string[]
  /** The item that is the post's featured image already, when it is the one asked for. */
  readonly featuredId?: number
}

/** What the real run would do about attach-to and featured-image, told by a dry run. */
export function dryRunPlacement(
  files: FileOutcome[],
  known: (index: number) => KnownItem | undefined,
  target: FoundPost,
  featured: number | undefined
): PlacementPlan {
  const post = postName(target)
  const uploads = files.filter(file => file.status === 'would-upload').length
  const states = files.flatMap((file, index) => {
    const item = file.status === 'existing' ? known(index) : undefined
    return item ? [{ file, item, state: parentState(item.post, target.id) }] : []
  })
  const named = (state: ParentState) =>
    states
      .filter(entry => entry.state === state)
      .map(
        entry =>
          `${entry.file.file} (item ${entry.item.id}${entry.item.post ? `, post ${entry.item.post}` : ''})`
      )
  const lines = [`${counted(uploads, 'file')} would be uploaded into ${post}.`]
  const attach = named('unattached')
  if (attach.length)
    lines.push(
      `${counted(attach.length, 'item')} already in the library would be attached to it: ${attach.join(', ')}.`
    )
  const elsewhere = named('elsewhere')
  if (elsewhere.length)
    lines.push(
      `${counted(elsewhere.length, 'item')} ${agrees(elsewhere.length, 'is', 'are')} attached to another post and would be left there: ${elsewhere.join(', ')}.`
    )
  const unknown = named('unknown')
  if (unknown.length)
    lines.push(
      `${counted(unknown.length, 'item')} would be attached if ${agrees(unknown.length, 'it has', 'they have')} no post yet: ${unknown.join(', ')}.`
    )
  if (featured === undefined) return { lines }
  const file = files[featured]!
  const now = target.featured ? `item ${target.featured}` : 'none'
  if (file.status === 'existing' && file.id === target.featured) {
    lines.push(`Featured image: item ${file.id} (${file.file}) already; nothing would be written.`)
    return { lines, featuredId: file.id }
  }
  lines.push(
    file.status === 'existing'
      ? `Featured image: item ${file.id} (${file.file}) would be set (now: ${now}).`
      : file.status === 'would-upload'
        ? `Featured image: ${file.file} would be set once uploaded (now: ${now}).`
        : `Featured image: would not be set: ${file.file} would fail.`
  )
  return { lines }
}
