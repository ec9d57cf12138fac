import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { describeResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { readMediaLinks, type MediaLinks } from '../wordpress/media-links.js'

/** A media item already in the library under a content key. */
export interface KnownItem extends MediaLinks {
  id: number
  /** Ids of further items under the same key (made by hand, or by an older run). */
  others: number[]
  /** The post it is attached to, null for none; undefined when the answer did not say. */
  post?: number | null
}

export type ExistingLookup =
  | { kind: 'found'; items: Map<string, KnownItem> }
  /** The server has no media listing (the interface promises only the upload and settings). */
  | { kind: 'unsupported'; message: string; verdict: Verdict }
  | { kind: 'failed'; message: string; verdict: Verdict }

/** WordPress answers at most 100 items a page. */
const BATCH = 100

/** An origin without a media listing answers these; anything else that is not a list stops. */
const NO_LISTING = new Set([404, 405, 501])

/**
 * Looks the keys up, 100 per request. The answer's items are matched against the keys here:
 * a server, proxy or cache may ignore the filter and answer a whole page of other items.
 */
export async function findExisting(api: MediaApi, keys: string[]): Promise<ExistingLookup> {
  const unique = [...new Set(keys)]
  const items = new Map<string, KnownItem>()
  for (let start = 0; start < unique.length; start += BATCH) {
    const batch = unique.slice(start, start + BATCH)
    const result = await api.findBySlugs(batch)
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
      collect(verdict.items, new Set(batch), items)
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
  return { kind: 'found', items }
}

/** WordPress's `post` of a media item: its parent's id, or null (WordPress says null for none). */
function parentOf(entry: object): Pick<KnownItem, 'post'> {
  const { post } = entry as Record<string, unknown>
  if (post === null || post === 0) return { post: null }
  return typeof post === 'number' && Number.isSafeInteger(post) && post > 0 ? { post } : {}
}

function collect(answer: unknown[], wanted: Set<string>, items: Map<string, KnownItem>): void {
  for (const entry of answer) {
    if (typeof entry !== 'object' || entry === null) continue
    const { id, slug } = entry as Record<string, unknown>
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) continue
    if (typeof slug !== 'string' || !wanted.has(slug)) continue
    const known = items.get(slug)
    const item = { id, ...readMediaLinks(entry), ...parentOf(entry) }
    if (!known) items.set(slug, { ...item, others: [] })
    else if (id < known.id)
      items.set(slug, { ...item, others: [...known.others, known.id].sort((a, b) => a - b) })
    else known.others = [...known.others, id].sort((a, b) => a - b)
  }
}
