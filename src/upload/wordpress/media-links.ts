import { containsSecret } from '../../log/secrets.js'
import { record, text } from '../../http/json-fields.js'

/** A small picture of a media item, with its size in pixels when the server told it. */
export interface Preview {
  url: string
  width?: number
  height?: number
}

/** Where a media item's file is, and a small picture of it when it is an image. */
export interface MediaLinks {
  url?: string
  preview?: Preview
}

/** WordPress's default medium size bounds: an image within them is shown from its own file. */
const OWN_MAX = 300

/** Longer addresses are not shown or output: no media URL needs more, and the summary is bounded. */
const MAX_URL_LENGTH = 2048

const pixels = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000
    ? value
    : undefined

function sized(url: string | undefined, size: Record<string, unknown> | undefined) {
  if (!url) return undefined
  const width = pixels(size?.width)
  const height = pixels(size?.height)
  return { url, ...(width && height ? { width, height } : {}) }
}

/**
 * The file's address and its preview, from a media item's JSON (untrusted): WordPress's own
 * thumbnail, else its medium size, else the file itself when it is an image WordPress says is no
 * larger than a medium size (it makes no sizes of an image smaller than them). Never an original
 * of unknown or larger size: a summary of photos would load megabytes each. Addresses are taken
 * as sent; `guardLinks` decides which may be shown.
 *
 * An upload's answer carries the sizes, and so does the look-up of existing items: it asks for
 * `media_details` to read an item's file size (what tells an item from the file it may not be).
 * It names it whole in `_fields`: WordPress's `_fields` does filter nested fields
 * (`rest_filter_response_fields` in wp-includes/rest-api.php), but the attachments controller
 * computes `media_details` only when `_fields` names it whole (`in_array( 'media_details',
 * $fields, true )` in WP_REST_Attachments_Controller::prepare_item_for_response), so
 * `media_details.filesize` or `.sizes.thumbnail` alone returns nothing. An image without sizes
 * whose own size is not known to be small gets no preview.
 */
export function readMediaLinks(item: unknown): MediaLinks {
  const json = record(item)
  const url = text(json?.source_url)
  const details = record(json?.media_details)
  const sizes = record(details?.sizes)
  const small = ['thumbnail', 'medium']
    .map(name => record(sizes?.[name]))
    .find(size => text(size?.source_url))
  const isImage = text(json?.mime_type)?.startsWith('image/') ?? false
  const own = isImage ? sized(url, details) : undefined
  const smallOwn = own?.width && own.height && own.width <= OWN_MAX && own.height <= OWN_MAX
  const preview = small ? sized(text(small.source_url), small) : smallOwn ? own : undefined
  return { ...(url ? { url } : {}), ...(preview ? { preview } : {}) }
}

/**
 * Whether an address from the server may be shown and output: http(s), of bounded length, and
 * carrying no credentials. A server may echo them back (a URL with `user:password@`, a secret of
 * the action's, such as the password, its Basic form or a `headers` value, in a path or query,
 * percent-encoded or not); such an address is dropped, not cleaned.
 */
function isSafeLink(url: string): boolean {
  if (url.length > MAX_URL_LENGTH) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  if (parsed.username || parsed.password) return false
  let decoded = url
  try {
    decoded = decodeURIComponent(url.replace(/\+/g, ' '))
  } catch {
    // A malformed escape leaves the address as sent, which is still checked.
  }
  return !containsSecret(url) && !containsSecret(decoded)
}

/** The links of an outcome that may be shown and output; the others are left out. */
export function guardLinks<T extends MediaLinks>(item: T): T {
  const { url, preview, ...rest } = item
  return {
    ...rest,
    ...(url !== undefined && isSafeLink(url) ? { url } : {}),
    ...(preview && isSafeLink(preview.url) ? { preview } : {})
  } as T
}
