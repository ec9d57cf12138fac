import { jsonReply, type OriginRequest, type Reply } from './http.js'
import type { MediaStore } from './media-store.js'
import type { SandboxPost, SandboxPostType, WordPressSettings } from './types.js'
import { applyFields } from './wp-fields.js'
import { authorizationCode, JSON_TYPE, jsonBody, wpError, type Auth } from './wp-reply.js'

/** Posts, pages and the other types as WordPress's posts controller serves them, one per type. */
export interface PostsContext {
  settings: WordPressSettings
  media: MediaStore
  baseUrl: string
}

/** The attachment type: always there, served at `media` by the attachments controller. */
const ATTACHMENT: SandboxPostType = {
  slug: 'attachment',
  name: 'Media',
  restBase: 'media',
  thumbnail: false
}

export function findPost(settings: WordPressSettings, id: number): SandboxPost | undefined {
  return settings.posts.find(post => post.id === id)
}

/** A served type (not attachment) by its `rest_base`. */
export function typeByBase(
  settings: WordPressSettings,
  restBase: string
): SandboxPostType | undefined {
  return settings.postTypes.find(type => type.restBase === restBase)
}

/**
 * current_user_can('edit_post', id), as the default roles have it: an Editor or Administrator
 * edits everything; an Author edits their own posts but no page (pages need edit_pages); a
 * Contributor their own drafts; a network super admin everything. Custom types take the post's
 * capabilities.
 */
export function mayEditPost(settings: WordPressSettings, post: SandboxPost): boolean {
  const { role } = settings
  if (settings.uploadGrant === 'super-admin') return true
  if (role === 'administrator' || role === 'editor') return true
  if (post.type === 'page') return false
  const own = post.author === settings.userId
  if (role === 'author') return own
  return role === 'contributor' && own && post.status !== 'publish'
}

/** GET {api}/types: every type shown in REST, keyed by its slug, each with its `rest_base`. */
export function typesReply(settings: WordPressSettings): Reply {
  const types = [...settings.postTypes]
  types.splice(Math.min(2, types.length), 0, ATTACHMENT)
  const body = Object.fromEntries(
    types.map(type => [
      type.slug,
      {
        description: '',
        hierarchical: type.slug === 'page',
        has_archive: false,
        name: type.name,
        slug: type.slug,
        icon: null,
        taxonomies: [],
        rest_base: type.restBase,
        rest_namespace: 'wp/v2'
      }
    ])
  )
  return jsonReply(200, body, {}, JSON_TYPE)
}

function postJson(post: SandboxPost, type: SandboxPostType, baseUrl: string, edit: boolean) {
  return {
    id: post.id,
    date: '2026-01-01T00:00:00',
    slug: post.slug ?? post.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    status: post.status,
    type: post.type,
    link: `${baseUrl}/?p=${post.id}`,
    title: edit ? { raw: post.title, rendered: post.title } : { rendered: post.title },
    author: post.author,
    // The schema has the field only for a type that supports thumbnails (get_item_schema).
    ...(type.thumbnail ? { featured_media: post.featuredMedia } : {})
  }
}

/** GET or POST `{rest_base}/{id}` of a served type (WP_REST_Posts_Controller). */
export function postItem(
  ctx: PostsContext,
  req: OriginRequest,
  type: SandboxPostType,
  id: number,
  auth: Auth
): Reply {
  const post = findPost(ctx.settings, id)
  if (!post || post.type !== type.slug) {
    return wpError(404, 'rest_post_invalid_id', 'Invalid post ID.')
  }
  const mayEdit = auth === 'valid' && mayEditPost(ctx.settings, post)
  if (req.method === 'POST') return updatePost(ctx, req, { post, type, mayEdit, auth })
  const edit = req.query.get('context') === 'edit'
  // get_item_permissions_check: the edit context needs the right to edit the post.
  if (edit && !mayEdit) {
    return wpError(
      authorizationCode(auth),
      'rest_forbidden_context',
      'Sorry, you are not allowed to edit this post.'
    )
  }
  if (post.status !== 'publish' && !mayEdit) {
    return wpError(
      authorizationCode(auth),
      'rest_forbidden',
      'Sorry, you are not allowed to do that.'
    )
  }
  const json = postJson(post, type, ctx.baseUrl, edit)
  return jsonReply(200, applyFields(json, req.query.get('_fields')), {}, JSON_TYPE)
}

/**
 * WP_REST_Posts_Controller::update_item: `featured_media` goes through set_post_thumbnail(),
 * which sets an image, deletes the thumbnail for an item that is no image, and does nothing for an
 * id that is no item; update_item ignores its result, so the answer is 200 whatever it did. A
 * type without thumbnail support has no such field and ignores it.
 */
function updatePost(
  ctx: PostsContext,
  req: OriginRequest,
  target: { post: SandboxPost; type: SandboxPostType; mayEdit: boolean; auth: Auth }
): Reply {
  const { post, type } = target
  const body = jsonBody(req)
  if (!body) return wpError(400, 'rest_invalid_json', 'Invalid JSON body passed.')
  if (!target.mayEdit) {
    return wpError(
      authorizationCode(target.auth),
      'rest_cannot_edit',
      'Sorry, you are not allowed to edit this post.'
    )
  }
  if (type.thumbnail && 'featured_media' in body) {
    const wanted = Number(body.featured_media)
    const item = ctx.media.get(wanted)
    if (wanted === 0) post.featuredMedia = 0
    else if (item) post.featuredMedia = item.mimeType.startsWith('image/') ? wanted : 0
  }
  return jsonReply(200, postJson(post, type, ctx.baseUrl, true), {}, JSON_TYPE)
}

/**
 * The media POST's `post` (the parent to attach the upload to), as create_item_permissions_check
 * and create_item check it: the user must be able to edit that post (an id of nothing fails the
 * same way), and an attachment cannot be a parent. undefined when the parent is fine or absent.
 */
export function parentRefusal(ctx: PostsContext, parent: number): Reply | undefined {
  if (!parent) return undefined
  const post = findPost(ctx.settings, parent)
  const attachment = ctx.media.get(parent)
  if (attachment) return wpError(400, 'rest_invalid_param', 'Invalid parent type.')
  if (!post || !mayEditPost(ctx.settings, post)) {
    return wpError(
      403,
      'rest_cannot_edit',
      'Sorry, you are not allowed to upload media to this post.'
    )
  }
  return undefined
}
