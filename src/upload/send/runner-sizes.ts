import { diagnose } from '../../diagnosis/index.js'
import type { KnownItem } from '../checks/holder.js'
import type { LocalFile } from '../files/local-file.js'
import { RUNNER_TYPES } from '../sizes/make-sizes.js'
import { lacksSizes, sizesOnRunner, type RunnerSizesDeps } from '../sizes/on-runner.js'
import { readStoredImage } from '../sizes/stored-image.js'
import type { FileUpload, SendRun } from './file-upload.js'
import { withPreview, type FileOutcome } from './outcome.js'
import { finishStoredItem } from './post-process.js'

/** What the sizes of an item uploaded with `generate_sub_sizes=false` came to. */
type SizesEnd = Pick<FileOutcome, 'sizes' | 'sizesBy' | 'url' | 'preview' | 'message' | 'verdict'>

const MAIN_MISSING = {
  scaled:
    'its -scaled copy was not made, so the full-size original is the file WordPress serves as its largest size',
  original:
    'it was not turned upright, so its main file is the original with its EXIF orientation (most browsers show it upright)'
} as const

/** The sideloads' world: the run's gate, its attempts and its log. */
function sideloadDeps(run: SendRun): RunnerSizesDeps {
  return {
    ...run.deps,
    maxAttempts: run.maxAttempts,
    send: async (one, request, heard) => {
      const sent = await run.gate.send(one, request, result => {
        heard(result)
        return false
      })
      return sent?.result
    }
  }
}

/**
 * An item already in the library that lacks sizes (a run before had them refused by a CDN, or PHP
 * ran out of memory making them): they are made on the runner now, if the item's editor view
 * says which are missing. A re-run thus ends with every item whole, sending no file again.
 */
export async function sizesOfExisting(
  file: LocalFile,
  item: KnownItem,
  run: SendRun,
  outcome: FileOutcome
): Promise<FileOutcome> {
  const site = run.plan.sizes
  const { deps } = run
  if (!site || !item.image || !RUNNER_TYPES.includes(file.mediaType)) return outcome
  if (!lacksSizes(item.image, file.mediaType, site)) return outcome
  const result = await deps.api.editItem(item.id)
  const json = diagnose(result, deps.api.context('GET')).json
  const missing =
    'response' in result && result.response.status === 200
      ? readStoredImage(json)?.missing
      : undefined
  if (!missing?.length) return outcome
  deps.log(
    `${file.display}: item ${item.id} lacks sizes (${missing.join(', ')}); making them on the runner.`
  )
  const done = await sizesOnRunner(file, item.id, json, site, sideloadDeps(run))
  const made = done.complete
    ? `its missing sizes (${missing.join(', ')}) were made on the runner`
    : `its missing sizes could not all be made on the runner: ${done.left ?? ''}`
  if (!done.complete)
    deps.warn(
      `${file.display}: item ${item.id} is in the library, but ${made}.`,
      'An item without its image sizes'
    )
  return {
    ...outcome,
    sizes: done.complete ? 'complete' : 'missing',
    sizesBy: 'runner',
    ...withPreview(done.links),
    ...(done.blocked ? { verdict: done.blocked } : {}),
    message: `${outcome.message ? `${outcome.message}; ` : 'already in the library; '}${made}`
  }
}

/**
 * Makes the item's sizes on the runner and sideloads them. What the runner could not finish,
 * WordPress is asked to make (post-process), as after any upload that stored a file without its
 * sizes; what neither made is a warning, never silence.
 */
export async function finishOnRunner(
  upload: FileUpload,
  id: number,
  answer: unknown
): Promise<SizesEnd> {
  const { file, run } = upload
  const { deps } = run
  const done = await sizesOnRunner(
    file,
    id,
    answer,
    run.plan.sizes!,
    sideloadDeps(run),
    await upload.headStart
  )
  if (done.complete) {
    // An image smaller than every size has none to make, here or by WordPress.
    const by = done.made.length ? { sizesBy: 'runner' as const } : {}
    return { sizes: 'complete', ...by, ...withPreview(done.links) }
  }
  if (done.blocked) {
    const message = done.left!
    deps.warn(
      `${file.display}: stored as item ${id}, but ${message}, so it has none of its smaller sizes. WordPress was not asked to make them: the CDN would refuse that too. Re-run once the block lifts: the item is found in the library and its sizes are made then.`,
      'Uploaded without its image sizes'
    )
    return { sizes: 'missing', sizesBy: 'runner', verdict: done.blocked, message }
  }
  deps.log(`${file.display}: ${done.left}; asking WordPress to make the sizes still missing.`)
  const server = await finishStoredItem(file, id, deps)
  const main = done.mainMissing ? MAIN_MISSING[done.mainMissing] : undefined
  if (server.warning) {
    const also = main ? `; and ${main}` : ''
    deps.warn(`${file.display}: ${server.warning}${also}.`, 'Uploaded without its image sizes')
  } else if (main) {
    deps.warn(
      `${file.display}: stored as item ${id} with its sizes, but ${main}.`,
      'Uploaded without its main image'
    )
  }
  const made = done.made.length ? 'runner and wordpress' : 'wordpress'
  return {
    sizes: server.sizes,
    sizesBy: made,
    ...withPreview({ ...done.links, ...server }),
    message: [
      `${done.left}; ${server.sizes !== 'complete' ? 'WordPress could not make them either' : done.made.length ? 'WordPress made the rest' : 'WordPress made them'}`,
      main
    ]
      .filter(Boolean)
      .join('; ')
  }
}
