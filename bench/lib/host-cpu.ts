/** CPU time of the machine and of one PHP-FPM pool, read from /proc (Linux). */
import { readdir, readFile } from 'node:fs/promises'

/** Clock ticks a second in /proc's figures (USER_HZ, 100 on Linux). */
const TICKS = 100

/** CPU ticks of the whole machine, all cores: [busy, total]. */
export async function machineTicks(): Promise<[number, number]> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!
  const ticks = line.trim().split(/\s+/).slice(1).map(Number)
  const idle = ticks[3]! + (ticks[4] ?? 0)
  const total = ticks.reduce((a, b) => a + b, 0)
  return [total - idle, total]
}

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (field 3 on). */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/**
 * CPU seconds used so far by one PHP-FPM master and its workers: the master's own and its ended
 * children's (cutime, cstime), and each live worker's. Only this pool's: another stack's PHP-FPM
 * on the same machine is not counted.
 */
export async function fpmSeconds(masterPid: number): Promise<number> {
  let ticks = 0
  for (const pid of (await readdir('/proc')).filter(name => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    if (!stat) continue
    const fields = statFields(stat)
    // ppid is field 4; utime, stime, cutime, cstime fields 14 to 17.
    const isMaster = Number(pid) === masterPid
    if (!isMaster && Number(fields[1]) !== masterPid) continue
    ticks += fields.slice(11, isMaster ? 15 : 13).reduce((sum, field) => sum + Number(field), 0)
  }
  return ticks / TICKS
}

/** The load averages (1, 5 and 15 min) as /proc/loadavg gives them. */
export async function loadAverage(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')
}
