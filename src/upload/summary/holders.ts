import { inline, link } from '../../summary/html.js'
import type { ExistingLookup } from '../checks/existing.js'
import type { EditLink } from './table.js'

/** Keys listed at most; the warnings name every one. */
const MAX_KEYS = 20

/**
 * Items found under files' content keys that are not those files: each linked, so a person can
 * judge it, and said to be left as it is. The run never writes to them.
 */
export function renderKeyHolders(
  lookup: ExistingLookup | undefined,
  edit: EditLink | undefined
): string | undefined {
  if (lookup?.kind !== 'found' || lookup.foreign.size === 0) return undefined
  const keys = [...lookup.foreign]
  const items = keys.slice(0, MAX_KEYS).map(([key, holders]) => {
    const named = holders.map(holder => {
      const id = `#${holder.id}`
      return `${edit ? link(edit(holder.id), id) : id} (${inline(holder.why, 300)})`
    })
    return `<li><code>${inline(key)}</code>: ${named.join('; ')}</li>`
  })
  const more =
    keys.length > MAX_KEYS
      ? `<li>… and ${keys.length - MAX_KEYS} more: the warnings name every one.</li>`
      : ''
  return `<p>⚠️ Items that hold files' content keys but are not those files, left as they are (each file was uploaded, or found, as an item of its own):</p><ul>${items.join('')}${more}</ul>`
}
