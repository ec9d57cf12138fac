import { diagnose, type Verdict } from '../../diagnosis/index.js'
import type { MediaApi } from '../wordpress/media-api.js'

export interface PreflightResult {
  ok: boolean
  /** One sentence for the log and summary. */
  message: string
  status?: number
  verdict: Verdict
}

/** `GET {api-path}/settings`: is the REST API there, and does it accept these credentials? */
export async function preflight(api: MediaApi): Promise<PreflightResult> {
  const result = await api.getSettings()
  const where = api.settingsTarget
  const verdict = diagnose(result, api.context('GET'))
  if ('failure' in result) {
    return {
      ok: false,
      message: `Preflight GET ${where} got no answer: ${result.failure.message}.`,
      verdict
    }
  }
  const { status } = result.response
  // Only the settings endpoint's JSON proves the REST API answered: a catch-all page (pretty
  // permalinks off, a parked domain, a login page) answers 200 to every path.
  if (status === 200 && !verdict.json) {
    return {
      ok: false,
      status,
      message: `Preflight GET ${where} answered 200, but not with the REST API's JSON (${verdict.said ? `it sent ${JSON.stringify(verdict.said.slice(0, 80))}` : 'the body was empty'}): no WordPress REST API is there. Check base-url (the site's own address); leave api-path empty so that the action finds the REST API, or set it to where the site serves it (/wp-json/wp/v2, or /index.php?rest_route=/wp/v2 without pretty permalinks).`,
      verdict
    }
  }
  if (status === 200) {
    return {
      ok: true,
      status,
      message: `Preflight GET ${where}: the REST API answered and accepted the credentials.`,
      verdict
    }
  }
  if (status === 403 && verdict.layer === 'origin' && verdict.code) {
    // Reading settings takes an administrator (manage_options), and WordPress answers 401 to
    // credentials it does not accept: a 403 is the REST API accepting a user who is not one.
    // Uploads need only upload_files, which the rights check asks next.
    return {
      ok: true,
      status,
      message: `Preflight GET ${where}: the REST API answered and accepted the credentials (settings are an administrator's to read, and uploads do not need them).`,
      verdict
    }
  }
  return {
    ok: false,
    status,
    message: `Preflight GET ${where} failed with HTTP ${status}: ${verdict.headline}`,
    verdict
  }
}
