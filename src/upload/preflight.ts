import { diagnose, type Verdict } from '../diagnosis/index.js'
import type { MediaApi } from './media-api.js'

export interface PreflightResult {
  ok: boolean
  /** One sentence for the log and summary. */
  message: string
  /** Said when the check passed with a reservation. */
  warning?: string
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
  if (status === 200) {
    return {
      ok: true,
      status,
      message: `Preflight GET ${where}: the REST API answered and accepted the credentials.`,
      verdict
    }
  }
  if (status === 403 && verdict.layer === 'origin') {
    // Reading settings takes an administrator; uploading only needs upload_files.
    return {
      ok: true,
      status,
      message: `Preflight GET ${where}: the credentials were accepted, but this user may not read settings.`,
      warning:
        'The user is not an administrator, so the preflight could not fully check the API; uploads need only the upload_files capability (Author role and up).',
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
