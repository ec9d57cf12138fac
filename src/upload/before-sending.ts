import type { Verdict } from '../diagnosis/index.js'
import { log } from '../log/log.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { answeredBy } from '../summary/step-end.js'
import { INPUT } from '../inputs/names.js'
import { findTargetPost, postName } from './checks/target-post.js'
import { preflight } from './checks/preflight.js'
import { checkUserRights } from './checks/user-rights.js'
import { stoppedByCancel, type Checks, type Findings, type Stopped } from './run.js'
import type { UploadSetup } from './setup.js'
import { notAttempted } from './send/outcome.js'
import { wordpressProfile } from './wordpress/remedies.js'
import { lookUpExisting } from './look-up.js'
import { findSizesOffer } from './sizes/offer.js'
import { imageLibraryProblem, RUNNER_TYPES } from './sizes/make-sizes.js'

/** The checks let the run go on with what they found, or stopped it before any file was sent. */
export type BeforeSending = { readonly phase: 'checked'; readonly checks: Checks } | Stopped

/** A check hands on the findings so far with its own, or the stop: only a stop has a phase. */
function isStopped<Found extends Findings>(step: Found | Stopped): step is Stopped {
  return 'phase' in step
}

/**
 * The checks before any file is sent: preflight, the user's rights, the post of attach-to, where
 * images' sizes are made, the files already in the library (as the inputs ask). When they stop
 * the run, the step has said why.
 */
export async function checkBeforeSending(setup: UploadSetup): Promise<BeforeSending> {
  const { config } = setup
  const preflight = config.preflight ? await runPreflight(setup) : {}
  if (isStopped(preflight)) return preflight
  const rights = await checkRights(setup, preflight)
  if (isStopped(rights)) return rights
  const target =
    config.attachTo === undefined ? rights : await checkTarget(setup, rights, config.attachTo)
  if (isStopped(target)) return target
  const sizes = await findWhereSizesAreMade(setup, target)
  if (isStopped(sizes)) return sizes
  const checks = config.skipExisting ? await lookUpLibrary(setup, sizes) : sizes
  return isStopped(checks) ? checks : { phase: 'checked', checks }
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
async function checkTarget<Found extends Findings>(
  setup: UploadSetup,
  before: Found,
  id: number
): Promise<(Found & Pick<Checks, 'target'>) | Stopped> {
  const target = await log.group(`The post to attach to (${INPUT.attachTo}: ${id})`, async () => {
    const found = await findTargetPost(setup.posts, id)
    log.info(found.message)
    return found
  })
  const found = { ...before, target }
  const cancelled = stoppedByCancel(setup, found)
  if (cancelled) return cancelled
  if (target.kind === 'found' && (!setup.featured || target.featured !== undefined)) {
    return { ...before, target }
  }
  if (target.kind === 'found') {
    const message = `${INPUT.featuredImage}: ${postName(target)} cannot have a featured image: its type, ${target.type}, does not support thumbnails on this site, so WordPress would ignore one. No file was sent.`
    const remedy = `Remove "${INPUT.featuredImage}", or attach to a post of a type with featured images (a post or page, or a type registered with 'supports' => ['thumbnail']).`
    const verdict = { ...target.verdict, remedies: [remedy] }
    const why = 'not sent: the post of attach-to cannot have a featured image'
    const title = 'No featured image for this type'
    return stopBeforeSending(setup, found, { message, verdict, title, why })
  }
  const verdict =
    'remedy' in target ? { ...target.verdict, remedies: [target.remedy] } : target.verdict
  const why = 'not sent: the post of attach-to cannot take the files'
  return stopBeforeSending(setup, found, {
    message: target.message,
    verdict,
    title: TARGET_TITLES[target.kind],
    why
  })
}

/** A check refused the upload: no file is sent, and the step fails naming who answered. */
function stopBeforeSending(
  setup: UploadSetup,
  checks: Findings,
  stop: { message: string; verdict: Verdict; title: string; why: string }
): Stopped {
  setDiagnosisOutputs(stop.verdict)
  const [first, ...more] = stop.verdict.remedies
  log.fail(
    [stop.message, first && `What to do: ${first}`, ...more].filter(Boolean).join('\n'),
    answeredBy(stop.title, stop.verdict, wordpressProfile.name)
  )
  return { phase: 'stopped', checks, files: setup.local.map(file => notAttempted(file, stop.why)) }
}

/**
 * image-sizes: whether the site lets the runner make images' sizes (WordPress 7.1), said once.
 * `runner` on a site that does not stops the run before any file is sent.
 */
async function findWhereSizesAreMade<Found extends Findings>(
  setup: UploadSetup,
  before: Found
): Promise<(Found & Pick<Checks, 'sizes'>) | Stopped> {
  const asked = setup.config.imageSizes
  if (asked === 'server' || !setup.local.some(file => RUNNER_TYPES.includes(file.mediaType))) {
    return before
  }
  const offered = await findSizesOffer(setup.api)
  const problem = offered.on === 'runner' ? await imageLibraryProblem() : undefined
  const offer = problem ? { on: 'server' as const, why: problem } : offered
  const found = { ...before, sizes: offer }
  const cancelled = stoppedByCancel(setup, found)
  if (cancelled) return cancelled
  if (offer.on === 'runner') {
    log.info(
      `Image sizes ${setup.config.dryRun ? 'would be' : 'will be'} made on the runner: ${offer.how}.`
    )
    return found
  }
  if (asked === 'auto') {
    log.info(`Image sizes will be made by WordPress, as ${offer.why}.`)
    return found
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
  const stopped = stopBeforeSending(setup, found, {
    message,
    verdict,
    title: 'Image sizes cannot be made on the runner',
    why: 'not sent: image sizes cannot be made on the runner'
  })
  return { ...stopped, sizesStop: `${message} ${remedy}` }
}

/** preflight: whether the REST API is there and takes the credentials. */
async function runPreflight(setup: UploadSetup): Promise<Pick<Checks, 'preflight'> | Stopped> {
  const checked = await log.group('Preflight', async () => {
    const result = await preflight(setup.api)
    log.info(result.message)
    return result
  })
  const found = { preflight: checked }
  const cancelled = stoppedByCancel(setup, found)
  if (cancelled) return cancelled
  if (checked.ok) return found
  const { message, verdict } = checked
  const why = 'not sent: the preflight check failed'
  return stopBeforeSending(setup, found, { message, verdict, title: 'Preflight failed', why })
}

/** Whether the user may upload. */
async function checkRights<Found extends Findings>(
  setup: UploadSetup,
  before: Found
): Promise<(Found & Pick<Checks, 'rights'>) | Stopped> {
  const rights = await checkUserRights(setup.api)
  // An empty upload answered as if something was stored leaves something to look for.
  if (rights.probe?.outcome.kind === 'stored')
    log.warning(rights.message, 'The rights check looked stored')
  else log.info(rights.message)
  const found = { ...before, rights }
  const cancelled = stoppedByCancel(setup, found)
  if (cancelled) return cancelled
  if (rights.kind !== 'may-not-upload') return found
  const why = 'not sent: the user may not upload files'
  const verdict = { ...rights.verdict, remedies: [rights.remedy] }
  const title = 'User may not upload'
  return stopBeforeSending(setup, found, { message: rights.message, verdict, title, why })
}

/** skip-existing: the files already in the library. */
async function lookUpLibrary<Found extends Pick<Checks, 'rights'>>(
  setup: UploadSetup,
  before: Found
): Promise<(Found & Pick<Checks, 'lookup'>) | Stopped> {
  const { local } = setup
  const lookup = await log.group('Files already in the library', () =>
    lookUpExisting(setup.api, local, before.rights.userId, setup.signal)
  )
  const cancelled = stoppedByCancel(setup, { ...before, lookup })
  if (cancelled) return cancelled
  if (lookup.kind === 'failed') {
    const why = 'not sent: the look-up of files already in the library failed'
    const { message, verdict } = lookup
    const title = 'Look-up failed'
    return stopBeforeSending(setup, { ...before, lookup }, { message, verdict, title, why })
  }
  if (lookup.kind === 'unsupported') {
    log.warning(lookup.message, 'No media listing: re-runs may duplicate')
    for (const file of local) delete file.key
  }
  return { ...before, lookup }
}
