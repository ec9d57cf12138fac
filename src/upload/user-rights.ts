import { diagnose, type Verdict } from '../diagnosis/index.js'
import type { MediaApi } from './media-api.js'

export type UserRights =
  | { kind: 'may-upload'; message: string }
  /** Signed in, but without `upload_files`: every upload would get 403. */
  | { kind: 'may-not-upload'; message: string; remedy: string; verdict: Verdict }
  /** The route is missing or did not say: the uploads will tell. */
  | { kind: 'unknown'; message: string }

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

/** Role names as WordPress gives them (`contributor`), bounded, for a sentence. */
function rolesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((role): role is string => typeof role === 'string' && /^[a-z0-9_-]{1,40}$/i.test(role))
    .slice(0, 5)
}

/**
 * Whether the signed-in user may upload, asked before any file is sent: `GET users/me?context=edit`
 * answers the user's roles and capabilities (WP_REST_Users_Controller::prepare_item_for_response),
 * and WordPress lets a user upload only with `upload_files`
 * (WP_REST_Attachments_Controller::create_item_permissions_check). Where the route is missing, or
 * answers anything else, nothing is concluded and the upload goes on as without the check.
 */
export async function checkUserRights(api: MediaApi): Promise<UserRights> {
  const result = await api.currentUser()
  const verdict = diagnose(result, api.context('GET'))
  const capabilities = record(verdict.json?.capabilities)
  // An empty list says nothing: a plugin may strip the field. Only a list without the right refuses.
  const told = capabilities !== undefined && Object.keys(capabilities).length > 0
  if (!('response' in result) || result.response.status !== 200 || !told) {
    return {
      kind: 'unknown',
      message: `The user's rights could not be read (GET users/me → ${'response' in result ? `HTTP ${result.response.status}` : 'no answer'}): the uploads will tell.`
    }
  }
  const roles = rolesOf(verdict.json?.roles)
  const role = roles.length ? `role ${roles.join(', ')}` : 'no role'
  if (capabilities?.upload_files === true) {
    return { kind: 'may-upload', message: `The user (${role}) may upload files.` }
  }
  return {
    kind: 'may-not-upload',
    message: `The user has ${role} and lacks the upload_files capability, so WordPress would refuse every upload (403 rest_cannot_create): no file was sent.`,
    remedy:
      'Give the user the Author role or higher in WordPress (Users → the user → Role), or grant it the upload_files capability with a role editor; or use an application password of a user who may upload.',
    verdict
  }
}
