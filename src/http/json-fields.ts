/*
 * The one way an answer's JSON is read: each reader gives a field's value when it has the shape
 * asked for, and undefined otherwise, so that a field of another shape is never taken for one and
 * an answer is refused only where a field it must have is not there.
 */

/** A JSON object (not an array, not null). */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/** A string that is not empty. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A string the pattern matches whole (the pattern anchors itself and bounds the length). */
export function matching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined
}

/** A whole number from 0 up. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

/** A whole number from 1 up: an id. */
export function positive(value: unknown): number | undefined {
  const n = count(value)
  return n !== undefined && n > 0 ? n : undefined
}

/** A finite number from 0 up (seconds, sizes). */
export function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
}

/** A date-time string that parses. */
export function dateTime(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined
}
