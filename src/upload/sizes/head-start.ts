import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LocalFile } from '../files/local-file.js'
import { imageFacts, makeSizes, qualityOf, type Encoding, type MadeFile } from './make-sizes.js'
import type { SiteSizes } from './offer.js'
import { planSizes, type PlannedFile, type SizesPlan } from './plan.js'
import { defaultQuality } from './stored-image.js'

/** A folder of its own under the runner's temporary folder, for one file's sizes. */
export function sizesFolder(): Promise<string> {
  return mkdtemp(path.join(process.env.RUNNER_TEMP || tmpdir(), 'sizes-'))
}

/** The planned files in the order they are sent: the sub-sizes, then the main file. */
function filesOf(plan: SizesPlan): PlannedFile[] {
  return plan.main ? [...plan.subSizes, plan.main] : plan.subSizes
}

/** Sizes made while the original is on its way to WordPress, and where they are. */
export interface HeadStart {
  made: MadeFile[]
  folder: string
  /** The EXIF orientation the files were turned by. */
  orientation: number
  /** The original's pixels as stored, read once for the plan. */
  stored: { width: number; height: number }
}

/**
 * Makes the sizes of `file` as WordPress will most likely ask for them, while its upload is on
 * the way: every registered size, in the file's own type at WordPress's default quality, turned
 * by its EXIF orientation. What the answer then asks for otherwise is made again; this is only
 * a head start, so any failure leaves none.
 */
export async function startSizes(file: LocalFile, site: SiteSizes): Promise<HeadStart | undefined> {
  let folder: string | undefined
  try {
    const facts = await imageFacts(file.path)
    if (!facts) return undefined
    const plan = planSizes({
      ...facts,
      threshold: site.threshold,
      registered: site.registered,
      missing: Object.keys(site.registered),
      storedName: path.basename(file.path),
      outputType: file.mediaType,
      sourceType: file.mediaType
    })
    const encoding: Encoding = {
      mediaType: file.mediaType,
      quality: { default: defaultQuality(file.mediaType), sizes: {} },
      stripMeta: site.stripMeta
    }
    folder = await sizesFolder()
    const made = await makeSizes(file.path, filesOf(plan), encoding, folder, plan.orientation)
    const stored = { width: facts.width, height: facts.height }
    return { made, folder, orientation: plan.orientation, stored }
  } catch {
    if (folder) await rm(folder, { recursive: true, force: true })
    return undefined
  }
}

/** The same pixels, written the same way: a made file serves a planned one under its names. */
function serves(made: MadeFile, planned: PlannedFile, encoding: Encoding): boolean {
  const [a, b] = [made.source, planned.source]
  return (
    made.width === planned.width &&
    made.height === planned.height &&
    a.left === b.left &&
    a.top === b.top &&
    a.width === b.width &&
    a.height === b.height &&
    made.mediaType === encoding.mediaType &&
    made.quality === qualityOf(planned.names, encoding)
  )
}

/**
 * The planned files the head start already made (under the names and file names WordPress's
 * answer gives them), and those still to make.
 */
export function fromHeadStart(
  head: HeadStart | undefined,
  plan: SizesPlan,
  encoding: Encoding
): { ready: MadeFile[]; toMake: PlannedFile[] } {
  const ready: MadeFile[] = []
  const toMake: PlannedFile[] = []
  const turned = head?.orientation === plan.orientation
  for (const one of filesOf(plan)) {
    const made = turned ? head?.made.find(file => serves(file, one, encoding)) : undefined
    if (made) ready.push({ ...made, names: one.names, fileName: one.fileName })
    else toMake.push(one)
  }
  return { ready, toMake }
}
