import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { readMediaLinks } from '../wordpress/media-links.js'
import type { Holder, KnownItem } from './holder.js'
import { sortHolders, type FileFacts, type Foreign } from './proof.js'
import { formsOf, LAST_SUFFIX } from './slug-forms.js'
import { count, positive, record } from '../../http/json-fields.js'

/** Why the look-up found nothing to go by. */
type NoLookup =
  /** The server has no media listing (the interface promises only the upload and settings). */
  | { kind: 'unsupported'; message: string; verdict: Verdict }
  | { kind: 'failed'; message: string; verdict: Verdict }

type HoldersLookup =
  /** Every item under a slug form of each key, by key, lowest id first: none is proven yet. */
  { kind: 'found'; holders: Map<string, Holder[]> } | NoLookup

export type ExistingLookup =
  /** By content key: the item proven to be the file, and the items under its slugs that are not. */
  { kind: 'found'; items: Map<string, KnownItem>; foreign: Map<string, Foreign[]> } | NoLookup

/**
 * The files' items already in the library: every file with a key is looked up, and the items
 * under its slugs sorted into the one that is the file (proven) and the others.
 */
export async function findExisting(
  api: MediaApi,
  files: FileFacts[],
  me?: number
): Promise<ExistingLookup> {
  const lookup = await findHolders(
    api,
    files.flatMap(file => file.key ?? [])
  )
  if (lookup.kind !== 'found') return lookup
  const items = new Map<string, KnownItem>()
  const foreign = new Map<string, Foreign[]>()
  const proof = { ...(me === undefined ? {} : { me }), fileDigest: api.fileDigest }
  for (const file of files) {
    const holders = file.key ? lookup.holders.get(file.key) : undefined
    if (!file.key || !holders || items.has(file.key) || foreign.has(file.key)) continue
    const sorted = await sortHolders(file, holders, proof)
    if (sorted.item) items.set(file.key, sorted.item)
    if (sorted.foreign.length) foreign.set(file.key, sorted.foreign)
  }
  return { kind: 'found', items, foreign }
}

/** WordPress answers at most 100 items a page: ten keys' slug forms, at most one item each. */
const KEYS_PER_REQUEST = Math.floor(100 / LAST_SUFFIX)

/** An origin without a media listing answers these; anything else that is not a list stops. */
const NO_LISTING = new Set([404, 405, 501])

/**
 * Looks the keys up, each with its suffixed forms (WordPress's media search does not look at
 * slugs, so they are named one by one). The answer's items are matched against the forms here:
 * a server, proxy or cache may ignore the filter and answer a whole page of other items.
 */
export async function findHolders(api: MediaApi, keys: string[]): Promise<HoldersLookup> {
  const unique = [...new Set(keys)]
  const holders = new Map<string, Holder[]>()
  for (let start = 0; start < unique.length; start += KEYS_PER_REQUEST) {
    const forms = formsOf(unique.slice(start, start + KEYS_PER_REQUEST))
    const result = await api.findBySlugs([...forms.keys()])
    const verdict = diagnose(result, api.context('GET'))
    const where = `GET ${api.target}?slug=…`
    if ('failure' in result) {
      return {
        kind: 'failed',
        message: `The look-up of files already in the library (${where}) got no answer: ${result.failure.message}.`,
        verdict
      }
    }
    const { status } = result.response
    if (status === 200 && verdict.items) {
      collect(verdict.items, forms, holders)
      continue
    }
    if (NO_LISTING.has(status) && verdict.layer === 'origin') {
      return {
        kind: 'unsupported',
        message: `The server has no media listing (${where} answered HTTP ${status}), so files already in the library cannot be found: every file is uploaded, as with skip-existing: false.`,
        verdict
      }
    }
    return {
      kind: 'failed',
      message: `The look-up of files already in the library (${where}) failed with ${describeResult(result)}${status === 200 ? ', not with a list of media items' : ''}: ${verdict.headline}`,
      verdict
    }
  }
  return { kind: 'found', holders }
}

/** WordPress's `post` of a media item: its parent's id, or null (WordPress says null for none). */
function parentOf(post: unknown): Pick<Holder, 'post'> {
  if (post === null || post === 0) return { post: null }
  const id = count(post)
  return id ? { post: id } : {}
}

/** What an item of the answer (untrusted) says of itself, or undefined when it is no item. */
export function readHolder(entry: unknown): Holder | undefined {
  const item = record(entry)
  if (!item) return undefined
  const { id, slug, author, mime_type, media_details, post } = item
  if (!positive(id) || typeof slug !== 'string') return undefined
  const details = record(media_details)
  const filesize = count(details?.filesize)
  const by = count(author)
  const [width, height] = [positive(details?.width), positive(details?.height)]
  return {
    id: id as number,
    slug,
    ...readMediaLinks(entry),
    ...(by === undefined ? {} : { author: by }),
    ...(typeof mime_type === 'string' ? { mimeType: mime_type } : {}),
    ...(filesize === undefined ? {} : { filesize }),
    ...(width && height
      ? { image: { width, height, sizes: Object.keys(record(details?.sizes) ?? {}) } }
      : {}),
    ...parentOf(post)
  }
}

function collect(answer: unknown[], forms: Map<string, string>, holders: Map<string, Holder[]>) {
  for (const entry of answer) {
    const holder = readHolder(entry)
    const key = holder && forms.get(holder.slug)
    if (!holder || !key) continue
    const list = holders.get(key) ?? []
    if (list.some(known => known.id === holder.id)) continue
    holders.set(
      key,
      [...list, holder].sort((a, b) => a.id - b.id)
    )
  }
}
