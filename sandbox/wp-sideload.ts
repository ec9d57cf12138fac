/**
 * WordPress 7.1's `POST media/{id}/sideload`: one file a client made for an image, stored beside
 * it (WP_REST_Attachments_Controller::sideload_item and the checks before it).
 */
import { jsonReply, type OriginRequest, type Outcome, type Reply } from './http.js'
import type { MediaItem } from './types.js'
import type { ItemImage, Picture } from './wp-image-record.js'
import { REGISTERED_SIZES } from './wp-images.js'
import {
  authorizationCode,
  criticalError,
  JSON_TYPE,
  mayUpload,
  wpError,
  type Auth
} from './wp-reply.js'
import { checkUpload } from './wp-upload-data.js'
import { uniqueFileName } from './wp-upload.js'
import type { WordPressContext } from './wp-context.js'

/** Sizes that name a single file of their own, never one shared under an array of names. */
export const SPECIAL_SIZES: readonly string[] = [
  'original',
  'scaled',
  'source_original',
  'animated_video',
  'animated_video_poster'
]

/**
 * validate_image_size_names(): a name, or an array of names sharing one file, each a registered
 * size (or `full`, a PDF's); a special size only alone. The refusal as the REST server words an
 * argument's: 400 `rest_invalid_param`, the callback's own error in `details`.
 */
export function sizeNamesRefusal(value: unknown, param: string, arg = param): Reply | undefined {
  const regular = [...Object.keys(REGISTERED_SIZES), 'full']
  const [items, valid] =
    typeof value === 'string'
      ? [[value], [...regular, ...SPECIAL_SIZES]]
      : Array.isArray(value)
        ? [value as unknown[], regular]
        : [undefined, []]
  const [code, message] = !items
    ? ['rest_invalid_type', `${param} must be a string or an array of strings.`]
    : items.every(item => typeof item === 'string' && valid.includes(item))
      ? []
      : ['rest_not_in_enum', `${param} contains an invalid image size.`]
  if (!code) return undefined
  return invalidParam(arg, message!, code)
}

/** WP_REST_Request::has_valid_params()'s refusal of one argument. */
export function invalidParam(arg: string, message: string, code: string): Reply {
  return wpError(400, 'rest_invalid_param', `Invalid parameter(s): ${arg}`, {
    params: { [arg]: message },
    details: { [arg]: { code, message, data: null } }
  })
}

/** edit_media_item_permissions_check(): the user may upload, and edit the item. */
export function editRefusal(ctx: WordPressContext, auth: Auth): Reply | undefined {
  if (auth === 'valid' && mayUpload(ctx.settings)) return undefined
  return wpError(
    authorizationCode(auth),
    'rest_cannot_edit_image',
    'Sorry, you are not allowed to upload media on this site.'
  )
}

/** `image_size=a`, or PHP's array `image_size[]=a&image_size[]=b`; undefined when not given. */
function imageSizeParam(query: URLSearchParams): string | string[] | undefined {
  const list = query.getAll('image_size[]')
  return list.length ? list : (query.get('image_size') ?? undefined)
}

const stemOf = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name)

/**
 * wp_unique_filename() with the sideload's filter: a name that looks like a size's always gets a
 * number, which the filter drops again when the stem is the attached file's and no file has the
 * name without it; `-rotated` is not among those it restores.
 */
export function sideloadName(
  requested: string,
  attached: string,
  taken: (name: string) => boolean
): string {
  const [stem, ext] = [stemOf(requested), requested.slice(stemOf(requested).length).toLowerCase()]
  if (!/-(?:\d+x\d+|scaled|rotated)$/.test(stem)) return uniqueFileName(requested, taken)
  let number = 1
  while (taken(`${stem}-${number}${ext}`)) number++
  const kept = new RegExp(`^(.*)-(\\d+x\\d+|scaled)-${number}$`).exec(`${stem}-${number}`)
  const plain = kept && `${kept[1]}-${kept[2]}${ext}`
  if (kept && kept[1] === stemOf(attached) && !taken(plain!)) return plain!
  return `${stem}-${number}${ext}`
}

/** validate_image_dimensions() for one size name. */
function dimensionRefusal(image: ItemImage, picture: Picture, name: string): Reply | undefined {
  const { width, height } = picture
  if (name === 'original') {
    const { width: w, height: h } = image.meta
    if ((width === w && height === h) || (width === h && height === w)) return undefined
    return wpError(
      400,
      'rest_upload_dimension_mismatch',
      `Uploaded image dimensions (${width}x${height}) do not match original image dimensions (${w}x${h}).`
    )
  }
  const size = REGISTERED_SIZES[name]
  if (!size) return undefined
  for (const [side, actual, max] of [
    ['width', width, size.width],
    ['height', height, size.height]
  ] as const) {
    // One pixel over is rounding; a limit of 0 is none.
    if (max > 0 && actual > max + 1) {
      return wpError(
        400,
        'rest_upload_dimension_mismatch',
        `Uploaded image ${side} (${actual}) exceeds maximum for "${name}" size (${max}).`
      )
    }
  }
  return undefined
}

/** The item the sizes are for, or WordPress's refusal of it. */
function sideloadTarget(ctx: WordPressContext, id: number): MediaItem | Reply {
  const item = ctx.media.get(id)
  if (!item) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  if (!item.mimeType.startsWith('image/') && item.mimeType !== 'application/pdf') {
    return wpError(
      400,
      'rest_post_invalid_id',
      'Invalid post ID. Only images and PDFs can be sideloaded.'
    )
  }
  // The sandbox keeps the folder and metadata of images stored while clientSideMedia was on only.
  if (!item.image) {
    return wpError(
      403,
      'rest_sideload_attachment_not_in_uploads',
      'The attachment is not stored in the uploads directory, so a file cannot be sideloaded for it.'
    )
  }
  return item
}

/** POST media/{id}/sideload, in WordPress's order: arguments, rights, the item, the file. */
export function sideloadItem(
  ctx: WordPressContext,
  req: OriginRequest,
  id: number,
  auth: Auth,
  picture: Picture | undefined
): Outcome {
  const sizes = imageSizeParam(req.query)
  if (sizes === undefined) {
    return wpError(400, 'rest_missing_callback_param', 'Missing parameter(s): image_size', {
      params: ['image_size']
    })
  }
  const refused = sizeNamesRefusal(sizes, 'image_size') ?? editRefusal(ctx, auth)
  if (refused) return refused
  const item = sideloadTarget(ctx, id)
  if ('status' in item) return item
  if (ctx.settings.sideloadFailures > 0) {
    ctx.settings.sideloadFailures--
    return criticalError(req)
  }
  const accepted = checkUpload(req)
  if ('status' in accepted) return accepted
  return store(ctx, req, item.image!, { sizes, picture, ...accepted })
}

interface Sideload {
  sizes: string | string[]
  picture: Picture | undefined
  fileName: string
  mimeType: string
}

/** Stores the file under the name WordPress keeps, and answers what finalize is to be sent. */
function store(ctx: WordPressContext, req: OriginRequest, image: ItemImage, sent: Sideload): Reply {
  const { sizes, picture } = sent
  const unread = sizes === 'source_original' || sizes === 'animated_video'
  if (!unread && !picture) {
    return wpError(
      400,
      'rest_upload_invalid_image',
      'Could not read image dimensions. The file may be corrupted or an unsupported format.'
    )
  }
  const names = typeof sizes === 'string' ? [sizes] : sizes
  for (const name of unread ? [] : names) {
    const refused = dimensionRefusal(image, picture!, name)
    if (refused) return refused
  }
  const name = sideloadName(sent.fileName, image.attached, taken => ctx.media.fileTaken(taken))
  const bytes = req.body.bytes ?? Buffer.alloc(0)
  image.files.push({ name, bytes, mimeType: sent.mimeType })
  const answer = answerOf(image, sizes, name, picture, {
    mimeType: sent.mimeType,
    size: bytes.length
  })
  for (const key of ['file', 'original_image'] as const) {
    const value = answer[key]
    if (typeof value === 'string' && value) image.provenance.push(value)
  }
  return jsonReply(200, answer, {}, JSON_TYPE)
}

/** The sideload's answer; a `scaled` or `original` file becomes the attached file at once. */
function answerOf(
  image: ItemImage,
  sizes: string | string[],
  name: string,
  picture: Picture | undefined,
  file: { mimeType: string; size: number }
): Record<string, unknown> {
  if (sizes === 'scaled' || sizes === 'original') {
    const original = image.attached
    image.attached = name
    return {
      image_size: sizes,
      original_image: original,
      width: picture!.width,
      height: picture!.height,
      filesize: file.size,
      file: `${image.subdir}/${name}`
    }
  }
  // The companions (a source-format original, an animated GIF's video and poster): a name alone.
  if (typeof sizes === 'string' && SPECIAL_SIZES.includes(sizes)) {
    return { image_size: sizes, file: name }
  }
  return {
    image_size: sizes,
    width: picture!.width,
    height: picture!.height,
    file: name,
    mime_type: file.mimeType,
    filesize: file.size
  }
}
