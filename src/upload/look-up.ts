import { log } from '../log/log.js'
import { agrees, counted } from '../log/words.js'
import { findExisting, type ExistingLookup } from './checks/existing.js'
import { KEY_TAKEN, keyTakenWarning } from './checks/key-holders.js'
import { contentKey, sha256OfFile } from './files/content-key.js'
import type { LocalFile } from './files/local-file.js'
import type { MediaApi } from './wordpress/media-api.js'

/**
 * Gives every file its content key (hashed once, streamed) and looks the keys up. A file that
 * cannot be read gets no key; it is reported when its turn comes. A cancel ends the hashing.
 */
export async function lookUpExisting(
  api: MediaApi,
  local: readonly LocalFile[],
  me: number | undefined,
  signal?: AbortSignal
): Promise<ExistingLookup> {
  for (const file of local) {
    if (signal?.aborted) break
    const sha256 = await sha256OfFile(file.path).catch(() => undefined)
    if (sha256) Object.assign(file, { key: contentKey(file.display, sha256), sha256 })
  }
  const keyed = local.filter(file => file.key)
  const lookup = await findExisting(api, keyed, me)
  if (lookup.kind !== 'found') {
    log.info(lookup.message)
    return lookup
  }
  log.info(
    `${lookup.items.size} of ${counted(keyed.length, 'file')} ${agrees(lookup.items.size, 'is', 'are')} already in the library.`
  )
  for (const file of keyed) sayHolders(file, lookup, api)
  return lookup
}

/** What holds a file's key besides the file: a warning; the file found under a suffix: a line. */
function sayHolders(
  file: LocalFile,
  lookup: Extract<ExistingLookup, { kind: 'found' }>,
  api: MediaApi
): void {
  const key = file.key ?? ''
  const item = lookup.items.get(key)
  const foreign = lookup.foreign.get(key)
  if (foreign) {
    const outcome = item
      ? `The file itself is item ${item.id}.`
      : 'The file is uploaded as an item of its own.'
    log.warning(keyTakenWarning(file, foreign, api, outcome), KEY_TAKEN)
  }
  if (item && item.slug !== key && !foreign?.some(holder => holder.slug === key)) {
    log.info(
      `${file.display}: found as item ${item.id} under ${item.slug}: its key ${key} is held by something the media library does not list (a post, page or draft of another type, whose slug WordPress lets no attachment share).`
    )
  }
}
