import type { MediaItem, WordPressSettings } from './types.js'
import type { ItemImage } from './wp-image-record.js'
import { imageEditFields } from './wp-images.js'
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

/** The address of a file in the uploads folder, by its name. */
export function uploadUrl(baseUrl: string, name: string): string {
  return `${baseUrl}${UPLOADS_PREFIX}${encodeURIComponent(name.slice(name.lastIndexOf('/') + 1))}`
}

/**
 * `media_details` of an image whose sizes a client made (7.1): its metadata, each size with its
 * address, and `full` once there is any size; an empty object when there is none.
 */
function clientDetails(item: MediaItem, image: ItemImage, { settings, baseUrl }: MediaView) {
  const { sizes, filesize, ...meta } = image.meta
  const named = Object.entries(sizes).map(([name, size]) => [
    name,
    { ...size, source_url: uploadUrl(baseUrl, size.file) }
  ])
  const full = {
    file: image.attached,
    width: meta.width,
    height: meta.height,
    mime_type: item.mimeType,
    source_url: uploadUrl(baseUrl, image.attached)
  }
  return {
    ...meta,
    ...(settings.mediaFilesize ? { filesize } : {}),
    sizes: named.length ? { ...Object.fromEntries(named), full } : {}
  }
}

/**
 * `media_details` as WordPress answers it. An image has its sizes, each with its own address; the
 * sandbox does not decode images, so every image gets a thumbnail, whatever its own size (WordPress
 * makes one only for an image larger than the thumbnail), and the original's size is not told.
 */
function mediaDetails(item: MediaItem, view: MediaView, sourceUrl: string) {
  const { settings, baseUrl } = view
  // An item whose metadata was never saved lists `media_details` as an empty array.
  if (item.sizesMissing) return []
  if (item.image && !item.image.serverSizes) return clientDetails(item, item.image, view)
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

/**
 * A media item as WordPress answers it; `edit`: in the edit context, which in 7.1 adds what a
 * client needs to make an image's sizes.
 */
export function mediaJson(item: MediaItem, ctx: MediaView, edit = false): Record<string, unknown> {
  const { baseUrl } = ctx
  const sourceUrl = uploadUrl(baseUrl, item.image?.attached ?? item.fileName)
  const editFields =
    edit && item.image && ctx.settings.clientSideMedia
      ? imageEditFields(item.image, item.mimeType)
      : {}
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
    post: item.post,
    ...editFields
  }
}
