// Preloaded with `node --import` into a measured process: at exit it writes the process's peak
// resident set (VmHWM on Linux, getrusage's maxrss elsewhere) to $BENCH_PEAK_RSS_FILE as JSON.
import { readFileSync, writeFileSync } from 'node:fs'

const target = process.env.BENCH_PEAK_RSS_FILE

process.on('exit', () => {
  if (!target) return
  let hwmKiB = null
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (match) hwmKiB = Number(match[1])
  } catch {
    // Not Linux: maxRSS below is the same figure.
  }
  writeFileSync(target, JSON.stringify({ hwmKiB, maxRssKiB: process.resourceUsage().maxRSS }))
})
