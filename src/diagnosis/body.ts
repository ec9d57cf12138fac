import { headerValue, type Headers } from '../http/headers.js'
import { redact } from '../log/secrets.js'
import { clip, withoutFinalStop } from './text.js'

export interface Page {
  kind: 'empty' | 'html' | 'json' | 'text'
  /** the start of the body with HTML entities decoded, for fingerprints */
  text: string
  title?: string
  /** the software a stock error page names in its footer, e.g. `nginx` */
  footer?: string
  /** the parsed body, when it is complete JSON; for another kind, a JSON object after other text */
  json?: unknown
}

/**
 * The window every pattern of this module reads: markers sit near the start of a page, and
 * callers may hand over far longer bodies.
 */
const SCAN_LIMIT = 64 * 1024

/**
 * Each name starts with a character `\s` cannot take and has a bounded length, so no two
 * quantifiers share an unbounded run of spaces: the scan stays linear in the page's length.
 */
const STOCK_PAGE_FOOTERS: readonly RegExp[] = [
  // nginx and the CDNs built on it: `<hr><center>nginx</center>`
  /<hr\s*\/?>\s*<center>\s*([^<\s][^<]{0,79}?)\s*<\/center>/i,
  // Apache: `<address>Apache/2.4.57 (Debian) Server at example.com Port 443</address>`
  /<address>\s*([^<\s][^<]{0,119}?)\s+Server at\b/i,
  /Proudly powered by (LiteSpeed Web Server)/i
]

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' '
}

/** Some vendors write their pages' key phrases as entities (Akamai: `Reference&#32;&#35;18…`). */
function decodeEntities(html: string): string {
  return html.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return NAMED_ENTITIES[name.toLowerCase()] ?? whole
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

export type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // Cut off by the caller's cap, or not JSON after all: the prefix readers take over.
    return undefined
  }
}

/**
 * A JSON object that ends the body after other text: PHP prints notices and warnings (plugins,
 * `WP_DEBUG_DISPLAY`) in front of WordPress's own JSON answer.
 */
function trailingObject(body: string): JsonObject | undefined {
  const brace = body.indexOf('{')
  if (brace <= 0) return undefined
  const parsed = parseJson(body.slice(brace).trim())
  return isObject(parsed) ? parsed : undefined
}

export function readPage(body: string, headers: Headers): Page {
  const start = body.slice(0, SCAN_LIMIT).trim()
  if (start === '') return { kind: 'empty', text: '' }
  if (/^[{[]/.test(start)) return { kind: 'json', text: start, json: parseJson(body.trim()) }
  const type = headerValue(headers, 'content-type') ?? ''
  const trailing = trailingObject(body)
  const json = trailing ? { json: trailing } : {}
  if (start.startsWith('<') || /html/i.test(type)) {
    // Decoding may spell out a secret the page wrote as entities: redacted before it is cut.
    const text = redact(decodeEntities(start))
    const title = /<title[^<>]*>([^<]{0,300})<\/title>/i.exec(text)?.[1]
    const footer = STOCK_PAGE_FOOTERS.map(pattern => pattern.exec(text)?.[1]).find(Boolean)
    return {
      kind: 'html',
      text,
      ...(title?.trim() ? { title: clip(title) } : {}),
      ...(footer ? { footer: clip(footer, 80) } : {}),
      ...json
    }
  }
  return /json/i.test(type)
    ? { kind: 'json', text: start, json: trailing ?? parseJson(body.trim()) }
    : { kind: 'text', text: start, ...json }
}

/** What an application's own JSON answer says. */
export interface AppAnswer {
  /** the body's shape, for the evidence */
  shape: string
  /** the application's own words, one line: Airflow's `detail`, WordPress's `message`, … */
  said?: string
  /** the words with their label (a problem's title, WordPress's code), for the headline */
  summary?: string
  /** WordPress's error code */
  code?: string
  dagRunId?: string
}

/** The application's words are quoted, never trusted whole: one line, bounded. */
const SAID_LIMIT = 300

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** Keys of Airflow's RFC 7807 problem bodies and FastAPI's `{"detail": …}` errors. */
const PROBLEM_KEYS = new Set(['detail', 'status', 'title', 'type', 'instance'])
const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header'])

/** FastAPI's `{"type","loc","msg","input"}`, e.g. `logical_date`: Input should have timezone info. */
function validationError(item: unknown): string | undefined {
  if (!isObject(item)) return undefined
  const loc = Array.isArray(item.loc) ? item.loc.map(String) : []
  const field = (LOCATION_ROOTS.has(loc[0] ?? '') ? loc.slice(1) : loc).join('.')
  const message = text(item.msg) ?? 'invalid'
  return field ? `${clip(field, 60)}: ${clip(message, 100)}` : clip(message, 100)
}

function fromObject(body: JsonObject): AppAnswer | undefined {
  const code = text(body.code)
  const message = text(body.message)
  if (code && message) {
    return {
      shape: `WordPress error JSON {code, message, data} with code \`${clip(code, 60)}\``,
      summary: withoutFinalStop(clip(`${code}: ${message}`)),
      said: withoutFinalStop(clip(message, SAID_LIMIT)),
      code: clip(code, 100)
    }
  }
  const dagRunId = text(body.dag_run_id)
  if (dagRunId) {
    return { shape: `dag run JSON with \`dag_run_id: ${clip(dagRunId, 80)}\``, dagRunId }
  }
  // Airflow's DAG (v1.yaml's DAG, Airflow 3's DAGResponse), as read before a trigger.
  const dagId = text(body.dag_id)
  if (dagId && typeof body.is_paused === 'boolean') {
    return { shape: `DAG JSON with \`dag_id: ${clip(dagId, 80)}\`` }
  }
  // Airflow's collections (DAGRunCollection, TaskInstanceCollection): a list and its count.
  for (const list of ['dag_runs', 'task_instances'] as const) {
    if (Array.isArray(body[list]) && typeof body.total_entries === 'number') {
      return { shape: `Airflow's \`${list}\` list JSON (${body.total_entries} entries)` }
    }
  }
  if (typeof body.id === 'number' && (text(body.source_url) ?? text(body.media_type))) {
    return { shape: `WordPress media record JSON (id ${body.id})` }
  }
  if (!('detail' in body) || !Object.keys(body).every(key => PROBLEM_KEYS.has(key)))
    return undefined
  const { detail } = body
  if (Array.isArray(detail)) {
    const fields = detail.slice(0, 3).flatMap(item => validationError(item) ?? [])
    const said = fields.join('; ')
    return {
      shape: 'FastAPI validation JSON {"detail": [{loc, msg, …}]}',
      summary: said,
      said
    }
  }
  const title = text(body.title)
  const said = isObject(detail)
    ? [text(detail.reason), text(detail.message)].filter(Boolean).join(': ')
    : text(detail)
  const summary = [title, said].filter(Boolean).join(': ')
  return {
    shape:
      title && typeof body.status === 'number'
        ? `problem JSON {detail, status, title, type} titled \`${clip(title, 60)}\``
        : isObject(detail)
          ? 'JSON {"detail": {reason, message, …}} as Airflow 3 sends'
          : 'JSON {"detail": …} as Airflow 3 (FastAPI) sends',
    ...(summary ? { summary: withoutFinalStop(clip(summary)) } : {}),
    ...(said ? { said: withoutFinalStop(clip(said, SAID_LIMIT)) } : {})
  }
}

/** Bodies cut off by the caller's cap no longer parse; their first keys still tell the shape. */
function fromPrefix(start: string): AppAnswer | undefined {
  const dagRunId = /"dag_run_id"\s*:\s*"([^"\\]{1,250})"/.exec(start)?.[1]
  if (dagRunId) return fromObject({ dag_run_id: dagRunId })
  const code = /^\{\s*"code"\s*:\s*"([^"\\]{1,100})"\s*,\s*"message"\s*:/.exec(start)?.[1]
  if (code) {
    return {
      shape: `WordPress error JSON {code, message, data} with code \`${clip(code, 60)}\``,
      summary: clip(code),
      code
    }
  }
  if (/^\{\s*"id"\s*:\s*\d+/.test(start) && /"source_url"\s*:/.test(start)) {
    return { shape: 'WordPress media record JSON' }
  }
  if (/^\{\s*"detail"\s*:/.test(start)) return { shape: 'JSON {"detail": …} as Airflow sends' }
  return undefined
}

export function readAppAnswer(page: Page): AppAnswer | undefined {
  if (page.kind !== 'json') {
    const answer = isObject(page.json) ? fromObject(page.json) : undefined
    return answer && { ...answer, shape: `${answer.shape}, after other text (a PHP notice?)` }
  }
  return isObject(page.json) ? fromObject(page.json) : fromPrefix(page.text)
}

/** The body as a JSON list, when it is one and complete; its items are still untrusted. */
export function jsonList(page: Page): unknown[] | undefined {
  return page.kind === 'json' && Array.isArray(page.json) ? page.json : undefined
}

/** The body as a JSON object, when it is one and complete; its fields are still untrusted. */
export function jsonObject(page: Page): JsonObject | undefined {
  return isObject(page.json) ? page.json : undefined
}

/**
 * The server's own words, whoever answered: the application's message, else an HTML page's title
 * or start, else the start of the body; undefined for an empty body.
 */
export function serverWords(page: Page, app: AppAnswer | undefined): string | undefined {
  if (app?.said) return app.said
  if (page.kind === 'empty') return undefined
  if (page.kind !== 'html') return withoutFinalStop(clip(page.text, SAID_LIMIT))
  // A page is never quoted as markup: its title, else its words.
  const words = page.title ?? clip(page.text.replace(/<[^>]*>?/g, ' '), SAID_LIMIT)
  return words ? withoutFinalStop(words) : undefined
}
