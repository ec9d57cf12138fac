import { diagnose } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import { postName, type FoundPost } from '../checks/target-post.js'
import { readHolder } from '../checks/existing.js'
import type { Holder, KnownItem } from '../checks/holder.js'
import type { LocalFile } from '../files/local-file.js'
import { refusalMessage, type MediaApi } from '../wordpress/media-api.js'
import type { PostsApi } from '../wordpress/posts-api.js'
import type { FileOutcome, UploadReport } from '../send/outcome.js'
import {
  itemOf,
  parentState,
  placementLines,
  type FeaturedResult,
  type PlacementReport
} from './placement.js'

interface PlaceDeps {
  api: MediaApi
  posts: PostsApi
  log: (line: string) => void
  warn: (message: string, title: string) => void
  signal?: AbortSignal
}

interface PlaceInput {
  report: UploadReport
  /** The files, in the order of the report's outcomes. */
  local: readonly LocalFile[]
  /** Items already in the library, by content key, with the post each is attached to. */
  existing: Map<string, KnownItem>
  target: FoundPost
  featured?: LocalFile
}

/** What attaching handed on: each file's outcome, with the post it is now attached to. */
export interface Placed {
  readonly files: FileOutcome[]
  readonly placement: PlacementReport
}

/**
 * After the upload: every file in the library attached to the post of attach-to, and its featured
 * image set. Uploaded files went with `post` set, so they are its children already. An item that
 * was in the library is attached with `POST media/{id} {"post": N}` when it has no parent; one
 * attached to another post stays there (an item has one parent), with a warning naming both. The
 * featured image is written only when it is not already that item. Nothing is sent twice.
 */
export async function placeMedia(input: PlaceInput, deps: PlaceDeps): Promise<Placed> {
  const { report, target } = input
  const files = report.files.map(outcome =>
    outcome.status === 'uploaded' ? { ...outcome, post: target.id } : outcome
  )
  const placement: PlacementReport = {
    target,
    uploaded: files.filter(outcome => outcome.status === 'uploaded').length,
    attached: [],
    elsewhere: [],
    failed: []
  }
  const skipped = deps.signal?.aborted
    ? 'the step was cancelled'
    : report.stopReason
      ? 'the run stopped early'
      : undefined
  if (skipped) placement.skipped = skipped
  else {
    for (const [index, outcome] of files.entries()) {
      if (outcome.status !== 'existing' || outcome.id === undefined) continue
      const key = input.local[index]?.key
      const known = key ? input.existing.get(key) : undefined
      // Only an item proven to be the file is written to; the look-up proved every one it kept.
      if (known?.id !== outcome.id) continue
      files[index] = await attachExisting(outcome, known, placement, deps)
    }
    const index = input.featured ? input.local.indexOf(input.featured) : -1
    if (input.featured && index >= 0) {
      const known = input.existing.get(input.featured.key ?? '')
      placement.featured = await feature(files[index]!, input.featured, target, { known, deps })
    }
  }
  for (const line of placementLines(placement)) deps.log(line)
  return { files, placement }
}

/** The post an item is attached to and its type, as `GET media/{id}` says them. */
async function readItem(api: MediaApi, id: number): Promise<Pick<Holder, 'post' | 'mimeType'>> {
  const json = diagnose(await api.getItem(id), api.context('GET')).json
  const item = json ? readHolder({ slug: '', ...json, id }) : undefined
  return item ?? {}
}

async function attachExisting(
  outcome: FileOutcome,
  known: KnownItem,
  placement: PlacementReport,
  deps: PlaceDeps
): Promise<FileOutcome> {
  const { target } = placement
  const { id } = known
  const post = known.post !== undefined ? known.post : (await readItem(deps.api, id)).post
  const state = parentState(post, target.id)
  if (state === 'attached') return { ...outcome, post: target.id }
  if (state === 'elsewhere') {
    deps.warn(
      `${outcome.file}: item ${id} is attached to post ${post}, not to ${postName(target)}; it is left there, since WordPress gives an item one post (remove it from post ${post}, or upload a copy under another name, to have it in ${postName(target)}).`,
      'Attached to another post'
    )
    placement.elsewhere.push(`${outcome.file} (item ${id}, post ${post})`)
    return { ...outcome, post: post ?? null }
  }
  if (state === 'unknown') {
    placement.failed.push(
      `${outcome.file} (item ${id}: the post it is attached to could not be read)`
    )
    return outcome
  }
  const result = await deps.posts.attach(id, target.id)
  const verdict = diagnose(result, deps.posts.context('POST'))
  if ('response' in result && result.response.status === 200 && verdict.json?.post === target.id) {
    deps.log(`${outcome.file}: item ${id} attached to ${postName(target)}.`)
    placement.attached.push(outcome.file)
    return { ...outcome, post: target.id }
  }
  const why =
    'response' in result && result.response.status !== 200
      ? refusalMessage(result.response.status, verdict)
      : describeResult(result)
  deps.warn(
    `${outcome.file}: item ${id} could not be attached to ${postName(target)}: ${why}.`,
    'Not attached'
  )
  placement.failed.push(`${outcome.file} (item ${id}: ${why})`)
  return { ...outcome, post: null }
}

/**
 * Sets the featured image, unless it already is that item. Not retried: a refusal would repeat,
 * and a lost answer may have set it.
 */
async function feature(
  outcome: FileOutcome,
  file: LocalFile,
  target: FoundPost,
  { known, deps }: { known: KnownItem | undefined; deps: PlaceDeps }
): Promise<FeaturedResult> {
  const id = itemOf(outcome)
  const post = postName(target)
  if (id === undefined) {
    const why = outcome.message ? `: ${outcome.message}` : ''
    return {
      state: 'failed',
      message: `not set: ${file.display} is not in the library (${outcome.status}${why})`
    }
  }
  if (target.featured === id) {
    return {
      state: 'already',
      id,
      message: `item ${id} (${file.display}) already is the featured image of ${post}; nothing written`
    }
  }
  // WordPress drops a post's featured image when given an item that is no image.
  const type = known?.id === id ? known.mimeType : (await readItem(deps.api, id)).mimeType
  if (!type?.startsWith('image/')) {
    return {
      state: 'failed',
      message: `not set: item ${id} (${file.display}) is ${type ?? 'of a type WordPress did not say'} on the server, not an image, and WordPress would drop the featured image of ${post} instead`
    }
  }
  const result = await deps.posts.setFeatured(target.route, target.id, id)
  const verdict = diagnose(result, deps.posts.context('POST'))
  if (!('response' in result)) {
    return {
      state: 'failed',
      message: `no answer when setting item ${id} as the featured image of ${post} (${result.failure.message}); look at the post: it may have been set`,
      verdict
    }
  }
  const { status } = result.response
  const now = verdict.json?.featured_media
  if (status === 200 && now === id) {
    const was = target.featured ? ` (it was item ${target.featured})` : ''
    return {
      state: 'set',
      id,
      message: `item ${id} (${file.display}) set as the featured image of ${post}${was}`
    }
  }
  const why =
    status !== 200
      ? refusalMessage(status, verdict)
      : now === undefined
        ? `${target.type} posts have no featured image on this site (the type does not support thumbnails): WordPress ignored it`
        : `WordPress answered 200 but kept featured image ${JSON.stringify(now)}; it takes only an image it can show`
  return { state: 'failed', message: `item ${id} (${file.display}) not set: ${why}`, verdict }
}
