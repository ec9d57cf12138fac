import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { KiB } from './stats.js'

/** `node --import <this>`: writes the process's peak RSS and CPU time to $BENCH_PEAK_RSS_FILE at exit. */
export const peakRssPreload = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url))

/** The peak RSS (bytes) a process preloaded with `peakRssPreload` wrote to `file`. */
export async function readPeak(file: string): Promise<number> {
  const { hwmKiB, maxRssKiB } = JSON.parse(await readFile(file, 'utf8')) as {
    hwmKiB: number | null
    maxRssKiB: number
  }
  return (hwmKiB ?? maxRssKiB) * KiB
}

/** The peak RSS (bytes) and CPU seconds (user + system, every thread) written to `file`. */
export async function readUsage(file: string): Promise<{ peakBytes: number; cpuSeconds: number }> {
  const usage = JSON.parse(await readFile(file, 'utf8')) as {
    hwmKiB: number | null
    maxRssKiB: number
    userUs: number
    systemUs: number
  }
  return {
    peakBytes: (usage.hwmKiB ?? usage.maxRssKiB) * KiB,
    cpuSeconds: (usage.userUs + usage.systemUs) / 1e6
  }
}
