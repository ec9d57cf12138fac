import { spawn, type ChildProcess } from 'node:child_process'

type GitOutcome =
  | { stdout: string }
  /** git is not installed, or the directory is missing. */
  | { missing: true }
  /** git ended with an error (not a repository, an unknown commit, …). */
  | { failed: true }
  | { timedOut: true }
  | { cancelled: true }

/** What git prints here is one line; more is not read. */
const MAX_OUTPUT = 64 * 1024

/**
 * Ends git and whatever it started (a shell, a fetch of a partial clone): they share the process
 * group git leads. Where there are no groups (Windows), git alone.
 */
function killAll(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
}

/**
 * Runs git in `cwd` and reads what it prints; within `timeoutMs`, and only until the step is
 * cancelled. Either ends git at once, and the step does not wait for its pipes, which a process
 * that outlived it could hold open.
 */
export function runGit(
  args: string[],
  options: { cwd: string; timeoutMs: number; signal?: AbortSignal }
): Promise<GitOutcome> {
  const { signal } = options
  if (signal?.aborted) return Promise.resolve({ cancelled: true })
  return new Promise(resolve => {
    const child = spawn('git', args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: process.platform !== 'win32'
    })
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk
    })
    const end = (outcome: GitOutcome) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
      resolve(outcome)
    }
    const stop = (outcome: GitOutcome) => {
      killAll(child)
      child.stdout.destroy()
      end(outcome)
    }
    const cancel = () => stop({ cancelled: true })
    const timer = setTimeout(() => stop({ timedOut: true }), options.timeoutMs)
    signal?.addEventListener('abort', cancel, { once: true })
    child.on('error', error =>
      end((error as NodeJS.ErrnoException).code === 'ENOENT' ? { missing: true } : { failed: true })
    )
    child.on('close', code => end(code === 0 ? { stdout } : { failed: true }))
  })
}
