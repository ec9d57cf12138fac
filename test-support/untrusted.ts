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

/** The runner's workflow commands: `::name …::` anywhere in a line, and the old `##[name`. */
const COMMAND = /::[A-Za-z][\w-]*(?: [^\n]*?)?::|##\[/

/** The commands the action itself writes, through @actions/core, at the start of a line. */
const OWN_COMMAND = /^::(?:add-mask|debug|error|warning|notice|group|endgroup)(?: [^:\n]*)?::/

/**
 * The lines of a step's output that the runner would take for a workflow command the action did
 * not mean: any command but the action's own at the start of a line, or a second one after it.
 */
export function forgedCommands(stdout: string): string[] {
  return stdout.split(/\r?\n/).filter(line => COMMAND.test(line.replace(OWN_COMMAND, '')))
}
