/**
 * WordPress 7.1's `POST media/{id}/finalize`: records the sizes a client sideloaded in the item's
 * metadata, in one write (WP_REST_Attachments_Controller::finalize_item).
 */
import { jsonReply, type OriginRequest, type Outcome, type Reply } from './http.js'
import type { MediaItem } from './types.js'
import type { ImageMeta, ItemImage } from './wp-image-record.js'
import { mediaJson } from './wp-media-json.js'
import { JSON_TYPE, jsonBody, wpError, type Auth } from './wp-reply.js'
import { editRefusal, invalidParam, sizeNamesRefusal, SPECIAL_SIZES } from './wp-sideload.js'
import type { WordPressContext } from './wp-context.js'

/** As many entries as one finalize takes (the route's `maxItems`). */
const MOST_SUB_SIZES = 100

type SubSize = Record<string, unknown>

/** The `sub_sizes` argument as the route's schema and validate_callback check it. */
function readSubSizes(req: OriginRequest): SubSize[] | Reply {
  const value = jsonBody(req)?.sub_sizes ?? []
  const arg = 'sub_sizes'
  if (!Array.isArray(value)) {
    return invalidParam(arg, 'sub_sizes is not of type array.', 'rest_invalid_type')
  }
  if (value.length > MOST_SUB_SIZES) {
    return invalidParam(
      arg,
      `sub_sizes must contain at most ${MOST_SUB_SIZES} items.`,
      'rest_too_many_items'
    )
  }
  for (const [index, entry] of value.entries()) {
    const at = `sub_sizes[${index}]`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return invalidParam(arg, `${at} is not of type object.`, 'rest_invalid_type')
    }
    const size = (entry as SubSize).image_size
    if (size === undefined) {
      return invalidParam(
        arg,
        `image_size is a required property of ${at}.`,
        'rest_property_required'
      )
    }
    const refused = sizeNamesRefusal(size, `${at}[image_size]`, arg)
    if (refused) return refused
  }
  return value as SubSize[]
}

/**
 * get_sideloaded_file_names(): what a finalize may record — the names sideloads handed out (the
 * provenance rows, unless left out), the attached file, and the names the metadata holds already.
 */
function allowedNames(item: MediaItem, provenance = true): string[] {
  const image = item.image
  if (!image) return [item.fileName]
  const { meta } = image
  const stored = [
    meta.file,
    meta.original_image,
    meta.source_image,
    meta.animated_video,
    meta.animated_video_poster,
    ...Object.values(meta.sizes).map(size => size.file)
  ].filter((name): name is string => typeof name === 'string' && name !== '')
  const base = (name: string) => name.slice(name.lastIndexOf('/') + 1)
  return [
    ...(provenance ? image.provenance : []),
    `${image.subdir}/${image.attached}`,
    image.attached,
    ...stored.flatMap(name => [name, base(name)])
  ]
}

/** validate_sub_size_provenance(): every `file` and `original_image` must be an allowed name. */
function provenanceRefusal(item: MediaItem, subSizes: SubSize[]): Reply | undefined {
  const allowed = allowedNames(item)
  const bad = subSizes.some(entry =>
    (['file', 'original_image'] as const).some(
      key =>
        entry[key] !== undefined &&
        entry[key] !== null &&
        (typeof entry[key] !== 'string' || !allowed.includes(entry[key]))
    )
  )
  if (!bad) return undefined
  return wpError(
    400,
    'rest_invalid_sub_size_file',
    'Invalid sub-size file name. File names must have been produced by a prior sideload for this attachment.'
  )
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0)

/** One size as the metadata's `sizes` keeps it. */
function sizeMeta(entry: SubSize, file: string) {
  const mimeType = entry.mime_type
  return {
    width: num(entry.width),
    height: num(entry.height),
    file,
    mime_type: typeof mimeType === 'string' ? mimeType : '',
    filesize: num(entry.filesize)
  }
}

/**
 * The metadata with the entries applied, or the refusal of an array of names that holds a special
 * size. An entry without a file is skipped; `scaled` and `original` replace the main file.
 */
function applied(
  image: ItemImage,
  subSizes: SubSize[]
): { meta: ImageMeta; upright: boolean } | Reply {
  const meta: ImageMeta = { ...image.meta, sizes: { ...image.meta.sizes } }
  let upright = false
  for (const entry of subSizes) {
    const size = entry.image_size as string | string[]
    if (Array.isArray(size) && size.some(name => SPECIAL_SIZES.includes(name))) {
      return wpError(
        400,
        'rest_invalid_sub_size_name',
        'A grouped sub-size entry may only name regular image sizes.'
      )
    }
    const file = entry.file
    if (typeof file !== 'string' || file === '' || file === '0') continue
    if (size === 'scaled' || size === 'original') {
      const original = entry.original_image
      if (typeof original === 'string' && original) meta.original_image = original
      Object.assign(meta, {
        width: num(entry.width),
        height: num(entry.height),
        filesize: num(entry.filesize),
        file
      })
      upright = true
    } else if (size === 'source_original') meta.source_image = file
    else if (size === 'animated_video' || size === 'animated_video_poster') meta[size] = file
    else for (const name of [size].flat()) meta.sizes[name] = sizeMeta(entry, file)
  }
  return { meta, upright }
}

/**
 * Writes the entries into the metadata, then drops the provenance rows this request used whose
 * names the metadata now holds (a repeated request still validates); the refusal of a bad entry.
 */
function record(item: MediaItem, image: ItemImage, subSizes: SubSize[]): Reply | undefined {
  const done = applied(image, subSizes)
  if ('status' in done) return done
  image.meta = done.meta
  // The main file a client sent has its orientation applied already.
  if (done.upright && image.orientation > 0) image.orientation = 1
  const recoverable = allowedNames(item, false)
  const used = subSizes.flatMap(entry => [entry.file, entry.original_image])
  const consumed = used.filter(
    (name): name is string => typeof name === 'string' && recoverable.includes(name)
  )
  image.provenance = image.provenance.filter(name => !consumed.includes(name))
  return undefined
}

/** POST media/{id}/finalize: the item as GET answers it in the edit context, once recorded. */
export function finalizeItem(
  ctx: WordPressContext,
  req: OriginRequest,
  id: number,
  auth: Auth
): Outcome {
  const subSizes = readSubSizes(req)
  if ('status' in subSizes) return subSizes
  const refused = editRefusal(ctx, auth)
  if (refused) return refused
  const item = ctx.media.get(id)
  if (!item) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  const bad = provenanceRefusal(item, subSizes)
  if (bad) return bad
  if (item.image) {
    const done = record(item, item.image, subSizes)
    if (done) return done
  }
  if (ctx.settings.finalizeLost > 0) {
    ctx.settings.finalizeLost--
    return 'drop'
  }
  return jsonReply(200, mediaJson(item, ctx, true), {}, JSON_TYPE)
}
