import type { Verdict } from '../diagnosis/index.js'
import { log } from '../log/log.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { answeredBy } from '../summary/step-end.js'
import { INPUT } from '../inputs/names.js'
import { findExisting, type ExistingLookup } from './checks/existing.js'
import { KEY_TAKEN, keyTakenWarning } from './checks/key-holders.js'
import { findTargetPost, postName } from './checks/target-post.js'
import { preflight } from './checks/preflight.js'
import { checkUserRights } from './checks/user-rights.js'
import { contentKey, sha256OfFile } from './files/content-key.js'
import type { LocalFile } from './files/local-file.js'
import { stoppedByCancel, type UploadRun } from './run.js'
import { notAttempted } from './send/outcome.js'
import type { MediaApi } from './wordpress/media-api.js'
import { wordpressProfile } from './wordpress/remedies.js'
import { findSizesOffer } from './sizes/offer.js'
import { imageLibraryProblem, RUNNER_TYPES } from './sizes/make-sizes.js'
import { agrees, counted } from '../log/words.js'

/**
 * The checks before any file is sent: preflight, the user's rights, the post of attach-to, the
 * files already in the library (as the inputs ask). Whether the run goes on; when not, the step
 * has said why.
 */
export async function checkBeforeSending(run: UploadRun): Promise<boolean> {
  if (run.config.preflight && !(await runPreflight(run))) return false
  if (!(await checkRights(run))) return false
  if (run.config.attachTo !== undefined && !(await checkTarget(run, run.config.attachTo))) {
    return false
  }
  if (!(await findWhereSizesAreMade(run))) return false
  return !run.config.skipExisting || (await lookUpLibrary(run))
}

const TARGET_TITLES = {
  'may-not-edit': 'User may not edit the post',
  missing: 'No such post',
  failed: 'Post check failed'
} as const

/**
 * attach-to: the post exists and the user may edit it (else WordPress refuses every upload
 * attached to it); with featured-image, its type has featured images.
 */
async function checkTarget(run: UploadRun, id: number): Promise<boolean> {
  const target = await log.group(`The post to attach to (${INPUT.attachTo}: ${id})`, async () => {
    const found = await findTargetPost(run.posts, id)
    log.info(found.message)
    return found
  })
  run.target = target
  if (stoppedByCancel(run)) return false
  if (target.kind === 'found' && (!run.featured || target.featured !== undefined)) return true
  if (target.kind === 'found') {
    const message = `${INPUT.featuredImage}: ${postName(target)} cannot have a featured image: its type, ${target.type}, does not support thumbnails on this site, so WordPress would ignore one. No file was sent.`
    const remedy = `Remove "${INPUT.featuredImage}", or attach to a post of a type with featured images (a post or page, or a type registered with 'supports' => ['thumbnail']).`
    const verdict = { ...target.verdict, remedies: [remedy] }
    const why = 'not sent: the post of attach-to cannot have a featured image'
    stopBeforeSending(run, { message, verdict, title: 'No featured image for this type', why })
    return false
  }
  const verdict =
    'remedy' in target ? { ...target.verdict, remedies: [target.remedy] } : target.verdict
  const why = 'not sent: the post of attach-to cannot take the files'
  stopBeforeSending(run, {
    message: target.message,
    verdict,
    title: TARGET_TITLES[target.kind],
    why
  })
  return false
}

/** A check refused the upload: no file is sent, and the step fails naming who answered. */
function stopBeforeSending(
  run: UploadRun,
  stop: { message: string; verdict: Verdict; title: string; why: string }
): void {
  run.files = run.local.map(file => notAttempted(file, stop.why))
  setDiagnosisOutputs(stop.verdict)
  const [first, ...more] = stop.verdict.remedies
  log.fail(
    [stop.message, first && `What to do: ${first}`, ...more].filter(Boolean).join('\n'),
    answeredBy(stop.title, stop.verdict, wordpressProfile.name)
  )
}

/**
 * image-sizes: whether the site lets the runner make images' sizes (WordPress 7.1), said once.
 * `runner` on a site that does not stops the run before any file is sent.
 */
async function findWhereSizesAreMade(run: UploadRun): Promise<boolean> {
  const asked = run.config.imageSizes
  if (asked === 'server' || !run.local.some(file => RUNNER_TYPES.includes(file.mediaType))) {
    return true
  }
  const offered = await findSizesOffer(run.api)
  const problem = offered.on === 'runner' ? await imageLibraryProblem() : undefined
  const offer = problem ? { on: 'server' as const, why: problem } : offered
  run.sizes = offer
  if (stoppedByCancel(run)) return false
  if (offer.on === 'runner') {
    log.info(
      `Image sizes ${run.config.dryRun ? 'would be' : 'will be'} made on the runner: ${offer.how}.`
    )
    return true
  }
  if (asked === 'auto') {
    log.info(`Image sizes will be made by WordPress, as ${offer.why}.`)
    return true
  }
  const message = `${INPUT.imageSizes}: runner, but ${offer.why}. No file was sent.`
  const site = problem ? '' : ', or serve the site over https with WordPress 7.1 or later'
  const remedy = `Set "${INPUT.imageSizes}" to auto (sizes made on the runner where they can be) or server${site}.`
  // The runner's own library, or a site that said nothing: no answer decided it.
  const unanswered = {
    layer: 'unknown' as const,
    blocked: false,
    headline: offer.why,
    evidence: []
  }
  const verdict = { ...(offer.verdict ?? unanswered), remedies: [remedy] }
  run.sizesStop = `${message} ${remedy}`
  stopBeforeSending(run, {
    message,
    verdict,
    title: 'Image sizes cannot be made on the runner',
    why: 'not sent: image sizes cannot be made on the runner'
  })
  return false
}

/** preflight: whether the run goes on. */
async function runPreflight(run: UploadRun): Promise<boolean> {
  const checked = await log.group('Preflight', async () => {
    const result = await preflight(run.api)
    log.info(result.message)
    return result
  })
  run.checked = checked
  if (stoppedByCancel(run)) return false
  if (checked.ok) return true
  const { message, verdict } = checked
  const why = 'not sent: the preflight check failed'
  stopBeforeSending(run, { message, verdict, title: 'Preflight failed', why })
  return false
}

/** Whether the user may upload: whether the run goes on. */
async function checkRights(run: UploadRun): Promise<boolean> {
  const rights = await checkUserRights(run.api)
  run.rights = rights
  // An empty upload answered as if something was stored leaves something to look for.
  if (rights.probe?.outcome.kind === 'stored')
    log.warning(rights.message, 'The rights check looked stored')
  else log.info(rights.message)
  if (stoppedByCancel(run)) return false
  if (rights.kind !== 'may-not-upload') return true
  const why = 'not sent: the user may not upload files'
  const verdict = { ...rights.verdict, remedies: [rights.remedy] }
  stopBeforeSending(run, { message: rights.message, verdict, title: 'User may not upload', why })
  return false
}

/** skip-existing: the files already in the library; whether the run goes on. */
async function lookUpLibrary(run: UploadRun): Promise<boolean> {
  const { local } = run
  const lookup = await log.group('Files already in the library', () =>
    lookUpExisting(run.api, local, run.rights?.userId, run.signal)
  )
  run.lookup = lookup
  if (stoppedByCancel(run)) return false
  if (lookup.kind === 'failed') {
    const why = 'not sent: the look-up of files already in the library failed'
    const { message, verdict } = lookup
    stopBeforeSending(run, { message, verdict, title: 'Look-up failed', why })
    return false
  }
  if (lookup.kind === 'unsupported') {
    log.warning(lookup.message, 'No media listing: re-runs may duplicate')
    for (const file of local) delete file.key
  }
  return true
}

/**
 * Gives every file its content key (hashed once, streamed) and looks the keys up. A file that
 * cannot be read gets no key; it is reported when its turn comes. A cancel ends the hashing.
 */
async function lookUpExisting(
  api: MediaApi,
  local: readonly LocalFile[],
  me: number | undefined,
  signal?: AbortSignal
): Promise<ExistingLookup> {
  for (const file of local) {
    if (signal?.aborted) break
    const sha256 = await sha256OfFile(file.path).catch(() => undefined)
    if (sha256) Object.assign(file, { key: contentKey(file.display, sha256), sha256 })
  }
  const keyed = local.filter(file => file.key)
  const lookup = await findExisting(api, keyed, me)
  if (lookup.kind !== 'found') {
    log.info(lookup.message)
    return lookup
  }
  log.info(
    `${lookup.items.size} of ${counted(keyed.length, 'file')} ${agrees(lookup.items.size, 'is', 'are')} already in the library.`
  )
  for (const file of keyed) sayHolders(file, lookup, api)
  return lookup
}

/** What holds a file's key besides the file: a warning; the file found under a suffix: a line. */
function sayHolders(
  file: LocalFile,
  lookup: Extract<ExistingLookup, { kind: 'found' }>,
  api: MediaApi
): void {
  const key = file.key ?? ''
  const item = lookup.items.get(key)
  const foreign = lookup.foreign.get(key)
  if (foreign) {
    const outcome = item
      ? `The file itself is item ${item.id}.`
      : 'The file is uploaded as an item of its own.'
    log.warning(keyTakenWarning(file, foreign, api, outcome), KEY_TAKEN)
  }
  if (item && item.slug !== key && !foreign?.some(holder => holder.slug === key)) {
    log.info(
      `${file.display}: found as item ${item.id} under ${item.slug}: its key ${key} is held by something the media library does not list (a post, page or draft of another type, whose slug WordPress lets no attachment share).`
    )
  }
}
