import { diagnose, type Verdict } from '../../diagnosis/index.js'
import type { HttpResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { probePhrase, probeWritePath, type WriteProbe } from './write-probe.js'
import { record } from '../../http/json-fields.js'

export type UserRights = (
  | { kind: 'may-upload'; message: string; probe?: WriteProbe }
  /** WordPress itself refused this user an upload: every upload would get 403. */
  | { kind: 'may-not-upload'; message: string; remedy: string; verdict: Verdict; probe: WriteProbe }
  /** The route is missing, did not say, or its doubt could not be settled: the uploads will tell. */
  | { kind: 'unknown'; message: string; probe?: WriteProbe }
) & {
  /** The user's id, as users/me said it: the author of what this user uploads. */
  userId?: number
}

/** Role names as WordPress gives them (`contributor`), bounded, for a sentence. */
function rolesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((role): role is string => typeof role === 'string' && /^[a-z0-9_-]{1,40}$/i.test(role))
    .slice(0, 5)
}

/**
 * Whether the signed-in user may upload, asked before any file is sent. `GET users/me?context=edit`
 * answers `capabilities`: the user's roles' capabilities merged with its own
 * (WP_REST_Users_Controller::prepare_item_for_response gives `allcaps`, WP_User::get_role_caps).
 * That is not what WordPress checks: current_user_can('upload_files') also passes through the
 * `map_meta_cap` and `user_has_cap` filters, and grants a multisite's super admin everything
 * (WP_User::has_cap). So a list without `upload_files` only raises the question, and WordPress's
 * own check answers it: an empty POST to the media route, refused with 403 `rest_cannot_create`
 * when the user may not upload, with 400 `rest_upload_no_data` otherwise, storing nothing
 * (write-probe). Only that 403 refuses before uploading; any other answer lets the uploads decide.
 */
export async function checkUserRights(api: MediaApi): Promise<UserRights> {
  const result = await api.currentUser()
  const verdict = diagnose(result, api.context('GET'))
  const { id } = verdict.json ?? {}
  const ok = 'response' in result && result.response.status === 200
  const known = ok && typeof id === 'number' && Number.isSafeInteger(id) && id > 0
  const rights = await rightsOf(api, result, verdict)
  return known ? { ...rights, userId: id } : rights
}

async function rightsOf(api: MediaApi, result: HttpResult, verdict: Verdict): Promise<UserRights> {
  const capabilities = record(verdict.json?.capabilities)
  // An empty list says nothing: a plugin may strip the field. Only a list without the right asks.
  const told = capabilities !== undefined && Object.keys(capabilities).length > 0
  if (!('response' in result) || result.response.status !== 200 || !told) {
    return {
      kind: 'unknown',
      message: `The user's rights could not be read (GET users/me → ${'response' in result ? `HTTP ${result.response.status}` : 'no answer'}): the uploads will tell.`
    }
  }
  const roles = rolesOf(verdict.json?.roles)
  const role = roles.length ? `role ${roles.join(', ')}` : 'no role on this site'
  if (capabilities?.upload_files === true) {
    return { kind: 'may-upload', message: `The user (${role}) may upload files.` }
  }
  const lacks = `The user has ${role}, and its capabilities do not list upload_files`
  const probe = await probeWritePath(api)
  const { outcome } = probe
  if (outcome.kind === 'refused' && outcome.verdict.code === 'rest_cannot_create') {
    return {
      kind: 'may-not-upload',
      message: `${lacks}; WordPress refused it an empty upload (HTTP ${outcome.status} rest_cannot_create), so it would refuse every file: no file was sent.`,
      remedy:
        'Give the user the Author role or higher in WordPress (Users → the user → Role), or grant it the upload_files capability with a role editor; or use an application password of a user who may upload.',
      verdict: outcome.verdict,
      probe
    }
  }
  if (outcome.kind === 'reaches') {
    return {
      kind: 'may-upload',
      message: `${lacks}, yet WordPress lets it upload (an empty upload ${probePhrase(outcome)}): a plugin's filter or a network super admin's rights grant it.`,
      probe
    }
  }
  const look = outcome.kind === 'stored' ? ' Look in the media library for what it stored;' : ''
  return {
    kind: 'unknown',
    message: `${lacks}, and WordPress's own check could not tell (an empty upload ${probePhrase(outcome)}).${look} the uploads will tell.`,
    probe
  }
}
