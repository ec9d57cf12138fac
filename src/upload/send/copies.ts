import type { MediaLinks } from '../wordpress/media-links.js'

/** An item proven to hold the file, found by the look-up after an upload under one of its slugs. */
export interface FoundItem extends MediaLinks {
  id: number
  slug: string
}

/** What the look-up after a re-send says of the re-sent item `resent`. */
type Copies =
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
   * The re-sent item is under a suffixed slug, and no item proven to be the file holds the key:
   * something else does. `others` are further items proven to be the file.
   */
  | { kind: 'beside'; slug: string; others: FoundItem[] }

/**
 * Decides which item of a file is kept after an upload that may have made a second copy: a re-send
 * after a lost answer, or one WordPress stored under a suffixed slug (the key was taken, by
 * another run's copy perhaps). Only the item the upload's own answer named may be removed, and only when it is the newer of it and the one
 * holding the content key: an item whose id this run never got (one stored after the re-send, or
 * left by an earlier run) is named, never deleted.
 */
export function decideCopies(found: FoundItem[], key: string, resent: number): Copies {
  const ours = found.find(item => item.id === resent)
  if (!ours) return { kind: 'unseen' }
  const holder = found
    .filter(item => item.slug === key && item.id !== resent)
    .sort((a, b) => a.id - b.id)[0]
  if (holder && holder.id < resent) {
    const others = found.filter(item => item.id !== resent && item.id !== holder.id)
    return { kind: 'remove', keep: holder, others }
  }
  const others = found.filter(item => item.id !== resent)
  if (!holder && ours.slug !== key) return { kind: 'beside', slug: ours.slug, others }
  return others.length ? { kind: 'others', others } : { kind: 'one' }
}

/** What a file's outcome says of a second copy that a re-send after a lost answer made, or may have. */
export interface CopiesNote {
  /** `removed`: this run deleted its newer copy; `left`: another item is still there; `unknown`: the look-up could not tell. */
  state: 'removed' | 'left' | 'unknown'
  /** The items to look at, the one reported first, each with its edit page. */
  items: { id: number; edit: string }[]
}
