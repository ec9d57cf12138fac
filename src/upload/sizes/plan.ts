/**
 * Which image sub-sizes WordPress (7.1) makes for an uploaded image, their pixel sizes, the part of
 * the upright original each is made from and their file names: a port of its PHP, so that files
 * made here and sent to `/wp/v2/media/{id}/sideload` are the ones WordPress would have made.
 */

export type CropX = 'left' | 'center' | 'right'
export type CropY = 'top' | 'center' | 'bottom'
/** A registered size as the REST index lists it (`image_sizes`): crop is a boolean or [x, y]. */
export interface RegisteredSize {
  width: number
  height: number
  crop: boolean | [CropX, CropY]
}
export interface SizesInput {
  /** The stored file's dimensions as uploaded (not rotated): media_details.width/height. */
  width: number
  height: number
  /** EXIF orientation 1–8 (the upload answer's `exif_orientation`; 1 when absent). */
  orientation: number
  /** `image_size_threshold` from the REST index; 0 or false: no big-image scaling. */
  threshold: number | false
  /** name → size, as the REST index lists `image_sizes`, in that order. */
  registered: Record<string, RegisteredSize>
  /** The upload answer's `missing_image_sizes`: only these names are made. */
  missing: readonly string[]
  /** The stored file's name as WordPress stored it (basename of media_details.file, e.g. `photo-1.jpeg`). */
  storedName: string
  /** The mime type the sizes are written in (image_output_format, else the upload's own). */
  outputType: string
  /** The upload's own mime type. */
  sourceType: string
}
/** A rectangle of the upright full image (after EXIF rotation), in its pixels. */
interface Rect {
  left: number
  top: number
  width: number
  height: number
}
export interface PlannedFile {
  /** The size names this one file serves: several names when their dimensions are equal (sent once, as an array). */
  names: string[]
  width: number
  height: number
  /** What part of the upright original it is made from (the whole image unless cropped). */
  source: Rect
  /** `{stem}-{W}x{H}.{ext}` as WordPress names it. */
  fileName: string
}
export interface SizesPlan {
  /** The upright original's dimensions. */
  upright: { width: number; height: number }
  /**
   * The EXIF orientation WordPress applies to the stored pixels to make them upright: the given
   * one for a JPEG, 1 (none) for any other type, whose EXIF WordPress never applies.
   */
  orientation: number
  /**
   * The main file that replaces the stored one: `scaled` above the threshold (`{stem}-scaled.{ext}`);
   * `original` when only converted to another type (`{stem}.{ext}`) or else only rotated
   * (`{stem}-rotated.{ext}`); absent when none of these. Its source is the whole upright image.
   */
  main?: PlannedFile & { kind: 'scaled' | 'original' }
  /** The sub-sizes, in WordPress's priority order, one file per file name. */
  subSizes: PlannedFile[]
}
/** A resize as image_resize_dimensions computes it: the size made and the part of the source it shows. */
interface Resize {
  width: number
  height: number
  source: Rect
}

/** php_round_helper: half away from zero, in floating point as C's floor(x + 0.5) does it. */
function halfAway(value: number): number {
  return value >= 0 ? Math.floor(value + 0.5) : Math.ceil(value - 0.5)
}

/**
 * PHP's round() to an integer as PHP 8.2 computes it: the value is first rounded to 15 significant
 * digits, so that 28.499999999999996 (0.285 * 100) rounds to 29 as in PHP, where Math.round gives 28.
 */
export function phpRound(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value
  const places = 14 - Math.floor(Math.log10(Math.abs(value)))
  const scale = 10 ** places
  return halfAway(places > 0 && places < 15 ? halfAway(value * scale) / scale : value)
}

/** `(int) round(x)`. */
const roundInt = (value: number): number => Math.trunc(phpRound(value))

/** wp_constrain_dimensions: the size that fits in max width × max height (0: no limit), never upscaled. */
export function constrainDimensions(
  currentWidth: number,
  currentHeight: number,
  maxWidth = 0,
  maxHeight = 0
): [number, number] {
  if (!maxWidth && !maxHeight) return [currentWidth, currentHeight]
  const didWidth = maxWidth > 0 && currentWidth > 0 && currentWidth > maxWidth
  const didHeight = maxHeight > 0 && currentHeight > 0 && currentHeight > maxHeight
  const widthRatio = didWidth ? maxWidth / currentWidth : 1
  const heightRatio = didHeight ? maxHeight / currentHeight : 1
  const smaller = Math.min(widthRatio, heightRatio)
  const larger = Math.max(widthRatio, heightRatio)
  // The larger ratio when it overflows neither limit (a snugger fit), else the smaller.
  const overflows =
    roundInt(currentWidth * larger) > maxWidth || roundInt(currentHeight * larger) > maxHeight
  const ratio = overflows ? smaller : larger
  let width = Math.max(1, roundInt(currentWidth * ratio))
  let height = Math.max(1, roundInt(currentHeight * ratio))
  // One pixel short of a limit is rounding: WordPress bumps it up.
  if (didWidth && width === maxWidth - 1) width = maxWidth
  if (didHeight && height === maxHeight - 1) height = maxHeight
  return [width, height]
}

/** image_resize_dimensions' crop branch: the largest part of the original that scales to the size. */
function cropDimensions(
  origW: number,
  origH: number,
  destW: number,
  destH: number,
  crop: true | readonly [CropX, CropY]
): Resize {
  const aspect = origW / origH
  let newW = Math.min(destW, origW)
  let newH = Math.min(destH, origH)
  if (!newW) newW = roundInt(newH * aspect)
  if (!newH) newH = roundInt(newW / aspect)
  const sizeRatio = Math.max(newW / origW, newH / origH)
  const cropW = phpRound(newW / sizeRatio)
  const cropH = phpRound(newH / sizeRatio)
  const [x, y] = crop === true ? ['center', 'center'] : crop
  const left = x === 'left' ? 0 : x === 'right' ? origW - cropW : Math.floor((origW - cropW) / 2)
  const top = y === 'top' ? 0 : y === 'bottom' ? origH - cropH : Math.floor((origH - cropH) / 2)
  return {
    width: Math.trunc(newW),
    height: Math.trunc(newH),
    source: { left: Math.trunc(left), top: Math.trunc(top), width: cropW, height: cropH }
  }
}

/**
 * image_resize_dimensions: the size made from an original for a registered size, or false when
 * WordPress makes none: a size larger than the original (no upscaling), or one within a pixel of
 * the original in both dimensions.
 */
export function resizeDimensions(
  origW: number,
  origH: number,
  destW: number,
  destH: number,
  crop: boolean | readonly [CropX, CropY] = false
): Resize | false {
  if (origW <= 0 || origH <= 0 || (destW <= 0 && destH <= 0)) return false
  if (!destH ? origW < destW : !destW ? origH < destH : origW < destW && origH < destH) {
    return false
  }
  let resize: Resize
  if (crop) {
    resize = cropDimensions(origW, origH, destW, destH, crop)
  } else {
    const [width, height] = constrainDimensions(origW, origH, destW, destH)
    resize = { width, height, source: { left: 0, top: 0, width: origW, height: origH } }
  }
  // wp_fuzzy_number_match: the original's size, give or take a pixel, is not made again.
  const same = Math.abs(resize.width - origW) <= 1 && Math.abs(resize.height - origH) <= 1
  return same ? false : resize
}

/** wp_get_mime_types' first extension of each image type, as wp_get_default_extension_for_mime_type answers. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/png': 'png',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/x-icon': 'ico',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/heic-sequence': 'heics',
  'image/heif-sequence': 'heifs'
}

/**
 * WP_Image_Editor::generate_filename after get_output_format: the stored name's stem, a suffix,
 * and the stored extension lower-cased, or the output type's own extension when it converts
 * (an unknown type keeps the stored one, as get_extension's false does).
 */
function fileNamer(input: SizesInput): (suffix: string) => string {
  const dot = input.storedName.lastIndexOf('.')
  const stem = dot < 0 ? input.storedName : input.storedName.slice(0, dot)
  const own = dot < 0 ? '' : input.storedName.slice(dot + 1).toLowerCase()
  const ext = input.outputType === input.sourceType ? own : (EXTENSIONS[input.outputType] ?? own)
  return suffix => `${stem}${suffix}.${ext}`
}

/**
 * maybe_exif_rotate: only a JPEG's EXIF is read (exif_read_data), and only 2–8 turn or flip it;
 * 5–8 turn it a quarter, swapping width and height.
 */
function appliedOrientation(input: SizesInput): number {
  const { orientation } = input
  const turns = Number.isInteger(orientation) && orientation >= 2 && orientation <= 8
  return input.sourceType === 'image/jpeg' && turns ? orientation : 1
}

/**
 * wp_create_image_subsizes: above the threshold, the stored file resized into threshold ×
 * threshold and then turned upright (`-scaled`); otherwise, a change of type writes it again with
 * no suffix, and a turn alone as `-rotated`.
 */
function planMain(
  input: SizesInput,
  orientation: number,
  whole: Rect,
  name: (suffix: string) => string
): SizesPlan['main'] {
  const { width, height, threshold } = input
  if (threshold && (width > threshold || height > threshold)) {
    // A resize image_resize_dimensions refuses (within a pixel of the original) errs, but the
    // maybe_exif_rotate that follows overwrites that error: the copy keeps the original's size.
    const resized = resizeDimensions(width, height, threshold, threshold) || { width, height }
    const turned = orientation >= 5
    return {
      kind: 'scaled',
      names: ['scaled'],
      width: turned ? resized.height : resized.width,
      height: turned ? resized.width : resized.height,
      source: whole,
      fileName: name('-scaled')
    }
  }
  const suffix = input.outputType !== input.sourceType ? '' : orientation !== 1 ? '-rotated' : null
  if (suffix === null) return undefined
  return {
    kind: 'original',
    names: ['original'],
    width: whole.width,
    height: whole.height,
    source: whole,
    fileName: name(suffix)
  }
}

/** _wp_make_subsizes makes these first, then the rest in the order they are registered. */
const PRIORITY = ['medium', 'large', 'thumbnail', 'medium_large']

/**
 * _wp_make_subsizes: each missing size is made from the upright original (not the `-scaled`
 * copy), in priority order. Sizes of equal dimensions share a file name, so WordPress writes one
 * file for them, the last size's making it; a size with a zero side is left out, as the sideload
 * refuses it.
 */
function planSubSizes(
  input: SizesInput,
  upright: Rect,
  name: (suffix: string) => string
): PlannedFile[] {
  const sizes = Object.entries(input.registered)
  const order = [
    ...PRIORITY.flatMap(first => sizes.filter(([size]) => size === first)),
    ...sizes.filter(([size]) => !PRIORITY.includes(size))
  ]
  const files = new Map<string, PlannedFile>()
  for (const [size, { width, height, crop }] of order) {
    if (!input.missing.includes(size)) continue
    const resize = resizeDimensions(upright.width, upright.height, width, height, crop)
    if (!resize || resize.width <= 0 || resize.height <= 0) continue
    const fileName = name(`-${resize.width}x${resize.height}`)
    const made = files.get(fileName)
    if (made) {
      made.names.push(size)
      made.source = resize.source
    } else {
      files.set(fileName, { names: [size], ...resize, fileName })
    }
  }
  return [...files.values()]
}

/** The files WordPress would make for an uploaded image, from what its REST API tells about it. */
export function planSizes(input: SizesInput): SizesPlan {
  const orientation = appliedOrientation(input)
  const turned = orientation >= 5
  const upright = {
    width: turned ? input.height : input.width,
    height: turned ? input.width : input.height
  }
  const whole = { left: 0, top: 0, ...upright }
  const name = fileNamer(input)
  const main = planMain(input, orientation, whole, name)
  const subSizes = planSubSizes(input, whole, name)
  return { upright, orientation, ...(main && { main }), subSizes }
}
