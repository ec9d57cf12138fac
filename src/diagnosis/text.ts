import { redact } from '../log/secrets.js'

const QUOTE_LIMIT = 120
/** A quote is read this far: far more than any quote shows, and a bound on the work. */
const READ_WINDOW = 64 * 1024

/**
 * Makes server-supplied text safe to quote inside one line of our prose: no secret (redacted
 * before it is reshaped, so none is cut or joined into another form), one line, bounded, and
 * without backticks, which would end the code span the text is quoted in.
 */
export function clip(text: string, limit = QUOTE_LIMIT): string {
  const line = redact(text.slice(0, READ_WINDOW))
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/`/g, "'")
    .trim()
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line
}

/**
 * An edge node as prose names it: `edge node AMS`, but a node whose own name says "edge"
 * (`edge-ams-3`) stands alone, never "edge node edge-ams-3". `shown`: the name as quoted.
 */
export function edgeNodeName(node: string, shown = node): string {
  return /^edge\b/i.test(node) ? shown : `edge node ${shown}`
}

/**
 * Quoted words without their own final full stop: they are quoted inside our sentences, often in
 * parentheses, and "(… not found.)." reads as a typo. An ellipsis stays.
 */
export function withoutFinalStop(text: string): string {
  return text.endsWith('.') && !text.endsWith('..') ? text.slice(0, -1) : text
}
