import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { startSandbox, type Sandbox } from '../sandbox/server.js'
import {
  startServerlessStandIn,
  type ServerlessStandIn,
  type ServerlessStandInOptions
} from '../sandbox/serverless.js'
import type { RecordedRequest, SandboxOptions } from '../sandbox/types.js'
import type { TestClock } from './clock.js'
import {
  runAction,
  startAction,
  type ActionRun,
  type RunOptions,
  type StartedAction
} from './run-action.js'
import { runInProcess, type InProcessOptions } from './run-in-process.js'

/** The sandbox WordPress's user and application password, as its settings default them. */
export const WP_USER = 'demo'
export const WP_PASSWORD = 'abcd efgh ijkl mnop qrst uvwx'
/** The sandbox Airflow's bearer token. */
export const AIRFLOW_TOKEN = 'sandbox-token'

export type Inputs = Record<string, string>
export type RunExtras = Omit<Partial<RunOptions>, 'inputs'>
export type InProcessExtras = Omit<InProcessOptions, 'inputs'>

export interface KitOptions {
  /** How the sandbox is started (a CDN, Airflow 2, WordPress's permalinks, faults …). */
  sandbox?: SandboxOptions
  /**
   * The sandbox's time, and the action's in every `trigger()`: Airflow's runs progress as the
   * action's polls pause, at once.
   */
  clock?: TestClock
  /** Inputs every `trigger()` of the file sends, over the kit's own defaults. */
  trigger?: Inputs
  /** Inputs every `upload()` of the file sends, over the kit's own defaults. */
  upload?: Inputs
  /**
   * Starts the MWAA Serverless stand-in beside the sandbox, on the kit's clock, for
   * `startWorkflow()`; its inputs every such run of the file sends.
   */
  serverless?: { standIn?: Omit<ServerlessStandInOptions, 'now'>; inputs?: Inputs }
}

export interface SandboxKit {
  /** The sandbox of the file: started once, reset after each test. */
  readonly sandbox: Sandbox
  /** A fresh, empty working directory (GITHUB_WORKSPACE) for each test. */
  readonly workspace: string
  /** Writes files into the workspace, making their folders. */
  files(entries: Record<string, Buffer | string>): Promise<void>
  /** Runs the action from source in trigger mode against the sandbox, in the workspace. */
  trigger(inputs?: Inputs, extras?: RunExtras): Promise<ActionRun>
  /** Runs the action from source in upload mode against the sandbox, in the workspace. */
  upload(inputs?: Inputs, extras?: RunExtras): Promise<ActionRun>
  /** The MWAA Serverless stand-in, when the kit was asked for it: started once, reset after each test. */
  readonly serverless: ServerlessStandIn
  /**
   * Runs trigger mode from source on the stand-in's succeeding workflow (unless
   * `mwaa-serverless-workflow` names another), with its keys and endpoint in AWS's variables.
   */
  startWorkflow(inputs?: Inputs, extras?: RunExtras): Promise<ActionRun>
  /** As `startWorkflow`, handing over the action's process while it runs (to cancel it). */
  startWorkflowAction(inputs?: Inputs, extras?: RunExtras): Promise<StartedAction>
  /**
   * `trigger`, `upload` and `startWorkflow` with the same inputs, run in this process
   * (test-support/run-in-process.ts): for an input refused or read before any request.
   */
  readonly inProcess: {
    trigger(inputs?: Inputs, extras?: InProcessExtras): Promise<ActionRun>
    upload(inputs?: Inputs, extras?: InProcessExtras): Promise<ActionRun>
    startWorkflow(inputs?: Inputs, extras?: InProcessExtras): Promise<ActionRun>
  }
  /** Method and path (without the query) of every request the sandbox has seen. */
  requestLines(): string[]
  /** Resolves with the first request the sandbox sees that matches: an event, not a time. */
  seen(matches: (request: RecordedRequest) => boolean): Promise<RecordedRequest>
}

/**
 * Registers the hooks that give a test file one sandbox (started before all tests, reset after
 * each, closed after all) and a fresh workspace per test, and returns the run helpers with the
 * inputs every run of the file shares.
 */
export function useSandbox(options: KitOptions = {}): SandboxKit {
  let sandbox: Sandbox | undefined
  let serverless: ServerlessStandIn | undefined
  let workspace: string | undefined
  const started = () => {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll: use the kit inside a test')
    return sandbox
  }
  const current = () => {
    if (!workspace) throw new Error('the workspace is made in beforeEach: use it inside a test')
    return workspace
  }
  beforeAll(async () => {
    const now = options.clock?.now
    sandbox = await startSandbox({ ...options.sandbox, ...(now ? { now } : {}) })
    if (options.serverless)
      serverless = await startServerlessStandIn({
        ...options.serverless.standIn,
        ...(now ? { now } : {})
      })
  })
  beforeEach(async () => {
    workspace = await mkdtemp(path.join(tmpdir(), 'kit-'))
  })
  afterEach(async () => {
    sandbox?.reset()
    serverless?.reset()
    if (workspace) await rm(workspace, { recursive: true, force: true })
    workspace = undefined
  })
  afterAll(async () => {
    await serverless?.close()
    await sandbox?.close()
  })

  const run = (inputs: Inputs, extras: RunExtras) =>
    runAction({ source: true, cwd: current(), ...extras, inputs })
  const inProcess = (inputs: Inputs, extras: InProcessExtras) =>
    runInProcess({ cwd: current(), ...extras, inputs })
  const triggerInputs = (inputs: Inputs): Inputs => ({
    mode: 'trigger',
    'base-url': started().url,
    'dag-id': 'example_dag',
    token: AIRFLOW_TOKEN,
    ...options.trigger,
    ...inputs
  })
  const uploadInputs = (inputs: Inputs): Inputs => ({
    mode: 'upload',
    'base-url': started().url,
    files: 'img/*',
    username: WP_USER,
    'app-password': WP_PASSWORD,
    // One file at a time unless a test says otherwise: requests and WordPress's ids then
    // follow the files' order. `concurrency: auto`, the action's default, has its own tests.
    concurrency: '1',
    ...options.upload,
    ...inputs
  })
  /** A trigger on the stand-in's workflow, with its keys and endpoint in AWS's variables. */
  const workflowRun = <Extras extends InProcessExtras>(inputs: Inputs, extras: Extras) => {
    if (!serverless) throw new Error('ask useSandbox for `serverless` to have the stand-in')
    const { keys } = serverless
    return {
      cwd: current(),
      ...extras,
      inputs: {
        mode: 'trigger',
        'mwaa-serverless-workflow': serverless.workflows.succeeds.arn,
        ...options.serverless?.inputs,
        ...inputs
      },
      env: {
        AWS_ACCESS_KEY_ID: keys.accessKeyId,
        AWS_SECRET_ACCESS_KEY: keys.secretAccessKey,
        AWS_SESSION_TOKEN: keys.sessionToken ?? '',
        AWS_ENDPOINT_URL_MWAA_SERVERLESS: serverless.url,
        ...extras.env
      }
    }
  }
  const workflowProcess = (inputs: Inputs, extras: RunExtras): RunOptions => ({
    source: true,
    clock: options.clock,
    ...workflowRun(inputs, extras)
  })
  return {
    get sandbox() {
      return started()
    },
    get workspace() {
      return current()
    },
    files: entries => writeFiles(current(), entries),
    trigger: (inputs = {}, extras = {}) =>
      run(triggerInputs(inputs), { clock: options.clock, ...extras }),
    upload: (inputs = {}, extras = {}) => run(uploadInputs(inputs), extras),
    get serverless() {
      if (!serverless) throw new Error('ask useSandbox for `serverless` to have the stand-in')
      return serverless
    },
    startWorkflow: (inputs = {}, extras = {}) => runAction(workflowProcess(inputs, extras)),
    startWorkflowAction: (inputs = {}, extras = {}) => startAction(workflowProcess(inputs, extras)),
    inProcess: {
      trigger: (inputs = {}, extras = {}) => inProcess(triggerInputs(inputs), extras),
      upload: (inputs = {}, extras = {}) => inProcess(uploadInputs(inputs), extras),
      startWorkflow: (inputs = {}, extras = {}) => runInProcess(workflowRun(inputs, extras))
    },
    requestLines: () => started().requests.map(r => `${r.method} ${r.path.split('?')[0]}`),
    seen: matches =>
      vi.waitFor(
        () => {
          const request = started().requests.find(matches)
          if (!request) throw new Error('not seen yet')
          return request
        },
        { timeout: 15_000, interval: 20 }
      )
  }
}

/** Writes `entries` (paths relative to `dir`) into `dir`, making their folders. */
export async function writeFiles(
  dir: string,
  entries: Record<string, Buffer | string>
): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true })
    await writeFile(path.join(dir, name), content)
  }
}
