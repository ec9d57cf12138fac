/** `YYYY-MM-DDTHH:MM:SSZ` is always this long. */
export const LOGICAL_DATE_LENGTH = 20

/** Formats an instant the way the Airflow API expects it: `YYYY-MM-DDTHH:MM:SSZ`, UTC, whole seconds. */
export function formatLogicalDate(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

// ISO 8601 date-time with a mandatory zone (Z or ±HH:MM / ±HHMM / ±HH); fractions are allowed.
const ZONED_ISO =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)$/
const ZONELESS_ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?$/

type LogicalDateProblem = 'no-zone' | 'not-iso' | 'impossible'

/**
 * Normalizes an ISO 8601 timestamp with a zone to the API's UTC shape. A timestamp without a zone
 * is refused rather than guessed: the runner's zone is UTC, the user's intent may not be.
 * Fractions of a second are dropped (truncated), as the Airflow CLI does.
 */
export function normalizeLogicalDate(
  text: string
): { ok: true; value: string } | { ok: false; problem: LogicalDateProblem } {
  const trimmed = text.trim()
  const match = ZONED_ISO.exec(trimmed)
  if (!match) return { ok: false, problem: ZONELESS_ISO.test(trimmed) ? 'no-zone' : 'not-iso' }
  const [, year, month, day, hour, minute, second = '00', zone = 'Z'] = match
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : normalizeOffset(zone)
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`)
  if (Number.isNaN(instant.getTime())) return { ok: false, problem: 'impossible' }
  // Date accepts 2026-02-30 by rolling over; compare the wall-clock fields to refuse it.
  const local = new Date(instant.getTime() + offsetMinutes(offset) * 60_000)
  const fields = [
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds()
  ]
  const given = [year, month, day, hour, minute, second].map(Number)
  if (fields.some((field, i) => field !== given[i])) return { ok: false, problem: 'impossible' }
  return { ok: true, value: formatLogicalDate(instant) }
}

function normalizeOffset(zone: string): string {
  const digits = zone.slice(1).replace(':', '')
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0
  const sign = offset.startsWith('-') ? -1 : 1
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
}

/** Whether the run is only scheduled: a run with a logical date ahead does not execute until then. */
export function isInFuture(logicalDate: string, now: Date): boolean {
  return new Date(logicalDate).getTime() > now.getTime()
}
