import type { MediaItem, WordPressSettings } from './types.js'
import { titleOf } from './wp-upload.js'

/** Where the sandbox serves uploaded files, one flat folder. */
export const UPLOADS_PREFIX = '/uploads/'

/** What a media item's JSON is built from: the site's settings and its address. */
export interface MediaView {
  settings: WordPressSettings
  baseUrl: string
}

export function wpDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19)
}

/** WordPress's default thumbnail size, cropped square. */
const THUMBNAIL = 150

/** An image's thumbnail file name, as WordPress names a resized copy: `photo-150x150.png`. */
export function thumbnailName(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, '']
  return `${stem}-${THUMBNAIL}x${THUMBNAIL}${ext}`
}

/**
 * `media_details` as WordPress answers it. An image has its sizes, each with its own address; the
 * sandbox does not decode images, so every image gets a thumbnail, whatever its own size (WordPress
 * makes one only for an image larger than the thumbnail), and the original's size is not told.
 */
function mediaDetails(item: MediaItem, { settings, baseUrl }: MediaView, sourceUrl: string) {
  // An item whose metadata was never saved lists `media_details` as an empty array.
  if (item.sizesMissing) return []
  const filesize = settings.mediaFilesize ? { filesize: item.size } : {}
  if (!item.mimeType.startsWith('image/')) return filesize
  const thumbnail = thumbnailName(item.fileName)
  return {
    ...filesize,
    file: item.fileName,
    sizes: {
      thumbnail: {
        file: thumbnail,
        width: THUMBNAIL,
        height: THUMBNAIL,
        mime_type: item.mimeType,
        source_url: `${baseUrl}${UPLOADS_PREFIX}${encodeURIComponent(thumbnail)}`
      },
      full: { file: item.fileName, mime_type: item.mimeType, source_url: sourceUrl }
    }
  }
}

export function mediaJson(item: MediaItem, ctx: MediaView): Record<string, unknown> {
  const { baseUrl } = ctx
  const sourceUrl = `${baseUrl}${UPLOADS_PREFIX}${encodeURIComponent(item.fileName)}`
  return {
    id: item.id,
    date: wpDate(item.createdAt),
    date_gmt: wpDate(item.createdAt),
    slug: item.slug,
    status: 'inherit',
    type: 'attachment',
    link: `${baseUrl}/?attachment_id=${item.id}`,
    title: {
      raw: item.title || titleOf(item.fileName),
      rendered: item.title || titleOf(item.fileName)
    },
    alt_text: item.altText,
    caption: { raw: item.caption, rendered: item.caption ? `<p>${item.caption}</p>\n` : '' },
    description: {
      raw: item.description,
      rendered: item.description ? `<p>${item.description}</p>\n` : ''
    },
    author: item.author,
    media_type: item.mimeType.startsWith('image/') ? 'image' : 'file',
    mime_type: item.mimeType,
    source_url: sourceUrl,
    media_details: mediaDetails(item, ctx, sourceUrl),
    post: item.post
  }
}
