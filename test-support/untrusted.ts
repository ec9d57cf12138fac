import MarkdownIt from 'markdown-it'

/** GitHub renders the job summary as GitHub-flavoured Markdown, raw HTML allowed. */
const markdown = new MarkdownIt({ html: true, linkify: true })

/** The elements the action writes itself; anything else in a rendering came from outside. */
const OUR_ELEMENTS = new Set([
  'h2',
  'h3',
  'p',
  'strong',
  'code',
  'table',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'pre',
  'ul',
  'ol',
  'li',
  'br',
  'a'
])

/** The only picture the action writes: a thumbnail from an http(s) address, sized. */
const OUR_IMAGE = /<img src="https?:\/\/[^"<>]*" alt="[^"<>]*"(?: width="\d+")? height="\d+">/g

/**
 * What is wrong with a summary section as GitHub would render it: Markdown that came alive
 * (anything but one raw HTML block), elements the action does not write, links to anything but
 * http(s), resources loaded other than the action's own thumbnails, escape sequences. Empty when
 * nothing is.
 */
export function summaryProblems(section: string): string[] {
  const problems: string[] = []
  const blocks = markdown.parse(section, {}).map(token => token.type)
  if (blocks.join() !== 'html_block') problems.push(`rendered as ${blocks.join(', ')}`)
  const rendered = markdown.render(section).replace(OUR_IMAGE, '')
  const foreign = [...rendered.matchAll(/<([a-zA-Z][\w-]*)/g)]
    .map(match => match[1]!.toLowerCase())
    .filter(name => !OUR_ELEMENTS.has(name))
  if (foreign.length > 0) problems.push(`foreign elements: ${[...new Set(foreign)].join(', ')}`)
  if (/<[^<>]*(?:href="(?!https?:)|\ssrc=)/i.test(rendered))
    problems.push('a foreign link or resource')
  // eslint-disable-next-line no-control-regex -- escape sequences are what is looked for
  if (/[\u001b\u0007]/.test(rendered)) problems.push('an escape sequence')
  return problems
}

/** The commands the action itself writes, through @actions/core, at the start of a line. */
const OWN_COMMAND = /^::(?:add-mask|debug|error|warning|notice|group|endgroup)(?: [^:\n]*)?::/

/**
 * The lines of a step's output that the runner would take for a workflow command the action did
 * not mean. The runner reads a line (ending at CR, LF or both) as actions/runner's ActionCommand
 * does: `TryParseV2` takes `::name::` at its start once the white space before it is trimmed
 * (.NET's String.TrimStart, whose white space includes NEL), `TryParse` takes `##[name]` anywhere
 * in it. What follows the action's own command is that command's data, never parsed again;
 * `##[` is looked for there too, to be safe.
 */
export function forgedCommands(stdout: string): string[] {
  return stdout
    .split(/\r\n|[\r\n]/)
    .filter(
      line =>
        line.includes('##[') || (!OWN_COMMAND.test(line) && /^[\s\u0085]*::[\s\S]*::/.test(line))
    )
}

/**
 * Text as a reader recovers it: word joiners gone, HTML and JSON escapes (`\u002B` and `\u002b`
 * too) undone, spaces collapsed.
 */
function asRead(text: string): string {
  return text
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\u2060/g, '')
    .replace(/&(?:#39|#039|apos);/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&')
    .replace(/\\(["\\/])/g, '$1')
    .replace(/\s+/g, ' ')
}

/** How much of a secret's start, once cut, still gives it away. */
const CUT = 8

const lowerHex = (encoded: string) => encoded.replace(/%[0-9A-F]{2}/g, hex => hex.toLowerCase())

/**
 * Where a secret shows in text: whole, in a form the action's own rewriting would give it (word
 * joiners, HTML or JSON escapes, spaces collapsed, percent-encoded in either case), or cut at a length (its first
 * characters). Empty when nowhere; give secrets whose start is found nowhere else.
 */
export function secretTraces(text: string, secret: string): string[] {
  const read = asRead(text)
  const spaced = secret.replace(/\s+/g, ' ')
  const forms = new Set(
    [spaced, encodeURIComponent(secret), lowerHex(encodeURIComponent(secret))].flatMap(form => [
      form,
      form.slice(0, CUT)
    ])
  )
  return [...forms].filter(form => read.includes(form) || text.includes(form))
}
