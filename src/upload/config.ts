import { z } from 'zod'
import {
  commonConfig,
  commonInputs,
  parseInputs,
  requireSecureTransport,
  type CommonConfig
} from '../inputs/common.js'
import {
  boolean,
  choice,
  fail,
  optional,
  required,
  secret,
  seconds,
  userName
} from '../inputs/fields.js'
import { shown } from '../inputs/input-error.js'
import { INPUT, type InputReader } from '../inputs/names.js'
import { MAX_LEGS, type Shard } from './files/shard.js'

/**
 * The media API's prefix in the interface's own naming, for a server that does not announce
 * itself as WordPress does (a real WordPress is found at /wp-json/wp/v2 or its plain form).
 */
export const DEFAULT_WORDPRESS_API_PATH = '/cms-json/cms/v2'

export interface UploadConfig extends CommonConfig {
  mode: 'upload'
  /** Glob patterns, one per line of the input. */
  patterns: string[]
  /** What a run whose patterns match no file does: fail, warn, or only say so in the log. */
  ifNoFilesFound: 'error' | 'warn' | 'ignore'
  /** How long to wait for a CDN block to lift, probing, before giving up; 0: not at all. */
  blockedWaitMs: number
  username: string
  appPassword: string
  preflight: boolean
  /** Look files up by their content key and send only those not in the library. */
  skipExisting: boolean
  /** Files in flight at once, each on its own kept-alive connection; `auto`: found from the answers. */
  concurrency: number | 'auto'
  /** Templates of the media fields, set in the upload request itself; absent: WordPress's default. */
  fields: MediaFieldTemplates
  /** The post every file is attached to (WordPress's `post` field, the item's parent). */
  attachTo?: number
  /**
   * The file that becomes the featured image of `attachTo`: `first` (the first image matched) or a
   * path as `files` matched it.
   */
  featuredImage?: string
  /** This leg of a job matrix: only its share of the matched files is sent; absent: all of them. */
  shard?: Shard
  /**
   * Where images' sizes are made: `runner` (sideloaded to WordPress 7.1), `server` (WordPress
   * makes them), `auto` (the runner where the site offers it).
   */
  imageSizes: 'auto' | 'runner' | 'server'
}

/** WordPress's names of the fields, with the template of each. */
export interface MediaFieldTemplates {
  title?: string
  alt_text?: string
  caption?: string
  description?: string
}

/** What a field template may say about each file. */
const PLACEHOLDERS = ['name', 'stem', 'path'] as const

const template = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined
    const unknown = [...value.matchAll(/\{([^{}]*)\}/g)]
      .map(match => match[1]!)
      .filter(name => !(PLACEHOLDERS as readonly string[]).includes(name))
    if (unknown.length > 0) {
      return fail(
        ctx,
        `expected placeholders among ${PLACEHOLDERS.map(name => `{${name}}`).join(', ')}, got ${[...new Set(unknown)].map(name => `{${name}}`).join(', ')}`
      )
    }
    return value
  })

/** A post id, as in a post's edit link (`post.php?post=42`). */
const postId = optional((value, ctx) => {
  const id = /^\d{1,15}$/.test(value) ? Number(value) : NaN
  if (Number.isSafeInteger(id) && id > 0) return id
  return fail(
    ctx,
    `expected a post id: a whole number above 0, the number in the post's edit link (wp-admin/post.php?post=42), got ${shown(value)}`
  )
})

/** A featured image belongs to a post: without attach-to there is none to give it to. */
function requirePostForFeatured(
  input: { [INPUT.attachTo]?: number; [INPUT.featuredImage]?: string },
  ctx: z.RefinementCtx
): void {
  if (input[INPUT.featuredImage] === undefined || input[INPUT.attachTo] !== undefined) return
  ctx.addIssue({
    code: 'custom',
    path: [INPUT.featuredImage],
    message: `is set, but "${INPUT.attachTo}" is empty: a featured image is the featured image of the post in "${INPUT.attachTo}". Set "${INPUT.attachTo}" to that post's id, or remove "${INPUT.featuredImage}"`
  })
}
/** `auto` (the level found from the server's answers) or a fixed number of files at once. */
const concurrency = z
  .string()
  .trim()
  .transform((value, ctx): number | 'auto' => {
    if (value.toLowerCase() === 'auto') return 'auto'
    const parsed = Number(value)
    if (value !== '' && Number.isInteger(parsed) && parsed >= 1 && parsed <= 16) return parsed
    return fail(
      ctx,
      `expected auto (found from the server's answers) or a whole number of files from 1 to 16, got ${shown(value)}`
    )
  })

/** `i/n`: this leg's number and the number of legs, as a matrix gives them (`${{ matrix.leg }}/4`). */
const shard = optional((value, ctx): Shard => {
  const parts = /^(\d{1,6})\s*\/\s*(\d{1,6})$/.exec(value)
  if (!parts) {
    return fail(
      ctx,
      `expected i/n, this leg's number and the number of legs, such as 2/4, got ${shown(value)}`
    )
  }
  const [index, count] = [Number(parts[1]), Number(parts[2])]
  if (count < 1 || count > MAX_LEGS) {
    return fail(
      ctx,
      `expected from 1 to ${MAX_LEGS} legs (the most jobs a matrix runs) after the "/", got ${shown(value)}`
    )
  }
  if (index < 1 || index > count) {
    return fail(ctx, `expected a leg from 1 to ${count} before the "/", got ${shown(value)}`)
  }
  return { index, count }
})

const uploadInputs = commonInputs.extend({
  [INPUT.files]: z
    .string()
    .transform(value =>
      value
        .split(/\r?\n/)
        .map(line => line.trim())
        .filter(line => line !== '' && !line.startsWith('#'))
    )
    .refine(lines => lines.length > 0, {
      error: 'is required: newline-separated glob patterns such as dist/*.png, got none'
    }),
  [INPUT.ifNoFilesFound]: choice(['error', 'warn', 'ignore']),
  [INPUT.blockedWaitSeconds]: seconds(0, 3600),
  [INPUT.username]: required('the WordPress user name').pipe(userName),
  // The Airflow input by a similar name: given here, it is a mistake, never a fallback.
  [INPUT.password]: z
    .string()
    .trim()
    .refine(value => value === '', {
      error: `is the Airflow password, for trigger mode (the value is not shown). Upload mode signs in with "${INPUT.appPassword}": an application password, made in WordPress under Users → Profile → Application Passwords, not the account's login password. Remove "${INPUT.password}"`
    }),
  [INPUT.appPassword]: required('an application password of that user').pipe(secret),
  [INPUT.preflight]: boolean,
  [INPUT.skipExisting]: boolean,
  [INPUT.concurrency]: concurrency,
  [INPUT.title]: template,
  [INPUT.altText]: template,
  [INPUT.caption]: template,
  [INPUT.description]: template,
  [INPUT.attachTo]: postId,
  [INPUT.featuredImage]: optional(value => value),
  [INPUT.shard]: shard,
  [INPUT.imageSizes]: choice(['auto', 'runner', 'server'])
})

const uploadConfig = uploadInputs
  .superRefine(requireSecureTransport)
  .superRefine(requirePostForFeatured)
  .transform((input): UploadConfig => ({
    mode: 'upload',
    ...commonConfig(input),
    patterns: input[INPUT.files],
    ifNoFilesFound: input[INPUT.ifNoFilesFound],
    blockedWaitMs: input[INPUT.blockedWaitSeconds],
    username: input[INPUT.username],
    appPassword: input[INPUT.appPassword],
    preflight: input[INPUT.preflight],
    skipExisting: input[INPUT.skipExisting],
    concurrency: input[INPUT.concurrency],
    fields: {
      ...(input[INPUT.title] ? { title: input[INPUT.title] } : {}),
      ...(input[INPUT.altText] ? { alt_text: input[INPUT.altText] } : {}),
      ...(input[INPUT.caption] ? { caption: input[INPUT.caption] } : {}),
      ...(input[INPUT.description] ? { description: input[INPUT.description] } : {})
    },
    ...(input[INPUT.attachTo] === undefined ? {} : { attachTo: input[INPUT.attachTo] }),
    ...(input[INPUT.featuredImage] === undefined
      ? {}
      : { featuredImage: input[INPUT.featuredImage] }),
    ...(input[INPUT.shard] === undefined ? {} : { shard: input[INPUT.shard] }),
    imageSizes: input[INPUT.imageSizes]
  }))

/** The upload mode's inputs as one typed config, or an InputError naming every bad input. */
export function parseUploadConfig(read: InputReader): UploadConfig {
  return parseInputs(Object.keys(uploadInputs.shape), uploadConfig, read)
}

/** The settings for the debug log, with the password replaced and only the headers' names. */
export function describeSettings(config: UploadConfig): string {
  return JSON.stringify({
    ...config,
    baseUrl: config.baseUrl.href,
    appPassword: '***',
    headers: Object.keys(config.headers)
  })
}
