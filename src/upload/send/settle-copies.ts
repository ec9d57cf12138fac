import { diagnose } from '../../diagnosis/index.js'
import type { HttpResult } from '../../http/send.js'
import { copySlugs, decideCopies, foundItems, type CopiesNote, type FoundItem } from './copies.js'
import { findExisting } from '../checks/existing.js'
import { refusalMessage, type MediaApi } from '../wordpress/media-api.js'
import type { LocalFile } from '../files/local-file.js'
import { previewOf } from '../wordpress/media-links.js'
import { finishStoredItem } from './post-process.js'
import type { FileOutcome } from './outcome.js'
import { agrees } from '../../log/words.js'

export interface CopiesDeps {
  api: MediaApi
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

/**
 * After a re-send that followed a lost answer: looks the file's slugs up once more, since the
 * POST whose answer was lost may have stored the file late. When it did (an older item holds the
 * content key), the re-sent item is a second copy: it is deleted, and the file is reported once,
 * as the older item. Whatever cannot be settled is a warning naming the items, never "fine".
 */
export async function settleCopies(
  file: LocalFile,
  key: string,
  sent: FileOutcome,
  deps: CopiesDeps
): Promise<FileOutcome> {
  const { api } = deps
  const { id } = sent
  if (id === undefined)
    return mayBeTwice(file, key, sent, "the re-send's answer named no media id", deps)
  const lookup = await findExisting(api, copySlugs(key, sent.attempts))
  if (lookup.kind !== 'found') {
    const why = `the look-up after the re-send failed (${lookup.message})`
    return mayBeTwice(file, key, sent, why, deps)
  }
  const copies = decideCopies(foundItems(lookup.items), key, id)
  switch (copies.kind) {
    case 'one':
      deps.log(
        `${file.display}: looked up once more after the re-send: only item ${id}, the re-sent one, holds it.`
      )
      return sent
    case 'unseen': {
      const why = `the look-up after the re-send did not show even item ${id} (its answers may come from a cache)`
      return mayBeTwice(file, key, sent, why, deps)
    }
    case 'others':
      return alsoStored(file, { ...sent, id }, copies.others, deps)
    case 'remove':
      return removeNewer(file, { ...sent, id }, copies.keep, copies.others, deps)
  }
}

const ids = (items: FoundItem[]) => items.map(item => item.id).join(', ')

function note(api: MediaApi, state: CopiesNote['state'], items: number[]): CopiesNote {
  return { state, items: items.map(id => ({ id, edit: api.editLink(id) })) }
}

/** Whether the lost POST stored the file too cannot be told: say so, and what to check. */
function mayBeTwice(
  file: LocalFile,
  key: string,
  sent: FileOutcome,
  why: string,
  deps: CopiesDeps
): FileOutcome {
  const { api } = deps
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
  deps: CopiesDeps
): FileOutcome {
  const message = `in the library more than once: stored as item ${sent.id} when sent again after its answer was lost, and also as ${agrees(others.length, 'item', 'items')} ${ids(others)}, whose id no answer of this run named`
  const links = others.map(item => `item ${item.id} (${deps.api.editLink(item.id)})`)
  deps.warn(
    `${file.display} is ${message} (stored after the re-send, most likely by the POST whose answer was lost, or left by an earlier run). Item ${sent.id} (${deps.api.editLink(sent.id)}) is reported; delete those of ${links.join(', ')} that are copies of it.`,
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
  keep: FoundItem,
  others: FoundItem[],
  deps: CopiesDeps
): Promise<FileOutcome> {
  const { api } = deps
  const problem = deleteProblem(await api.deleteItem(sent.id), api)
  const request = `DELETE ${api.target}/${sent.id}?force=true`
  const first = `the POST whose answer was lost had stored it as item ${keep.id}, so item ${sent.id} from the re-send was a second copy`
  deps.log(
    `${file.display}: looked up once more after the re-send: ${first}; ${request} → ${problem ?? 'removed'}. Item ${keep.id} is kept.`
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
      `${file.display} is in the library more than once: ${named(keep.id)} holds its content key and is reported; ${named(sent.id)} is the copy this run's re-send made after the first answer was lost: ${removal}.${also}`,
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
  const preview = previewOf(
    { ...(url ? { url } : {}), ...(done.preview ? { preview: done.preview } : {}) },
    file.mediaType
  )
  return { ...sent, id: keep.id, url, preview, sizes: done.sizes }
}
