import { headerValue, type Headers } from '../http/headers.js'
import { isDuplicateRun, type AppAnswer } from './body.js'
import type { CdnSigns } from './detect.js'
import { clip } from './text.js'
import type { DiagnosisContext } from './types.js'

/** Which layer made a response, as far as the evidence goes. */
export type Finding =
  /** the application itself answered (its headers or JSON are there) */
  | { kind: 'application' }
  /** a security plugin inside the application answered */
  | { kind: 'plugin'; plugin: string }
  /** the CDN answered with its own refusal */
  | { kind: 'cdn-refusal' }
  /** the CDN answered 5xx because the origin gave it no valid answer */
  | { kind: 'cdn-gateway' }
  /** the web server at the origin answered before the application saw the request */
  | { kind: 'web-server'; software: string }
  | { kind: 'unknown' }

export interface ResponseSituation {
  finding: Finding
  context: DiagnosisContext
  status: number
  headers: Headers
  app?: AppAnswer
  cdn?: CdnSigns
  /** WordPress's REST API root, from its `link` header */
  restRoot?: string
  /** the start of the body (an HTML page's entities decoded), for words a page says */
  bodyStart?: string
}

export function appName(context: DiagnosisContext): string {
  return context.app === 'wordpress' ? 'WordPress' : 'Airflow'
}

function apiGlob(context: DiagnosisContext): string {
  return `\`${context.apiPath}/*\``
}

function route(context: DiagnosisContext): string {
  const api = context.apiPath
  return context.app === 'wordpress' ? `\`${api}/media\`` : `\`${api}/dags/<dag-id>/dagRuns\``
}

export const DNS_WAIT =
  'DNS caches take minutes to refresh, so re-running the job right away will likely meet the same block; wait about 10 minutes before re-running'

function wrongPath(context: DiagnosisContext, restRoot: string | undefined): string {
  const leaveEmpty =
    context.apiSource === 'given'
      ? ' Or leave `api-path` empty: the action then asks the server where its API is.'
      : ''
  if (context.app === 'airflow') {
    return context.apiSource === 'default'
      ? 'Check `base-url`: the server did not say which Airflow REST API it serves (neither `/api/v2/version` nor `/api/v1/version` answered), so it is not the address the API is served under; or set `api-path` (Airflow 2 serves `/api/v1`, Airflow 3 `/api/v2`).'
      : `Check \`api-path\`: Airflow 2 serves \`/api/v1\`, Airflow 3 \`/api/v2\`.${leaveEmpty}`
  }
  const announced = restRoot ? ` This site announces its REST API at \`${restRoot}\`.` : ''
  return context.apiSource === 'default'
    ? `Check \`base-url\`: no WordPress announced its REST API there (WordPress names it in the \`Link\` header of every page), so it is not the site's address; or set \`api-path\` to where the site serves it (\`/wp-json/wp/v2\`, or \`/index.php?rest_route=/wp/v2\` without pretty permalinks).${announced}`
    : `Check \`api-path\`: WordPress serves \`/wp-json/wp/v2\`, or \`/index.php?rest_route=/wp/v2\` without pretty permalinks.${leaveEmpty}${announced}`
}

/**
 * The remedy for a 413 at the layer that refused. PHP's `post_max_size` and `upload_max_filesize`
 * are not named: they limit form uploads, not a raw body (WordPress reads it from `php://input`,
 * WP_REST_Server::get_raw_data), which PHP hands over whatever its size.
 */
function tooLarge(
  who: string,
  layer: 'cdn' | 'web-server' | 'application' = 'application'
): string {
  const raise =
    layer === 'cdn'
      ? `raise ${who}'s own body size limit (a setting or a plan of the CDN), or let uploads to the site bypass it`
      : layer === 'web-server'
        ? "raise the web server's limit (nginx `client_max_body_size`, Apache `LimitRequestBody`)"
        : "raise the limit (nginx `client_max_body_size`, Apache `LimitRequestBody`, or a security plugin's)"
  return `The file is larger than ${who} accepts: ${raise}, or upload a smaller file. PHP's \`post_max_size\` and \`upload_max_filesize\` do not apply: the file is sent as the request's body, not as a form.`
}

function rateLimited(who: string, headers: Headers): string {
  const retryAfter = headerValue(headers, 'retry-after')
  const wait = retryAfter ? ` (\`retry-after: ${clip(retryAfter, 40)}\`)` : ''
  return `${who} rate-limited the requests${wait}: space them out or re-run later.`
}

function redirected(headers: Headers): string {
  const location = headerValue(headers, 'location')
  const target = location ? ` to \`${clip(location)}\`` : ''
  return `The server redirected${target}: a POST is not sent again across a redirect, so use the final address as \`base-url\` (https instead of http, or the canonical host name).`
}

function notCredentials(context: DiagnosisContext, who: string): string {
  return context.app === 'wordpress'
    ? `The credentials are not the cause: ${who} refused the request before WordPress could check them, so do not rotate the application password.`
    : `The token is not the cause: ${who} refused the request before Airflow could check it.`
}

function cdnRefusal({ context, status, headers, cdn }: ResponseSituation): string[] {
  const method = context.method.toUpperCase()
  const vendor = cdn?.vendor
  const who = vendor?.ownerRules
    ? vendor.name
    : cdn?.kind === 'proxy'
      ? 'the proxy or CDN'
      : 'the CDN'
  const where = vendor?.ownerRules
    ? `in the hosting panel or ${vendor.name}'s dashboard`
    : 'in the hosting panel'
  const allow = vendor?.ownerRules
    ? `add a rule in ${vendor.name} that lets ${method} on ${apiGlob(context)} through (skip its security rules for that path); if the hosting provider runs ${vendor.name} for you, ask them to`
    : `ask the hosting provider to allow ${method} on ${apiGlob(context)} at ${who}: their control panel offers no custom CDN rules, so this takes a support request`
  const specific = [
    ...(status === 405
      ? [
          'Retries do not help: retrying a 405 only covers occasional throttling, not a standing block.'
        ]
      : []),
    ...(status === 429 ? [rateLimited(who, headers)] : [])
  ]
  // A size limit is about this file, not a rule against uploads: its own remedy comes first.
  if (status === 413) {
    return [tooLarge(who, 'cdn'), notCredentials(context, who)]
  }
  if (context.app === 'wordpress') {
    return [
      `Disable ${who} for ${context.host} ${where}. It takes effect at once, but ${DNS_WAIT}.`,
      `Or ${allow}.`,
      notCredentials(context, who),
      ...specific
    ]
  }
  return [
    `${allow.charAt(0).toUpperCase()}${allow.slice(1)}.`,
    `Or serve the Airflow REST API at ${context.host} without the CDN (a DNS-only record, or a separate host name for the API); ${DNS_WAIT}.`,
    notCredentials(context, who),
    ...specific
  ]
}

function cdnGateway({ context, status, cdn }: ResponseSituation): string[] {
  const who = cdn?.vendor?.ownerRules ? cdn.vendor.name : 'the CDN'
  const app = appName(context)
  const item = context.app === 'wordpress' ? 'media item' : 'dag run'
  return [
    `${who} got no valid answer from the origin server behind ${context.host}: check that ${app} and its web server are up and reachable from ${who}, and read their logs around the time of this run.`,
    ...([504, 522, 524].includes(status)
      ? [
          `A ${status} means the origin was too slow or unreachable for ${who}; the request may still have been processed, so look for the new ${item} before re-running.`
        ]
      : []),
    'This is neither a CDN rule nor a credentials problem: re-run the job once the origin answers again.'
  ]
}

function webServer(situation: ResponseSituation, software: string): string[] {
  const { context, status, headers, cdn } = situation
  const method = context.method.toUpperCase()
  const app = appName(context)
  if (status >= 500) {
    const backend = context.app === 'wordpress' ? 'PHP-FPM' : 'the Airflow API server'
    return [
      `The web server could not get a valid answer from ${app} behind it (${backend}): check that it runs, and read the web server's error log.`
    ]
  }
  if (status === 401) {
    const challenge = headerValue(headers, 'www-authenticate')
    const asked = challenge ? ` (\`www-authenticate: ${clip(challenge, 60)}\`)` : ''
    return [
      `The web server itself asks for credentials${asked}: HTTP authentication in front of the site cannot carry ${app}'s own credentials as well; exempt ${apiGlob(context)} from it.`
    ]
  }
  const cause =
    status === 404
      ? wrongPath(context, situation.restRoot)
      : status === 413
        ? tooLarge('the web server', 'web-server')
        : `The web server at ${context.host} (${software}) refused ${method} on ${apiGlob(context)} before ${app} saw it: look for rules that deny the method or the path (nginx \`limit_except\` or \`deny\`, Apache \`<Limit>\` or \`Require\`, ModSecurity) and read its error log.`
  return [
    cause,
    ...(cdn
      ? []
      : [
          `If a CDN or proxy sits in front of ${context.host} without identifying headers, it may be the one refusing: ask the hosting provider to allow ${method} on ${apiGlob(context)}.`
        ]),
    context.app === 'wordpress'
      ? 'The credentials are not the cause: WordPress never saw the request.'
      : 'The token is not the cause: Airflow never saw the request.'
  ]
}

function plugin({ context }: ResponseSituation, name: string): string[] {
  return [
    `${name} inside ${appName(context)} at ${context.host} blocked the request: find the reason in its firewall log (Wordfence: Tools → Live Traffic), then allowlist the runner's IP address or relax the rule that fired for ${apiGlob(context)}.`,
    'GitHub-hosted runners change IP addresses between jobs; a self-hosted runner with a fixed address is easier to allowlist.'
  ]
}

function wordpress(situation: ResponseSituation): string[] {
  const { context, status, headers, app } = situation
  const method = context.method.toUpperCase()
  const code = app?.code ?? ''
  const said = app?.summary ? `: ${app.summary}` : ''
  const permissions =
    'The user is logged in but may not upload media: give it the `upload_files` capability (the Author role or higher), or check security plugins that restrict the REST API.'
  if (status === 400) {
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
    if (/cannot/.test(code)) return [permissions]
    return [`WordPress rejected the request as invalid${said}.`]
  }
  if (status === 401) {
    const commerce =
      'A working commerce (WooCommerce) API key proves nothing about these credentials: it is a different mechanism.'
    const wrong =
      'Check `username` (the login name) and that `app-password` is an application password of that user (Users → Profile → Application Passwords), not the login password.'
    if (code === 'application_passwords_disabled') {
      return [
        'Application passwords are disabled on this site: a plugin turned them off, or the site is not served over HTTPS.',
        commerce
      ]
    }
    // These codes come from checking the credentials, so the Authorization header did arrive.
    if (/^(?:invalid_username|invalid_email|incorrect_password)$/.test(code)) {
      return [
        `WordPress received the credentials and rejected them (\`${code}\`). ${wrong}`,
        commerce
      ]
    }
    const allow = headerValue(headers, 'allow')
    const anonymous =
      allow !== undefined &&
      !allow.split(',').some(allowed => allowed.trim().toUpperCase() === method)
    return anonymous
      ? [
          `WordPress handled the request as anonymous (\`allow: ${clip(allow, 40)}\`): the Authorization header did not reach WordPress. Either a proxy or the CGI/FastCGI setup strips it (Apache: \`CGIPassAuth On\`), or application passwords are off because the site is not served over HTTPS.`,
          wrong,
          commerce
        ]
      : [`WordPress rejected the credentials. ${wrong}`, commerce]
  }
  if (status === 403) return [permissions]
  if (status === 404) {
    const missing =
      code === 'rest_no_route'
        ? `WordPress has no route for ${method} ${route(context)}, or a plugin disabled the REST API or its media endpoint. `
        : ''
    return [`${missing}${wrongPath(context, situation.restRoot)}`]
  }
  if (status === 405) {
    return [
      `WordPress (or a plugin) does not accept ${method} at ${route(context)}: check \`api-path\` and plugins that restrict REST methods.`
    ]
  }
  if (status === 412) {
    return [
      "WordPress's `Content-MD5` check failed: the body that arrived differs from the file the checksum was computed on; a proxy may alter uploads."
    ]
  }
  if (status === 413) return [tooLarge('the server')]
  if (status === 429) return [rateLimited('WordPress', headers)]
  // _wp_handle_upload (wp-admin/includes/file.php) says "could not be moved to" when the month's
  // folder is not writable; wp_upload_dir (wp-includes/functions.php) "Unable to create directory".
  if (
    code === 'rest_upload_sideload_error' &&
    /could not be moved to|unable to create directory/i.test(app?.said ?? '')
  ) {
    return [
      "WordPress could not write the file into its uploads folder: give the web server's user (often www-data) write permission on wp-content/uploads and its year/month folders, and check that the disk has room. This is the server, not the file: every upload fails the same way until it is fixed."
    ]
  }
  if (code === 'rest_upload_sideload_error') {
    return [
      "WordPress refused the file type. It judges by the file name's extension and the content it finds, not by `Content-Type`: upload a type WordPress accepts, give the file a name whose extension matches its content, or allow the type on the site (the `upload_mimes` filter, or a plugin that adds it)."
    ]
  }
  // WP_Fatal_Error_Handler::display_default_error_template (wp-includes/class-wp-fatal-error-handler.php):
  // an HTML page, or JSON `internal_server_error` when wp_is_json_request().
  if (
    status >= 500 &&
    (code === 'internal_server_error' ||
      /critical error on this website/i.test(situation.bodyStart ?? ''))
  ) {
    return [
      `WordPress stopped on a fatal PHP error ("There has been a critical error on this website"). With uploads it is most often PHP's memory: an upload sent as a request body needs about twice the file's size of PHP memory, so raise \`memory_limit\` or upload smaller images; otherwise read the PHP error log on ${context.host} (set \`WP_DEBUG_LOG\`).`
    ]
  }
  if (status >= 500) {
    return [
      `WordPress failed while handling the request: read the PHP error log on ${context.host} (set \`WP_DEBUG_LOG\`), and re-run once it is fixed.`
    ]
  }
  return [
    `WordPress answered ${status}${said}; the request reached WordPress, so no CDN rule is involved.`
  ]
}

function airflow(situation: ResponseSituation): string[] {
  const { context, status, headers, app } = situation
  const said = app?.summary ? ` (${app.summary})` : ''
  const duplicate =
    'A run with this logical date or run id already exists for the DAG (Airflow does not always say which): trigger with another `logical-date` or `dag-run-id`, or set `on-duplicate: reuse` to accept the existing run.'
  const dagMissing =
    "Airflow does not know the DAG: check `dag-id`, that the DAG file parses without import errors, and that the token's user can see it."
  if (isDuplicateRun(status, app?.said)) return [duplicate]
  if (status === 400) {
    return [
      `Airflow rejected the request${said}: common causes are a DAG with import errors, or a run id with characters outside \`A-Za-z0-9_.~:+-\` (such as a \`/\` from a branch name) or starting with \`scheduled__\`.`
    ]
  }
  const newToken =
    'create a new one (Airflow 3: `POST /auth/token`) and update the secret passed as `token`, or give `username` and `password` so that the action fetches a fresh token on every run'
  if (status === 401 && /token expired/i.test(app?.said ?? '')) {
    return [`The token has expired (Airflow 3 tokens live for a limited time): ${newToken}.`]
  }
  if (status === 401) {
    return [
      `The token is invalid or expired: ${newToken}; Airflow 2.x deployments often expect Basic authentication instead, depending on their \`auth_backends\`.`
    ]
  }
  // Airflow 3 answers 403 "Invalid JWT token" when it cannot decode or verify a token (another
  // deployment's secret, an Airflow 2 token, garbage): no permission would help that. Its 403
  // for a missing permission says "Forbidden" (api_fastapi/core_api/security.py in apache/airflow).
  if (status === 403 && /invalid jwt|jwt token/i.test(app?.said ?? '')) {
    return [
      `Airflow could not verify the token: it was issued by another deployment or is not an Airflow 3 token at all. ${newToken.charAt(0).toUpperCase()}${newToken.slice(1)}.`
    ]
  }
  if (status === 403) {
    return [
      "The token's user may not trigger this DAG: grant its role edit permission on the DAG and create permission on DAG runs, or use a token of a user who has them."
    ]
  }
  if (status === 404) {
    return /\bdag\b/i.test(app?.said ?? '')
      ? [dagMissing, wrongPath(context, undefined)]
      : [wrongPath(context, undefined), dagMissing]
  }
  if (status === 422) {
    return [
      `Airflow rejected the request body${said}: fix the named field; \`logical_date\` must carry a time zone, and fields Airflow does not know are refused.`
    ]
  }
  if (status === 429) return [rateLimited('Airflow', headers)]
  if (status >= 500) {
    return [
      'Airflow failed while handling the request: read the logs of its API server (Airflow 3) or webserver (Airflow 2), and re-run once it is fixed.'
    ]
  }
  return [
    `Airflow answered ${status}${said}; the request reached Airflow, so no CDN rule is involved.`
  ]
}

function unknown({ context, status }: ResponseSituation): string[] {
  const method = context.method.toUpperCase()
  const app = appName(context)
  if (status < 400) {
    const item = context.app === 'wordpress' ? 'media item' : 'dag run'
    return [
      `Check in ${app} whether the ${item} exists: the answer did not look like ${app}'s own.`
    ]
  }
  return [
    `Nothing in the answer shows that ${app} saw the request: send the same ${method} to ${route(context)} from another machine and compare which server answers.`,
    `If a CDN or proxy is in front of ${context.host}, ask the hosting provider whether it blocks ${method} on ${apiGlob(context)}.`
  ]
}

export function responseRemedies(situation: ResponseSituation): string[] {
  const { finding, status } = situation
  if (status >= 300 && status < 400) return [redirected(situation.headers)]
  switch (finding.kind) {
    case 'cdn-refusal':
      return cdnRefusal(situation)
    case 'cdn-gateway':
      return cdnGateway(situation)
    case 'web-server':
      return webServer(situation, finding.software)
    case 'plugin':
      return plugin(situation, finding.plugin)
    case 'application':
      if (status < 300) return []
      return situation.context.app === 'wordpress' ? wordpress(situation) : airflow(situation)
    case 'unknown':
      return unknown(situation)
  }
}
