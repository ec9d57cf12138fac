import { edgeNodeName, type DiagnosisContext, type Verdict } from '../../diagnosis/index.js'
import { endpointUrl } from '../../http/api-url.js'
import { basicAuthorization, type ApiClient } from '../../http/client.js'
import { headerValue } from '../../http/headers.js'
import type { HttpResponse, HttpResult } from '../../http/send.js'
import type { UploadConfig } from '../config.js'
import { contentDisposition } from './content-disposition.js'
import { clientMediaRoutes, type ClientMedia } from './client-media.js'
import type { LocalFile } from '../files/local-file.js'
import type { RestApiLocation } from './locate-rest-api.js'
import { readMediaLinks, type MediaLinks } from './media-links.js'
import { wordpressProfile } from './remedies.js'

export interface MediaApi extends ClientMedia {
  /** Host and path of the media endpoint, for messages. */
  target: string
  /** Host and path of the settings endpoint the preflight reads. */
  settingsTarget: string
  /** How the diagnosis sees this API's answers to `method`. */
  context(method: 'GET' | 'POST' | 'DELETE'): DiagnosisContext
  getSettings(): Promise<HttpResult>
  /**
   * The media items whose slug is one of `slugs` (at most 100): id, slug, URL, parent, and what
   * tells whether an item is a given file (author, type, `media_details` with the file size).
   */
  findBySlugs(slugs: string[]): Promise<HttpResult>
  /** A media file on the site, fetched as any visitor would and hashed (its answer's `digest`). */
  fileDigest(url: URL, maxBytes: number): Promise<HttpResult>
  /** Uploads the file; `fields` (slug, title, alt_text, caption) are stored with it at once. */
  postFile(file: LocalFile, fields?: Record<string, string>): Promise<HttpResult>
  /** An empty POST to the media route: it tells whether uploads reach WordPress, storing nothing. */
  probeWrite(): Promise<HttpResult>
  /** One media item, as any reader sees it. */
  getItem(id: number): Promise<HttpResult>
  /**
   * One media item as its editor sees it (`context=edit`): with WordPress 7.1, the sizes it lacks,
   * its EXIF orientation, the quality and format of its sizes.
   */
  editItem(id: number): Promise<HttpResult>
  /** Asks WordPress to make the image sizes an upload left unmade (the block editor's call). */
  postProcess(id: number): Promise<HttpResult>
  /** Deletes a media item for good: attachments have no trash, so WordPress wants `force=true`. */
  deleteItem(id: number): Promise<HttpResult>
  /** The item's edit page in wp-admin, under base-url, for a person to look at or delete it. */
  editLink(id: number): string
  /** The media library in wp-admin (`/wp-admin/upload.php`), under base-url. */
  libraryLink(): string
  /** The signed-in user, with roles and capabilities. */
  currentUser(): Promise<HttpResult>
  close(): void
}

/**
 * The media library at `location`, signed in with HTTP Basic over `client` (one kept-alive
 * connection per file in flight, reused file after file: a TLS handshake per file would dominate
 * small files); the password's every form goes to `mask` first.
 */
export function mediaApi(
  client: ApiClient,
  config: Pick<UploadConfig, 'username' | 'appPassword'>,
  location: Pick<RestApiLocation, 'api' | 'apiPath' | 'source'>,
  mask: (secret: string) => void
): MediaApi {
  const authorization = basicAuthorization(config.username, config.appPassword)
  // WordPress accepts the password with or without its spaces; hide both, and the header form.
  mask(config.appPassword.replace(/\s+/g, ''))
  mask(authorization.slice('Basic '.length))
  client.authorize(authorization)
  const mediaUrl = endpointUrl(location.api, 'media')
  const settingsUrl = endpointUrl(location.api, 'settings')
  return {
    target: client.where(mediaUrl),
    settingsTarget: client.where(settingsUrl),
    context: method => ({
      app: wordpressProfile,
      method,
      apiPath: location.apiPath,
      apiSource: location.source,
      host: mediaUrl.host
    }),
    getSettings: () => client.get(settingsUrl),
    findBySlugs: slugs =>
      client.get(
        endpointUrl(location.api, 'media', {
          slug: slugs.join(','),
          per_page: '100',
          // WordPress builds media_details only when _fields names it whole.
          _fields: 'id,slug,source_url,post,author,mime_type,media_details'
        })
      ),
    fileDigest: (url, maxBytes) => client.digest(url, maxBytes),
    // WordPress takes the fields of a raw-body upload from the query string.
    postFile: (file, fields = {}) =>
      client.post(
        endpointUrl(location.api, 'media', fields),
        { path: file.path, size: file.size },
        {
          'Content-Type': file.mediaType,
          'Content-Disposition': contentDisposition(file.display),
          'Content-Length': file.size
        }
      ),
    ...clientMediaRoutes(client, location.api),
    probeWrite: () =>
      client.post(mediaUrl, '', {
        'Content-Type': 'image/png',
        'Content-Disposition': contentDisposition('write-probe.png'),
        'Content-Length': 0
      }),
    getItem: id => client.get(endpointUrl(location.api, `media/${id}`)),
    editItem: id => client.get(endpointUrl(location.api, `media/${id}`, { context: 'edit' })),
    // WP_REST_Attachments_Controller::post_process_item (wp-includes/rest-api/endpoints/
    // class-wp-rest-attachments-controller.php) runs wp_update_image_subsizes(), which saves each
    // size as it is made, so a repeated call goes on where the last one stopped.
    postProcess: id =>
      client.post(
        endpointUrl(location.api, `media/${id}/post-process`),
        JSON.stringify({ action: 'create-image-subsizes' }),
        { 'Content-Type': 'application/json' }
      ),
    // WP_REST_Posts_Controller::delete_item: media has no trash (MEDIA_TRASH is off), so without
    // force=true it answers 501 rest_trash_not_supported; delete_post lets an author delete their own.
    deleteItem: id => client.delete(endpointUrl(location.api, `media/${id}`, { force: 'true' })),
    libraryLink: () => client.siteUrl('/wp-admin/upload.php').href,
    editLink: id => {
      const url = client.siteUrl('/wp-admin/post.php')
      url.search = new URLSearchParams({ post: String(id), action: 'edit' }).toString()
      return url.href
    },
    // WP_REST_Users_Controller::get_current_item; `context=edit` adds roles and capabilities,
    // which every user may read of themselves (get_item_permissions_check: edit_user on oneself).
    currentUser: () => client.get(endpointUrl(location.api, 'users/me', { context: 'edit' })),
    close: () => client.close()
  }
}

export interface MediaRecord extends MediaLinks {
  /** Absent when the item was stored but no part of the answer said its id. */
  id?: number
  /** The slug WordPress stored it under: another than the one asked for when that was taken. */
  slug?: string
}

/** WordPress's header, and the spec's neutral name for it. */
const ATTACHMENT_ID_HEADERS = ['x-wp-upload-attachment-id', 'x-cms-upload-attachment-id']

/**
 * What `X-WP-Upload-Attachment-ID` says. WP_REST_Attachments_Controller::create_item sends it
 * once the file is moved into the uploads folder and the item inserted, before it makes the image
 * sizes, so any answer that carries it, even a 500, means the file is stored. The value is
 * untrusted: only one positive integer of sane size is taken as an id, never anything else.
 */
export function storedAttachment(response: HttpResponse): { id?: number } | undefined {
  const values = ATTACHMENT_ID_HEADERS.map(name => headerValue(response.headers, name)).filter(
    (value): value is string => value !== undefined
  )
  if (values.length === 0) return undefined
  const id = values.length === 1 ? positiveId(values[0]) : undefined
  return id === undefined ? {} : { id }
}

const positiveId = (value: unknown): number | undefined => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * The media item a successful upload's answer describes. WordPress says the new id three times:
 * in its JSON, in `X-WP-Upload-Attachment-ID` and at the end of `Location`; the JSON may be
 * spoiled by a PHP notice in front of it, so each is read in turn.
 */
export function parseMedia(response: HttpResponse, verdict: Verdict): MediaRecord {
  const json = verdict.json
  const id =
    positiveId(json?.id) ??
    positiveId(headerValue(response.headers, 'x-wp-upload-attachment-id')) ??
    positiveId(/\/media\/(\d+)\/?$/.exec(headerValue(response.headers, 'location') ?? '')?.[1])
  const slug = typeof json?.slug === 'string' ? json.slug : undefined
  return { ...(id ? { id } : {}), ...(slug ? { slug } : {}), ...readMediaLinks(json) }
}

/** Why an upload was refused, one phrase: WordPress's own words, or who refused it. */
export function refusalMessage(status: number, verdict: Verdict): string {
  if (verdict.code && verdict.said) return `${verdict.said} (${verdict.code})`
  if (verdict.blocked) {
    const edge = verdict.edgeNode ? ` at ${edgeNodeName(verdict.edgeNode)}` : ''
    return `refused by the CDN${edge} before reaching the server`
  }
  return `HTTP ${status}`
}
