import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { vi } from 'vitest'
import {
  inputVariable,
  keepSummary,
  parseCommandFile,
  runnerEnvironment,
  type ActionRun,
  type RunOptions
} from './run-action.js'

/**
 * What a run in this process takes of `runAction`'s options. No clock, pauses or bundle: it is for
 * runs that end before any request (an input refused) or send none, where the runner's process
 * is not the subject.
 */
export type InProcessOptions = Pick<RunOptions, 'inputs' | 'env' | 'event' | 'cwd'>

/**
 * @actions/core keeps the summary file's path from its first write on, for the whole process:
 * every run here writes this one, emptied before each run and removed after.
 */
const summaryFile = path.join(tmpdir(), `in-process-summary-${process.pid}`)

/** What the action and @actions/core read from `process.env`, not from the env `run()` is given. */
const PROCESS_VARIABLES = ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'RUNNER_TEMP'] as const
/** `run()` listens for the runner's signals until the process ends: here, until the run ends. */
const SIGNALS = ['SIGINT', 'SIGTERM'] as const

let running = false

/**
 * Runs the action's entry, `run()` of src/main.ts, in this process as `runAction` runs it in a
 * child: the runner's environment, inputs with action.yml's defaults, command files, and the same
 * `ActionRun` back (the exit code is the one the process would end with). One at a time: runs
 * share the process's stdout and environment.
 */
export async function runInProcess(options: InProcessOptions): Promise<ActionRun> {
  if (running) throw new Error('one in-process run at a time: they share stdout and process.env')
  running = true
  let dir: string | undefined
  try {
    dir = await mkdtemp(path.join(tmpdir(), 'in-process-'))
    const output = path.join(dir, 'output')
    const event = path.join(dir, 'event.json')
    await writeFile(output, '')
    await writeFile(summaryFile, '')
    await writeFile(event, JSON.stringify(options.event ?? {}))
    const env = await runnerEnvironment(
      { output, summary: summaryFile, event, temp: dir },
      options.cwd ?? dir,
      options.inputs,
      options.env
    )
    const { exitCode, stdout, stderr } = await runEntry(env)
    const summary = await readFile(summaryFile, 'utf8')
    await keepSummary(summary)
    const outputs = parseCommandFile(await readFile(output, 'utf8'))
    return { exitCode, stdout, stderr, outputs, summary, pauses: [] }
  } finally {
    running = false
    if (dir) await rm(dir, { recursive: true, force: true })
    await rm(summaryFile, { force: true })
  }
}

/** `run()` with `env`, reading inputs as `core.getInput` does; what it set in the process undone. */
async function runEntry(
  env: Record<string, string>
): Promise<Pick<ActionRun, 'exitCode' | 'stdout' | 'stderr'>> {
  const variables = PROCESS_VARIABLES.map(name => [name, process.env[name]] as const)
  const listeners = SIGNALS.map(signal => [signal, process.listeners(signal)] as const)
  const exitCode = process.exitCode
  const stdout = capture(process.stdout)
  const stderr = capture(process.stderr)
  try {
    for (const name of PROCESS_VARIABLES) process.env[name] = env[name]
    process.exitCode = undefined
    // A fresh copy of the action's modules: the secrets one run registers are not the next one's.
    vi.resetModules()
    const { run } = await import('../src/main.js')
    await run({ read: name => (env[inputVariable(name)] ?? '').trim() }, env)
    return { exitCode: Number(process.exitCode ?? 0), stdout: stdout.text(), stderr: stderr.text() }
  } finally {
    stdout.restore()
    stderr.restore()
    process.exitCode = exitCode
    for (const [name, value] of variables) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    for (const [signal, before] of listeners) {
      for (const added of process.listeners(signal).filter(l => !before.includes(l))) {
        process.off(signal, added)
      }
    }
  }
}

/** Keeps what is written to `stream` instead of writing it, until `restore`. */
function capture(stream: NodeJS.WriteStream): { text(): string; restore(): void } {
  let text = ''
  const spy = vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    return true
  })
  return { text: () => text, restore: () => spy.mockRestore() }
}
