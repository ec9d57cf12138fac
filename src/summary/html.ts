import { withoutControls } from '../log/inert.js'
import { redact } from '../log/secrets.js'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;'
}

/**
 * Makes any text inert in the summary: no secret (redacted before anything else), no element, no
 * entity, no escape sequence of its own, and no line break. The summary is Markdown in which the action writes one HTML block; a blank line
 * would end that block and let whatever follows render as live Markdown (headings, images), so
 * line breaks are written as the entity `&#10;`, which a `<pre>` still shows as a new line.
 */
export function escapeHtml(text: string): string {
  return withoutControls(redact(text))
    .replace(/[&<>"']/g, char => HTML_ESCAPES[char]!)
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, '&#10;')
}

/** Cuts text to `max` characters, saying how much was left out (`unread`: never even read); no secret is cut, each is redacted. */
export function cap(text: string, max: number, unread = 0): string {
  const whole = redact(text)
  if (whole.length <= max && unread === 0) return whole
  return `${whole.slice(0, max)}… (${Math.max(0, whole.length - max) + unread} more characters)`
}

/** How much of a text is read for one line: far more than a line shows, and a bound on the work. */
const LINE_WINDOW = 64 * 1024

/** Server-sent text for a table cell or a line: one line, escaped, cut. */
export function inline(text: string, max = 200): string {
  const line = redact(text).slice(0, LINE_WINDOW).replace(/\s+/g, ' ').trim()
  return escapeHtml(cap(line, max, Math.max(0, text.length - LINE_WINDOW)))
}

/** Our own sentences may quote names in backticks; render those as code, escape the rest. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')
}

/** A table of cells already made safe; without a header, a key/value table (keys as `<th>`). */
export function table(rows: string[][], header?: string[]): string {
  const head = header ? `<tr>${header.map(cell => `<th>${cell}</th>`).join('')}</tr>` : ''
  const body = rows.map(
    ([first, ...rest]) =>
      `<tr>${header ? `<td>${first}</td>` : `<th>${first}</th>`}${rest.map(cell => `<td>${cell}</td>`).join('')}</tr>`
  )
  return `<table>${head}${body.join('')}</table>`
}

const MAX_IMAGE_URL = 2048

/** A link only to an http(s) address; anything else (`javascript:`, `data:`) is shown as text. */
export function link(url: string, text: string): string {
  return /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">${text}</a>` : text
}

/**
 * A picture only from an http(s) address of bounded length, sized by its attributes (the summary
 * allows no style); anything else is left out. The alt text is escaped like any text.
 */
export function image(src: string, alt: string, size: { width?: number; height: number }): string {
  if (!/^https?:\/\//i.test(src) || src.length > MAX_IMAGE_URL) return ''
  const width = size.width === undefined ? '' : ` width="${size.width}"`
  return `<img src="${escapeHtml(src)}" alt="${inline(alt, 100)}"${width} height="${size.height}">`
}

/** "What to do:" and its actions as a bulleted list, each item already made safe; '' for none. */
export function whatToDo(actions: readonly string[]): string {
  if (actions.length === 0) return ''
  return `<p>What to do:</p><ul>${actions.map(action => `<li>${action}</li>`).join('')}</ul>`
}

/** Only answers up to this size are laid out: past it the work is not worth the reading. */
const PRETTY_LIMIT = 256 * 1024

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A server's answer in a `<pre>`, a JSON object or list laid out with indents so that it reads;
 * redacted before it is laid out, then cut to `max` characters and escaped.
 */
export function answerBlock(text: string, max: number): string {
  const safe = redact(text)
  const json = safe.length <= PRETTY_LIMIT ? parsedJson(safe) : undefined
  const shown = typeof json === 'object' && json !== null ? JSON.stringify(json, null, 2) : safe
  return `<pre>${escapeHtml(cap(shown, max))}</pre>`
}

/** Joins the parts of a section line by line, leaving out empty ones: the HTML has no blank line. */
export function lines(parts: (string | undefined | false)[]): string {
  return parts.filter(part => typeof part === 'string' && part.trim() !== '').join('\n')
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  // A no-break space: a size never wraps between its number and its unit.
  return unit === 0 ? `${bytes}\u00a0B` : `${value.toFixed(1)}\u00a0${units[unit]}`
}
