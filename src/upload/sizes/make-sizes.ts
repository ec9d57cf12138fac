import { stat } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { Sharp } from 'sharp'
import type { PlannedFile } from './plan.js'

/** A size made on the runner, on disk, ready to be sideloaded. */
export interface MadeFile extends PlannedFile {
  path: string
  bytes: number
  mediaType: string
  /** The encoder's quality it was written at. */
  quality: number
}

/** How WordPress asked for the files to be written (the upload's answer and the REST index). */
export interface Encoding {
  /** The mime type to write (`image_output_format`, else the upload's own). */
  mediaType: string
  /** `image_quality`: the default, and the sizes whose quality differs. */
  quality: { default: number; sizes: Record<string, number> }
  /** `image_strip_meta`: keep no metadata but the colour profile, as WordPress's Imagick editor. */
  stripMeta: boolean
}

/** The image types sizes are made of on the runner: those every sharp build reads and writes. */
export const RUNNER_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif'
]

/**
 * Images whose sizes are made at once: one a core. Each decodes its original once a size, so a
 * 12-megapixel photo holds about 200 MiB while its sizes are made; more at once than the cores
 * would only add memory.
 */
class Slots {
  private free: number
  private readonly waiting: (() => void)[] = []
  constructor(count: number) {
    this.free = count
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--
      return
    }
    await new Promise<void>(resolve => this.waiting.push(resolve))
  }
  give(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.free++
  }
}

const making = new Slots(Math.max(1, availableParallelism()))

let loaded: Promise<typeof import('sharp')> | undefined

/**
 * sharp, loaded once and only in a run that is to make sizes: native libvips beside the bundle on
 * Linux, its WebAssembly build elsewhere (dist/node_modules).
 */
function library(): Promise<typeof import('sharp')> {
  loaded ??= import('sharp')
  return loaded
}

/**
 * Why sizes cannot be made on this runner (sharp has no build that loads here, or cannot decode
 * a JPEG), or undefined when they can: asked before any file is sent.
 */
export async function imageLibraryProblem(): Promise<string | undefined> {
  try {
    const { default: sharp } = await library()
    const probe = sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
    await sharp(await probe.jpeg().toBuffer())
      .resize(1, 1)
      .toBuffer()
    return undefined
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return `the image library (sharp) does not work on this runner (${why})`
  }
}

/**
 * The pixels of the image as stored (before any EXIF turn), as WordPress reads them too, and its
 * EXIF orientation (1 when it has none).
 */
export async function imageFacts(
  source: string
): Promise<{ width: number; height: number; orientation: number } | undefined> {
  const { default: sharp } = await library()
  const { width, height, orientation } = await sharp(source).metadata()
  return width && height ? { width, height, orientation: orientation ?? 1 } : undefined
}

/** The quality of a file that serves these sizes: WordPress encodes each size at its own. */
export function qualityOf(names: readonly string[], encoding: Encoding): number {
  const own = names.map(name => encoding.quality.sizes[name]).find(value => value !== undefined)
  return own ?? encoding.quality.default
}

function encode(image: Sharp, encoding: Encoding, quality: number): Sharp {
  // Pixels are written as they are and the profile travels with them, as Imagick's strip does.
  const kept = encoding.stripMeta ? image.keepIccProfile() : image.keepMetadata()
  switch (encoding.mediaType) {
    case 'image/jpeg':
      return kept.jpeg({ quality })
    case 'image/png':
      return kept.png()
    case 'image/gif':
      return kept.gif()
    case 'image/webp':
      return kept.webp({ quality })
    case 'image/avif':
      return kept.avif({ quality })
    default:
      throw new Error(`sizes cannot be written as ${encoding.mediaType}`)
  }
}

/**
 * Makes each planned file from the original at `source` into `folder`: turned upright when
 * WordPress would turn it (`orientation` above 1: a JPEG's EXIF orientation), the planned part cut
 * out and resized to exactly the planned pixels. Each is decoded on its own, all at once: libvips
 * shrinks a JPEG while decoding it, which makes this faster than resizing one decoded copy.
 */
export async function makeSizes(
  source: string,
  files: readonly PlannedFile[],
  encoding: Encoding,
  folder: string,
  orientation: number
): Promise<MadeFile[]> {
  const { default: sharp } = await library()
  await making.take()
  try {
    return await Promise.all(
      files.map(file => makeOne(sharp, source, file, encoding, folder, orientation))
    )
  } finally {
    making.give()
  }
}

let written = 0

async function makeOne(
  sharp: (typeof import('sharp'))['default'],
  source: string,
  planned: PlannedFile,
  encoding: Encoding,
  folder: string,
  orientation: number
): Promise<MadeFile> {
  // The name WordPress gave is sent as the file's name; on disk it is only ours, so that no
  // answer's text (a "..", a backslash on Windows) can lead a write out of the folder.
  const target = path.join(folder, `size-${++written}`)
  // The first frame of an animated image, as WordPress's editors make its sizes.
  const decoded = sharp(source, { failOn: 'error' })
  // sharp's turn reads the same EXIF tag WordPress read; of other types WordPress turns none.
  const image = (orientation > 1 ? decoded.autoOrient() : decoded)
    .extract(planned.source)
    .resize(planned.width, planned.height, { fit: 'fill' })
  const quality = qualityOf(planned.names, encoding)
  await encode(image, encoding, quality).toFile(target)
  const { size } = await stat(target)
  return { ...planned, path: target, bytes: size, mediaType: encoding.mediaType, quality }
}
