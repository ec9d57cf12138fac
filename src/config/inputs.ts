/** The action's input names, as declared in action.yml. */
export const INPUT = {
  mode: 'mode',
  baseUrl: 'base-url',
  apiPath: 'api-path',
  timeoutSeconds: 'timeout-seconds',
  maxAttempts: 'max-attempts',
  allowInsecureHttp: 'allow-insecure-http',
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
  githubToken: 'github-token',
  files: 'files',
  username: 'username',
  appPassword: 'app-password',
  preflight: 'preflight'
} as const

export type InputName = (typeof INPUT)[keyof typeof INPUT]

/** Reads one input's raw text; `core.getInput` in the action, a map in tests. */
export type InputReader = (name: InputName) => string

/** The action's output names, as declared in action.yml. */
export const OUTPUT = {
  dagRunId: 'dag-run-id',
  logicalDate: 'logical-date',
  dagRunState: 'dag-run-state',
  diagnosis: 'diagnosis',
  media: 'media',
  uploadedCount: 'uploaded-count',
  failedCount: 'failed-count',
  edgeNode: 'edge-node'
} as const
