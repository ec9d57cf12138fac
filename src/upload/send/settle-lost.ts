import { findExisting, type KnownItem } from '../checks/existing.js'
import type { MediaApi } from '../wordpress/media-api.js'

/** What the library says about a file whose upload's answer was lost. */
export type Settled =
  | { kind: 'stored'; item: KnownItem }
  /** Not stored: sending it again cannot make a duplicate. */
  | { kind: 'absent' }
  /** The look-up itself failed: nothing is known. */
  | { kind: 'unknown'; message: string }

/**
 * Whether a file whose POST got no answer, or a 5xx that does not say it stored anything, is in
 * the library after all: the same look-up by content key that runs before the upload, for this
 * one key. The key is in the slug the POST asked for, so a stored file is found by it.
 */
export async function settleByLookUp(api: MediaApi, key: string): Promise<Settled> {
  const lookup = await findExisting(api, [key])
  if (lookup.kind !== 'found') return { kind: 'unknown', message: lookup.message }
  const item = lookup.items.get(key)
  return item ? { kind: 'stored', item } : { kind: 'absent' }
}
