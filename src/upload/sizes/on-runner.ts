import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { diagnose } from '../../diagnosis/index.js'
import { count, record, text } from '../../http/json-fields.js'
import { TRIGGER_BACKOFF, nextStep, waitToRetry, type RetryDeps } from '../../http/retry.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { counted } from '../../log/words.js'
import type { LocalFile } from '../files/local-file.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { readMediaLinks, type MediaLinks } from '../wordpress/media-links.js'
import { makeSizes, storedDimensions, type Encoding, type MadeFile } from './make-sizes.js'
import type { SiteSizes } from './offer.js'
import { planSizes, type SizesPlan } from './plan.js'

export interface RunnerSizesDeps extends Pick<RetryDeps, 'sleep' | 'now' | 'random' | 'log'> {
  api: MediaApi
  maxAttempts: number
  /** Sends one request of the file's when the run lets it (its gate); undefined once it stopped. */
  send: (file: LocalFile, request: () => Promise<HttpResult>) => Promise<HttpResult | undefined>
  signal?: AbortSignal
}

/** What making an item's sizes on the runner came to. */
export interface RunnerSizes {
  /** Every size WordPress lacked is stored and recorded. */
  complete: boolean
  /** Sizes made, sent and recorded, by name. */
  made: string[]
  /** What is left for WordPress to make, or to say is missing, one phrase; absent when complete. */
  left?: string
  /** The main file the runner was to send (`-scaled`, or turned upright) and could not. */
  mainMissing?: 'scaled' | 'original'
  /** The item's address after finalize: a `-scaled` copy is its main file. */
  links: MediaLinks
}

/** The facts of a stored image the upload's answer gives (WordPress 7.1, `context=edit`). */
interface StoredImage {
  width: number
  height: number
  storedName: string
  mediaType: string
  missing: string[]
  orientation: number
  encoding: Omit<Encoding, 'stripMeta'>
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every(item => typeof item === 'string')
    ? (value as string[])
    : undefined
}

/** An encoder's quality, 1 to 100; anything else is not taken. */
function percent(value: unknown): number | undefined {
  const quality = count(value)
  return quality !== undefined && quality >= 1 && quality <= 100 ? quality : undefined
}

/** `image_quality.sizes` is `[]` when no size differs (PHP's empty array), else an object. */
function qualities(value: unknown): Record<string, number> {
  const sizes = record(value) ?? {}
  return Object.fromEntries(
    Object.entries(sizes).filter(
      (entry): entry is [string, number] => percent(entry[1]) !== undefined
    )
  )
}

/** The stored image as the answer describes it; undefined when it does not, whole. */
export function readStoredImage(json: unknown): StoredImage | undefined {
  const item = record(json)
  const details = record(item?.media_details)
  const width = count(details?.width)
  const height = count(details?.height)
  const file = text(details?.file)
  const mediaType = text(item?.mime_type)
  const missing = strings(item?.missing_image_sizes)
  if (!width || !height || !file || !mediaType || !missing) return undefined
  const quality = record(item?.image_quality)
  return {
    width,
    height,
    storedName: path.posix.basename(file),
    mediaType,
    missing,
    orientation: count(item?.exif_orientation) ?? 1,
    encoding: {
      mediaType: text(item?.image_output_format) ?? mediaType,
      // WordPress's default (wp_get_image_encode_quality) when the answer does not say.
      quality: { default: percent(quality?.default) ?? 82, sizes: qualities(quality?.sizes) }
    }
  }
}

/** A made file, as the run's gate and the log see it. */
function asLocal(file: LocalFile, made: MadeFile): LocalFile {
  return {
    ...file,
    path: made.path,
    size: made.bytes,
    mediaType: made.mediaType,
    display: `${file.display} (${made.names.join(', ')})`
  }
}

/** Sent again after no answer or a busy or failing server, as an upload is; a refusal is final. */
function worthAgain(result: HttpResult): boolean {
  if ('failure' in result) return !result.failure.permanent && !result.failure.cancelled
  const { status } = result.response
  return status === 429 || status >= 500
}

/** One request of the file's, sent until answered with a 2xx, refused, or out of attempts. */
async function untilAnswered(
  what: string,
  file: LocalFile,
  request: () => Promise<HttpResult>,
  deps: RunnerSizesDeps
): Promise<{ json?: Record<string, unknown>; said: string }> {
  for (let attempt = 1; ; attempt++) {
    const result = await deps.send(file, request)
    if (!result) return { said: 'not sent: the run stopped' }
    const verdict = diagnose(result, deps.api.context('POST'))
    const ok = 'response' in result && result.response.status < 300
    const said = `${describeResult(result)}${!ok && verdict.code ? ` (${verdict.code})` : ''}`
    deps.log(`${file.display}: ${what} ${attempt}/${deps.maxAttempts} → ${said}`)
    const json = record(verdict.json)
    if (ok && json) return { json, said }
    if (ok || !worthAgain(result) || deps.signal?.aborted) return { said }
    const retryAfter = 'response' in result ? result.response.headers['retry-after'] : undefined
    const step = nextStep(
      attempt,
      deps.maxAttempts,
      TRIGGER_BACKOFF,
      typeof retryAfter === 'string' ? retryAfter : undefined,
      deps
    )
    if (!step.retry) return { said }
    await waitToRetry(step, attempt, deps.maxAttempts, deps, file.display)
  }
}

/**
 * Sideloads the made files, sub-sizes first: a `-scaled` or upright main file changes the item's
 * attached file, after which WordPress would name later sizes `{stem}-WxH-1`. The answers are kept
 * as WordPress gave them: finalize accepts only the file names it handed out.
 */
async function sideloadAll(
  file: LocalFile,
  id: number,
  made: MadeFile[],
  deps: RunnerSizesDeps
): Promise<{ answers: Record<string, unknown>[]; failed: MadeFile[] }> {
  const answers: Record<string, unknown>[] = []
  const failed: MadeFile[] = []
  for (const size of made) {
    if (deps.signal?.aborted) {
      failed.push(size)
      continue
    }
    const one = asLocal(file, size)
    const sent = await untilAnswered(
      'sideload',
      one,
      () =>
        deps.api.sideload(
          id,
          { path: size.path, size: size.bytes },
          size.fileName,
          size.mediaType,
          size.names
        ),
      deps
    )
    if (sent.json) answers.push(sent.json)
    else failed.push(size)
  }
  return { answers, failed }
}

/** The planned files in the order they are sent: the sub-sizes, then the main file. */
function filesOf(plan: SizesPlan) {
  return plan.main ? [...plan.subSizes, plan.main] : plan.subSizes
}

/**
 * Makes the sizes WordPress lacks for the image it stored as `id` (uploaded with
 * `generate_sub_sizes=false`), sideloads them and records them with one finalize. What could not
 * be made or sent is said in `left`, for WordPress to make (post-process) or the user to know.
 */
export async function sizesOnRunner(
  file: LocalFile,
  id: number,
  answer: unknown,
  site: SiteSizes,
  deps: RunnerSizesDeps
): Promise<RunnerSizes> {
  const stored = readStoredImage(answer)
  if (!stored) {
    return {
      complete: false,
      made: [],
      left: "the upload's answer did not describe the stored image, so no size was made on the runner",
      links: {}
    }
  }
  // WordPress read the dimensions from these very bytes: an answer that says otherwise is not
  // planned from, whatever it is.
  const own = await storedDimensions(file.path).catch(() => undefined)
  if (own?.width !== stored.width || own.height !== stored.height) {
    const seen = own ? `${own.width}×${own.height}` : 'an image it cannot read'
    return {
      complete: false,
      made: [],
      left: `WordPress describes it as ${stored.width}×${stored.height}, the runner sees ${seen}, so no size was made on the runner`,
      links: {}
    }
  }
  const plan = planSizes({
    width: stored.width,
    height: stored.height,
    orientation: stored.orientation,
    threshold: site.threshold,
    registered: site.registered,
    missing: stored.missing,
    storedName: stored.storedName,
    outputType: stored.encoding.mediaType,
    sourceType: stored.mediaType
  })
  const planned = filesOf(plan)
  if (planned.length === 0) return { complete: true, made: [], links: {} }
  const folder = await mkdtemp(path.join(process.env.RUNNER_TEMP || tmpdir(), 'sizes-'))
  try {
    return await makeAndSend(
      file,
      id,
      plan,
      { ...stored.encoding, stripMeta: site.stripMeta },
      folder,
      deps
    )
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function makeAndSend(
  file: LocalFile,
  id: number,
  plan: SizesPlan,
  encoding: Encoding,
  folder: string,
  deps: RunnerSizesDeps
): Promise<RunnerSizes> {
  const planned = filesOf(plan)
  let made: MadeFile[]
  try {
    made = await makeSizes(file.path, planned, encoding, folder, plan.orientation)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    deps.log(`${file.display}: its sizes could not be made on the runner: ${why}.`)
    return {
      complete: false,
      made: [],
      left: `its sizes could not be made on the runner (${why})`,
      ...(plan.main ? { mainMissing: plan.main.kind } : {}),
      links: {}
    }
  }
  deps.log(
    `${file.display}: made ${counted(made.length, 'file')} on the runner (${made.map(size => `${size.names.join('+')} ${size.width}×${size.height}`).join(', ')}).`
  )
  const { answers, failed } = await sideloadAll(file, id, made, deps)
  const mainMissing = plan.main && failed.some(size => size.names.includes(plan.main!.names[0]!))
  const names = (sizes: MadeFile[]) => sizes.flatMap(size => size.names)
  if (answers.length === 0) {
    return {
      complete: false,
      made: [],
      left: `no size was stored (${names(failed).join(', ')})`,
      ...(plan.main ? { mainMissing: plan.main.kind } : {}),
      links: {}
    }
  }
  const finalized = await untilAnswered(
    'finalize',
    file,
    () => deps.api.finalize(id, answers),
    deps
  )
  if (!finalized.json) {
    return {
      complete: false,
      made: [],
      left: `the sizes were stored but not recorded (finalize: ${finalized.said})`,
      ...(plan.main ? { mainMissing: plan.main.kind } : {}),
      links: {}
    }
  }
  const recorded = names(made.filter(size => !failed.includes(size)))
  return {
    complete: failed.length === 0,
    made: recorded,
    ...(failed.length ? { left: `not stored: ${names(failed).join(', ')}` } : {}),
    ...(mainMissing ? { mainMissing: plan.main!.kind } : {}),
    links: readMediaLinks(finalized.json)
  }
}
