/* eslint-disable no-control-regex -- finding control characters in header values is the point */
import { shown } from './input-error.js'

/** More lines than any gateway needs; a longer list is more likely a pasted file than headers. */
export const MAX_HEADER_LINES = 20

/** RFC 9110's `token`: what a field name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** Set by the action from its own inputs; a second value would contradict it. */
const OWNED: Record<string, string> = {
  authorization: 'the credential inputs ("token", "username" and "password", or "app-password")',
  'content-type': 'the body of each request',
  'content-disposition': 'the file being uploaded',
  'content-length': 'the body of each request',
  host: '"base-url"'
}

/** They decide how a message is delimited or how a connection behaves: the HTTP layer's alone. */
const FRAMING = [
  'transfer-encoding',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-authorization',
  'proxy-connection'
]

interface Line {
  /** 1-based, as the user counts the lines of the input (blank and comment lines included). */
  number: number
  text: string
}

function headerLines(text: string): Line[] {
  return text
    .split(/\r?\n/)
    .map((line, index) => ({ number: index + 1, text: line.trim() }))
    .filter(line => line.text !== '' && !line.text.startsWith('#'))
}

/** The part after the first ":", or the whole line when it has none (it may still be a secret). */
const valueOf = (line: string) => {
  const colon = line.indexOf(':')
  return (colon === -1 ? line : line.slice(colon + 1)).trim()
}

/** What to mask before anything runs: every value, whether or not the input turns out valid. */
export function headerSecrets(text: string): string[] {
  return headerLines(text)
    .map(line => valueOf(line.text))
    .filter(value => value !== '')
}

interface ParsedHeaders {
  /** Names as written, values trimmed. */
  headers: Record<string, string>
  /** One message per problem, naming the line and the header, never its value. */
  problems: string[]
}

/** Why a value cannot be sent, or undefined when it can. */
function valueProblem(value: string): string | undefined {
  if (value === '') return 'has an empty value (is the secret or variable it comes from set?)'
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    return 'has a control character (a tab or line break) in its value, which a header cannot carry (the value is not shown)'
  }
  if (/[^\u0020-\u007e]/.test(value)) {
    return 'has a character outside printable ASCII in its value, which a header cannot carry reliably (the value is not shown)'
  }
  return undefined
}

/**
 * Reads `Name: value` lines (blank lines and `#` comments skipped). A value is a secret: no
 * message shows one, nor a line that could not be split into a name and a value.
 */
export function parseHeaders(text: string): ParsedHeaders {
  const lines = headerLines(text)
  const headers: Record<string, string> = {}
  const problems: string[] = []
  const seen = new Map<string, number>()
  if (lines.length > MAX_HEADER_LINES) {
    problems.push(`has ${lines.length} headers; at most ${MAX_HEADER_LINES} are accepted`)
  }
  for (const { number, text: line } of lines) {
    const colon = line.indexOf(':')
    if (colon === -1) {
      problems.push(`line ${number} is not "Name: value" (it has no ":"); the line is not shown`)
      continue
    }
    const name = line.slice(0, colon)
    if (!TOKEN.test(name)) {
      problems.push(
        `line ${number}: the text before ":" is not a header name (letters, digits and !#$%&'*+-.^_\`|~, no spaces); the line is not shown`
      )
      continue
    }
    const key = name.toLowerCase()
    const label = `line ${number} (${shown(name)})`
    if (key in OWNED) {
      problems.push(`${label} names a header the action sets itself, from ${OWNED[key]}`)
      continue
    }
    if (FRAMING.includes(key)) {
      problems.push(
        `${label} names a framing or hop-by-hop header, which only the HTTP layer may set`
      )
      continue
    }
    const earlier = seen.get(key)
    if (earlier !== undefined) {
      problems.push(`${label} repeats the header of line ${earlier} (names ignore case)`)
      continue
    }
    seen.set(key, number)
    const value = valueOf(line)
    const problem = valueProblem(value)
    if (problem) {
      problems.push(`${label} ${problem}`)
      continue
    }
    headers[name] = value
  }
  return { headers, problems }
}
