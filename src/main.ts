import * as core from '@actions/core'
import { cancelledBy, cancelledLine, listenForCancel } from './cancel/cancellation.js'
import { readMode, type ActionMode } from './inputs/common.js'
import { headerSecrets } from './inputs/headers.js'
import { InputError } from './inputs/input-error.js'
import { otherModeInputs, otherModeWarning } from './inputs/input-modes.js'
import { INPUT, SECRET_INPUTS, type InputReader } from './inputs/names.js'
import { log } from './log/log.js'
import { addSecret } from './log/secrets.js'
import { renderStopSummary, writeSummary } from './summary/write.js'

/** Registers every secret input before anything else runs, so no later text can reveal one. */
function maskSecrets(read: InputReader): void {
  for (const name of SECRET_INPUTS) addSecret(read(name))
  for (const value of headerSecrets(read(INPUT.headers))) addSecret(value)
}

interface RunOptions {
  /**
   * The mode a per-mode action (trigger/, upload/, upload/merge/) runs; the `mode` input is then
   * not read.
   */
  mode?: ActionMode
  /** Where the inputs come from: `core.getInput` unless given (a test runs the entry in-process). */
  read?: (name: string) => string
}

export async function run(
  options: RunOptions = {},
  env: NodeJS.ProcessEnv = process.env
): Promise<void> {
  const read = options.read ?? ((name: string) => core.getInput(name))
  let mode: ActionMode | undefined
  // Listened for until the process ends: a later signal must not cut the report short.
  const { signal } = listenForCancel()
  try {
    maskSecrets(read)
    mode = options.mode ?? readMode(read)
    // upload/merge reads reports, not a server: its action declares no input of the modes.
    if (mode === 'merge') {
      const { runMergeMode } = await import('./upload/merge/merge-mode.js')
      return await runMergeMode(read, env.GITHUB_WORKSPACE || process.cwd())
    }
    const misplaced = otherModeWarning(mode, otherModeInputs(mode, read))
    if (misplaced) log.warning(misplaced, `Inputs ignored in ${mode} mode`)
    // Each mode is loaded on demand: a run pays only for the code it uses.
    if (mode === 'trigger') {
      const { runTriggerMode } = await import('./trigger/mode.js')
      await runTriggerMode(read, env, signal)
    } else {
      const { runUploadMode } = await import('./upload/mode.js')
      await runUploadMode(read, env.GITHUB_WORKSPACE || process.cwd(), signal)
    }
  } catch (error) {
    const by = cancelledBy(signal)
    const message = by
      ? cancelledLine(by, 'stopped before anything was created or sent.')
      : error instanceof Error
        ? error.message
        : String(error)
    log.fail(message, by ? 'Cancelled' : error instanceof InputError ? 'Bad input' : 'Stopped')
    // The summary gets its section even when the run stopped before it could report anything.
    await writeSummary(renderStopSummary(message, mode))
  }
}
