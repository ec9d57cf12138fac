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
 * thumbnail, else its medium size, else the file itself when it is an image. Addresses are taken
 * as sent; `guardLinks` decides which may be shown.
 *
 * An upload's answer carries the sizes, and so does the look-up of existing items: it asks for
 * `media_details` to read an item's file size (what tells an item from the file it may not be).
 * It names it whole in `_fields`: WordPress's `_fields` does filter nested fields
 * (`rest_filter_response_fields` in wp-includes/rest-api.php), but the attachments controller
 * computes `media_details` only when `_fields` names it whole (`in_array( 'media_details',
 * $fields, true )` in WP_REST_Attachments_Controller::prepare_item_for_response), so
 * `media_details.filesize` or `.sizes.thumbnail` alone returns nothing. An image without sizes
 * (one WordPress made none for, or a server that leaves them out) is shown from its own file.
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
  const preview = small
    ? sized(text(small.source_url), small)
    : isImage
      ? sized(url, details)
      : undefined
  return { ...(url ? { url } : {}), ...(preview ? { preview } : {}) }
}

/** The preview to show for a file: the one read from WordPress, else the image's own file. */
export function previewOf(links: MediaLinks, mediaType: string): Preview | undefined {
  if (links.preview) return links.preview
  return links.url && mediaType.startsWith('image/') ? { url: links.url } : undefined
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
