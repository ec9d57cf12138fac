import { findExisting } from '../checks/existing.js'
import type { KnownItem } from '../checks/holder.js'
import type { LocalFile } from '../files/local-file.js'
import type { MediaApi } from '../wordpress/media-api.js'

/** What the library says about a file whose upload's answer was lost. */
type StoredOrNot =
  /** `item` holds it; `item.others` hold it too (a race, or the lost POST and a re-send). */
  | { kind: 'stored'; item: KnownItem }
  /** Not stored: sending it again cannot make a duplicate. */
  | { kind: 'absent' }
  /** The look-up itself failed: nothing is known. */
  | { kind: 'unknown'; message: string }

/**
 * Whether a file whose POST got no answer, or a 5xx that does not say it stored anything, is in
 * the library after all: the same look-up by content key that runs before the upload, for this
 * one file. The key is in the slug the POST asked for (or a suffixed form, when it was taken), so
 * a stored file is found by it; an item there that is not proven to be the file is not taken for it.
 */
export async function settleByLookUp(
  api: MediaApi,
  file: LocalFile,
  me?: number
): Promise<StoredOrNot> {
  const lookup = await findExisting(api, [file], me)
  if (lookup.kind !== 'found') return { kind: 'unknown', message: lookup.message }
  const item = file.key ? lookup.items.get(file.key) : undefined
  return item ? { kind: 'stored', item } : { kind: 'absent' }
}
