import type { IncomingHttpHeaders } from 'node:http'
import { header, jsonReply, textReply, type OriginRequest, type Reply } from './http.js'
import type { WordPressSettings } from './types.js'
import { isJsonMediaType } from './wp-upload.js'

/** Who a REST request is, as WordPress's application-password check decides it. */
export type Auth = 'anonymous' | 'valid' | 'unknown-user' | 'bad-password'

export const JSON_TYPE = 'application/json; charset=UTF-8'

/** WordPress's error body: `{code, message, data: {status}}`. */
export function wpError(
  status: number,
  code: string,
  message: string,
  data: Record<string, unknown> = {}
): Reply {
  return jsonReply(status, { code, message, data: { status, ...data } }, {}, JSON_TYPE)
}

/** rest_authorization_required_code(): 401 for an anonymous request, 403 for a user. */
export function authorizationCode(auth: Auth): number {
  return auth === 'valid' ? 403 : 401
}

/** A JSON request body as an object, or undefined when it is none. */
export function jsonBody(req: OriginRequest): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(req.body.bytes?.toString('utf8') ?? '')
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Application passwords are compared without their separators, as WordPress does. */
export function authenticate(headers: IncomingHttpHeaders, settings: WordPressSettings): Auth {
  const encoded = /^Basic\s+(\S+)\s*$/i.exec(header(headers, 'authorization') ?? '')?.[1]
  if (encoded === undefined) return 'anonymous'
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const user = colon === -1 ? decoded : decoded.slice(0, colon)
  const password = colon === -1 ? '' : decoded.slice(colon + 1)
  if (user !== settings.user) return 'unknown-user'
  const bare = (value: string) => value.replace(/[^a-z\d]/gi, '')
  return bare(password) === bare(settings.appPassword) ? 'valid' : 'bad-password'
}

/**
 * current_user_can('upload_files'): Authors and above have it by their role, contributors and
 * subscribers do not, unless a filter or a super admin's rights grant it, or a filter takes it away.
 */
export function mayUpload(settings: WordPressSettings): boolean {
  const { role } = settings
  if (settings.uploadRevoked) return false
  if (settings.uploadGrant !== 'role') return true
  return role === 'administrator' || role === 'editor' || role === 'author'
}

/**
 * WP_Fatal_Error_Handler's answer (wp-includes/class-wp-fatal-error-handler.php): JSON when the
 * request looks like JSON (wp_is_json_request: its Accept or Content-Type), else wp_die's page.
 */
export function criticalError(req: OriginRequest): Reply {
  const looksJson = ['accept', 'content-type'].some(name =>
    isJsonMediaType(header(req.headers, name) ?? '')
  )
  const message =
    '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/support/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>'
  if (looksJson) {
    return jsonReply(
      500,
      { code: 'internal_server_error', message, data: { status: 500 }, additional_errors: [] },
      {},
      JSON_TYPE
    )
  }
  return textReply(
    500,
    `<!DOCTYPE html>\n<html lang="en-US">\n<head>\n\t<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />\n\t<title>WordPress &rsaquo; Error</title>\n</head>\n<body id="error-page">\n\t<div class="wp-die-message">${message}</div></body>\n</html>`,
    'text/html; charset=UTF-8'
  )
}
