import { sizesOnRunner } from '../sizes/on-runner.js'
import type { FileUpload } from './file-upload.js'
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
  const site = run.plan.sizes!
  const head = await upload.headStart
  const done = await sizesOnRunner(
    file,
    id,
    answer,
    site,
    {
      ...deps,
      maxAttempts: run.maxAttempts,
      send: async (one, request, heard) => {
        const sent = await run.gate.send(one, request, result => {
          heard(result)
          return false
        })
        return sent?.result
      }
    },
    head
  )
  if (done.complete) {
    return { sizes: 'complete', sizesBy: 'runner', ...withPreview(done.links) }
  }
  if (done.blocked) {
    const message = done.left!
    deps.warn(
      `${file.display}: stored as item ${id}, but ${message}, so it has none of its smaller sizes. WordPress was not asked to make them: the CDN would refuse that too. Once the block lifts, have the site regenerate its sizes (a thumbnail-regeneration plugin), or delete the item and re-run.`,
      'Uploaded without its image sizes'
    )
    return { sizes: 'missing', sizesBy: 'runner', verdict: done.blocked, message }
  }
  deps.log(`${file.display}: ${done.left}; asking WordPress to make the sizes still missing.`)
  const server = await finishStoredItem(file, id, deps)
  const main = done.mainMissing ? MAIN_MISSING[done.mainMissing] : undefined
  if (server.warning) {
    deps.warn(`${file.display}: ${server.warning}.`, 'Uploaded without its image sizes')
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
