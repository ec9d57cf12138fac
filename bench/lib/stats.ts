/** Small statistics and formatting helpers for the benchmark report. */

export interface Summary {
  n: number
  median: number
  p90: number
  min: number
  max: number
}

/** Linear interpolation between closest ranks (the same as numpy's default). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const lower = Math.floor(at)
  const upper = Math.ceil(at)
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (at - lower)
}

export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    median: quantile(values, 0.5),
    p90: quantile(values, 0.9),
    min: Math.min(...values),
    max: Math.max(...values)
  }
}

export const median = (values: readonly number[]) => quantile(values, 0.5)

export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a'
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`
  if (value >= 1000) return `${(value / 1000).toFixed(2)} s`
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a'
}

export const KiB = 1024
export const MiB = 1024 * KiB
export const GiB = 1024 * MiB

export function bytes(value: number): string {
  if (value >= GiB) return `${(value / GiB).toFixed(value % GiB === 0 ? 0 : 2)} GiB`
  if (value >= MiB) return `${(value / MiB).toFixed(value % MiB === 0 ? 0 : 1)} MiB`
  if (value >= KiB) return `${(value / KiB).toFixed(value % KiB === 0 ? 0 : 1)} KiB`
  return `${value} B`
}

/** Bytes per second as MiB/s. */
export function rate(bytesPerSecond: number): string {
  return Number.isFinite(bytesPerSecond) ? `${(bytesPerSecond / MiB).toFixed(0)} MiB/s` : 'n/a'
}

export function verdict(met: boolean): string {
  return met ? 'met' : '**missed**'
}

/** A markdown table; cells are used as given. */
export function table(header: string[], rows: string[][], align?: ('l' | 'r')[]): string {
  const rule = header.map((_, i) => ((align?.[i] ?? 'l') === 'r' ? '---:' : '---'))
  return [header, rule, ...rows].map(cells => `| ${cells.join(' | ')} |`).join('\n')
}
