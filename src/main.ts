import * as core from '@actions/core'
import { cancelledBy, cancelledLine, listenForCancel } from './cancel/cancellation.js'
import { readMode } from './inputs/common.js'
import { InputError } from './inputs/input-error.js'
import { SECRET_INPUTS, type InputReader } from './inputs/names.js'
import { log } from './log/log.js'
import { renderStopSummary, writeSummary } from './summary/write.js'

/** Masks every secret input before anything else runs, so no later message can reveal one. */
function maskSecrets(read: InputReader): void {
  for (const name of SECRET_INPUTS) {
    const value = read(name)
    if (value) core.setSecret(value)
  }
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const read: InputReader = name => core.getInput(name)
  // Listened for until the process ends: a later signal must not cut the report short.
  const { signal } = listenForCancel()
  try {
    maskSecrets(read)
    // Each mode is loaded on demand: a run pays only for the code it uses.
    if (readMode(read) === 'trigger') {
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
    await writeSummary(renderStopSummary(message))
  }
}
