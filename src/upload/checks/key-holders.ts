import type { MediaApi } from '../wordpress/media-api.js'
import type { FileFacts, Foreign } from './proof.js'

/** The warning's title for items under a file's slugs that are not the file. */
export const KEY_TAKEN = 'Content key held by another item'

/** `item 7 (slug k, user 2, https://…/post.php?post=7&action=edit)`: enough to find and judge it. */
function namedHolder(holder: Foreign, api: Pick<MediaApi, 'editLink'>): string {
  const by = holder.author === undefined ? 'author not given' : `user ${holder.author}`
  return `item ${holder.id} (slug ${holder.slug}, ${by}, ${api.editLink(holder.id)}): ${holder.why}`
}

/**
 * The warning for items that hold a file's content key (or a suffixed form) without being the
 * file: named, so a person can look, and never written to by the run.
 */
export function keyTakenWarning(
  file: FileFacts,
  foreign: Foreign[],
  api: Pick<MediaApi, 'editLink'>,
  outcome: string
): string {
  const named = foreign.map(holder => namedHolder(holder, api)).join('; ')
  return `${file.display}: its content key ${file.key ?? ''} is held by what is not this file, left as it is: ${named}. ${outcome}`
}
