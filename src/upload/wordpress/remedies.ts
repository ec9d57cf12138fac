import {
  leaveApiPathEmpty,
  note,
  rateLimited,
  route,
  tooLarge,
  type Advice,
  type AppProfile,
  type DiagnosisContext,
  type ResponseSituation
} from '../../diagnosis/index.js'
import { clip } from '../../diagnosis/text.js'
import { headerValue, type Headers } from '../../http/headers.js'

const PERMISSIONS =
  'The user is logged in but may not upload media: give it the `upload_files` capability (the Author role or higher), or check security plugins that restrict the REST API.'

const MAY_NOT_EDIT =
  'The user may not edit this post, so WordPress refuses to change it or to attach media to it: use an application password of a user who may (an Editor edits every post and page, an Author only their own posts), or name another post in `attach-to`.'

const COMMERCE = note(
  'A working commerce (WooCommerce) API key proves nothing about these credentials: it is a different mechanism.'
)

const WRONG_CREDENTIALS =
  'Check `username` (the login name) and that `app-password` is an application password of that user (Users → Profile → Application Passwords), not the login password.'

/** What WordPress said, to follow a colon, or nothing. */
function said(app: ResponseSituation['app']): string {
  return app?.summary ? `: ${app.summary}` : ''
}

/** The remedy for a path where WordPress's REST API is not, with the root the site announced. */
function wrongPath(context: DiagnosisContext, restRoot: string | undefined): string {
  const announced = restRoot ? ` This site announces its REST API at \`${restRoot}\`.` : ''
  return context.apiSource === 'default'
    ? `Check \`base-url\`: no WordPress announced its REST API there (WordPress names it in the \`Link\` header of every page), so it is not the site's address; or set \`api-path\` to where the site serves it (\`/wp-json/wp/v2\`, or \`/index.php?rest_route=/wp/v2\` without pretty permalinks).${announced}`
    : `Check \`api-path\`: WordPress serves \`/wp-json/wp/v2\`, or \`/index.php?rest_route=/wp/v2\` without pretty permalinks.${leaveApiPathEmpty(context)}${announced}`
}

/** A 400: the body or its headers did not arrive as WordPress reads them. */
function badRequest({ app }: ResponseSituation): string[] {
  const code = app?.code ?? ''
  if (code === 'rest_upload_no_data') {
    return [
      'WordPress received an empty body: check that the file is not empty and that no proxy drops request bodies.'
    ]
  }
  if (/^rest_upload_(?:no_content_type|no_content_disposition|invalid_disposition)$/.test(code)) {
    return [
      'WordPress could not read the `Content-Type` or `Content-Disposition` header: a proxy may drop them, or the file name contains `;` or `"`, which WordPress cannot parse; rename the file.'
    ]
  }
  if (code === 'rest_invalid_json') {
    return [
      "WordPress read the body as JSON: the upload must carry the image's own media type as `Content-Type`."
    ]
  }
  if (code === 'rest_upload_image_type_not_supported') {
    return [
      "WordPress (6.8 and later) refuses an image type its image editor cannot read on this server, since it could not make the image's sizes: convert the images to JPEG or PNG, or have the host give PHP an image library that reads the type (Imagick, or a GD built with it). Files of other types are not affected."
    ]
  }
  if (/cannot/.test(code)) return [PERMISSIONS]
  return [`WordPress rejected the request as invalid${said(app)}.`]
}

/** WordPress lists the methods an anonymous request may use in `allow`: without ours, no one logged in. */
function answeredAnonymous(headers: Headers, method: string): string | undefined {
  const allow = headerValue(headers, 'allow')
  if (allow === undefined) return undefined
  return allow.split(',').some(allowed => allowed.trim().toUpperCase() === method)
    ? undefined
    : allow
}

/** A 401: the credentials were off, never arrived, or cannot be used on this site. */
function credentialsRefused({ context, headers, app }: ResponseSituation): Advice[] {
  const code = app?.code ?? ''
  if (code === 'application_passwords_disabled') {
    return [
      'Application passwords are disabled on this site: a plugin turned them off, or the site is not served over HTTPS.',
      COMMERCE
    ]
  }
  // These codes come from checking the credentials, so the Authorization header did arrive.
  if (/^(?:invalid_username|invalid_email|incorrect_password)$/.test(code)) {
    return [
      `WordPress received the credentials and rejected them (\`${code}\`). ${WRONG_CREDENTIALS}`,
      COMMERCE
    ]
  }
  const allow = answeredAnonymous(headers, context.method.toUpperCase())
  return allow !== undefined
    ? [
        `WordPress handled the request as anonymous (\`allow: ${clip(allow, 40)}\`): the Authorization header did not reach WordPress. Either a proxy or the CGI/FastCGI setup strips it (Apache: \`CGIPassAuth On\`), or application passwords are off because the site is not served over HTTPS.`,
        WRONG_CREDENTIALS,
        COMMERCE
      ]
    : [`WordPress rejected the credentials. ${WRONG_CREDENTIALS}`, COMMERCE]
}

/** A 404: the API is elsewhere, or its media route is off. */
function noRoute({ context, app, restRoot }: ResponseSituation): string {
  const missing =
    app?.code === 'rest_no_route'
      ? `WordPress has no route for ${context.method.toUpperCase()} ${route(context)}, or a plugin disabled the REST API or its media endpoint. `
      : ''
  return `${missing}${wrongPath(context, restRoot)}`
}

/**
 * `rest_upload_sideload_error`: the file could not be stored. _wp_handle_upload
 * (wp-admin/includes/file.php) says "could not be moved to" when the month's folder is not
 * writable; wp_upload_dir (wp-includes/functions.php) "Unable to create directory". Anything else
 * is the file's type.
 */
function sideloadFailed({ app }: ResponseSituation): string {
  return /could not be moved to|unable to create directory/i.test(app?.said ?? '')
    ? "WordPress could not write the file into its uploads folder: give the web server's user (often www-data) write permission on wp-content/uploads and its year/month folders, and check that the disk has room. This is the server, not the file: every upload fails the same way until it is fixed."
    : "WordPress refused the file type. It judges by the file name's extension and the content it finds, not by `Content-Type`: upload a type WordPress accepts, give the file a name whose extension matches its content, or allow the type on the site (the `upload_mimes` filter, or a plugin that adds it)."
}

/**
 * A 5xx. A fatal error shows WP_Fatal_Error_Handler::display_default_error_template
 * (wp-includes/class-wp-fatal-error-handler.php): an HTML page, or JSON `internal_server_error`
 * when wp_is_json_request().
 */
function serverFailed({ context, app, bodyStart }: ResponseSituation): string {
  return app?.code === 'internal_server_error' ||
    /critical error on this website/i.test(bodyStart ?? '')
    ? `WordPress stopped on a fatal PHP error ("There has been a critical error on this website"). With uploads it is most often PHP's memory: an upload sent as a request body needs about twice the file's size of PHP memory, so raise \`memory_limit\` or upload smaller images; otherwise read the PHP error log on ${context.host} (set \`WP_DEBUG_LOG\`).`
    : `WordPress failed while handling the request: read the PHP error log on ${context.host} (set \`WP_DEBUG_LOG\`), and re-run once it is fixed.`
}

/** What to do about an answer WordPress itself gave, one situation per status or error code. */
function wordpressRemedies(situation: ResponseSituation): Advice[] {
  const { context, status, headers, app } = situation
  if (status === 400) return badRequest(situation)
  if (status === 401) return credentialsRefused(situation)
  if (status === 403) return [app?.code === 'rest_cannot_edit' ? MAY_NOT_EDIT : PERMISSIONS]
  if (status === 404) return [noRoute(situation)]
  if (status === 405) {
    return [
      `WordPress (or a plugin) does not accept ${context.method.toUpperCase()} at ${route(context)}: check \`api-path\` and plugins that restrict REST methods.`
    ]
  }
  if (status === 412) {
    return [
      "WordPress's `Content-MD5` check failed: the body that arrived differs from the file the checksum was computed on; a proxy may alter uploads."
    ]
  }
  if (status === 413) return [tooLarge('the server')]
  if (status === 429) return [rateLimited('WordPress', headers)]
  if (app?.code === 'rest_upload_sideload_error') return [sideloadFailed(situation)]
  if (status >= 500) return [serverFailed(situation)]
  return [
    `WordPress answered ${status}${said(app)}; the request reached WordPress, so no CDN rule is involved.`
  ]
}

/** WordPress, as the diagnosis of its answers knows it. */
export const wordpressProfile: AppProfile = {
  name: 'WordPress',
  item: 'media item',
  collection: '/media',
  backend: 'PHP-FPM',
  absentMarks: 'no `X-WP-*` or `X-RateLimit-*` headers, no `api.w.org` link and no WordPress JSON',
  // A site is served whole through its CDN, and its owner can turn the CDN off for the host.
  cdnBypass: 'disable-for-host',
  credentialsRuledOut: {
    refusedBy: who =>
      `The credentials are not the cause: ${who} refused the request before WordPress could check them, so do not rotate the application password.`,
    unseen: 'The credentials are not the cause: WordPress never saw the request.'
  },
  wrongPath,
  remedies: wordpressRemedies
}
