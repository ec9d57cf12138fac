import * as core from '@actions/core'
import { inertLine, inertMessage } from './inert.js'

/**
 * The action's only way to the step's log and annotations. Every message passes `inertMessage`
 * here, so no text it quotes (a server's answer, a file name, an input) shows a secret, in any
 * form, or runs a workflow command.
 */
export const log = {
  info: (message: string): void => core.info(inertMessage(message)),
  debug: (message: string): void => core.debug(inertMessage(message)),
  warning: (message: string, title?: string): void =>
    core.warning(inertMessage(message), title ? { title: inertLine(title, 120) } : {}),
  /** An error annotation that fails the step. */
  fail: (message: string, title?: string): void => {
    core.error(inertMessage(message), title ? { title: inertLine(title, 120) } : {})
    // The toolkit's ExitCode.Failure, written out: local-action's stand-in for core lacks it.
    process.exitCode = 1
  },
  group: <T>(name: string, fn: () => Promise<T>): Promise<T> => core.group(inertLine(name), fn)
}
