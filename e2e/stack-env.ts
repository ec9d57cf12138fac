import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const stateDir = path.resolve(process.env.E2E_STATE ?? path.join(repoRoot, '.e2e-state'))
export const stackScript = path.join(repoRoot, 'e2e', 'stack.sh')

/** What `e2e/stack.sh up` writes to $E2E_STATE/stack.env (raw KEY=VALUE lines, no quoting). */
export interface StackEnv {
  E2E_STATE: string
  /** WordPress behind the origin nginx; WordPress's own URLs (source_url, Link, Location) use it. */
  ORIGIN_URL: string
  /** CDN that lets CDN_PASS_POSTS POSTs through, then answers nginx's stock 405 page. */
  CDN_BLOCK_URL: string
  /** CDN that passes everything through but stamps its own `server` and `x-cdn-request-id`. */
  CDN_PASS_URL: string
  CDN_NAME: string
  CDN_BLOCK_EDGE_ID: string
  CDN_PASS_EDGE_ID: string
  CDN_PASS_POSTS: string
  CDN_PASS_POSTS_DEFAULT: string
  /** JSON lines of the blocking CDN: method, uri, status, upstream ('' = answered by the CDN). */
  CDN_ACCESS_LOG: string
  CDN_PASS_ACCESS_LOG: string
  ORIGIN_ACCESS_LOG: string
  CDN_BLOCK_POSTS_FLAG: string
  CDN_BLOCK_API_POSTS_FLAG: string
  WP_REST_PREFIX: string
  WP_MEDIA_PATH: string
  WP_USER: string
  WP_USER_ID: string
  WP_APP_PASSWORD: string
  /** The account's login password: WordPress's REST API refuses it over Basic auth (401). */
  WP_LOGIN_PASSWORD: string
  /** A real application password that was deleted again (401). */
  WP_REVOKED_APP_PASSWORD: string
  /** Random, never valid (401). */
  WP_WRONG_APP_PASSWORD: string
  /** Valid credentials of a subscriber, who may not upload (403). */
  WP_SUBSCRIBER_USER: string
  WP_SUBSCRIBER_APP_PASSWORD: string
  /** Valid credentials of a Contributor: may write posts, not upload (no upload_files). */
  WP_CONTRIBUTOR_USER: string
  WP_CONTRIBUTOR_APP_PASSWORD: string
  /** Valid credentials of an Author: may upload and edit their own posts, but no page. */
  WP_AUTHOR_USER: string
  WP_AUTHOR_APP_PASSWORD: string
  /** A post and a page of the administrator's to attach uploads to. */
  WP_POST_ID: string
  WP_PAGE_ID: string
  /**
   * A post dated WP_OLD_POST_MONTH (`2019/03`): its uploads go to that month's folder under
   * UPLOADS_DIR, which does not exist until one is stored there.
   */
  WP_OLD_POST_ID: string
  WP_OLD_POST_MONTH: string
  /**
   * The same WordPress as shared hosting runs it: one request per php-fpm worker, memory_limit
   * HOSTING_MEMORY (a 20 MiB image is stored, then its sizes fail: 500 with the header), nginx's
   * own 413 above ORIGIN_BODY_LIMIT, nginx naming its version. It logs to ORIGIN_ACCESS_LOG.
   */
  ORIGIN_HOSTING_URL: string
  HOSTING_MEMORY: string
  STARVED_MEMORY: string
  STARVE_POST_PROCESS_FLAG: string
  ORIGIN_BODY_LIMIT: string
  /** A CDN with its own body limit (CDN_BODY_LIMIT) in front of ORIGIN_HOSTING_URL; logs to CDN_PASS_ACCESS_LOG. */
  CDN_LIMIT_URL: string
  CDN_LIMIT_EDGE_ID: string
  CDN_BODY_LIMIT: string
  /**
   * The origin's WordPress on a host that serves at most ORIGIN_CAPPED_AT_ONCE requests at once and
   * answers the others 508 at once (nginx limit_conn), as CloudLinux does above its entry-process
   * limit. It logs to ORIGIN_CAPPED_ACCESS_LOG.
   */
  ORIGIN_CAPPED_URL: string
  ORIGIN_CAPPED_AT_ONCE: string
  ORIGIN_CAPPED_ACCESS_LOG: string
  /** PHP-FPM workers of the pool behind ORIGIN_URL and ORIGIN_CAPPED_URL (E2E_PHP_WORKERS at up). */
  PHP_WORKERS: string
  UPLOADS_DIR: string
  /** The user PHP runs as (www-data, or root when it cannot reach the state folder). */
  WEB_USER: string
  /** get_bloginfo('version'), e.g. '7.1.4'. */
  WP_VERSION: string
  /** Which WordPress the stack was asked for (E2E_WORDPRESS): '7.1', '6.8' or '6.1'. */
  WORDPRESS: string
  /** The Debian package's version, e.g. '7.1.4+dfsg1-1'. */
  WP_PACKAGE_VERSION: string
  /** The folder nginx serves WordPress from. */
  WP_ROOT: string
  /**
   * The CA of this `up`, which signed the certificate every server of the stack but the sandbox
   * and Airflow presents (https://127.0.0.1:…): e2e/vitest.config.ts hands it to Node as
   * NODE_EXTRA_CA_CERTS.
   */
  TLS_CA_FILE: string
  SANDBOX_PORT: string
  SANDBOX_URL: string
  /** '1' when the stack started sandbox/cli.ts itself. */
  SANDBOX_STARTED: string
  /** The sandbox's bearer token as it printed it ('' when the stack did not start it). */
  SANDBOX_TOKEN: string
  SANDBOX_LOG: string
  FIXTURES_DIR: string
  PHP_BIN: string
  PHP_VERSION: string
  MARIADB_SOCKET: string
  LOGS_DIR: string
  MARIADB_PID_FILE: string
  PHP_FPM_PID_FILE: string
  ORIGIN_PID_FILE: string
  CDN_BLOCK_PID_FILE: string
  CDN_PASS_PID_FILE: string
  SANDBOX_PID_FILE: string
  /** '1' when the stack started the real Airflow of e2e/airflow/ (E2E_AIRFLOW=0: '0', and no more). */
  AIRFLOW_STARTED: string
  /** Which Airflow runs (E2E_AIRFLOW): '3.3.2' (the default) or '2.10.5'. */
  AIRFLOW_VERSION: string
  /** Its REST API under AIRFLOW_URL: '/api/v2' (Airflow 3) or '/api/v1' (Airflow 2). */
  AIRFLOW_API_PATH: string
  /** Airflow 3.3's API server or 2.10's webserver, which serves the UI too (base URL, no path). */
  AIRFLOW_URL: string
  /**
   * An admin: of the simple auth manager on 3.3 (POST /auth/token with these → 201 {access_token}),
   * of FAB on 2.10 (HTTP Basic).
   */
  AIRFLOW_USER: string
  AIRFLOW_PASSWORD: string
  AIRFLOW_HOME: string
  AIRFLOW_VENV: string
  /** [api_auth] jwt_expiration_time: how long a token from /auth/token is good for (3.3; 2.10: ''). */
  AIRFLOW_JWT_SECONDS: string
  [key: string]: string
}

const required = [
  'ORIGIN_URL',
  'CDN_BLOCK_URL',
  'CDN_PASS_URL',
  'WP_USER',
  'WP_APP_PASSWORD',
  'CDN_ACCESS_LOG'
]

export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const at = line.indexOf('=')
    if (at > 0 && !line.startsWith('#')) out[line.slice(0, at)] = line.slice(at + 1)
  }
  return out
}

/** Reads stack.env afresh (reset-cdn rewrites CDN_PASS_POSTS). */
export function loadStackEnv(): StackEnv {
  const file = path.join(stateDir, 'stack.env')
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: start the stack with 'bash e2e/stack.sh up' or run 'npm run test:e2e'`
    )
  }
  const env = parseEnvFile(readFileSync(file, 'utf8'))
  const missing = required.filter(key => !env[key])
  if (missing.length) throw new Error(`${file} lacks ${missing.join(', ')}`)
  return env as StackEnv
}

/** Whether the stack's WordPress (WP_VERSION) is `major.minor` or later. */
export function wordpressAtLeast(env: StackEnv, major: number, minor = 0): boolean {
  const [have = 0, haveMinor = 0] = env.WP_VERSION.split('.').map(Number)
  return have > major || (have === major && haveMinor >= minor)
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
}

/**
 * Restarts the blocking CDN so the next `passPosts` POSTs pass again (default: the count chosen at
 * `up`, CDN_PASS_POSTS). About 0.15 s.
 */
export function resetCdn(passPosts?: number): void {
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_STATE: stateDir }
  if (passPosts !== undefined) env.CDN_PASS_POSTS = String(passPosts)
  execFileSync('bash', [stackScript, 'reset-cdn'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
}

/**
 * While a flag is set the blocking CDN answers every matching POST with its stock 405 without
 * asking the origin: 'block-posts' = every POST, 'block-api-posts' = POSTs under /api/ only.
 * nginx checks the file on each request, so the change is immediate.
 */
export function setCdnFlag(flag: 'block-posts' | 'block-api-posts', on: boolean): void {
  const env = loadStackEnv()
  const file = flag === 'block-posts' ? env.CDN_BLOCK_POSTS_FLAG : env.CDN_BLOCK_API_POSTS_FLAG
  if (on) writeFileSync(file, '')
  else rmSync(file, { force: true })
}

/**
 * Sets WordPress's permalink structure: `/%postname%/` (pretty, as installed) or '' (plain, where
 * the REST API is only at `index.php?rest_route=`). WordPress reads the option on every request,
 * so the change is immediate.
 */
export function setPermalinks(structure: '/%postname%/' | '', env = loadStackEnv()): void {
  execFileSync('mariadb', [
    '--no-defaults',
    `--socket=${env.MARIADB_SOCKET}`,
    'wordpress',
    '-e',
    `UPDATE wp_options SET option_value = '${structure}' WHERE option_name = 'permalink_structure'`
  ])
}

export interface AccessLogEntry {
  time: number
  method: string
  uri: string
  status: number
  /** '' when nginx answered by itself (the CDN's own 405), else the upstream's address. */
  upstream: string
  upstream_status: string
  request_id: string
  request_length: number
  bytes_sent: number
  /** The request's Content-Length header as sent: '0' for an empty probe, '' when absent. */
  content_length: string
  /** Seconds from the request's first byte to the log line (nginx's $request_time). */
  request_time: number
}

export interface AccessLogFollower {
  /** The complete lines written since the last read (or since following began). */
  read(): AccessLogEntry[]
  /**
   * nginx logs a request after it has sent the response, so a client can be faster than the log:
   * waits until at least `count` new entries exist, then `settleMs` longer (to catch any that
   * should not be there), and returns all of them.
   */
  take(
    count: number,
    options?: { timeoutMs?: number; settleMs?: number }
  ): Promise<AccessLogEntry[]>
}

/** Follows an access log from now on. */
export function followAccessLog(file: string): AccessLogFollower {
  let offset = existsSync(file) ? statSync(file).size : 0
  const read = (): AccessLogEntry[] => {
    if (!existsSync(file)) return []
    const size = statSync(file).size
    if (size < offset) offset = 0
    const buffer = Buffer.alloc(size - offset)
    const fd = openSync(file, 'r')
    try {
      readSync(fd, buffer, 0, buffer.length, offset)
    } finally {
      closeSync(fd)
    }
    // A partly written last line stays for the next read.
    const complete = buffer.lastIndexOf(0x0a) + 1
    offset += complete
    return buffer
      .subarray(0, complete)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line) as AccessLogEntry)
  }
  const take = async (count: number, { timeoutMs = 3000, settleMs = 50 } = {}) => {
    const entries = read()
    const deadline = Date.now() + timeoutMs
    while (entries.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${file}: expected ${count} new entries, found ${entries.length}`)
      }
      await sleep(10)
      entries.push(...read())
    }
    await sleep(settleMs)
    entries.push(...read())
    return entries
  }
  return { read, take }
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

/** How many media items WordPress holds, asked of the origin directly (X-WP-Total). */
export async function mediaCount(env: StackEnv = loadStackEnv()): Promise<number> {
  const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}?per_page=1&context=edit`, {
    headers: { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) }
  })
  if (response.status !== 200) throw new Error(`media count: HTTP ${response.status}`)
  await response.arrayBuffer()
  return Number(response.headers.get('x-wp-total'))
}

/** A file made at `up`: photo.jpg, photo-2.jpg, photo.png, photo.gif, photo.webp, large.jpg, heavy.jpg (20 MiB), not-allowed.sh. */
export function fixturePath(name: string, env: StackEnv = loadStackEnv()): string {
  return path.join(env.FIXTURES_DIR, name)
}

/**
 * While on, the hosting origin (ORIGIN_HOSTING_URL) gives post-process requests STARVED_MEMORY
 * instead of HOSTING_MEMORY: too little even to finish an item's image sizes. nginx checks the
 * flag on every request.
 */
export function setStarvePostProcess(on: boolean, env = loadStackEnv()): void {
  if (on) writeFileSync(env.STARVE_POST_PROCESS_FLAG, '')
  else rmSync(env.STARVE_POST_PROCESS_FLAG, { force: true })
}

/** This month's uploads folder, where WordPress moves an upload (wp_upload_dir). */
export function monthFolder(env: StackEnv): string {
  const now = new Date()
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return path.join(env.UPLOADS_DIR, String(now.getUTCFullYear()), month)
}

/**
 * Makes this month's uploads folder unwritable for the web server's user (or writable again), as
 * a wrong owner or mode does on a real host. Has no effect when PHP runs as root (WEB_USER=root).
 */
export function setUploadsWritable(writable: boolean, env = loadStackEnv()): void {
  const folder = monthFolder(env)
  mkdirSync(folder, { recursive: true })
  execFileSync('chown', [`${env.WEB_USER}:`, folder])
  chmodSync(folder, writable ? 0o755 : 0o555)
}
