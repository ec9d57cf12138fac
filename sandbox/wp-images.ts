/**
 * Images as WordPress 7.1 keeps them when a client makes their sizes: the registered sizes, what
 * an image's metadata holds, and which sizes it lacks (wp-admin/includes/image.php,
 * wp-includes/media.php).
 */
import type { MediaItem } from './types.js'
import type { ItemImage, Picture } from './wp-image-record.js'

/** A registered image size, as wp_get_registered_image_subsizes() lists it. */
export interface RegisteredSize {
  width: number
  height: number
  crop: boolean
}

/** WordPress's default sizes, in the order it registers them. */
export const REGISTERED_SIZES: Readonly<Record<string, RegisteredSize>> = {
  thumbnail: { width: 150, height: 150, crop: true },
  medium: { width: 300, height: 300, crop: false },
  medium_large: { width: 768, height: 0, crop: false },
  large: { width: 1024, height: 1024, crop: false },
  '1536x1536': { width: 1536, height: 1536, crop: false },
  '2048x2048': { width: 2048, height: 2048, crop: false }
}

/** The `big_image_size_threshold` WordPress applies unless a plugin filters it. */
export const IMAGE_SIZE_THRESHOLD = 2560

let loaded: Promise<typeof import('sharp')> | undefined

/**
 * The image's pixels and orientation as sharp reads them; undefined when it cannot. WordPress
 * reads EXIF of a JPEG (or TIFF) only (wp_read_image_metadata_types): any other type's is 1.
 */
export async function readPicture(bytes: Buffer): Promise<Picture | undefined> {
  loaded ??= import('sharp')
  const { default: sharp } = await loaded
  try {
    const { width, height, orientation, format } = await sharp(bytes).metadata()
    const exif = format === 'jpeg' || format === 'tiff' ? (orientation ?? 1) : 1
    return width && height ? { width, height, orientation: exif } : undefined
  } catch {
    return undefined
  }
}

/** A new upload's record: its metadata lists no size yet. */
export function newItemImage(
  fileName: string,
  createdAt: number,
  picture: Picture,
  filesize: number,
  serverSizes: boolean
): ItemImage {
  const subdir = new Date(createdAt).toISOString().slice(0, 7).replace('-', '/')
  const { width, height } = picture
  return {
    subdir,
    attached: fileName,
    upload: picture,
    orientation: picture.orientation,
    serverSizes,
    meta: { width, height, file: `${subdir}/${fileName}`, filesize, sizes: {} },
    files: [],
    provenance: []
  }
}

/**
 * The size image_resize_dimensions() would make of an image, or undefined when it makes none: the
 * image is smaller than the size in every dimension the size constrains, or the size would be the
 * image's own, give or take a pixel.
 */
export function resizedTo(
  width: number,
  height: number,
  size: RegisteredSize
): { width: number; height: number } | undefined {
  const { width: w, height: h } = size
  if (w <= 0 && h <= 0) return undefined
  const tooSmall = !h ? width < w : !w ? height < h : width < w && height < h
  if (tooSmall) return undefined
  let made: { width: number; height: number }
  if (size.crop) {
    const [cropW, cropH] = [Math.min(w, width), Math.min(h, height)]
    made = {
      width: cropW || Math.round((cropH * width) / height),
      height: cropH || Math.round((cropW * height) / width)
    }
  } else {
    // wp_constrain_dimensions: the largest size within both limits, never larger than the image.
    const ratio = Math.min(w ? w / width : 1, h ? h / height : 1, 1)
    made = {
      width: Math.max(1, Math.round(width * ratio)),
      height: Math.max(1, Math.round(height * ratio))
    }
  }
  const same = Math.abs(made.width - width) <= 1 && Math.abs(made.height - height) <= 1
  return same ? undefined : made
}

/**
 * wp_get_missing_image_subsizes(): the registered sizes the image is large enough for, worked out
 * from the upload's pixels once another main file replaced it, and not in its metadata yet.
 */
export function missingImageSizes(image: ItemImage): string[] {
  const { width, height } = image.meta.original_image ? image.upload : image.meta
  return Object.entries(REGISTERED_SIZES)
    .filter(([name, size]) => !(name in image.meta.sizes) && resizedTo(width, height, size))
    .map(([name]) => name)
}

/**
 * The fields of an image that the edit context adds in 7.1: the sizes it lacks, its orientation,
 * the quality and type its sizes are to be written in (wp_get_image_encode_quality: WebP 86,
 * every other type 82; no size differs, so `sizes` is PHP's empty array).
 */
export function imageEditFields(image: ItemImage, mimeType: string): Record<string, unknown> {
  return {
    missing_image_sizes: image.serverSizes ? [] : missingImageSizes(image),
    exif_orientation: image.orientation > 0 ? image.orientation : 1,
    image_output_format: null,
    image_quality: { default: mimeType === 'image/webp' ? 86 : 82, sizes: [] }
  }
}

/** What the REST index adds for a signed-in user who may upload (WP_REST_Server::get_index). */
export function clientMediaIndex(): Record<string, unknown> {
  return {
    image_sizes: REGISTERED_SIZES,
    image_size_threshold: IMAGE_SIZE_THRESHOLD,
    image_strip_meta: true,
    image_max_bit_depth: 16
  }
}

/**
 * wp_update_image_subsizes() for an image stored with `generate_sub_sizes=false`: each missing
 * size made from the upload, named as WordPress names it, and neither a `-scaled` nor an upright
 * main file. The sandbox does not resize: a size's file holds the upload's bytes, as its
 * thumbnail always has.
 */
export function makeMissingSizes(item: MediaItem, image: ItemImage): void {
  const dot = item.fileName.lastIndexOf('.')
  const [stem, ext] =
    dot > 0 ? [item.fileName.slice(0, dot), item.fileName.slice(dot)] : [item.fileName, '']
  for (const name of missingImageSizes(image)) {
    const made = resizedTo(image.upload.width, image.upload.height, REGISTERED_SIZES[name]!)!
    const file = `${stem}-${made.width}x${made.height}${ext.toLowerCase()}`
    if (!image.files.some(stored => stored.name === file)) {
      image.files.push({
        name: file,
        bytes: item.bytes ?? Buffer.alloc(0),
        mimeType: item.mimeType
      })
    }
    image.meta.sizes[name] = { ...made, file, mime_type: item.mimeType, filesize: item.size }
  }
}
