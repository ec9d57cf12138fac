/** The types and wording that the remedies for every layer and both applications share. */
import { headerValue, type Headers } from '../http/headers.js'
import type { AppAnswer } from './body.js'
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

/**
 * A sentence that rules a cause out ("the credentials are not the cause") or warns off a move,
 * rather than asks for one: said on its own after the list of what to do, never as an item of it.
 */
export interface Note {
  note: string
}

/** One piece of advice: an action (a sentence to do), or a note. */
export type Advice = string | Note

export function note(text: string): Note {
  return { note: text }
}

/** The actions and the notes of a list of advice, apart; no `notes` when there are none. */
export function adviceApart(advice: readonly Advice[]): { remedies: string[]; notes?: string[] } {
  const remedies = advice.filter((item): item is string => typeof item === 'string')
  const notes = advice.flatMap(item => (typeof item === 'string' ? [] : [item.note]))
  return notes.length > 0 ? { remedies, notes } : { remedies }
}

export function appName(context: DiagnosisContext): string {
  return context.app === 'wordpress' ? 'WordPress' : 'Airflow'
}

export function apiGlob(context: DiagnosisContext): string {
  return `\`${context.apiPath}/*\``
}

export function route(context: DiagnosisContext): string {
  const api = context.apiPath
  return context.app === 'wordpress' ? `\`${api}/media\`` : `\`${api}/dags/<dag-id>/dagRuns\``
}

export const DNS_WAIT =
  'DNS caches take minutes to refresh, so re-running the job right away will likely meet the same block; wait about 10 minutes before re-running'

export function wrongPath(context: DiagnosisContext, restRoot: string | undefined): string {
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
export function tooLarge(
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

export function rateLimited(who: string, headers: Headers): string {
  const retryAfter = headerValue(headers, 'retry-after')
  const wait = retryAfter ? ` (\`retry-after: ${clip(retryAfter, 40)}\`)` : ''
  return `${who} rate-limited the requests${wait}: space them out or re-run later.`
}
