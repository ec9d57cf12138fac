import {
  header,
  jsonReply,
  textReply,
  withHeaders,
  type OriginRequest,
  type Outcome,
  type Reply
} from './http.js'
import { nginxErrorReply } from './nginx-pages.js'
import { applyFields } from './wp-fields.js'
import type { MediaItem, WordPressRole, WordPressSettings } from './types.js'
import { restLink } from './wp-site.js'
import {
  authenticate,
  authorizationCode,
  criticalError,
  JSON_TYPE,
  jsonBody,
  mayUpload,
  wpError,
  type Auth
} from './wp-reply.js'
import { mediaJson, thumbnailName, UPLOADS_PREFIX } from './wp-media-json.js'
import { finalizeItem } from './wp-finalize.js'
import type { WordPressContext } from './wp-context.js'
import type { Picture } from './wp-image-record.js'
import { makeMissingSizes, newItemImage, readPicture } from './wp-images.js'
import { sideloadItem } from './wp-sideload.js'
import { parentRefusal, postItem, typeByBase, typesReply } from './wp-posts.js'
import { isJsonMediaType } from './wp-upload.js'
import { checkUpload } from './wp-upload-data.js'

export { UPLOADS_PREFIX }

const RATE_LIMIT = 1000
const PER_PAGE = 10

function noRoute(): Reply {
  return wpError(404, 'rest_no_route', 'No route was found matching the URL and request method.')
}

/** `X-WP-…` on the real /wp-json prefix, the spec's `X-CMS-…` elsewhere. */
function headerPrefix(apiPath: string): string {
  return apiPath.includes('/wp-json') ? 'x-wp' : 'x-cms'
}

/** Headers that prove the request reached the content service. */
function originMarkers(ctx: WordPressContext, apiPath: string): Record<string, string> {
  const root = apiPath.split('/')[1] ?? ''
  return {
    server: ctx.settings.originServer,
    link: ctx.settings.permalinks
      ? restLink(ctx.settings, ctx.baseUrl)
      : `<${ctx.baseUrl}/${root}/>; rel="https://api.w.org/"`,
    'x-robots-tag': 'noindex',
    'x-content-type-options': 'nosniff',
    'x-ratelimit-limit': String(RATE_LIMIT),
    'x-ratelimit-remaining': String(Math.max(0, RATE_LIMIT - ctx.restRequestNumber))
  }
}

function settingsReply(ctx: WordPressContext, auth: Auth): Reply {
  if (auth !== 'valid')
    return wpError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
  // The settings route asks for manage_options, which only an administrator has; a signed-in user
  // without it gets 403 (rest_authorization_required_code()).
  if (ctx.settings.role !== 'administrator')
    return wpError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.')
  return jsonReply(
    200,
    {
      title: 'Sandbox Site',
      description: 'Just another sandbox site',
      url: ctx.baseUrl,
      email: 'admin@example.test',
      timezone: 'UTC',
      date_format: 'F j, Y',
      time_format: 'g:i a',
      start_of_week: 1,
      language: 'en_US',
      posts_per_page: 10
    },
    {},
    JSON_TYPE
  )
}

function listMedia(ctx: WordPressContext, req: OriginRequest, apiPath: string): Reply {
  const perPage = Math.min(
    100,
    Math.max(1, Number(req.query.get('per_page') ?? PER_PAGE) || PER_PAGE)
  )
  const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1)
  // `slug=a,b,c` matches exactly what is stored; WordPress does not sanitize the lookup.
  const slugs = req.query.get('slug')?.split(',')
  const stored = ctx.media.list()
  const newestFirst = [...stored]
    .reverse()
    .filter(item => item.hiddenListings === 0 && (!slugs || slugs.includes(item.slug)))
  // A late store shows once enough listings were answered without it.
  for (const item of stored) item.hiddenListings = Math.max(0, item.hiddenListings - 1)
  const items = newestFirst.slice((page - 1) * perPage, page * perPage)
  const prefix = headerPrefix(apiPath)
  return jsonReply(
    200,
    items.map(item => applyFields(mediaJson(item, ctx), req.query.get('_fields'))),
    {
      [`${prefix}-total`]: String(newestFirst.length),
      [`${prefix}-totalpages`]: String(Math.ceil(newestFirst.length / perPage))
    },
    JSON_TYPE
  )
}

function getMedia(ctx: WordPressContext, req: OriginRequest, id: number): Reply {
  const item = ctx.media.get(id)
  if (!item) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  const edit = req.query.get('context') === 'edit'
  return jsonReply(200, mediaJson(item, ctx, edit), {}, JSON_TYPE)
}

/**
 * WP_REST_Posts_Controller::delete_item for an attachment: the item must exist, the user may
 * delete it (an Author their own), and media has no trash, so only `force=true` deletes.
 */
function deleteMedia(ctx: WordPressContext, req: OriginRequest, id: number, auth: Auth): Reply {
  const item = ctx.media.get(id)
  if (!item) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  if (auth !== 'valid' || !mayUpload(ctx.settings) || ctx.settings.deleteRefused) {
    return wpError(
      auth === 'valid' ? 403 : 401,
      'rest_cannot_delete',
      'Sorry, you are not allowed to delete this post.'
    )
  }
  if (!['true', '1'].includes(req.query.get('force') ?? '')) {
    return wpError(
      501,
      'rest_trash_not_supported',
      "The post does not support trashing. Set 'force=true' to delete."
    )
  }
  ctx.media.remove(id)
  return jsonReply(200, { deleted: true, previous: mediaJson(item, ctx) }, {}, JSON_TYPE)
}

/**
 * WP_REST_Attachments_Controller::post_process_item: makes the missing sizes and answers the item
 * in the edit context, which lists `missing_image_sizes`.
 */
function postProcess(ctx: WordPressContext, req: OriginRequest, id: number): Reply {
  const item = ctx.media.get(id)
  if (!item) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  if (!mayUpload(ctx.settings)) {
    return wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.')
  }
  let action: unknown
  try {
    action = (JSON.parse(req.body.bytes?.toString('utf8') ?? '') as { action?: unknown }).action
  } catch {
    action = undefined
  }
  if (action !== 'create-image-subsizes') {
    return wpError(400, 'rest_invalid_param', 'Invalid parameter(s): action', {
      params: { action: 'action is not one of create-image-subsizes.' }
    })
  }
  if (ctx.settings.postProcessFailures > 0) {
    ctx.settings.postProcessFailures--
    return criticalError(req)
  }
  item.sizesMissing = false
  if (item.image && !item.image.serverSizes) makeMissingSizes(item, item.image)
  return jsonReply(200, { missing_image_sizes: [], ...mediaJson(item, ctx, true) }, {}, JSON_TYPE)
}

/** A part of each role's capabilities, as users/me lists them in the edit context. */
const CAPABILITIES: Record<WordPressRole, string[]> = {
  administrator: ['manage_options', 'upload_files', 'edit_posts', 'read'],
  editor: ['edit_others_posts', 'upload_files', 'edit_posts', 'read'],
  author: ['upload_files', 'edit_posts', 'publish_posts', 'read'],
  contributor: ['edit_posts', 'read'],
  subscriber: ['read']
}

/** WP_REST_Users_Controller::get_current_item in the edit context. */
function currentUser(ctx: WordPressContext, auth: Auth): Reply {
  if (auth !== 'valid') {
    return wpError(401, 'rest_not_logged_in', 'You are not currently logged in.')
  }
  const role = ctx.settings.role
  const capabilities = Object.fromEntries(
    [...CAPABILITIES[role], `level_0`, role].map(name => [name, true])
  )
  return jsonReply(
    200,
    {
      id: ctx.settings.userId,
      name: ctx.settings.user,
      slug: ctx.settings.user,
      roles: [role],
      capabilities
    },
    {},
    JSON_TYPE
  )
}

function invalidJson(req: OriginRequest): boolean {
  const contentType = header(req.headers, 'content-type')
  if (contentType === undefined || !isJsonMediaType(contentType) || req.body.size === 0) {
    return false
  }
  try {
    JSON.parse(req.body.bytes?.toString('utf8') ?? '')
    return false
  } catch {
    return true
  }
}

/**
 * WordPress 6.8+'s refusal of an image type its image editor cannot read
 * (WP_REST_Attachments_Controller::create_item_permissions_check), here for every upload whose
 * Content-Type is one of `refusedImageTypes`.
 */
function imageTypeRefusal(settings: WordPressSettings, req: OriginRequest): Reply | undefined {
  const type = header(req.headers, 'content-type')?.split(';')[0]?.trim().toLowerCase()
  if (!type || !settings.refusedImageTypes.includes(type)) return undefined
  return wpError(
    400,
    'rest_upload_image_type_not_supported',
    'The web server cannot generate responsive image sizes for this image. Convert it to JPEG or PNG before uploading.'
  )
}

/**
 * wp_upload_dir()'s and _wp_handle_upload()'s refusals: a month folder that cannot be made (lost
 * to a concurrent upload that was making it, in `mkdirRace`), or one the server cannot write.
 */
function uploadsFolderRefusal(settings: WordPressSettings): Reply | undefined {
  if (settings.mkdirRace > 0) {
    settings.mkdirRace--
    return wpError(
      500,
      'rest_upload_sideload_error',
      'Unable to create directory wp-content/uploads/2026/11. Is its parent directory writable by the server?'
    )
  }
  if (!settings.uploadsUnwritable) return undefined
  return wpError(
    500,
    'rest_upload_sideload_error',
    'The uploaded file could not be moved to wp-content/uploads/2026/11.'
  )
}

/**
 * POST media/{id} with `{"post": N}`: attaches the item to N (0 detaches), as update_item does;
 * an attachment cannot be a parent. The user must be able to edit the item.
 */
function attachMedia(ctx: WordPressContext, req: OriginRequest, id: number, auth: Auth): Reply {
  const item = ctx.media.get(id)
  if (!item) return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  const body = jsonBody(req)
  if (!body) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
  if (auth !== 'valid' || !mayUpload(ctx.settings)) {
    return wpError(
      authorizationCode(auth),
      'rest_cannot_edit',
      'Sorry, you are not allowed to edit this post.'
    )
  }
  if ('post' in body) {
    const parent = Number(body.post) || 0
    if (ctx.media.get(parent)) return wpError(400, 'rest_invalid_param', 'Invalid parent type.')
    item.post = parent || null
  }
  return jsonReply(200, mediaJson(item, ctx, true), {}, JSON_TYPE)
}

/**
 * With client-side media processing on, WordPress keeps an image's pixels and metadata; with
 * `generate_sub_sizes=false` it stores the original alone (create_item's filters), else it makes
 * the sizes itself, as before 7.1.
 */
function keepImage(ctx: WordPressContext, req: OriginRequest, item: MediaItem, picture?: Picture) {
  if (!ctx.settings.clientSideMedia || !picture) return
  // rest_sanitize_boolean(): only `false` and `0` turn it off.
  const noSizes = ['false', '0'].includes(req.query.get('generate_sub_sizes')?.toLowerCase() ?? '')
  item.image = newItemImage(item.fileName, item.createdAt, picture, item.size, !noSizes)
}

function createMedia(
  ctx: WordPressContext,
  req: OriginRequest,
  apiPath: string,
  auth: Auth,
  picture?: Picture
): Outcome {
  // WordPress validates a JSON body before it checks permissions.
  if (invalidJson(req)) {
    return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.', {
      json_error_code: 4,
      json_error_message: 'Syntax error'
    })
  }
  if (auth !== 'valid' || !mayUpload(ctx.settings)) {
    return wpError(
      authorizationCode(auth),
      'rest_cannot_create',
      'Sorry, you are not allowed to create posts as this user.'
    )
  }
  const parent = Number(req.query.get('post') ?? 0) || 0
  const refused = parentRefusal(ctx, parent) ?? imageTypeRefusal(ctx.settings, req)
  if (refused) return refused
  const accepted = checkUpload(req)
  if ('status' in accepted) return accepted
  const folder = uploadsFolderRefusal(ctx.settings)
  if (folder) return folder
  if (ctx.settings.resetBeforeStore > 0) {
    ctx.settings.resetBeforeStore--
    return 'drop'
  }
  // Fields may come with a raw-body upload as query parameters; WordPress stores them at once.
  const field = (name: string) => req.query.get(name) ?? undefined
  const item = ctx.media.add(
    {
      apiPath,
      ...accepted,
      body: req.body,
      slug: field('slug'),
      title: field('title'),
      altText: field('alt_text'),
      caption: field('caption'),
      description: field('description'),
      ...(parent ? { post: parent } : {}),
      author: ctx.settings.userId
    },
    slugTakenByPost(ctx.settings)
  )
  keepImage(ctx, req, item, picture)
  const idHeader = { [`${headerPrefix(apiPath)}-upload-attachment-id`]: String(item.id) }
  if (ctx.settings.resetAfterStore > 0) {
    ctx.settings.resetAfterStore--
    item.hiddenListings = ctx.settings.lateStoreListings
    return 'drop'
  }
  if (ctx.settings.okWithoutIdAfterStore > 0) {
    ctx.settings.okWithoutIdAfterStore--
    return jsonReply(200, {}, {}, JSON_TYPE)
  }
  // create_item sends the header, then makes the sizes: a fatal there keeps the header.
  if (ctx.settings.storedThen500 > 0) {
    ctx.settings.storedThen500--
    item.sizesMissing = true
    return withHeaders(criticalError(req), idHeader)
  }
  return jsonReply(
    201,
    mediaJson(item, ctx, true),
    { location: `${ctx.baseUrl}${apiPath}/media/${item.id}`, ...idHeader },
    JSON_TYPE
  )
}

/** Whether a post of another type holds the slug, which an attachment may not repeat. */
export function slugTakenByPost(settings: WordPressSettings): (slug: string) => boolean {
  return slug => settings.posts.some(post => post.slug === slug)
}

/** WordPress names the methods the current user may use on the route. */
function mediaCollection(
  ctx: WordPressContext,
  req: OriginRequest,
  apiPath: string,
  auth: Auth,
  picture?: Picture
): Outcome {
  const reply =
    req.method === 'POST'
      ? createMedia(ctx, req, apiPath, auth, picture)
      : listMedia(ctx, req, apiPath)
  if (reply === 'drop') return reply
  return withHeaders(reply, { allow: auth === 'valid' ? 'GET, POST' : 'GET' })
}

/** WordPress 7.1's routes for the sizes a client makes, registered only while that is on. */
function clientMediaRoute(
  ctx: WordPressContext,
  req: OriginRequest,
  rest: string,
  auth: Auth,
  picture?: Picture
): Outcome | undefined {
  const [, id, action] = /^\/media\/(\d+)\/(sideload|finalize)$/.exec(rest) ?? []
  if (!ctx.settings.clientSideMedia || req.method !== 'POST' || !id) return undefined
  return action === 'sideload'
    ? sideloadItem(ctx, req, Number(id), auth, picture)
    : finalizeItem(ctx, req, Number(id), auth)
}

function route(
  ctx: WordPressContext,
  req: OriginRequest,
  apiPath: string,
  picture?: Picture
): Outcome {
  const rest = req.pathname.slice(apiPath.length)
  if (rest === '/media' && req.method === 'POST' && ctx.settings.rateLimit429 > 0) {
    ctx.settings.rateLimit429--
    const reply = wpError(429, 'rest_too_many_requests', 'Too many requests.')
    return withHeaders(reply, {
      'retry-after': ctx.settings.retryAfter,
      'x-ratelimit-remaining': '0'
    })
  }
  if (ctx.settings.restDisabled) return noRoute()
  const auth = authenticate(req.headers, ctx.settings)
  // A bad application password fails every REST request, before any route is looked at.
  if (auth === 'unknown-user') {
    return wpError(
      401,
      'invalid_username',
      'Unknown username. Check again or try your email address.'
    )
  }
  if (auth === 'bad-password') {
    return wpError(
      401,
      'incorrect_password',
      'The provided password is an invalid application password.'
    )
  }
  const mediaId = /^\/media\/(\d+)$/.exec(rest)?.[1]
  if (rest === '/settings' && req.method === 'GET') return settingsReply(ctx, auth)
  if (rest === '/media' && (req.method === 'GET' || req.method === 'POST')) {
    return mediaCollection(ctx, req, apiPath, auth, picture)
  }
  if (mediaId !== undefined && req.method === 'GET') return getMedia(ctx, req, Number(mediaId))
  if (mediaId !== undefined && req.method === 'POST') {
    return attachMedia(ctx, req, Number(mediaId), auth)
  }
  if (rest === '/types' && req.method === 'GET') return typesReply(ctx.settings)
  const item = /^\/([a-z0-9_-]+)\/(\d+)$/.exec(rest)
  const type = item && typeByBase(ctx.settings, item[1]!)
  if (item && type && (req.method === 'GET' || req.method === 'POST')) {
    return postItem(ctx, req, type, Number(item[2]), auth)
  }
  if (mediaId !== undefined && req.method === 'DELETE') {
    return deleteMedia(ctx, req, Number(mediaId), auth)
  }
  const processId = /^\/media\/(\d+)\/post-process$/.exec(rest)?.[1]
  if (processId !== undefined && req.method === 'POST') {
    return postProcess(ctx, req, Number(processId))
  }
  if (rest === '/users/me' && req.method === 'GET') return currentUser(ctx, auth)
  return clientMediaRoute(ctx, req, rest, auth, picture) ?? noRoute()
}

/**
 * Serves one request under a WordPress REST prefix; every answer carries the origin markers. With
 * client-side media processing on, an image sent is read first (its pixels and orientation), as
 * WordPress reads every image it stores.
 */
export function handleWordPress(
  ctx: WordPressContext,
  req: OriginRequest,
  apiPath: string
): Outcome | Promise<Outcome> {
  const type = header(req.headers, 'content-type') ?? ''
  const bytes = req.body.bytes
  if (!ctx.settings.clientSideMedia || req.method !== 'POST' || !bytes?.length)
    return answer(ctx, req, apiPath)
  if (!type.trim().toLowerCase().startsWith('image/')) return answer(ctx, req, apiPath)
  return readPicture(bytes).then(picture => answer(ctx, req, apiPath, picture))
}

function answer(
  ctx: WordPressContext,
  req: OriginRequest,
  apiPath: string,
  picture?: Picture
): Outcome {
  const reply = route(ctx, req, apiPath, picture)
  if (reply === 'drop') return reply
  const headers = { ...originMarkers(ctx, apiPath), ...reply.headers }
  return { ...reply, headers, ...uploadDelay(ctx.settings, req, apiPath) }
}

/** The hold of a media POST's answer (`uploadDelayMs`), once the prompt ones are used up. */
function uploadDelay(
  settings: WordPressSettings,
  req: OriginRequest,
  apiPath: string
): { delayMs?: number } {
  if (req.method !== 'POST' || req.pathname !== `${apiPath}/media` || settings.uploadDelayMs <= 0)
    return {}
  if (settings.promptUploads > 0) {
    settings.promptUploads--
    return {}
  }
  return { delayMs: settings.uploadDelayMs }
}

/** The uploaded files, served as a web server serves static files. */
export function serveUpload(ctx: WordPressContext, req: OriginRequest): Reply {
  const origin = { server: ctx.settings.originServer }
  if (req.method !== 'GET') return withHeaders(nginxErrorReply(405), origin)
  let name: string
  try {
    name = decodeURIComponent(req.pathname.slice(UPLOADS_PREFIX.length))
  } catch {
    return withHeaders(nginxErrorReply(404), origin)
  }
  // A thumbnail is served as its image's own bytes: the sandbox does not resize.
  const item =
    ctx.media.byFileName(name) ??
    ctx.media.storedFile(name) ??
    ctx.media.list().find(stored => thumbnailName(stored.fileName) === name)
  // Items uploaded with discardBodies have no bytes to serve.
  if (!item?.bytes) return withHeaders(nginxErrorReply(404), origin)
  return withHeaders(textReply(200, item.bytes, item.mimeType), origin)
}

/** With discardBodies, upload bytes are only counted and hashed; JSON bodies are still parsed. */
export function keepsBody(settings: WordPressSettings, req: Omit<OriginRequest, 'body'>): boolean {
  const contentType = header(req.headers, 'content-type')
  return (
    !settings.discardBodies ||
    req.method !== 'POST' ||
    (contentType !== undefined && isJsonMediaType(contentType))
  )
}
