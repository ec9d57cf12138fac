import { INPUT, INPUT_DEFAULTS, type InputName, type InputReader } from '../../inputs/names.js'
import type { DagRunConfig } from './config.js'
import type { ServerlessConfig } from './serverless.js'

/** Inputs the workflow set that do nothing with the rest of its settings, and why not. */
interface IdleInputs {
  names: InputName[]
  why: string
}

/** Set: neither empty nor its default. */
function given(read: InputReader, name: InputName): boolean {
  const value = read(name).trim()
  return value !== '' && value !== (INPUT_DEFAULTS[name] ?? '')
}

/**
 * What MWAA Serverless has no use for: no request goes to a server of the user's, the run's link
 * is to the AWS console, a re-run of the same commit always gets its run back, the workflow is
 * never enabled by the action, no run has a note, and the region is the ARN's.
 */
function serverlessIdle(set: (names: InputName[]) => InputName[]): IdleInputs[] {
  const groups: IdleInputs[] = []
  const unreached = set([INPUT.headers, INPUT.apiPath, INPUT.uiUrl])
  if (unreached.length > 0) {
    groups.push({
      names: unreached,
      why: `with "${INPUT.mwaaServerlessWorkflow}", whose calls go to AWS's MWAA Serverless API: no request goes to a server of yours, and the run's link is to the AWS console`
    })
  }
  const unsaid = set([INPUT.onDuplicate, INPUT.unpause, INPUT.note, INPUT.awsRegion])
  if (unsaid.length > 0) {
    groups.push({
      names: unsaid,
      why: `with "${INPUT.mwaaServerlessWorkflow}": a re-run of the same commit gets its run back, the action never enables a workflow, a run has no note, and the region is the ARN's`
    })
  }
  return groups
}

/**
 * Through MWAA every request goes to AWS's InvokeRestApi: `headers` go only to base-url's origin,
 * which then gets no request, and MWAA puts the API prefix before each path itself. MWAA
 * Serverless has no use for more (serverlessIdle). Without `wait`, nothing is polled and nothing
 * waited for is stopped.
 */
export function idleInputs(
  config: Pick<DagRunConfig, 'auth' | 'wait'> | Pick<ServerlessConfig, 'workflow' | 'wait'>,
  read: InputReader
): IdleInputs[] {
  const groups: IdleInputs[] = []
  const set = (names: InputName[]) => names.filter(name => given(read, name))
  if ('workflow' in config) groups.push(...serverlessIdle(set))
  else if (config.auth.kind === 'aws') {
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
