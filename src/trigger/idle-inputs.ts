import { INPUT, INPUT_DEFAULTS, type InputName, type InputReader } from '../inputs/names.js'
import type { TriggerConfig } from './config.js'

/** Inputs the workflow set that do nothing with the rest of its settings, and why not. */
export interface IdleInputs {
  names: InputName[]
  why: string
}

/** Set: neither empty nor its default. */
function given(read: InputReader, name: InputName): boolean {
  const value = read(name).trim()
  return value !== '' && value !== (INPUT_DEFAULTS[name] ?? '')
}

/**
 * Through MWAA every request goes to AWS's InvokeRestApi: `headers` go only to base-url's origin,
 * which then gets no request, and MWAA puts the API prefix before each path itself. Without
 * `wait`, nothing is polled and nothing waited for is stopped.
 */
export function idleInputs(
  config: Pick<TriggerConfig, 'auth' | 'wait'>,
  read: InputReader
): IdleInputs[] {
  const groups: IdleInputs[] = []
  const set = (names: InputName[]) => names.filter(name => given(read, name))
  if (config.auth.kind === 'aws') {
    const names = set([INPUT.headers, INPUT.apiPath])
    if (names.length > 0) {
      groups.push({
        names,
        why: `with "${INPUT.mwaaEnvironment}", whose requests go to AWS's InvokeRestApi: headers go only to base-url's origin, which then gets none, and MWAA adds the API path itself`
      })
    }
  }
  if (!config.wait) {
    const names = set([INPUT.waitTimeoutSeconds, INPUT.pollIntervalSeconds, INPUT.stopRunOnCancel])
    if (names.length > 0) {
      groups.push({ names, why: `without "${INPUT.wait}: true": no run is waited for` })
    }
  }
  return groups
}

/** One warning for all of them, or undefined when every input given is used. */
export function idleInputsWarning(groups: readonly IdleInputs[]): string | undefined {
  if (groups.length === 0) return undefined
  const sentences = groups.map(({ names, why }) => {
    const listed = names.map(name => `"${name}"`).join(' and ')
    return `${names.length === 1 ? 'Input' : 'Inputs'} ${listed} ${names.length === 1 ? 'does' : 'do'} nothing ${why}.`
  })
  return `${sentences.join(' ')} Remove what does nothing, or change the setting that makes it so.`
}
