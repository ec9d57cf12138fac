import { describeResult, type HttpResult } from '../../http/send.js'
import { diagnose } from '../../diagnosis/index.js'
import type { MediaApi } from '../wordpress/media-api.js'
import type { LocalFile } from '../files/local-file.js'
import { readMediaLinks, type MediaLinks } from '../wordpress/media-links.js'
import { record } from '../../http/json-fields.js'

/**
 * How often WordPress is asked to finish an item's sizes: as often as its own block editor asks
 * (`maxRetries = 5` in mediaUploadMiddleware, wp-includes/js/dist/api-fetch.js).
 */
export const POST_PROCESS_TRIES = 5

/** Whether WordPress made every size of a stored item, as the `media` output tells it. */
export type Sizes = 'complete' | 'missing'

interface FinishedItem extends MediaLinks {
  sizes: Sizes
  /** Why the sizes are missing and what to do, one sentence; absent when they are complete. */
  warning?: string
}

interface FinishDeps {
  api: MediaApi
  log: (line: string) => void
  signal?: AbortSignal
}

const MIB = 1024 * 1024

/**
 * A 200 with the item, and no size left to make. WordPress lists what is left in
 * `missing_image_sizes` (prepare_item_for_response, from wp_get_missing_image_subsizes); the
 * post-process answer is in the edit context, which carries it. An answer without the field
 * (an older WordPress) is taken as done, since post_process_item answers only once it finished.
 */
function finished(result: HttpResult, json: Record<string, unknown> | undefined): boolean {
  if (!('response' in result) || result.response.status !== 200 || !json) return false
  const missing = json.missing_image_sizes
  return !Array.isArray(missing) || missing.length === 0
}

/** A refusal that the next call would meet again: bad request, no right to edit, no such item. */
function final(result: HttpResult): boolean {
  return 'response' in result && result.response.status >= 400 && result.response.status < 500
}

/**
 * Finishes an item WordPress stored although its answer failed (stored, then out of memory while
 * making the image sizes): reads its address with one GET, then asks WordPress to make the sizes
 * still missing, up to `POST_PROCESS_TRIES` times, as the block editor does. Unlike the editor,
 * an item whose sizes stay missing is kept: its original file is in place and usable.
 */
export async function finishStoredItem(
  file: LocalFile,
  id: number,
  deps: FinishDeps
): Promise<FinishedItem> {
  const { api } = deps
  const item = await api.getItem(id)
  let links: MediaLinks = {}
  if ('response' in item && item.response.status === 200) {
    links = readMediaLinks(diagnose(item, api.context('GET')).json)
  }
  let last = ''
  let refused = false
  for (let attempt = 1; attempt <= POST_PROCESS_TRIES && !deps.signal?.aborted; attempt++) {
    const result = await api.postProcess(id)
    const verdict = diagnose(result, api.context('POST'))
    const json = record(verdict.json)
    if (finished(result, json)) {
      deps.log(
        `${file.display}: post-process ${attempt}/${POST_PROCESS_TRIES} → ${describeResult(result)}: WordPress made the missing image sizes.`
      )
      // The finished item may name another file: a large image's `-scaled` copy.
      const done = readMediaLinks(json)
      return { ...links, ...done, sizes: 'complete' }
    }
    const said = verdict.code ? ` (${verdict.code})` : ''
    last = `${describeResult(result)}${said}`
    deps.log(
      `${file.display}: post-process ${attempt}/${POST_PROCESS_TRIES} → ${last}: the image sizes are not complete yet.`
    )
    refused = final(result)
    if (refused) break
  }
  const memory = Math.ceil((2 * file.size) / MIB)
  if (refused) {
    return {
      ...links,
      sizes: 'missing',
      warning: `stored as item ${id} and usable (its original file is in place), but WordPress refused to make its smaller image sizes (post-process: ${last}): have the site regenerate them (a thumbnail-regeneration plugin)`
    }
  }
  return {
    ...links,
    sizes: 'missing',
    warning: `stored as item ${id} and usable (its original file is in place), but WordPress could not make its smaller image sizes (post-process: ${last || 'not sent, the step was cancelled'}). Most often PHP ran out of memory: an upload sent as this action sends it needs about twice the file's size of PHP memory (here about ${memory} MiB), so raise PHP's memory_limit, or scale the image down before uploading. Then delete the item and re-run, or have its sizes regenerated on the site (a thumbnail-regeneration plugin)`
  }
}
