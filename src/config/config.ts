import { z } from 'zod'
import { normalizeLogicalDate } from '../trigger/logical-date.js'
import { runIdProblem } from '../trigger/run-id.js'
import { InputError, shown } from './errors.js'
import { INPUT, INPUT_DEFAULTS, type InputName, type InputReader } from './inputs.js'

export type Mode = 'trigger' | 'upload'

export const DEFAULT_API_PATH: Record<Mode, string> = {
  trigger: '/api/v2',
  upload: '/cms-json/cms/v2'
}

interface CommonConfig {
  /** Server origin plus any path the site lives under, without a trailing slash. */
  baseUrl: URL
  /** API prefix under the base URL, starting with `/`, without a trailing slash. */
  apiPath: string
  /** Time-out of each HTTP request. */
  timeoutMs: number
  /** Attempts per request at most, the first one included. */
  maxAttempts: number
}

/** How trigger mode proves who it is. */
export type AirflowAuth =
  /** A bearer token as given. */
  | { kind: 'token'; token: string }
  /**
   * A user name and password: exchanged for a token at `POST {base-url}/auth/token` (Airflow 3),
   * or sent as HTTP Basic when api-path is /api/v1 (Airflow 2's basic_auth backend).
   */
  | { kind: 'password'; username: string; password: string }

export interface TriggerConfig extends CommonConfig {
  mode: 'trigger'
  dagId: string
  auth: AirflowAuth
  /** Parsed `conf` object; absent when the input was empty. */
  conf?: Record<string, unknown>
  /** Normalized `logical-date` input; absent means "derive it from the commit". */
  logicalDate?: string
  /** Given `dag-run-id`; absent means prefix plus logical date. */
  dagRunId?: string
  runIdPrefix: string
  onDuplicate: 'fail' | 'reuse'
  wait: boolean
  waitTimeoutMs: number
  pollIntervalMs: number
  /** Token for the GitHub API fallback of the commit date lookup. */
  githubToken?: string
}

export interface UploadConfig extends CommonConfig {
  mode: 'upload'
  /** Glob patterns, one per line of the input. */
  patterns: string[]
  username: string
  appPassword: string
  preflight: boolean
}

export type Config = TriggerConfig | UploadConfig

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])
// Airflow's KEY_REGEX `^[\w.-]+$`, where Python's `\w` takes any Unicode letter or digit.
const DAG_ID_PATTERN = /^[\p{L}\p{N}\p{Mn}_.-]{1,250}$/u

const fail = (ctx: z.RefinementCtx, message: string): never => {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}

const required = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `is required (${what}), got an empty value` })

const boolean = z
  .string()
  .trim()
  .transform((value, ctx) => {
    // The same spellings as core.getBooleanInput (YAML 1.2 core schema).
    if (['true', 'True', 'TRUE'].includes(value)) return true
    if (['false', 'False', 'FALSE'].includes(value)) return false
    return fail(ctx, `expected true or false, got ${shown(value)}`)
  })

const number = (unit: string, min: number, max: number, integer = false) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = Number(value)
      const kind = integer ? 'a whole number' : 'a number'
      if (value === '' || !Number.isFinite(parsed) || (integer && !Number.isInteger(parsed))) {
        return fail(ctx, `expected ${kind} of ${unit} from ${min} to ${max}, got ${shown(value)}`)
      }
      if (parsed < min || parsed > max) {
        return fail(ctx, `expected ${kind} of ${unit} from ${min} to ${max}, got ${value}`)
      }
      return parsed
    })

const seconds = (min: number, max: number) =>
  number('seconds', min, max).transform(value => Math.round(value * 1000))

const baseUrl = required('the server URL, e.g. https://airflow.example.com').transform(
  (value, ctx) => {
    let url: URL
    try {
      url = new URL(value)
    } catch {
      return fail(
        ctx,
        `expected an absolute http(s) URL such as https://example.com, got ${shown(value)}`
      )
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return fail(ctx, `expected an http:// or https:// URL, got the scheme ${shown(url.protocol)}`)
    }
    if (url.username || url.password) {
      return fail(ctx, 'must not contain credentials (user:password@); use the credential inputs')
    }
    if (url.search || url.hash) {
      return fail(ctx, `must not contain a query or fragment, got ${shown(url.search + url.hash)}`)
    }
    url.pathname = url.pathname.replace(/\/+$/, '')
    return url
  }
)

const apiPath = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined
    if (!value.startsWith('/') || /[?#\s]/.test(value)) {
      return fail(ctx, `expected a path starting with "/" such as /api/v2, got ${shown(value)}`)
    }
    return value.replace(/\/+$/, '')
  })

const common = z.object({
  [INPUT.baseUrl]: baseUrl,
  [INPUT.apiPath]: apiPath,
  [INPUT.timeoutSeconds]: seconds(1, 3600),
  [INPUT.maxAttempts]: number('attempts', 1, 10, true),
  [INPUT.allowInsecureHttp]: boolean
})

const conf = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      return fail(
        ctx,
        `expected a JSON object such as {"env": "prod"}, but it is not valid JSON (${reason})`
      )
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      const seen =
        parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`
      return fail(ctx, `expected a JSON object such as {"env": "prod"}, got ${seen}`)
    }
    return parsed as Record<string, unknown>
  })

const logicalDate = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined
    const result = normalizeLogicalDate(value)
    if (result.ok) return result.value
    const expected =
      'an ISO 8601 timestamp with a zone, e.g. 2026-01-31T12:00:00Z or 2026-01-31T13:00:00+01:00'
    const why =
      result.problem === 'no-zone'
        ? ' (it has no zone, and a zone is never guessed)'
        : result.problem === 'impossible'
          ? ' (no such date or time)'
          : ''
    return fail(ctx, `expected ${expected}, got ${shown(value)}${why}`)
  })

/** A run id, or a prefix of one; `empty` is what an empty input stands for. */
const runIdInput = <Empty extends string | undefined>(empty: Empty) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return empty
      const problem = runIdProblem(value)
      return problem ? fail(ctx, `expected ${problem}`) : value
    })

const trigger = common.extend({
  [INPUT.dagId]: required('the DAG id').transform((value, ctx) =>
    DAG_ID_PATTERN.test(value)
      ? value
      : fail(ctx, `expected a DAG id of letters, digits, "_", "." and "-", got ${shown(value)}`)
  ),
  [INPUT.token]: z.string().trim(),
  [INPUT.username]: z.string().trim(),
  [INPUT.password]: z.string().trim(),
  [INPUT.conf]: conf,
  [INPUT.logicalDate]: logicalDate,
  [INPUT.dagRunId]: runIdInput(undefined),
  [INPUT.runIdPrefix]: runIdInput(''),
  [INPUT.onDuplicate]: z
    .string()
    .trim()
    .transform((value, ctx) =>
      value === 'fail' || value === 'reuse'
        ? value
        : fail(ctx, `expected "fail" or "reuse", got ${shown(value)}`)
    ),
  [INPUT.wait]: boolean,
  [INPUT.waitTimeoutSeconds]: seconds(1, 6 * 3600),
  [INPUT.pollIntervalSeconds]: seconds(0.1, 3600),
  [INPUT.githubToken]: z.string().trim()
})

const upload = common.extend({
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
  [INPUT.username]: required('the WordPress user name'),
  [INPUT.appPassword]: required('an application password of that user'),
  [INPUT.preflight]: boolean
})

const insecureHttp = (input: { [INPUT.baseUrl]: URL; [INPUT.allowInsecureHttp]: boolean }) =>
  input[INPUT.baseUrl].protocol !== 'http:' ||
  LOOPBACK_HOSTS.has(input[INPUT.baseUrl].hostname) ||
  input[INPUT.allowInsecureHttp]

const insecureHttpIssue = {
  path: [INPUT.baseUrl],
  error: `expected an https:// URL: over plain http:// to a host that is not loopback, credentials would travel in clear. Set "${INPUT.allowInsecureHttp}: true" if that is intended`
}

function commonConfig(mode: Mode, input: z.output<typeof common>): CommonConfig {
  return {
    baseUrl: input[INPUT.baseUrl],
    apiPath: input[INPUT.apiPath] ?? DEFAULT_API_PATH[mode],
    timeoutMs: input[INPUT.timeoutSeconds],
    maxAttempts: input[INPUT.maxAttempts]
  }
}

/** One way to authenticate, complete: a token, or a user name with its password. */
function checkAirflowAuth(
  input: { [INPUT.token]: string; [INPUT.username]: string; [INPUT.password]: string },
  ctx: z.RefinementCtx
): void {
  const token = input[INPUT.token]
  const username = input[INPUT.username]
  const password = input[INPUT.password]
  const issue = (path: InputName, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message })
  if (token && (username || password)) {
    issue(
      INPUT.token,
      `and "${INPUT.username}"/"${INPUT.password}" are alternatives: expected one of them, got both`
    )
  } else if (!token && !username && !password) {
    issue(
      INPUT.token,
      `is required (the bearer token of the orchestration API), or "${INPUT.username}" and "${INPUT.password}" instead, got neither`
    )
  } else if (!token && !password) {
    issue(INPUT.password, `is required with "${INPUT.username}", got an empty value`)
  } else if (!token && !username) {
    issue(INPUT.username, `is required with "${INPUT.password}", got an empty value`)
  }
}

const triggerConfig = trigger
  // Checked even when other inputs are bad, so that every problem is named at once.
  .superRefine(checkAirflowAuth, { when: () => true })
  .refine(insecureHttp, insecureHttpIssue)
  .transform((input): TriggerConfig => ({
    mode: 'trigger',
    ...commonConfig('trigger', input),
    dagId: input[INPUT.dagId],
    auth: input[INPUT.token]
      ? { kind: 'token', token: input[INPUT.token] }
      : { kind: 'password', username: input[INPUT.username], password: input[INPUT.password] },
    conf: input[INPUT.conf],
    logicalDate: input[INPUT.logicalDate],
    dagRunId: input[INPUT.dagRunId],
    runIdPrefix: input[INPUT.runIdPrefix],
    onDuplicate: input[INPUT.onDuplicate],
    wait: input[INPUT.wait],
    waitTimeoutMs: input[INPUT.waitTimeoutSeconds],
    pollIntervalMs: input[INPUT.pollIntervalSeconds],
    githubToken: input[INPUT.githubToken] || undefined
  }))

const uploadConfig = upload
  .refine(insecureHttp, insecureHttpIssue)
  .transform((input): UploadConfig => ({
    mode: 'upload',
    ...commonConfig('upload', input),
    patterns: input[INPUT.files],
    username: input[INPUT.username],
    appPassword: input[INPUT.appPassword],
    preflight: input[INPUT.preflight]
  }))

/**
 * Turns the raw inputs into one typed, validated config, or throws an InputError naming every bad
 * input at once. Pure: reads inputs only through `read`.
 */
export function parseConfig(read: InputReader): Config {
  const mode = read(INPUT.mode).trim()
  if (mode !== 'trigger' && mode !== 'upload') {
    throw new InputError(
      `Input "${INPUT.mode}" expected "trigger" or "upload", got ${shown(mode)}.`
    )
  }
  const [shape, schema] =
    mode === 'trigger' ? [trigger.shape, triggerConfig] : [upload.shape, uploadConfig]
  const raw = Object.fromEntries(
    Object.keys(shape).map(name => {
      const value = read(name as InputName).trim()
      return [name, value === '' ? (INPUT_DEFAULTS[name as InputName] ?? '') : value]
    })
  )
  const result = schema.safeParse(raw)
  if (!result.success) {
    throw new InputError(
      result.error.issues
        .map(issue => `Input "${String(issue.path[0])}" ${issue.message}.`)
        .join('\n')
    )
  }
  return result.data
}
