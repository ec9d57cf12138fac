/** Which cores processes may run on: set with util-linux's `taskset`, read from /proc (Linux). */
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The cores of a list as taskset and /proc write it ("0-1,3"), in order: [0, 1, 3]. */
export function parseCores(list: string): number[] {
  const cores = new Set<number>()
  for (const part of list.trim().split(',').filter(Boolean)) {
    const [from, to = from] = part.split('-').map(Number)
    for (let core = from!; core <= to!; core++) cores.add(core)
  }
  return [...cores].sort((a, b) => a - b)
}

/** The cores one thread or process may run on (`Cpus_allowed_list` of its status file). */
async function allowed(statusFile: string): Promise<number[]> {
  const status = await readFile(statusFile, 'utf8')
  const line = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)
  if (!line) throw new Error(`${statusFile} names no Cpus_allowed_list`)
  return parseCores(line[1]!)
}

/** The cores this process may run on. */
export function ownCores(): Promise<number[]> {
  return allowed('/proc/self/status')
}

/** Whether `taskset` runs here (util-linux). */
export async function hasTaskset(): Promise<boolean> {
  return run('taskset', ['--version']).then(
    () => true,
    () => false
  )
}

/**
 * Lets every thread of each process run only on `cores` (`taskset -a -p -c`), then checks that
 * each thread took it. Threads and children started later inherit it from whoever starts them.
 */
export async function pinProcesses(
  pids: readonly number[],
  cores: readonly number[]
): Promise<void> {
  const list = cores.join(',')
  for (const pid of pids) {
    await run('taskset', ['-a', '-p', '-c', list, String(pid)])
    const tasks = await readdir(`/proc/${pid}/task`)
    for (const task of tasks) {
      const now = await allowed(`/proc/${pid}/task/${task}/status`).catch(() => undefined)
      // A thread that ended meanwhile has nothing to check.
      if (now && now.join(',') !== list)
        throw new Error(`pid ${pid} thread ${task} runs on ${now.join(',')}, not on ${list}`)
    }
  }
}
