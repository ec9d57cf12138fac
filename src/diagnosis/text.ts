import type { ObservedResponse } from './types.js'

export type Headers = ObservedResponse['headers']

const QUOTE_LIMIT = 120

/**
 * Makes server-supplied text safe to quote inside one line of our prose: one line, bounded, and
 * without backticks, which would end the code span the text is quoted in.
 */
export function clip(text: string, limit = QUOTE_LIMIT): string {
  const line = text
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/`/g, "'")
    .trim()
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line
}

/** All values of a header, whatever the case of its name and whether node:http gave an array. */
export function headerValues(headers: Headers, name: string): string[] {
  const wanted = name.toLowerCase()
  return Object.entries(headers).flatMap(([key, value]) =>
    key.toLowerCase() !== wanted || value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : [value]
  )
}

export function headerValue(headers: Headers, name: string): string | undefined {
  const values = headerValues(headers, name)
  return values.length > 0 ? values.join(', ') : undefined
}

/** Lower-cased names of the headers that carry a value. */
export function headerNames(headers: Headers): string[] {
  return Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key.toLowerCase())
}
