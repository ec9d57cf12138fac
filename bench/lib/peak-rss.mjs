// Preloaded with `node --import` into a measured process: at exit it writes the process's peak
// resident set (VmHWM on Linux, getrusage's maxrss elsewhere) and its CPU time so far (user and
// system, all its threads) to $BENCH_PEAK_RSS_FILE as JSON.
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
  const usage = process.resourceUsage()
  writeFileSync(
    target,
    JSON.stringify({
      hwmKiB,
      maxRssKiB: usage.maxRSS,
      userUs: usage.userCPUTime,
      systemUs: usage.systemCPUTime
    })
  )
})
