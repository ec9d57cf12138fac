import type { MediaLinks } from '../wordpress/media-links.js'

/** An item under one of a file's slugs, as the look-up read it: the file only once proven. */
export interface Holder extends MediaLinks {
  id: number
  slug: string
  /** The user who uploaded it; undefined when the answer did not say. */
  author?: number
  /** Its type as WordPress stored it. */
  mimeType?: string
  /** `media_details.filesize`: stored since WordPress 6.0, absent for older items. */
  filesize?: number
  /** The post it is attached to, null for none; undefined when the answer did not say. */
  post?: number | null
  /** An image's pixels and the names of the sizes it has (`media_details`), as listed. */
  image?: { width: number; height: number; sizes: string[] }
}

/** A media item proven to hold a file's content, under its content key or a suffixed form. */
export interface KnownItem extends Holder {
  /** Ids of further items proven to hold the same content (made by hand, or by an older run). */
  others: number[]
}
