import type { IncomingHttpHeaders } from 'node:http'

/** An answer's headers as node:http gives them: lower-cased names, a few as arrays. */
export type Headers = IncomingHttpHeaders

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

/** A header's value, its repeated values joined as HTTP joins them (`, `). */
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
