/** The wording that the remedies for every layer and every application share. */
import { headerValue, type Headers } from '../http/headers.js'
import { clip } from './text.js'
import type { Advice, DiagnosisContext, Note } from './types.js'

export function note(text: string): Note {
  return { note: text }
}

/** The actions and the notes of a list of advice, apart; no `notes` when there are none. */
export function adviceApart(advice: readonly Advice[]): { remedies: string[]; notes?: string[] } {
  const remedies = advice.filter((item): item is string => typeof item === 'string')
  const notes = advice.flatMap(item => (typeof item === 'string' ? [] : [item.note]))
  return notes.length > 0 ? { remedies, notes } : { remedies }
}

export function apiGlob(context: DiagnosisContext): string {
  return `\`${context.apiPath}/*\``
}

/** The collection the requests go to, as remedies show it: `` `/wp-json/wp/v2/media` ``. */
export function route(context: DiagnosisContext): string {
  return `\`${context.apiPath}${context.app.collection}\``
}

export const DNS_WAIT =
  'DNS caches take minutes to refresh, so re-running the job right away will likely meet the same block; wait about 10 minutes before re-running'

/** For a wrong path given in `api-path`: that the action can find the path itself. */
export function leaveApiPathEmpty(context: DiagnosisContext): string {
  return context.apiSource === 'given'
    ? ' Or leave `api-path` empty: the action then asks the server where its API is.'
    : ''
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
