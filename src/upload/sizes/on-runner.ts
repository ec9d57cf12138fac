import { rm } from 'node:fs/promises'
import type { Verdict } from '../../diagnosis/index.js'
import { counted } from '../../log/words.js'
import type { LocalFile } from '../files/local-file.js'
import { refusalMessage } from '../wordpress/media-api.js'
import { readMediaLinks, type MediaLinks } from '../wordpress/media-links.js'
import { fromHeadStart, sizesFolder, type HeadStart } from './head-start.js'
import { imageFacts, makeSizes, type MadeFile } from './make-sizes.js'
import type { SiteSizes } from './offer.js'
import { planSizes, type SizesPlan } from './plan.js'
import { sideloadAll, untilAnswered, type SideloadDeps } from './sideload.js'
import { readStoredImage, type StoredImage } from './stored-image.js'

export type RunnerSizesDeps = SideloadDeps

/** What making an item's sizes on the runner came to. */
interface RunnerSizes {
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
  /** A CDN refused the sizes: asking WordPress to make them would be refused alike. */
  blocked?: Verdict
}

/**
 * Whether an image in the library lacks sizes WordPress would have made of it: its listed sizes
 * against the plan of its pixels (a guess, EXIF unknown; the item's editor view then says which).
 */
export function lacksSizes(
  image: { width: number; height: number; sizes: string[] },
  mediaType: string,
  site: SiteSizes
): boolean {
  const plan = planSizes({
    width: image.width,
    height: image.height,
    orientation: 1,
    threshold: site.threshold,
    registered: site.registered,
    missing: Object.keys(site.registered),
    storedName: 'item',
    outputType: mediaType,
    sourceType: mediaType
  })
  return plan.subSizes.some(size => size.names.some(name => !image.sizes.includes(name)))
}

/** Nothing made on the runner: why, and the main file that is missing with the sizes. */
function none(left: string, plan?: SizesPlan, blocked?: Verdict): RunnerSizes {
  return {
    complete: false,
    made: [],
    left,
    ...(plan?.main ? { mainMissing: plan.main.kind } : {}),
    ...(blocked ? { blocked } : {}),
    links: {}
  }
}

/**
 * The plan of what WordPress describes, and why nothing is made of it when it is not the file's
 * own pixels (WordPress read the dimensions from these very bytes: an answer that says otherwise
 * is not planned from, whatever it is); the plan still tells which main file is then missing.
 */
async function planFor(
  file: LocalFile,
  stored: StoredImage,
  site: SiteSizes,
  head: HeadStart | undefined
): Promise<{ plan: SizesPlan } | { refused: string; plan?: SizesPlan }> {
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
  const own = head?.stored ?? (await imageFacts(file.path).catch(() => undefined))
  if (own?.width === stored.width && own.height === stored.height) return { plan }
  const seen = own ? `${own.width}×${own.height}` : 'an image it cannot read'
  const refused = `WordPress describes it as ${stored.width}×${stored.height}, the runner sees ${seen}, so no size was made on the runner`
  // Of pixels the runner cannot read, WordPress's word is all there is; of others, it is wrong.
  return own ? { refused } : { plan, refused }
}

/**
 * Makes the sizes WordPress lacks for the image it stored as `id` (uploaded with
 * `generate_sub_sizes=false`), taking what `head` made while the upload was on its way, sideloads
 * them and records them with one finalize. What could not be made or sent is said in `left`, for
 * WordPress to make (post-process) or the user to know.
 */
export async function sizesOnRunner(
  file: LocalFile,
  id: number,
  answer: unknown,
  site: SiteSizes,
  deps: RunnerSizesDeps,
  head?: HeadStart
): Promise<RunnerSizes> {
  const stored = readStoredImage(answer)
  if (!stored) {
    return none(
      "the upload's answer did not describe the stored image, so no size was made on the runner"
    )
  }
  const planned = await planFor(file, stored, site, head)
  if ('refused' in planned) return none(planned.refused, planned.plan)
  const { plan } = planned
  if (!plan.main && plan.subSizes.length === 0) return { complete: true, made: [], links: {} }
  const encoding = { ...stored.encoding, stripMeta: site.stripMeta }
  const { ready, toMake } = fromHeadStart(head, plan, encoding)
  const folder = toMake.length ? await sizesFolder() : undefined
  try {
    let made = ready
    if (folder) {
      try {
        made = [
          ...ready,
          ...(await makeSizes(file.path, toMake, encoding, folder, plan.orientation))
        ]
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error)
        deps.log(`${file.display}: its sizes could not be made on the runner: ${why}.`)
        return none(`its sizes could not be made on the runner (${why})`, plan)
      }
    }
    return await send(file, id, plan, made, deps)
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true })
  }
}

/** A CDN refused a size before it reached WordPress: none is recorded, and WordPress is not asked. */
function blockedSizes(verdict: Verdict, plan: SizesPlan): RunnerSizes {
  return none(`its sizes were ${refusalMessage(verdict.status ?? 0, verdict)}`, plan, verdict)
}

const names = (sizes: MadeFile[]) => sizes.flatMap(size => size.names)

/**
 * Sideloads the sub-sizes (at once, as the gate lets them), then the main file: a `-scaled` or
 * upright main file changes the item's attached file, after which WordPress would name later
 * sizes `{stem}-WxH-1`. Then one finalize records every size stored.
 */
async function send(
  file: LocalFile,
  id: number,
  plan: SizesPlan,
  made: MadeFile[],
  deps: RunnerSizesDeps
): Promise<RunnerSizes> {
  const isMain = (size: MadeFile) => !!plan.main && size.names[0] === plan.main.names[0]
  deps.log(
    `${file.display}: ${counted(made.length, 'file')} made on the runner (${made.map(size => `${size.names.join('+')} ${size.width}×${size.height}`).join(', ')}).`
  )
  const subs = await sideloadAll(
    file,
    id,
    made.filter(size => !isMain(size)),
    deps
  )
  if (subs.blocked) return blockedSizes(subs.blocked, plan)
  const main = made.find(isMain)
  const last = main && !deps.signal?.aborted ? await sideloadAll(file, id, [main], deps) : undefined
  if (last?.blocked) return blockedSizes(last.blocked, plan)
  const answers = [...subs.answers, ...(last?.answers ?? [])]
  const failed = [...subs.failed, ...(last ? last.failed : main ? [main] : [])]
  if (answers.length === 0) return none(`no size was stored (${names(failed).join(', ')})`, plan)
  const finalized = await untilAnswered(
    'finalize',
    file,
    () => deps.api.finalize(id, answers),
    deps
  )
  if (finalized.blocked) return blockedSizes(finalized.blocked, plan)
  if (!finalized.json) {
    return none(`the sizes were stored but not recorded (finalize: ${finalized.said})`, plan)
  }
  return {
    complete: failed.length === 0,
    made: names(made.filter(size => !failed.includes(size))),
    ...(failed.length ? { left: `not stored: ${names(failed).join(', ')}` } : {}),
    ...(main && failed.includes(main) ? { mainMissing: plan.main!.kind } : {}),
    links: readMediaLinks(finalized.json)
  }
}
