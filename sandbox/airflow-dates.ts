export type ParsedDate = { ms: number } | { error: 'naive' | 'invalid' }

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0
  const digits = zone.replace(':', '')
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))
  return zone.startsWith('-') ? -minutes : minutes
}

/** Parses an ISO 8601 timestamp as pydantic's AwareDatetime does: a zone is required. */
export function parseAwareDate(text: string): ParsedDate {
  const match = ISO.exec(text)
  if (!match) return { error: 'invalid' }
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number
  ]
  const [y, mo, d, h, mi, s] = fields
  const local = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)))
  const check = new Date(local)
  // Date.UTC rolls 2024-02-31 over into March; a real parser rejects it.
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return { error: 'invalid' }
  }
  if (zone === undefined) return { error: 'naive' }
  return { ms: local - offsetMinutes(zone) * 60_000 }
}

/** Airflow's JSON form: `2024-01-01T00:00:00Z`, fraction only when non-zero. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z')
}

/** Python's `str(datetime)` in UTC, as Airflow 2.x puts it in conflict messages. */
export function pythonUtc(ms: number): string {
  const iso = new Date(ms).toISOString()
  const fraction = iso.slice(20, 23)
  const micro = fraction === '000' ? '' : `.${fraction}000`
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${micro}+00:00`
}
