import type { Mode } from './common.js'
import { INPUT, INPUT_DEFAULTS, type InputName, type InputReader } from './names.js'

/**
 * Which mode reads each input; `both` for the shared ones. The one place that says so: the warning
 * about inputs of the other mode, and a test that holds action.yml's descriptions to it.
 */
export const INPUT_MODES: Record<InputName, Mode | 'both'> = {
  [INPUT.mode]: 'both',
  [INPUT.baseUrl]: 'both',
  [INPUT.apiPath]: 'both',
  [INPUT.timeoutSeconds]: 'both',
  [INPUT.maxAttempts]: 'both',
  [INPUT.allowInsecureHttp]: 'both',
  [INPUT.headers]: 'both',
  [INPUT.dagId]: 'trigger',
  [INPUT.token]: 'trigger',
  [INPUT.conf]: 'trigger',
  [INPUT.logicalDate]: 'trigger',
  [INPUT.dagRunId]: 'trigger',
  [INPUT.runIdPrefix]: 'trigger',
  [INPUT.onDuplicate]: 'trigger',
  [INPUT.wait]: 'trigger',
  [INPUT.waitTimeoutSeconds]: 'trigger',
  [INPUT.pollIntervalSeconds]: 'trigger',
  [INPUT.stopRunOnCancel]: 'trigger',
  [INPUT.dryRun]: 'both',
  [INPUT.blockedWaitSeconds]: 'upload',
  [INPUT.unpause]: 'trigger',
  [INPUT.uiUrl]: 'trigger',
  [INPUT.githubToken]: 'trigger',
  [INPUT.note]: 'trigger',
  [INPUT.partitionKey]: 'trigger',
  [INPUT.mwaaEnvironment]: 'trigger',
  [INPUT.awsRegion]: 'trigger',
  [INPUT.mwaaServerlessWorkflow]: 'trigger',
  [INPUT.password]: 'trigger',
  [INPUT.username]: 'both',
  [INPUT.files]: 'upload',
  [INPUT.ifNoFilesFound]: 'upload',
  [INPUT.appPassword]: 'upload',
  [INPUT.preflight]: 'upload',
  [INPUT.skipExisting]: 'upload',
  [INPUT.concurrency]: 'upload',
  [INPUT.title]: 'upload',
  [INPUT.altText]: 'upload',
  [INPUT.caption]: 'upload',
  [INPUT.description]: 'upload',
  [INPUT.attachTo]: 'upload',
  [INPUT.featuredImage]: 'upload',
  [INPUT.shard]: 'upload',
  [INPUT.imageSizes]: 'upload'
}

/**
 * Never reported as misplaced: `github-token` always has a value (the runner fills in
 * `github.token`), and `password` in upload mode is refused with its own message.
 */
const NOT_REPORTED: readonly InputName[] = [INPUT.githubToken, INPUT.password]

/** The inputs of the other mode that the workflow set to something other than their default. */
export function otherModeInputs(mode: Mode, read: InputReader): InputName[] {
  return (Object.entries(INPUT_MODES) as [InputName, Mode | 'both'][])
    .filter(([name, owner]) => owner !== 'both' && owner !== mode && !NOT_REPORTED.includes(name))
    .map(([name]) => name)
    .filter(name => {
      const value = read(name).trim()
      return value !== '' && value !== (INPUT_DEFAULTS[name] ?? '')
    })
}

/** The warning for `otherModeInputs`, or undefined when there are none. */
export function otherModeWarning(mode: Mode, names: readonly InputName[]): string | undefined {
  if (names.length === 0) return undefined
  const other: Mode = mode === 'trigger' ? 'upload' : 'trigger'
  const listed = names.map(name => `"${name}"`).join(', ')
  return `${names.length === 1 ? 'Input' : 'Inputs'} ${listed} ${names.length === 1 ? 'is' : 'are'} for ${other} mode; this step runs in ${mode} mode, which ignores ${names.length === 1 ? 'it' : 'them'}. Remove ${names.length === 1 ? 'it' : 'them'}, or set "mode: ${other}" if that was meant.`
}
