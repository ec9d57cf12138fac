import type { DiagnosisContext } from '../../diagnosis/index.js'
import { endpointUrl } from '../../http/api-url.js'
import type { ApiClient } from '../../http/client.js'
import type { HttpResult } from '../../http/send.js'
import type { RestApiLocation } from './locate-rest-api.js'
import { wordpressProfile } from './remedies.js'

/**
 * The posts media is attached to, over the same signed-in connection as the media library: a
 * post, a page or a post of another type, each at its type's own route (its `rest_base`).
 */
export interface PostsApi {
  /** How the diagnosis sees this API's answers to `method`. */
  context(method: 'GET' | 'POST'): DiagnosisContext
  /** Host and path of a post's route, for messages. */
  where(route: string, id: number): string
  /**
   * One post in the edit context, which WordPress answers only to a user who may edit it
   * (WP_REST_Posts_Controller::get_item_permissions_check: `rest_forbidden_context` otherwise).
   */
  getPost(route: string, id: number): Promise<HttpResult>
  /** Every post type shown in REST, keyed by its slug, each with its `rest_base`. */
  types(): Promise<HttpResult>
  /** Sets the post's featured image (WP_REST_Posts_Controller::update_item → set_post_thumbnail). */
  setFeatured(route: string, id: number, media: number): Promise<HttpResult>
  /** Attaches a media item to a post: its `post` field, the item's parent. */
  attach(media: number, post: number): Promise<HttpResult>
  /** A post's `link` as given, when it is a page of the site itself (base-url's origin). */
  viewLink(link: unknown): string | undefined
}

/** No page of a site needs a longer address; the summary shows nothing longer. */
const MAX_LINK_LENGTH = 2048

/** A `rest_base` taken from the server, used in a path only when it is plain path segments. */
export function isRoute(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 100 &&
    /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/i.test(value)
  )
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

export function postsApi(
  client: ApiClient,
  location: Pick<RestApiLocation, 'api' | 'apiPath' | 'source'>
): PostsApi {
  const item = (route: string, id: number) => endpointUrl(location.api, `${route}/${id}`)
  return {
    context: method => ({
      app: wordpressProfile,
      method,
      apiPath: location.apiPath,
      apiSource: location.source,
      host: location.api.host
    }),
    where: (route, id) => client.where(item(route, id)),
    viewLink: link => {
      if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) return undefined
      const url = URL.parse(link)
      // Only the site's own page: an answer cannot send the reader anywhere else.
      return url && url.origin === client.siteUrl('/').origin ? url.href : undefined
    },
    // The fields read, and no more: a post's content may be large.
    getPost: (route, id) =>
      client.get(
        endpointUrl(location.api, `${route}/${id}`, {
          context: 'edit',
          _fields: 'id,type,title,featured_media,link'
        })
      ),
    // Not `_fields`: the list is an object keyed by type, which `_fields` would filter by key.
    types: () => client.get(endpointUrl(location.api, 'types')),
    setFeatured: (route, id, media) =>
      client.post(
        endpointUrl(location.api, `${route}/${id}`, { _fields: 'id,featured_media' }),
        JSON.stringify({ featured_media: media }),
        JSON_HEADERS
      ),
    attach: (media, post) =>
      client.post(
        endpointUrl(location.api, `media/${media}`, { _fields: 'id,post' }),
        JSON.stringify({ post }),
        JSON_HEADERS
      )
  }
}
