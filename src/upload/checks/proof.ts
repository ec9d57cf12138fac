import type { MediaApi } from '../wordpress/media-api.js'
import type { Holder, KnownItem } from './holder.js'

/** What proving an item compares: a local file's type, size and hash (a LocalFile has them). */
export interface FileFacts {
  display: string
  size: number
  mediaType: string
  key?: string
  sha256?: string
}

/** What proving an item needs: the user the action runs as, and a way to hash a file on the site. */
interface ProofDeps extends Pick<MediaApi, 'fileDigest'> {
  /** The signed-in user's id (users/me), when known. */
  me?: number
}

/** A file's items: those proven to hold its content, and the others under its slugs. */
interface SortedHolders {
  /** The lowest id proven, with the other proven ones: the item reported for the file. */
  item?: KnownItem
  proven: Holder[]
  /** Under one of the file's slugs without being the file: named in a warning, never written to. */
  foreign: Foreign[]
}

export interface Foreign extends Holder {
  /** Why it is not taken for the file, one phrase. */
  why: string
}

/**
 * Which items under a file's slugs are the file. A slug proves nothing (anyone who may upload can
 * compute a public file's key), so an item counts when its type and size match and the user the
 * action runs as uploaded it; any other item only once its bytes, fetched once, have the file's
 * sha-256. `ours` are items this run stored itself: the file, with nothing to prove.
 */
export async function sortHolders(
  file: FileFacts,
  holders: Holder[],
  deps: ProofDeps,
  ours: number[] = []
): Promise<SortedHolders> {
  const proven: Holder[] = []
  const foreign: Foreign[] = []
  for (const holder of holders) {
    const why = ours.includes(holder.id) ? undefined : await notTheFile(file, holder, deps)
    if (why) foreign.push({ ...holder, why })
    else proven.push(holder)
  }
  const [first, ...rest] = proven
  const item = first && { ...first, others: rest.map(other => other.id) }
  return { ...(item ? { item } : {}), proven, foreign }
}

/** Why `holder` is not the file, or undefined when it is. */
async function notTheFile(
  file: FileFacts,
  holder: Holder,
  deps: ProofDeps
): Promise<string | undefined> {
  if (holder.mimeType !== file.mediaType) {
    return `its type is ${holder.mimeType ?? 'not given'}, not ${file.mediaType}`
  }
  const own = deps.me !== undefined && holder.author === deps.me
  if (own && holder.filesize !== undefined) {
    return holder.filesize === file.size
      ? undefined
      : `its size is ${holder.filesize} bytes, not ${file.size}`
  }
  // Another user's item, or one of WordPress before 6.0 (no filesize): its bytes decide.
  return bytesDiffer(file, holder, deps)
}

async function bytesDiffer(
  file: FileFacts,
  holder: Holder,
  deps: ProofDeps
): Promise<string | undefined> {
  const by = holder.author === undefined ? 'an unnamed user' : `user ${holder.author}`
  const whose = holder.author === deps.me ? 'its' : `it is ${by}'s, and its`
  let url: URL | undefined
  try {
    url = holder.url ? new URL(holder.url) : undefined
  } catch {
    url = undefined
  }
  if (!url || !file.sha256) return `${whose} file could not be fetched to compare`
  const result = await deps.fileDigest(url, file.size)
  const digest = 'response' in result && result.response.status === 200 && result.response.digest
  if (!digest) return `${whose} file could not be fetched to compare`
  return digest.bytes === file.size && digest.sha256 === file.sha256
    ? undefined
    : `${whose} bytes are another file's`
}
