/** One trigger against the sandbox, by the action (any build of it) or by a baseline script. */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { actionEnv, actionNode, readOutputs, resetRunnerFiles, type RunnerFiles } from './action.js'
import { expectSuccess, runTimed, type Timed } from './proc.js'

export const TOKEN = 'sandbox-token'
export const DAG = 'example_dag'
export const baselines = fileURLToPath(new URL('../baselines/', import.meta.url))

/** Every trigger gets its own logical date (and so run id): the sandbox refuses duplicates. */
let triggers = 0
export function nextLogicalDate(): string {
  const at = Date.UTC(2001, 0, 1) + triggers++ * 60_000
  return new Date(at).toISOString().replace('.000Z', 'Z')
}

export interface ActionTrigger {
  /** The bundle's entry file. */
  entry: string
  /** Node options before the entry, e.g. ['--import', hook]. */
  nodeOptions?: string[]
  env?: NodeJS.ProcessEnv
}

/** Triggers one run with the action and checks it reported it; times the whole process. */
export async function triggerByAction(
  sandboxUrl: string,
  files: RunnerFiles,
  run: ActionTrigger
): Promise<Timed> {
  const date = nextLogicalDate()
  await resetRunnerFiles(files)
  const env = await actionEnv(files, files.dir, {
    mode: 'trigger',
    'base-url': sandboxUrl,
    'dag-id': DAG,
    token: TOKEN,
    'logical-date': date
  })
  const result = expectSuccess(
    await runTimed(actionNode, [...(run.nodeOptions ?? []), run.entry], {
      env: { ...env, ...run.env },
      cwd: files.dir,
      timeoutMs: 30_000
    }),
    `the action (${run.entry})`
  )
  const outputs = await readOutputs(files)
  if (outputs['dag-run-id'] !== `github__${date}`)
    throw new Error(`the action did not report the run: ${JSON.stringify(outputs)}`)
  return result
}

/** Triggers one run with a baseline script from bench/baselines. */
export async function triggerByScript(sandboxUrl: string, script: string): Promise<Timed> {
  return expectSuccess(
    await runTimed(actionNode, [path.join(baselines, script)], {
      env: {
        PATH: process.env.PATH ?? '',
        AIRFLOW_URL: sandboxUrl,
        AIRFLOW_TOKEN: TOKEN,
        DAG_ID: DAG,
        LOGICAL_DATE: nextLogicalDate()
      },
      timeoutMs: 30_000
    }),
    script
  )
}

/** The same POST with curl. */
export async function triggerByCurl(sandboxUrl: string, curl: string): Promise<Timed> {
  const date = nextLogicalDate()
  return expectSuccess(
    await runTimed(
      curl,
      [
        '-sS',
        '-f',
        '-X',
        'POST',
        '-H',
        `Authorization: Bearer ${TOKEN}`,
        '-H',
        'Content-Type: application/json',
        '--data-binary',
        JSON.stringify({ dag_run_id: `github__${date}`, logical_date: date }),
        `${sandboxUrl}/api/v2/dags/${DAG}/dagRuns`
      ],
      { env: { PATH: process.env.PATH ?? '' }, timeoutMs: 30_000 }
    ),
    'curl'
  )
}
