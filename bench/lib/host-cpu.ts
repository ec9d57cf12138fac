/** CPU time of the machine and of one PHP-FPM pool, read from /proc (Linux). */
import { readdir, readFile } from 'node:fs/promises'

/** Clock ticks a second in /proc's figures (USER_HZ, 100 on Linux). */
const TICKS = 100

/** [busy, total] ticks of one `cpu…` line of /proc/stat. */
function busyAndTotal(line: string): [number, number] {
  const ticks = line.trim().split(/\s+/).slice(1).map(Number)
  const idle = ticks[3]! + (ticks[4] ?? 0)
  const total = ticks.reduce((a, b) => a + b, 0)
  return [total - idle, total]
}

/** CPU ticks of the whole machine, all cores: [busy, total]. */
export async function machineTicks(): Promise<[number, number]> {
  return busyAndTotal((await readFile('/proc/stat', 'utf8')).split('\n')[0]!)
}

/** CPU ticks of each core, [busy, total], by the core's number. */
export async function coreTicks(): Promise<Map<number, [number, number]>> {
  const cores = new Map<number, [number, number]>()
  for (const line of (await readFile('/proc/stat', 'utf8')).split('\n')) {
    const core = /^cpu(\d+) /.exec(line)
    if (core) cores.set(Number(core[1]), busyAndTotal(line))
  }
  return cores
}

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (field 3 on). */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** A process and its live children, each with its /proc/<pid>/stat fields (field 3 on). */
async function withChildren(parent: number): Promise<{ pid: number; fields: string[] }[]> {
  const found: { pid: number; fields: string[] }[] = []
  for (const name of (await readdir('/proc')).filter(entry => /^\d+$/.test(entry))) {
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '')
    if (!stat) continue
    const fields = statFields(stat)
    // ppid is field 4.
    if (Number(name) === parent || Number(fields[1]) === parent)
      found.push({ pid: Number(name), fields })
  }
  return found
}

/**
 * CPU seconds used so far by one PHP-FPM master and its workers: the master's own and its ended
 * children's (cutime, cstime), and each live worker's. Only this pool's: another stack's PHP-FPM
 * on the same machine is not counted.
 */
export async function fpmSeconds(masterPid: number): Promise<number> {
  let ticks = 0
  for (const { pid, fields } of await withChildren(masterPid)) {
    // utime, stime, cutime, cstime are fields 14 to 17.
    const isMaster = pid === masterPid
    ticks += fields.slice(11, isMaster ? 15 : 13).reduce((sum, field) => sum + Number(field), 0)
  }
  return ticks / TICKS
}

/**
 * A server's master process and its workers, the way `fpmSeconds` finds a PHP-FPM pool's: the
 * PIDs of `masterPid` and of its live children (none when the master is gone).
 */
export async function masterAndWorkers(masterPid: number): Promise<number[]> {
  return (await withChildren(masterPid)).map(({ pid }) => pid)
}

/** The load averages (1, 5 and 15 min) as /proc/loadavg gives them. */
export async function loadAverage(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')
}
