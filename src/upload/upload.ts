import { open } from 'node:fs/promises'
import type { UploadConfig } from '../config/config.js'
import { diagnose, type DiagnosisContext, type Verdict } from '../diagnosis/index.js'
import { headerValue, type HttpResponse, type HttpResult } from '../http/request.js'
import {
  backoffDelayMs,
  CDN_BLOCK_BACKOFF,
  MAX_RETRY_AFTER_MS,
  retryAfterMs
} from '../retry/schedule.js'
import type { LocalFile, MediaApi } from './media-api.js'

export type FileStatus = 'uploaded' | 'failed' | 'blocked' | 'not-attempted'

export interface FileOutcome {
  file: string
  size: number
  mediaType: string
  status: FileStatus
  /** POSTs sent for this file. */
  attempts: number
  id?: number
  url?: string
  /** The last HTTP status seen for this file. */
  httpStatus?: number
  /** Why it did not upload, one sentence. */
  message?: string
  verdict?: Verdict
}

export interface UploadReport {
  files: FileOutcome[]
  /** Why the remaining files were not sent, when a failure stopped the run. */
  stopReason?: string
  /** The answer that decided the run: the stopping or last failure, else the last success. */
  verdict?: Verdict
}

export interface UploadDeps {
  api: MediaApi
  sleep: (ms: number) => Promise<void>
  now: () => Date
  random: () => number
  log: (message: string) => void
}

interface MediaRecord {
  id: number
  source_url?: string
}

function parseMedia(body: string): MediaRecord | undefined {
  try {
    const parsed = JSON.parse(body) as Partial<MediaRecord> | null
    return typeof parsed?.id === 'number'
      ? { id: parsed.id, source_url: parsed.source_url }
      : undefined
  } catch {
    return undefined
  }
}

function serverMessage(response: HttpResponse, verdict: Verdict): string {
  try {
    const { message, code } = JSON.parse(response.body) as { message?: unknown; code?: unknown }
    if (typeof message === 'string')
      return typeof code === 'string' ? `${message} (${code})` : message
  } catch {
    // Not JSON: a proxy's or CDN's page; the diagnosis describes it.
  }
  return verdict.blocked
    ? `refused by the CDN${verdict.edgeNode ? ` (edge ${verdict.edgeNode})` : ''} before reaching the server`
    : `HTTP ${response.status}`
}

export function notAttempted(file: LocalFile, why: string): FileOutcome {
  return {
    file: file.display,
    size: file.size,
    mediaType: file.mediaType,
    status: 'not-attempted',
    attempts: 0,
    message: why
  }
}

/** How the diagnosis sees an upload run's answers. */
export function uploadContext(config: UploadConfig, api: MediaApi): DiagnosisContext {
  return { service: 'content', method: 'POST', apiPath: config.apiPath, host: api.mediaUrl.host }
}

/** Answers after which sending more files would only repeat the failure (or lock the account). */
const STOPPING_STATUSES = new Set([401, 403, 405])

async function unreadable(file: LocalFile): Promise<string | undefined> {
  try {
    await (await open(file.path, 'r')).close()
    return undefined
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error)
  }
}

/**
 * Uploads the files one by one under spec §7.2's retry policy. Every file ends with an outcome:
 * after a stopping failure the rest are reported as not attempted, never silently dropped.
 */
export async function uploadFiles(
  files: LocalFile[],
  config: UploadConfig,
  deps: UploadDeps
): Promise<UploadReport> {
  const context = uploadContext(config, deps.api)
  const outcomes: FileOutcome[] = []
  let stopReason: string | undefined
  let deciding: Verdict | undefined
  let lastFailure: Verdict | undefined
  for (const [index, file] of files.entries()) {
    const outcome = await uploadOne(file)
    outcomes.push(outcome)
    if (outcome.verdict) deciding = outcome.verdict
    if (outcome.status !== 'uploaded' && outcome.verdict) lastFailure = outcome.verdict
    if (outcome.status === 'blocked' || STOPPING_STATUSES.has(outcome.httpStatus ?? 0)) {
      stopReason = `${outcome.file} ${outcome.status === 'blocked' ? 'was still blocked' : 'was refused'} after ${outcome.attempts} attempt(s); the ${files.length - index - 1} remaining file(s) were not sent.`
      const why = 'not sent: an earlier file met a failure that would repeat'
      outcomes.push(...files.slice(index + 1).map(rest => notAttempted(rest, why)))
      deciding = outcome.verdict
      break
    }
  }
  return { files: outcomes, stopReason, verdict: stopReason ? deciding : (lastFailure ?? deciding) }

  async function uploadOne(file: LocalFile): Promise<FileOutcome> {
    const base = { file: file.display, size: file.size, mediaType: file.mediaType }
    const cannotRead = await unreadable(file)
    if (cannotRead) {
      return {
        ...base,
        status: 'failed',
        attempts: 0,
        message: `could not be read (${cannotRead}); nothing was sent`
      }
    }
    for (let attempt = 1; ; attempt++) {
      deps.log(`${file.display}: POST ${attempt}/${config.maxAttempts}`)
      const result: HttpResult = await deps.api.postFile(file)
      const last = attempt >= config.maxAttempts
      if ('failure' in result) {
        const { failure } = result
        const verdict = diagnose({ error: failure }, context)
        if (!failure.mayHaveReachedServer && !failure.permanent && !last) {
          await pause(attempt)
          continue
        }
        // A POST that may have been stored is never sent again: that could make a duplicate.
        const message = failure.mayHaveReachedServer
          ? `no answer (${failure.message}); it may have been stored: check the media library before sending it again`
          : `no connection (${failure.message})`
        return { ...base, status: 'failed', attempts: attempt, message, verdict }
      }
      const { response } = result
      const verdict = diagnose({ response }, context)
      const status = response.status
      if (status === 201 || (status >= 200 && status < 300)) {
        const media = parseMedia(response.body)
        if (media) {
          return {
            ...base,
            status: 'uploaded',
            attempts: attempt,
            id: media.id,
            url: media.source_url,
            httpStatus: status,
            verdict
          }
        }
        return {
          ...base,
          status: 'failed',
          attempts: attempt,
          httpStatus: status,
          message: `HTTP ${status} without a media id: the upload was not proven stored`,
          verdict
        }
      }
      if (status === 405 && !last) {
        deps.log(`${file.display}: HTTP 405 (${verdict.headline})`)
        await pause(attempt)
        continue
      }
      if (status === 429 && !last) {
        const wait = retryAfterMs(headerValue(response, 'retry-after'), deps.now())
        if (wait === undefined || wait <= MAX_RETRY_AFTER_MS) {
          await pause(attempt, wait)
          continue
        }
      }
      return {
        ...base,
        status: status === 405 && verdict.blocked ? 'blocked' : 'failed',
        attempts: attempt,
        httpStatus: status,
        message: serverMessage(response, verdict),
        verdict
      }
    }
  }

  async function pause(attempt: number, retryAfter?: number): Promise<void> {
    const wait = retryAfter ?? backoffDelayMs(attempt, CDN_BLOCK_BACKOFF, deps.random)
    deps.log(`Waiting ${(wait / 1000).toFixed(1)} s before attempt ${attempt + 1}.`)
    await deps.sleep(wait)
  }
}
