/** Elements that have no end tag. */
const VOID = new Set(['br', 'img', 'hr', 'wbr'])

/** End tags after which the section may end: a whole row, paragraph, item or block. */
const BLOCK_ENDS = new Set([
  'p',
  'tr',
  'li',
  'ul',
  'ol',
  'table',
  'details',
  'summary',
  'pre',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote'
])

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')
const closing = (open: readonly string[]) =>
  open
    .slice()
    .reverse()
    .map(name => `</${name}>`)
    .join('')

/**
 * `html` cut to at most `maxBytes` bytes of UTF-8 once `note` is added after it. The HTML is the
 * action's own: text escaped, so `<` only opens a tag and `&` only an entity. The cut falls after
 * the last whole row, paragraph or block that fits (else after the last whole tag that fits),
 * never inside a tag, an entity or a character; the elements still open there are closed, and
 * `note` follows. Undefined when not even the note fits.
 */
export function fitHtml(html: string, maxBytes: number, note: string): string | undefined {
  if (bytes(html) <= maxBytes) return html
  // The note goes on a line of its own.
  const room = maxBytes - bytes(note) - 1
  if (room < 0) return undefined
  const open: string[] = []
  let cut = { at: 0, closers: '' }
  let blockCut: typeof cut | undefined
  let used = 0
  let scanned = 0
  for (let start = html.indexOf('<'); start >= 0; start = html.indexOf('<', scanned)) {
    const end = html.indexOf('>', start) + 1
    if (end === 0) break
    used += bytes(html.slice(scanned, end))
    scanned = end
    if (used > room) break
    const closes = html[start + 1] === '/'
    const name = /^[a-zA-Z][a-zA-Z0-9]*/.exec(html.slice(start + (closes ? 2 : 1), end))?.[0]
    if (!name) continue
    const element = name.toLowerCase()
    if (closes) {
      const at = open.lastIndexOf(element)
      if (at >= 0) open.length = at
    } else if (!VOID.has(element)) {
      open.push(element)
    }
    const closers = closing(open)
    if (used + bytes(closers) > room) continue
    cut = { at: end, closers }
    if (closes && BLOCK_ENDS.has(element)) blockCut = cut
  }
  const { at, closers } = blockCut ?? cut
  return `${html.slice(0, at)}${closers}\n${note}`
}
