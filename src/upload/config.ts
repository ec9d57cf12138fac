import { z } from 'zod'
import {
  commonConfig,
  commonInputs,
  parseInputs,
  requireSecureTransport,
  type CommonConfig
} from '../inputs/common.js'
import { boolean, required, secret, userName } from '../inputs/fields.js'
import { INPUT, type InputReader } from '../inputs/names.js'

/** The content service's REST prefix in the interface's neutral naming; WordPress serves /wp-json/wp/v2. */
export const DEFAULT_API_PATH = '/cms-json/cms/v2'

export interface UploadConfig extends CommonConfig {
  mode: 'upload'
  /** Glob patterns, one per line of the input. */
  patterns: string[]
  username: string
  appPassword: string
  preflight: boolean
}

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
  [INPUT.username]: required('the WordPress user name').pipe(userName),
  [INPUT.appPassword]: required('an application password of that user').pipe(secret),
  [INPUT.preflight]: boolean
})

const uploadConfig = uploadInputs
  .superRefine(requireSecureTransport)
  .transform((input): UploadConfig => ({
    mode: 'upload',
    ...commonConfig(input, DEFAULT_API_PATH),
    patterns: input[INPUT.files],
    username: input[INPUT.username],
    appPassword: input[INPUT.appPassword],
    preflight: input[INPUT.preflight]
  }))

/** The upload mode's inputs as one typed config, or an InputError naming every bad input. */
export function parseUploadConfig(read: InputReader): UploadConfig {
  return parseInputs(Object.keys(uploadInputs.shape), uploadConfig, read)
}

/** The settings for the debug log, with the password replaced. */
export function describeSettings(config: UploadConfig): string {
  return JSON.stringify({ ...config, baseUrl: config.baseUrl.href, appPassword: '***' })
}
