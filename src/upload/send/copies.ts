import type { KnownItem } from '../checks/existing.js'
import type { MediaLinks } from '../wordpress/media-links.js'

/** An item the look-up after a re-send found under one of a file's slugs. */
export interface FoundItem extends MediaLinks {
  id: number
  slug: string
}

/**
 * The slugs a file's items may have after `posts` POSTs: its content key, which the first item
 * stored gets, then WordPress's suffixes for each further one (`-2`, `-3`, …), and one more for an
 * item an earlier run left at `-2`.
 */
export function copySlugs(key: string, posts: number): string[] {
  return [key, ...Array.from({ length: posts }, (_, index) => `${key}-${index + 2}`)]
}

/** Every item of a look-up's answer, the further ones under a slug included. */
export function foundItems(items: Map<string, KnownItem>): FoundItem[] {
  return [...items].flatMap(([slug, known]) => [
    { slug, id: known.id, ...(known.url ? { url: known.url } : {}) },
    ...known.others.map(id => ({ slug, id }))
  ])
}

/** What the look-up after a re-send says of the re-sent item `resent`. */
export type Copies =
  /** Only the re-sent item holds the file. */
  | { kind: 'one' }
  /**
   * An older item holds the content key: the POST whose answer was lost stored the file after
   * all, and the re-sent item is the newer copy. `others` are further items under the file's slugs.
   */
  | { kind: 'remove'; keep: FoundItem; others: FoundItem[] }
  /** The re-sent item holds the file, and `others` are under its slugs too; none is this run's to delete. */
  | { kind: 'others'; others: FoundItem[] }
  /** The look-up did not show even the re-sent item: it cannot tell what else is there. */
  | { kind: 'unseen' }

/**
 * Decides which item of a file that was sent again after a lost answer is kept. Only the item
 * the re-send's own answer named may be removed, and only when it is the newer of it and the one
 * holding the content key: an item whose id this run never got (one stored after the re-send, or
 * left by an earlier run) is named, never deleted.
 */
export function decideCopies(found: FoundItem[], key: string, resent: number): Copies {
  if (!found.some(item => item.id === resent)) return { kind: 'unseen' }
  const holder = found
    .filter(item => item.slug === key && item.id !== resent)
    .sort((a, b) => a.id - b.id)[0]
  if (holder && holder.id < resent) {
    const others = found.filter(item => item.id !== resent && item.id !== holder.id)
    return { kind: 'remove', keep: holder, others }
  }
  const others = found.filter(item => item.id !== resent)
  return others.length ? { kind: 'others', others } : { kind: 'one' }
}

/** What a file's outcome says of a second copy that a re-send after a lost answer made, or may have. */
export interface CopiesNote {
  /** `removed`: this run deleted its newer copy; `left`: another item is still there; `unknown`: the look-up could not tell. */
  state: 'removed' | 'left' | 'unknown'
  /** The items to look at, the one reported first, each with its edit page. */
  items: { id: number; edit: string }[]
}
