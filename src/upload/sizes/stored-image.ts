import path from 'node:path'
import { count, record, text } from '../../http/json-fields.js'
import type { Encoding } from './make-sizes.js'

/** The facts of a stored image the upload's answer gives (WordPress 7.1, `context=edit`). */
export interface StoredImage {
  width: number
  height: number
  /** The file's name as WordPress stored it (`photo-1.jpeg`): the stem of every size's name. */
  storedName: string
  mediaType: string
  /** `missing_image_sizes`: the sizes WordPress lacks, and the only ones made. */
  missing: string[]
  /** `exif_orientation`: 1 when the answer does not say. */
  orientation: number
  encoding: Omit<Encoding, 'stripMeta'>
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every(item => typeof item === 'string')
    ? (value as string[])
    : undefined
}

/** An encoder's quality, 1 to 100; anything else is not taken. */
function percent(value: unknown): number | undefined {
  const quality = count(value)
  return quality !== undefined && quality >= 1 && quality <= 100 ? quality : undefined
}

/** `image_quality.sizes` is `[]` when no size differs (PHP's empty array), else an object. */
function qualities(value: unknown): Record<string, number> {
  const sizes = record(value) ?? {}
  return Object.fromEntries(
    Object.entries(sizes).filter(
      (entry): entry is [string, number] => percent(entry[1]) !== undefined
    )
  )
}

/**
 * The quality WordPress writes a type at when nothing filters it (wp_get_image_encode_quality:
 * WebP 86, every other type 82).
 */
export function defaultQuality(mediaType: string): number {
  return mediaType === 'image/webp' ? 86 : 82
}

/** The stored image as the answer describes it; undefined when it does not, whole. */
export function readStoredImage(json: unknown): StoredImage | undefined {
  const item = record(json)
  const details = record(item?.media_details)
  const width = count(details?.width)
  const height = count(details?.height)
  const file = text(details?.file)
  const mediaType = text(item?.mime_type)
  const missing = strings(item?.missing_image_sizes)
  if (!width || !height || !file || !mediaType || !missing) return undefined
  const quality = record(item?.image_quality)
  const output = text(item?.image_output_format) ?? mediaType
  return {
    width,
    height,
    storedName: path.posix.basename(file),
    mediaType,
    missing,
    orientation: count(item?.exif_orientation) ?? 1,
    encoding: {
      mediaType: output,
      quality: {
        default: percent(quality?.default) ?? defaultQuality(output),
        sizes: qualities(quality?.sizes)
      }
    }
  }
}
