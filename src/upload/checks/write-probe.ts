import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { clip, edgeNodeName } from '../../diagnosis/text.js'
import { headerValue } from '../../http/headers.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'

/**
 * What an empty POST to the media route says of the write path. WordPress checks the user's
 * rights first and then refuses an empty body with 400 `rest_upload_no_data` before it writes
 * anything (WP_REST_Attachments_Controller: create_item_permissions_check, then
 * upload_from_data's first check), so the probe stores nothing; a CDN that blocks uploads
 * answers it with its own page, as it would a file.
 */
type ProbeOutcome =
  /** WordPress answered and stored nothing: a file would reach it. */
  | { kind: 'reaches'; verdict: Verdict }
  /** The CDN refused it: a file would be refused the same way. */
  | { kind: 'blocked'; verdict: Verdict }
  /** WordPress refused the credentials (401) or the user's right to upload (403). */
  | { kind: 'refused'; verdict: Verdict; status: number }
  /** Answered as if something was stored (a 2xx, or WordPress's new-item header). */
  | { kind: 'stored'; verdict: Verdict; status: number; id?: string }
  /** Anything else: no answer, a 5xx, an answer of unknown origin. */
  | { kind: 'unclear'; verdict: Verdict; what: string }

export interface WriteProbe {
  outcome: ProbeOutcome
  /** The address that answered, when a connection was made. */
  peer?: string
}

/** Reads a probe's answer. */
export function classifyProbe(result: HttpResult, verdict: Verdict): ProbeOutcome {
  if ('failure' in result) return { kind: 'unclear', verdict, what: describeResult(result) }
  const { status, headers } = result.response
  const id = headerValue(headers, 'x-wp-upload-attachment-id')
  if ((status >= 200 && status < 300) || id !== undefined) {
    return { kind: 'stored', verdict, status, ...(id ? { id: clip(id, 40) } : {}) }
  }
  if (verdict.blocked) return { kind: 'blocked', verdict }
  if (verdict.layer === 'origin' && (status === 401 || status === 403)) {
    return { kind: 'refused', verdict, status }
  }
  if (verdict.layer === 'origin' && status === 400) return { kind: 'reaches', verdict }
  return { kind: 'unclear', verdict, what: describeResult(result) }
}

/** Sends one empty POST to the media route and reads what it says. */
export async function probeWritePath(api: MediaApi): Promise<WriteProbe> {
  const result = await api.probeWrite()
  const outcome = classifyProbe(result, diagnose(result, api.context('POST')))
  return {
    outcome,
    ...('response' in result && result.response.peer ? { peer: result.response.peer } : {})
  }
}

/** What the outcome says of the write path, to follow "the write path": "reaches WordPress (…)". */
export function probePhrase(outcome: ProbeOutcome): string {
  const { verdict } = outcome
  switch (outcome.kind) {
    case 'reaches':
      return `reaches WordPress (it refused the empty body${verdict.code ? ` with ${verdict.code}` : ''}, storing nothing)`
    case 'blocked': {
      const who = verdict.vendor ?? 'the CDN'
      return `is blocked by ${who}${verdict.edgeNode ? `, ${edgeNodeName(verdict.edgeNode)}` : ''}`
    }
    case 'refused':
      return outcome.status === 401
        ? 'is refused: WordPress did not accept the credentials (HTTP 401)'
        : 'is refused: the user may not upload (HTTP 403)'
    case 'stored':
      return `was answered as if something was stored (HTTP ${outcome.status}${outcome.id ? `, item ${outcome.id}` : ''})`
    case 'unclear':
      return `gave no clear answer (${outcome.what}: ${verdict.headline})`
  }
}
