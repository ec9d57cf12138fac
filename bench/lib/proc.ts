import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

export interface Timed {
  /** Wall time from just before spawn() to the child's exit, in ms. */
  ms: number
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface TimedOptions {
  env: NodeJS.ProcessEnv
  cwd?: string
  /** The child is killed after this long, and the run fails. */
  timeoutMs: number
}

/** Keeps at most this much of each output stream: the benchmark only needs the tail for errors. */
const KEEP_OUTPUT = 64 * 1024

/** Runs one process and times it from spawn to exit; output is collected, never inherited. */
export function runTimed(command: string, args: string[], options: TimedOptions): Promise<Timed> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    let exitedAt = 0
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
    const started = performance.now()
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    const keep = (text: string, chunk: string) => (text + chunk).slice(-KEEP_OUTPUT)
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout = keep(stdout, chunk)))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = keep(stderr, chunk)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} ${args.join(' ')} did not finish in ${options.timeoutMs} ms`))
    }, options.timeoutMs)
    child.once('error', error => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code, signal) => {
      exitedAt = performance.now()
      exit = { code, signal }
    })
    child.once('close', () => {
      clearTimeout(timer)
      if (!exit) return
      resolve({ ms: exitedAt - started, ...exit, stdout, stderr })
    })
  })
}

/** Fails with the child's own words when it did not exit 0. */
export function expectSuccess(run: Timed, what: string): Timed {
  if (run.code !== 0) {
    const tail = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-15).join('\n')
    throw new Error(`${what} exited with ${run.code ?? run.signal}:\n${tail}`)
  }
  return run
}

const require = createRequire(import.meta.url)

/** `--import <tsx>` for children that run TypeScript; resolved here, where node_modules is. */
export const tsxImport = pathToFileURL(require.resolve('tsx')).href

export interface ChildServer {
  url: string
  pid: number
  stop(): Promise<void>
}

const running = new Set<ChildProcess>()

/** Kills every server child still running: for exits through an error or a signal. */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/**
 * Starts a TypeScript server script in its own process (so it never shares an event loop with the
 * measuring code) and waits for the `{"url": …}` line it prints once listening.
 */
export function startServer(script: string, args: string[] = []): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxImport, script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    running.add(child)
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${script} did not start within 30 s`))
    }, 30_000)
    let buffered = ''
    const onData = (chunk: string) => {
      buffered += chunk
      const line = buffered.split('\n')[0]
      if (!buffered.includes('\n') || line === undefined) return
      clearTimeout(timer)
      child.stdout.off('data', onData)
      // Keep draining so the child never blocks on a full pipe.
      child.stdout.resume()
      const { url } = JSON.parse(line) as { url: string }
      resolve({
        url,
        pid: child.pid!,
        stop: () =>
          new Promise<void>(done => {
            if (child.exitCode !== null || child.signalCode !== null) {
              running.delete(child)
              return done()
            }
            const force = setTimeout(() => child.kill('SIGKILL'), 5000)
            child.once('exit', () => {
              clearTimeout(force)
              running.delete(child)
              done()
            })
            child.kill('SIGTERM')
          })
      })
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.once('exit', code => {
      clearTimeout(timer)
      running.delete(child)
      reject(new Error(`${script} exited with ${code} before it was ready`))
    })
  })
}

/** The command's path when it is on PATH, else undefined. */
export async function which(command: string): Promise<string | undefined> {
  const run = await runTimed('sh', ['-c', `command -v ${command}`], {
    env: process.env,
    timeoutMs: 5000
  }).catch(() => undefined)
  return run?.code === 0 ? run.stdout.trim() : undefined
}
