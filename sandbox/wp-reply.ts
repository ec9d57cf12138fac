import { jsonReply, type OriginRequest, type Reply } from './http.js'

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
