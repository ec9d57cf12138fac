import { z } from 'zod'
import { boolean, fail, number, optional, required, seconds } from './fields.js'
import { parseHeaders } from './headers.js'
import { InputError, shown } from './input-error.js'
import {
  EMPTY_IS_A_VALUE,
  INPUT,
  INPUT_DEFAULTS,
  type InputName,
  type InputReader
} from './names.js'

export type Mode = 'trigger' | 'upload'

/** What an entry runs: a mode, or upload/merge, which only its own action (upload/merge/) runs. */
export type ActionMode = Mode | 'merge'

/** The inputs every mode reads: where the server is and how patiently to talk to it. */
export interface CommonConfig {
  /** Server origin plus any path the site lives under; the path has no trailing slash. */
  baseUrl: URL
  /**
   * API prefix under the base URL, starting with `/`, without a trailing slash; absent when
   * api-path is empty, and then each mode asks the server where its API is.
   */
  apiPath?: string
  /** Idle time-out of each HTTP request. */
  timeoutMs: number
  /** Attempts per request at most, the first one included. */
  maxAttempts: number
  /** Extra headers for requests to base-url's origin (a gateway's credentials): values are secrets. */
  headers: Record<string, string>
  /** Everything up to the first write, and nothing created or stored. */
  dryRun: boolean
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** An absolute http(s) URL without credentials, query or fragment; its path loses a trailing "/". */
export function httpUrl(value: string, ctx: z.RefinementCtx): URL {
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
  url.pathname = url.pathname.replace(/(?<!\/)\/+$/, '')
  return url
}

/**
 * The API prefixes a base URL must not end in: the action adds the API path itself, so
 * `https://site/wp-json` would become `https://site/wp-json/wp-json/wp/v2/…`. Matched on whole
 * segments, case-insensitively: `/wp-json…`, `/cms-json…` (the interface's neutral name),
 * `/api/v1…`, `/api/v2…`.
 */
const API_IN_BASE = /\/(?:wp-json|cms-json|api\/v[12])(?:\/|$)/i

/** Refuses a base URL that carries an API path, saying what to remove and where it belongs. */
function siteAddress(url: URL, ctx: z.RefinementCtx): URL {
  const found = API_IN_BASE.exec(url.pathname)
  if (!found) return url
  const site = `${url.origin}${url.pathname.slice(0, found.index)}`
  const apiPart = url.pathname.slice(found.index)
  return fail(
    ctx,
    `expected the server's own address, got ${shown(url.href)}, which ends in the API path ${shown(apiPart)}. Remove ${shown(apiPart)}: base-url is ${shown(site)}, and the action finds the API under it (to name the API yourself, put its path in "${INPUT.apiPath}")`
  )
}

function serverUrl(value: string, ctx: z.RefinementCtx): URL {
  const url = httpUrl(value, ctx)
  return url instanceof URL ? siteAddress(url, ctx) : url
}

const baseUrl = required('the server URL, e.g. https://airflow.example.com').transform(serverUrl)

/** `base-url` where a mode can do without it (trigger mode through MWAA). */
export const optionalBaseUrl = optional(serverUrl)

/**
 * The path as servers on the way may read it: decoded again and again (a CDN, then the origin),
 * until nothing changes or what is left is not valid percent-encoding.
 */
function decodedPath(path: string): string {
  let decoded = path
  for (let before = ''; before !== decoded;) {
    before = decoded
    try {
      decoded = decodeURIComponent(decoded)
    } catch {
      return decoded
    }
  }
  return decoded
}

const apiPath = optional((value, ctx) => {
  if (!value.startsWith('/') || /[?#\s\\]/.test(value)) {
    return fail(ctx, `expected a path starting with "/" such as /api/v2, got ${shown(value)}`)
  }
  // The request goes only where this path stays on base-url's host and under its path, as any
  // server may read it: `//host/api` (or `/%2F%2Fhost`, `/%5Chost`) names a host, `..` climbs.
  const decoded = decodedPath(value)
  if (decoded.startsWith('//') || decoded.includes('\\')) {
    return fail(ctx, `expected a path on base-url's host, got ${shown(value)}, which names a host`)
  }
  if (decoded.split('/').some(segment => /^\.\.?(?:;|$)/.test(segment))) {
    return fail(ctx, `expected a path without "." or ".." segments, got ${shown(value)}`)
  }
  return value.replace(/(?<!\/)\/+$/, '')
})

const headers = z.string().transform((value, ctx) => {
  const parsed = parseHeaders(value)
  for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message })
  return parsed.headers
})

export const commonInputs = z.object({
  [INPUT.baseUrl]: baseUrl,
  [INPUT.apiPath]: apiPath,
  [INPUT.timeoutSeconds]: seconds(1, 3600),
  [INPUT.maxAttempts]: number('attempts', 1, 10, true),
  [INPUT.allowInsecureHttp]: boolean,
  [INPUT.headers]: headers,
  [INPUT.dryRun]: boolean
})

type CommonInputs = z.output<typeof commonInputs>

/** Credentials travel in clear over http:// unless the host is loopback or the user said so. */
export function requireSecureTransport(
  input: { [INPUT.baseUrl]?: URL; [INPUT.allowInsecureHttp]: boolean },
  ctx: z.RefinementCtx
): void {
  const url = input[INPUT.baseUrl]
  if (!url || url.protocol !== 'http:' || LOOPBACK_HOSTS.has(url.hostname)) return
  if (input[INPUT.allowInsecureHttp]) return
  ctx.addIssue({
    code: 'custom',
    path: [INPUT.baseUrl],
    message: `expected an https:// URL: over plain http:// to a host that is not loopback, credentials would travel in clear. Set "${INPUT.allowInsecureHttp}: true" if that is intended`
  })
}

/** The common settings but the server's address, which a mode may let be empty (MWAA). */
export function commonSettings(
  input: Omit<CommonInputs, typeof INPUT.baseUrl>
): Omit<CommonConfig, 'baseUrl'> {
  return {
    ...(input[INPUT.apiPath] === undefined ? {} : { apiPath: input[INPUT.apiPath] }),
    timeoutMs: input[INPUT.timeoutSeconds],
    maxAttempts: input[INPUT.maxAttempts],
    headers: input[INPUT.headers],
    dryRun: input[INPUT.dryRun]
  }
}

export function commonConfig(input: CommonInputs): CommonConfig {
  return { baseUrl: input[INPUT.baseUrl], ...commonSettings(input) }
}

export function readMode(read: InputReader): Mode {
  const mode = read(INPUT.mode).trim()
  if (mode !== 'trigger' && mode !== 'upload') {
    throw new InputError(
      `Input "${INPUT.mode}" expected "trigger" or "upload", got ${shown(mode)}.`
    )
  }
  return mode
}

/**
 * Reads the inputs a schema names (an empty value takes action.yml's default) and parses them, or
 * throws an InputError naming every bad input at once.
 */
export function parseInputs<Output>(
  names: readonly string[],
  schema: z.ZodType<Output>,
  read: InputReader
): Output {
  const raw = Object.fromEntries(
    names.map(name => {
      const value = read(name as InputName).trim()
      const keep = value !== '' || EMPTY_IS_A_VALUE.includes(name as InputName)
      return [name, keep ? value : (INPUT_DEFAULTS[name as InputName] ?? '')]
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
