import * as core from '@actions/core'

/** What every known secret becomes wherever the action shows text. */
export const REDACTED = '***'

/** Every form of every secret registered so far, as the runner was told to mask them. */
const masked = new Set<string>()
/** Those `redact` replaces, longest first, so no part of one is left. */
let known: string[] = []

const HTML_QUOTES = ['&#39;', '&#039;', '&apos;']

/** `'` as the action's own summary, PHP's htmlspecialchars and XML escape it. */
function htmlForms(value: string): string[] {
  const escaped = value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
  return HTML_QUOTES.map(quote => escaped.replace(/'/g, quote))
}

/** `char` as a JSON `\u` escape, in upper-case hex (.NET) or lower (PHP, Newtonsoft). */
function unicodeEscape(char: string, upper: boolean): string {
  const hex = char.charCodeAt(0).toString(16).padStart(4, '0')
  return `\\u${upper ? hex.toUpperCase() : hex}`
}

/**
 * What .NET's System.Text.Json escapes as `\u` by default: HTML's sensitive characters, `+` and
 * `` ` ``, and everything beyond printable ASCII. An escape-everything writer leaves only letters
 * and digits.
 */
const DOTNET_ESCAPED = /["&'+<>`]|[^\x20-\x7e]/g
const ALL_ESCAPED = /[^A-Za-z0-9]/g

/**
 * Inside a JSON string: as JavaScript writes it, as PHP does (`\/`, `\u00e9`), as .NET does
 * (`\u002B` for `+`), and with every character but a letter or digit escaped; upper- and
 * lower-case hex each, as writers differ.
 */
function jsonForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1)
  const php = json
    .replace(/\//g, '\\/')
    .replace(/[^\x20-\x7e]/g, char => unicodeEscape(char, false))
  const escaped = [true, false].flatMap(upper => [
    value.replace(/\\/g, '\\\\').replace(DOTNET_ESCAPED, char => unicodeEscape(char, upper)),
    value.replace(ALL_ESCAPED, char => unicodeEscape(char, upper))
  ])
  return [json, php, ...escaped]
}

/**
 * In a URL: a path segment's or query's percent-encoding, and a form's (`+` for a space), each
 * with upper- and lower-case hex (`%2B`, `%2b`), as encoders differ.
 */
function urlForms(value: string): string[] {
  const encoded = [encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)]
  return [
    ...encoded,
    ...encoded.map(form => form.replace(/%[0-9A-F]{2}/g, hex => hex.toLowerCase()))
  ]
}

/**
 * The forms a secret may come back in: as given, trimmed, without its spaces (WordPress takes an
 * application password either way), each of its lines (the runner masks a secret's lines too);
 * each of those as a URL or a JSON string carries it, and each of those as an HTML page does
 * (a page quotes links and JSON too).
 */
function formsOf(value: string): string[] {
  const trimmed = value.trim()
  const lines = trimmed.split(/\r\n|[\r\n]/).map(line => line.trim())
  const bases = [value, trimmed, trimmed.replace(/\s+/g, ''), ...lines]
  const encoded = bases.flatMap(base => [base, ...urlForms(base), ...jsonForms(base)])
  return encoded.flatMap(form => [form, ...htmlForms(form)])
}

/**
 * Shorter forms are left to the runner's mask alone: a `headers` value such as `ci` or `prod`, or
 * a password like `p`, is too likely to be ordinary text, which `redact` would garble and the
 * link guard drop. Real credentials (tokens, application passwords, keys) are far longer.
 */
const MIN_LENGTH = 8

/**
 * Registers a secret: the runner masks it and each of its forms in the log (core.setSecret), and
 * `redact` replaces each form of at least `MIN_LENGTH` characters wherever the action shows text.
 * Blank values are no secret.
 */
export function addSecret(value: string): void {
  if (value.trim() === '') return
  const fresh = [...new Set(formsOf(value))].filter(form => form.trim() !== '' && !masked.has(form))
  for (const form of fresh) {
    masked.add(form)
    core.setSecret(form)
  }
  const long = fresh.filter(form => form.length >= MIN_LENGTH)
  if (long.length > 0) known = [...known, ...long].sort((a, b) => b.length - a.length)
}

/** Replaces every known secret with `***`: the first step of showing any text. */
export function redact(text: string): string {
  let out = text
  for (const secret of known) if (out.includes(secret)) out = out.split(secret).join(REDACTED)
  return out
}

/** Whether the text holds a known secret in any of its forms. */
export function containsSecret(text: string): boolean {
  return known.some(secret => text.includes(secret))
}
