import { diagnose } from '../../diagnosis/index.js'
import type { HttpResult } from '../../http/send.js'
import { decideCopies, type CopiesNote, type FoundItem } from './copies.js'
import { findHolders } from '../checks/existing.js'
import type { KnownItem } from '../checks/holder.js'
import { KEY_TAKEN, keyTakenWarning } from '../checks/key-holders.js'
import { sortHolders, type Foreign } from '../checks/proof.js'
import { refusalMessage, type MediaApi } from '../wordpress/media-api.js'
import type { LocalFile } from '../files/local-file.js'
import { finishStoredItem } from './post-process.js'
import type { FileOutcome } from './outcome.js'
import { agrees } from '../../log/words.js'

interface CopiesDeps {
  api: MediaApi
  /** The user the action runs as, whose items need no fetch to be proven. */
  me?: number
  /** The look-up before sending already warned of what holds this file's key. */
  named?: boolean
  log: (line: string) => void
  warn: (message: string, title: string) => void
  signal?: AbortSignal
}

/** A file stored by a re-send that followed a lost answer, with the id the re-send's answer named. */
type Resent = FileOutcome & { id: number }

/** Why WordPress did not delete the item, or undefined when it did (`"deleted": true`). */
export function deleteProblem(
  result: HttpResult,
  api: Pick<MediaApi, 'context'>
): string | undefined {
  if ('failure' in result) return `no answer (${result.failure.message})`
  const { status } = result.response
  const verdict = diagnose(result, api.context('DELETE'))
  if (status === 200 && verdict.json?.deleted === true) return undefined
  if (status < 300) return `HTTP ${status}, without "deleted": true`
  const said = refusalMessage(status, verdict)
  return said === `HTTP ${status}` ? said : `HTTP ${status}: ${said}`
}

/** Why an upload is checked for a second copy, for the messages. */
type CopiesCause = 'resent' | 'suffixed'

/**
 * After an upload that may have made a second copy: a re-send that followed a lost answer (the
 * lost POST may have stored the file late), or an item WordPress stored under a suffixed slug (the
 * key was taken: by another run's copy, an item that is not the file, or a post). The file's slugs
 * are looked up once more. When an older item proven to be the file holds the content key, this
 * run's item is a second copy: it is deleted, and the file is reported once, as the older item.
 * Whatever cannot be settled is a warning naming the items, never "fine".
 */
export async function settleCopies(
  file: LocalFile,
  sent: FileOutcome,
  deps: CopiesDeps,
  cause: CopiesCause
): Promise<FileOutcome> {
  const { api } = deps
  const { id } = sent
  const key = file.key ?? ''
  if (id === undefined)
    return mayBeTwice(file, sent, "the re-send's answer named no media id", deps)
  const lookup = await findHolders(api, [key])
  if (lookup.kind !== 'found') {
    const why = `the look-up after the ${UPLOAD[cause]} failed (${lookup.message})`
    return mayBeTwice(file, sent, why, deps)
  }
  const proof = { ...(deps.me === undefined ? {} : { me: deps.me }), fileDigest: api.fileDigest }
  const sorted = await sortHolders(file, lookup.holders.get(key) ?? [], proof, [id])
  const copies = decideCopies(sorted.proven, key, id)
  switch (copies.kind) {
    case 'one':
      deps.log(
        `${file.display}: looked up once more after the ${UPLOAD[cause]}: only item ${id}, this run's, holds it.`
      )
      return sent
    case 'unseen': {
      const why = `the look-up after the ${UPLOAD[cause]} did not show even item ${id} (its answers may come from a cache)`
      return mayBeTwice(file, sent, why, deps)
    }
    case 'others':
      return alsoStored(file, { ...sent, id }, copies.others, deps, cause)
    case 'remove':
      return removeNewer(file, { ...sent, id }, copies, deps, cause)
    case 'beside':
      if (copies.others.length) return alsoStored(file, { ...sent, id }, copies.others, deps, cause)
      return besideTheKey(file, { ...sent, id }, copies.slug, sorted.foreign, { deps, cause })
  }
}

/** What the upload checked for a second copy was, in the messages. */
const UPLOAD: Record<CopiesCause, string> = { resent: 're-send', suffixed: 'upload' }

/**
 * This run's item is under `slug`, a suffixed form of the key, and no item proven to be the file
 * holds the key: what does is named. One seen in the listing is not the file; one not seen is a
 * post of another type, or, after a lost answer, perhaps the lost POST's item not listed yet.
 */
function besideTheKey(
  file: LocalFile,
  sent: Resent,
  slug: string,
  foreign: Foreign[],
  { deps, cause }: { deps: CopiesDeps; cause: CopiesCause }
): FileOutcome {
  const key = file.key ?? ''
  const atKey = foreign.filter(holder => holder.slug === key)
  const stored = `WordPress stored it as item ${sent.id} under ${slug}`
  if (atKey.length) {
    const outcome = `${stored}, which later runs find.`
    // Said once a run: the warning before sending named what holds the key.
    if (deps.named) deps.log(`${file.display}: ${outcome}`)
    else deps.warn(keyTakenWarning(file, atKey, deps.api, outcome), KEY_TAKEN)
    return sent
  }
  if (cause === 'resent') {
    const why = `${stored}, so something holds ${key} that the look-up does not show: the POST whose answer was lost (not listed yet), or a post of another type`
    return mayBeTwice(file, sent, why, deps)
  }
  deps.warn(
    `${file.display}: its content key ${key} is held by something the media library does not list (a post, page or draft of another type, whose slug WordPress lets no attachment share): ${stored}, where later runs find it.`,
    KEY_TAKEN
  )
  return sent
}

const ids = (items: FoundItem[]) => items.map(item => item.id).join(', ')

function note(api: MediaApi, state: CopiesNote['state'], items: number[]): CopiesNote {
  return { state, items: items.map(id => ({ id, edit: api.editLink(id) })) }
}

/** Whether the lost POST stored the file too cannot be told: say so, and what to check. */
function mayBeTwice(
  file: LocalFile,
  sent: FileOutcome,
  why: string,
  deps: CopiesDeps
): FileOutcome {
  const { api } = deps
  const key = file.key ?? ''
  const stored = sent.id === undefined ? '' : ` and stored as item ${sent.id}`
  const message = `may be in the library twice: sent again after its answer was lost${stored}, but ${why}; the POST whose answer was lost may have stored it too`
  const ours =
    sent.id === undefined
      ? ''
      : ` This run's re-send made item ${sent.id} (${api.editLink(sent.id)}).`
  deps.warn(
    `${file.display} ${message}. Check the media library for items with the slug ${key} or ${key}-2 (GET ${api.target}?slug=${key},${key}-2 lists them) and delete the newer one if there are two.${ours}`,
    'May be stored twice'
  )
  const items = sent.id === undefined ? [] : [sent.id]
  return { ...sent, message, copies: note(api, 'unknown', items) }
}

/** Items this run got no id for are under the file's slugs too: named, never deleted. */
function alsoStored(
  file: LocalFile,
  sent: Resent,
  others: FoundItem[],
  deps: CopiesDeps,
  cause: CopiesCause
): FileOutcome {
  const how = cause === 'resent' ? 'when sent again after its answer was lost' : 'now'
  const message = `in the library more than once: stored as item ${sent.id} ${how}, and also as ${agrees(others.length, 'item', 'items')} ${ids(others)}, whose id no answer of this run named`
  const links = others.map(item => `item ${item.id} (${deps.api.editLink(item.id)})`)
  const likely =
    cause === 'resent'
      ? 'stored after the re-send, most likely by the POST whose answer was lost, or left by an earlier run'
      : 'stored by another run, or left by an earlier one'
  deps.warn(
    `${file.display} is ${message} (${likely}). Item ${sent.id} (${deps.api.editLink(sent.id)}) is reported; delete those of ${links.join(', ')} that are copies of it.`,
    'Stored twice'
  )
  return { ...sent, message, copies: note(deps.api, 'left', [sent.id, ...others.map(o => o.id)]) }
}

/**
 * The lost POST stored the file as `keep`: the re-sent item is the newer copy, and this run's own,
 * so it is deleted. The file is reported as `keep`, whose image sizes WordPress is asked to finish
 * as for any item found after a lost answer. A refused deletion leaves both, named in a warning.
 */
async function removeNewer(
  file: LocalFile,
  sent: Resent,
  { keep, others }: { keep: FoundItem; others: FoundItem[] },
  deps: CopiesDeps,
  cause: CopiesCause
): Promise<FileOutcome> {
  const { api } = deps
  const problem = deleteProblem(await api.deleteItem(sent.id), api)
  const request = `DELETE ${api.target}/${sent.id}?force=true`
  const first =
    cause === 'resent'
      ? `the POST whose answer was lost had stored it as item ${keep.id}, so item ${sent.id} from the re-send was a second copy`
      : `item ${keep.id} already held its content key (stored meanwhile, by another run most likely), so item ${sent.id}, stored now under a suffixed slug, was a second copy`
  deps.log(
    `${file.display}: looked up once more after the ${UPLOAD[cause]}: ${first}; ${request} → ${problem ?? 'removed'}. Item ${keep.id} is kept.`
  )
  const left = [...(problem ? [sent.id] : []), ...others.map(item => item.id)]
  if (left.length) {
    const named = (id: number) => `item ${id} (${api.editLink(id)})`
    const removal = problem
      ? `WordPress did not remove it (${request} → ${problem}): delete it in the media library if it is still there`
      : 'it was removed'
    const also = others.length
      ? ` Also under its slugs: ${others.map(item => named(item.id)).join(', ')}; delete those that are copies.`
      : ''
    deps.warn(
      `${file.display} is in the library more than once: ${named(keep.id)} holds its content key and is reported; ${named(sent.id)} is the copy this run's ${UPLOAD[cause]} made${cause === 'resent' ? ' after the first answer was lost' : ''}: ${removal}.${also}`,
      'Stored twice'
    )
  }
  const further = others.length
    ? `; ${agrees(others.length, 'item', 'items')} ${ids(others)} ${agrees(others.length, 'is', 'are')} under its slugs too`
    : ''
  const removal = problem
    ? `WordPress did not remove it (${problem}): delete it by hand`
    : 'it was removed'
  return {
    ...(await keptItem(file, sent, keep, deps)),
    message: `${first}: ${removal}; item ${keep.id} is kept${further}`,
    copies: note(api, left.length ? 'left' : 'removed', [keep.id, ...left])
  }
}

/** The outcome of the re-sent file, as the kept item: its id, links and image sizes. */
async function keptItem(
  file: LocalFile,
  sent: Resent,
  keep: FoundItem,
  deps: CopiesDeps
): Promise<FileOutcome> {
  const done = await finishStoredItem(file, keep.id, deps)
  if (done.warning)
    deps.warn(`${file.display}: ${done.warning}.`, 'Uploaded without its image sizes')
  const url = done.url ?? keep.url
  const preview = done.preview ?? keep.preview
  // The kept item's sizes are WordPress's (post-process), whoever made the deleted copy's.
  const sizesBy = file.mediaType.startsWith('image/') ? ('wordpress' as const) : undefined
  return { ...sent, id: keep.id, url, preview, sizes: done.sizes, sizesBy }
}

/**
 * A file found, after an answer that left its fate open, in more than one item proven to hold
 * it: one may be this run's lost POST's, another a re-send's or a racing run's. None is deleted,
 * since no answer named which is this run's: all are named, the one reported first.
 */
export function foundTwice(
  file: LocalFile,
  outcome: FileOutcome & { id: number },
  item: KnownItem,
  deps: Pick<CopiesDeps, 'api' | 'warn'>
): FileOutcome {
  const { api } = deps
  const all = [item.id, ...item.others]
  const named = all.map(id => `item ${id} (${api.editLink(id)})`).join(', ')
  const message = `in the library more than once: found as ${agrees(all.length, 'item', 'items')} ${all.join(', ')} after its answer was lost; item ${item.id} is reported`
  deps.warn(
    `${file.display} is ${message}. One may be this run's POST whose answer was lost, another a re-send's or another run's: no answer said which is this run's, so none was deleted. Delete the copies: ${named}.`,
    'Stored twice'
  )
  return { ...outcome, message, copies: note(api, 'left', all) }
}
