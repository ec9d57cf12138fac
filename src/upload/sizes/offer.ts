import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { count, record } from '../../http/json-fields.js'
import { describeResult } from '../../http/send.js'
import { FINALIZE_ROUTE, SIDELOAD_ROUTE } from '../wordpress/client-media.js'
import type { MediaApi } from '../wordpress/media-api.js'
import type { CropX, CropY, RegisteredSize } from './plan.js'

/** What the site lets a client do with image sizes, from its REST index. */
export interface SiteSizes {
  /** name → width, height, crop, in the order WordPress lists them. */
  registered: Record<string, RegisteredSize>
  /** `big_image_size_threshold`: above it WordPress keeps a `-scaled` copy as the main file. */
  threshold: number | false
  /** `image_strip_meta`: sizes keep no metadata but the colour profile. */
  stripMeta: boolean
}

/** Where images' sizes are made in this run, and why, one sentence for the log and summary. */
export type SizesOffer =
  | { on: 'runner'; site: SiteSizes; how: string }
  /** `verdict`: the REST index's answer, when one was asked for. */
  | { on: 'server'; why: string; verdict?: Verdict }

const CROP_X: readonly string[] = ['left', 'center', 'right']
const CROP_Y: readonly string[] = ['top', 'center', 'bottom']

function crop(value: unknown): RegisteredSize['crop'] | undefined {
  if (typeof value === 'boolean') return value
  // WordPress stores 1/0 for the crop of the built-in sizes on some sites.
  if (value === 1 || value === 0) return value === 1
  if (!Array.isArray(value) || value.length !== 2) return undefined
  const [x, y] = value as unknown[]
  if (typeof x !== 'string' || typeof y !== 'string') return undefined
  return CROP_X.includes(x) && CROP_Y.includes(y) ? [x as CropX, y as CropY] : undefined
}

/** As many sizes as one finalize records (its `sub_sizes` takes at most 100). */
const MOST_SIZES = 100

/** The registered sizes, or undefined when any of them cannot be read (nothing is guessed). */
function registeredSizes(value: unknown): Record<string, RegisteredSize> | undefined {
  const sizes = record(value)
  if (!sizes || Object.keys(sizes).length > MOST_SIZES) return undefined
  const read: Record<string, RegisteredSize> = {}
  for (const [name, size] of Object.entries(sizes)) {
    const fields = record(size)
    const width = count(fields?.width)
    const height = count(fields?.height)
    const cropped = crop(fields?.crop)
    if (width === undefined || height === undefined || cropped === undefined) return undefined
    read[name] = { width, height, crop: cropped }
  }
  return read
}

/**
 * What the REST index says, read as the user who uploads: WordPress lists `image_sizes` only when
 * client-side media processing is on (over https, or on a localhost host, unless a plugin turns it
 * off) and the user may upload; a plugin may still unregister the two routes.
 */
export function readSizesOffer(json: unknown): SizesOffer {
  const index = record(json)
  const routes = record(index?.routes)
  const registered = registeredSizes(index?.image_sizes)
  if (index?.image_sizes === undefined) {
    return {
      on: 'server',
      why: 'the site does not offer client-side image sizes (WordPress before 7.1, a site not served over https, or turned off by a plugin)'
    }
  }
  if (!registered) {
    return { on: 'server', why: 'the REST index lists image_sizes in a shape that cannot be read' }
  }
  if (!routes?.[SIDELOAD_ROUTE] || !routes[FINALIZE_ROUTE]) {
    return {
      on: 'server',
      why: 'the REST index lists image_sizes, but not the media sideload and finalize routes (a plugin may have removed them)'
    }
  }
  const threshold = count(index.image_size_threshold)
  const names = Object.keys(registered)
  return {
    on: 'runner',
    site: {
      registered,
      threshold: threshold ? threshold : false,
      stripMeta: index.image_strip_meta !== false
    },
    how: `WordPress offers client-side image sizes (${names.length} sizes: ${names.join(', ')}${threshold ? `; images above ${threshold} px get a -scaled copy` : ''})`
  }
}

/** Asks the REST index what the site offers; any failure to tell is the server's sizes, said why. */
export async function findSizesOffer(api: MediaApi): Promise<SizesOffer> {
  if (!api.sizesIndex) {
    return { on: 'server', why: "the REST API is not WordPress's wp/v2, which alone offers it" }
  }
  const result = await api.sizesIndex()
  const verdict = diagnose(result, api.context('GET'))
  if (!('response' in result) || result.response.status !== 200 || !verdict.json) {
    return {
      on: 'server',
      why: `the REST index did not say whether the site offers client-side image sizes (${describeResult(result)})`,
      verdict
    }
  }
  const offer = readSizesOffer(verdict.json)
  return offer.on === 'server' ? { ...offer, verdict } : offer
}
