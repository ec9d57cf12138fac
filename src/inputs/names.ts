/** The action's input names, as declared in action.yml. */
export const INPUT = {
  mode: 'mode',
  baseUrl: 'base-url',
  apiPath: 'api-path',
  timeoutSeconds: 'timeout-seconds',
  maxAttempts: 'max-attempts',
  allowInsecureHttp: 'allow-insecure-http',
  headers: 'headers',
  dagId: 'dag-id',
  token: 'token',
  conf: 'conf',
  logicalDate: 'logical-date',
  dagRunId: 'dag-run-id',
  runIdPrefix: 'run-id-prefix',
  onDuplicate: 'on-duplicate',
  wait: 'wait',
  waitTimeoutSeconds: 'wait-timeout-seconds',
  pollIntervalSeconds: 'poll-interval-seconds',
  stopRunOnCancel: 'stop-run-on-cancel',
  unpause: 'unpause',
  uiUrl: 'ui-url',
  githubToken: 'github-token',
  note: 'note',
  partitionKey: 'partition-key',
  dryRun: 'dry-run',
  blockedWaitSeconds: 'blocked-wait-seconds',
  mwaaEnvironment: 'mwaa-environment',
  awsRegion: 'aws-region',
  mwaaServerlessWorkflow: 'mwaa-serverless-workflow',
  files: 'files',
  ifNoFilesFound: 'if-no-files-found',
  username: 'username',
  password: 'password',
  appPassword: 'app-password',
  preflight: 'preflight',
  skipExisting: 'skip-existing',
  concurrency: 'concurrency',
  title: 'title',
  altText: 'alt-text',
  caption: 'caption',
  description: 'description',
  attachTo: 'attach-to',
  featuredImage: 'featured-image',
  shard: 'shard',
  imageSizes: 'image-sizes'
} as const

export type InputName = (typeof INPUT)[keyof typeof INPUT]

/** The default note of a run: where it came from, its placeholders filled in by trigger mode. */
export const NOTE_TEMPLATE = 'Triggered by {repository}@{commit} — workflow "{workflow}" {run}'

/**
 * The defaults action.yml declares (a test keeps the two equal). The runner fills them in; they
 * apply here too when a workflow passes an empty value, e.g. from an unset variable.
 */
export const INPUT_DEFAULTS: Partial<Record<InputName, string>> = {
  [INPUT.timeoutSeconds]: '30',
  [INPUT.maxAttempts]: '3',
  [INPUT.allowInsecureHttp]: 'false',
  [INPUT.runIdPrefix]: 'github__',
  [INPUT.onDuplicate]: 'fail',
  [INPUT.wait]: 'false',
  [INPUT.waitTimeoutSeconds]: '3600',
  [INPUT.pollIntervalSeconds]: '15',
  [INPUT.ifNoFilesFound]: 'error',
  [INPUT.dryRun]: 'false',
  [INPUT.blockedWaitSeconds]: '0',
  [INPUT.stopRunOnCancel]: 'false',
  [INPUT.unpause]: 'false',
  [INPUT.preflight]: 'true',
  [INPUT.skipExisting]: 'true',
  [INPUT.concurrency]: 'auto',
  [INPUT.imageSizes]: 'auto',
  [INPUT.note]: NOTE_TEMPLATE
}

/**
 * Inputs whose empty value says something of its own, so that it is not replaced by the default:
 * `note: ''` sends no note.
 */
export const EMPTY_IS_A_VALUE: readonly InputName[] = [INPUT.note]

/** Reads one input's raw text; `core.getInput` in the action, a map in tests. */
export type InputReader = (name: InputName) => string

/** Inputs that carry a credential: masked before anything else runs. */
export const SECRET_INPUTS: readonly InputName[] = [
  INPUT.token,
  INPUT.githubToken,
  INPUT.password,
  INPUT.appPassword
]

/** The action's output names, as declared in action.yml. */
export const OUTPUT = {
  dagRunId: 'dag-run-id',
  logicalDate: 'logical-date',
  dagRunState: 'dag-run-state',
  dagRunUrl: 'dag-run-url',
  diagnosis: 'diagnosis',
  media: 'media',
  uploadedCount: 'uploaded-count',
  existingCount: 'existing-count',
  failedCount: 'failed-count',
  featuredMediaId: 'featured-media-id',
  edgeNode: 'edge-node',
  reportFile: 'report-file'
} as const
