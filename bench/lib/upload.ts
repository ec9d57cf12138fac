/** Shared by the upload scenarios: the sink, test files, and one upload by the action or by curl. */
import { randomBytes } from 'node:crypto'
import { mkdir, open, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { actionEnv, actionNode, readOutputs, resetRunnerFiles, type RunnerFiles } from './action.js'
import type { BenchContext } from './context.js'
import { expectSuccess, runTimed, startServer, type ChildServer, type Timed } from './proc.js'

export const USER = 'bench'
export const APP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
export const API_PATH = '/wp-json/wp/v2'

export interface SinkTransfer {
  bytes: number
  ms: number
  contentLength: number
}

export interface Sink extends ChildServer {
  mediaUrl: string
  reset(): Promise<void>
  stats(): Promise<{ transfers: SinkTransfer[]; connections: number }>
}

export async function startSink(ctx: BenchContext): Promise<Sink> {
  const server = await startServer(path.join(ctx.repoRoot, 'bench', 'servers', 'sink.ts'))
  return {
    ...server,
    mediaUrl: `${server.url}${API_PATH}/media`,
    reset: async () => {
      await (await fetch(`${server.url}/__reset`, { method: 'POST' })).text()
    },
    stats: async () =>
      (await (await fetch(`${server.url}/__stats`)).json()) as {
        transfers: SinkTransfer[]
        connections: number
      }
  }
}

/** A file of `size` bytes without writing them: a sparse file reads as zeros at memory speed. */
export async function sparseFile(file: string, size: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const handle = await open(file, 'w')
  try {
    await handle.truncate(size)
  } finally {
    await handle.close()
  }
}

/** `count` files of `size` random bytes (the same bytes in each), named img-000.jpg … */
export async function manyFiles(dir: string, count: number, size: number): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const content = randomBytes(size)
  const names = Array.from({ length: count }, (_, i) => `img-${String(i).padStart(3, '0')}.jpg`)
  for (const name of names) await writeFile(path.join(dir, name), content)
  return names
}

export interface UploadRun extends Timed {
  transfers: SinkTransfer[]
  connections: number
}

/** Checks the sink got exactly these sizes, whole; returns what it saw. */
async function received(
  sink: Sink,
  sizes: number[],
  who: string
): Promise<{ transfers: SinkTransfer[]; connections: number }> {
  const stats = await sink.stats()
  const got = stats.transfers.map(t => t.bytes)
  const complete = stats.transfers.every(t => t.bytes === t.contentLength)
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
  if (got.length !== sizes.length || total(got) !== total(sizes) || !complete)
    throw new Error(
      `${who}: the sink got ${got.length} bodies of ${total(got)} bytes, expected ${sizes.length} of ${total(sizes)}`
    )
  return stats
}

export interface ActionUpload {
  sink: Sink
  files: RunnerFiles
  workspace: string
  /** The `files` input. */
  pattern: string
  /** Sizes the sink must receive. */
  sizes: number[]
  preload?: string[]
  env?: NodeJS.ProcessEnv
  timeoutMs: number
  /** Another build's entry file instead of dist/index.js. */
  entry?: string
  /** Inputs over the scenario's defaults. */
  inputs?: Record<string, string>
}

export async function uploadByAction(ctx: BenchContext, upload: ActionUpload): Promise<UploadRun> {
  await resetRunnerFiles(upload.files)
  await upload.sink.reset()
  const env = await actionEnv(upload.files, upload.workspace, {
    mode: 'upload',
    'base-url': upload.sink.url,
    'api-path': API_PATH,
    files: upload.pattern,
    username: USER,
    'app-password': APP_PASSWORD,
    // Raw streaming throughput by default: the hashing of skip-existing is its own figure.
    'skip-existing': 'false',
    ...upload.inputs
  })
  const run = expectSuccess(
    await runTimed(actionNode, [...(upload.preload ?? []), upload.entry ?? ctx.action], {
      env: { ...env, ...upload.env },
      cwd: upload.workspace,
      timeoutMs: upload.timeoutMs
    }),
    'the action (upload)'
  )
  const outputs = await readOutputs(upload.files)
  if (outputs['uploaded-count'] !== String(upload.sizes.length))
    throw new Error(
      `the action uploaded ${outputs['uploaded-count']} of ${upload.sizes.length} files`
    )
  return { ...run, ...(await received(upload.sink, upload.sizes, 'the action')) }
}

/** Runs a command that uploads (curl, or a shell loop of curls) and checks what arrived. */
export async function uploadByCommand(
  sink: Sink,
  command: string,
  args: string[],
  sizes: number[],
  options: { cwd: string; timeoutMs: number; who: string }
): Promise<UploadRun> {
  await sink.reset()
  const run = expectSuccess(
    await runTimed(command, args, {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? options.cwd },
      cwd: options.cwd,
      timeoutMs: options.timeoutMs
    }),
    options.who
  )
  return { ...run, ...(await received(sink, sizes, options.who)) }
}

/** curl's options for one authenticated media POST, as the WordPress docs show it. */
export function curlMediaArgs(fileName: string, mediaType: string): string[] {
  return [
    '-sS',
    '-f',
    '-u',
    `${USER}:${APP_PASSWORD}`,
    '-H',
    `Content-Type: ${mediaType}`,
    '-H',
    `Content-Disposition: attachment; filename="${fileName}"`,
    '-o',
    '/dev/null'
  ]
}
