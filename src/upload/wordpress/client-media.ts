import { endpointUrl } from '../../http/api-url.js'
import type { ApiClient } from '../../http/client.js'
import { contentDisposition } from './content-disposition.js'
import type { FileBody } from '../../http/send-body.js'
import type { HttpResult } from '../../http/send.js'

/** What WordPress 7.1 offers a client that makes image sizes itself. */
export interface ClientMedia {
  /**
   * What the site offers a client that makes image sizes itself, as the signed-in user reads the
   * REST index: `image_sizes`, `image_size_threshold`, `image_strip_meta` and whether the
   * `sideload` and `finalize` routes are there. Absent when the API is not WordPress's `wp/v2`.
   */
  sizesIndex?: () => Promise<HttpResult>
  /** Stores one file made on the runner as the item's `names` sizes (WordPress 7.1's sideload). */
  sideload(
    id: number,
    file: FileBody,
    fileName: string,
    mediaType: string,
    names: string[]
  ): Promise<HttpResult>
  /** Records the sideloaded sizes in the item's metadata, as the sideload answers said them. */
  finalize(id: number, subSizes: unknown[]): Promise<HttpResult>
}

/** The routes of WordPress 7.1's client-side media processing, as the REST index names them. */
export const SIDELOAD_ROUTE = '/wp/v2/media/(?P<id>[\\d]+)/sideload'
export const FINALIZE_ROUTE = '/wp/v2/media/(?P<id>[\\d]+)/finalize'

/**
 * Only what tells whether sizes can be made on the runner: the whole index lists every route of
 * every plugin. WordPress filters its answer by `_fields`, one level per dot.
 */
const SIZES_INDEX_FIELDS = [
  'image_sizes',
  'image_size_threshold',
  'image_strip_meta',
  `routes.${SIDELOAD_ROUTE}`,
  `routes.${FINALIZE_ROUTE}`
]

/**
 * The REST index of a WordPress API at `…/wp/v2` (`…/wp-json/`, or `rest_route=/` in the plain
 * form); undefined for any other API path.
 */
function restIndexOf(api: URL): URL | undefined {
  const index = new URL(api.href)
  const route = index.searchParams.get('rest_route')
  if (route !== null) {
    if (!/^\/wp\/v2\/?$/.test(route)) return undefined
    index.searchParams.set('rest_route', '/')
    return index
  }
  if (!/\/wp\/v2\/?$/.test(index.pathname)) return undefined
  index.pathname = index.pathname.replace(/wp\/v2\/?$/, '')
  return index
}

function sizesIndexOf(client: ApiClient, api: URL): Pick<ClientMedia, 'sizesIndex'> {
  const index = restIndexOf(api)
  if (!index) return {}
  index.searchParams.set('_fields', SIZES_INDEX_FIELDS.join(','))
  return { sizesIndex: () => client.get(index) }
}

/**
 * The requests of WordPress 7.1's client-side media processing: what the REST index offers, the
 * sideload of one size, and the finalize that records them.
 */
export function clientMediaRoutes(client: ApiClient, api: URL): ClientMedia {
  return {
    ...sizesIndexOf(client, api),
    // WP_REST_Attachments_Controller::sideload_item takes a raw body as create_item does, with
    // its arguments in the query string; `convert_format=false`: the file is already in the
    // format WordPress asked for.
    sideload: (id, file, fileName, mediaType, names) =>
      client.post(
        endpointUrl(api, `media/${id}/sideload`, [
          ...names.map((name): [string, string] => [
            names.length > 1 ? 'image_size[]' : 'image_size',
            name
          ]),
          ['convert_format', 'false']
        ]),
        file,
        {
          'Content-Type': mediaType,
          'Content-Disposition': contentDisposition(fileName),
          'Content-Length': file.size
        }
      ),
    finalize: (id, subSizes) =>
      client.post(
        endpointUrl(api, `media/${id}/finalize`),
        JSON.stringify({ sub_sizes: subSizes }),
        { 'Content-Type': 'application/json' }
      )
  }
}
