import { z } from 'zod'
import {
  commonSettings,
  commonInputs,
  httpUrl,
  optionalBaseUrl,
  parseInputs,
  requireSecureTransport,
  type CommonConfig
} from '../../inputs/common.js'
import { boolean, choice, optional, seconds, secret, userName } from '../../inputs/fields.js'
import { INPUT, type InputName, type InputReader } from '../../inputs/names.js'
import { LOGICAL_DATE_LENGTH } from '../date/logical-date.js'
import { MAX_RUN_ID_LENGTH } from './run-id.js'
import { conf, dagId, logicalDate, noteInput, partitionKey, runIdInput } from './fields.js'
import { awsRegion, mwaaEnvironment } from './mwaa-inputs.js'
import { checkServerlessMix, type ServerlessConfig } from './serverless.js'
import { serverlessWorkflow } from './workflow-arn.js'

/**
 * Airflow 3's REST API prefix: used when api-path is empty and the server does not say which API
 * it serves (Airflow 2's is /api/v1).
 */
export const DEFAULT_AIRFLOW_API_PATH = '/api/v2'

/** How trigger mode proves who it is. */
type AirflowAuth =
  /** A bearer token as given. */
  | { kind: 'token'; token: string }
  /**
   * A user name and password: exchanged for a token at `POST {base-url}/auth/token` (Airflow 3),
   * or sent as HTTP Basic to Airflow 2 (its basic_auth backend).
   */
  | { kind: 'password'; username: string; password: string }
  /**
   * Amazon MWAA's InvokeRestApi, signed with the AWS credentials of the environment variables;
   * the region is `aws-region`'s, else AWS_REGION's or AWS_DEFAULT_REGION's.
   */
  | { kind: 'aws'; environment: string; region?: string }

/**
 * How the run is reached: Airflow's REST API at base-url, with a token or a user name and
 * password; or Amazon MWAA's InvokeRestApi, where base-url, when given, only makes links.
 */
type Reach =
  | { via: 'airflow'; baseUrl: URL; auth: Exclude<AirflowAuth, { kind: 'aws' }> }
  | { via: 'mwaa'; baseUrl?: URL; auth: Extract<AirflowAuth, { kind: 'aws' }> }

/** A DAG run through Airflow's REST API, directly or through MWAA. */
export type DagRunConfig = TriggerSettings & Reach

/** Trigger mode's settings, by how the run is reached (`via`). */
export type TriggerConfig = DagRunConfig | ServerlessConfig

interface TriggerSettings extends Omit<CommonConfig, 'baseUrl'> {
  mode: 'trigger'
  dagId: string
  /** Parsed `conf` object; absent when the input was empty. */
  conf?: Record<string, unknown>
  /** Normalized `logical-date` input; absent means "derive it from the commit". */
  logicalDate?: string
  /** Given `dag-run-id`; absent means prefix plus logical date. */
  dagRunId?: string
  runIdPrefix: string
  onDuplicate: 'fail' | 'reuse'
  wait: boolean
  waitTimeoutMs: number
  pollIntervalMs: number
  /** Mark the run failed when the step is cancelled while waiting for it. */
  stopRunOnCancel: boolean
  /** Unpause a paused DAG before triggering it. */
  unpause: boolean
  /**
   * Where links to the run and its tasks point: `ui-url`, else `base-url`, which serves both;
   * absent with MWAA and neither, and then no link is made.
   */
  uiBase?: URL
  /** Token for the GitHub API fallback of the commit date lookup. */
  githubToken?: string
  /** The run's note with its placeholders (`{commit}`, …); absent: no note. */
  note?: string
  /** Airflow 3.2+'s partition key of the run, sent as given. */
  partitionKey?: string
}

const triggerInputs = commonInputs.extend({
  [INPUT.baseUrl]: optionalBaseUrl,
  [INPUT.dagId]: dagId,
  [INPUT.token]: secret,
  [INPUT.username]: userName,
  [INPUT.password]: secret,
  [INPUT.conf]: conf,
  [INPUT.logicalDate]: logicalDate,
  [INPUT.dagRunId]: runIdInput(undefined),
  [INPUT.runIdPrefix]: runIdInput('').refine(
    prefix => prefix.length + LOGICAL_DATE_LENGTH <= MAX_RUN_ID_LENGTH,
    {
      error: `expected at most ${MAX_RUN_ID_LENGTH - LOGICAL_DATE_LENGTH} characters: the logical date (${LOGICAL_DATE_LENGTH} more) is appended, and a run id has at most ${MAX_RUN_ID_LENGTH}`
    }
  ),
  [INPUT.onDuplicate]: choice(['fail', 'reuse']),
  [INPUT.wait]: boolean,
  [INPUT.waitTimeoutSeconds]: seconds(1, 6 * 3600),
  [INPUT.pollIntervalSeconds]: seconds(0.1, 3600),
  [INPUT.stopRunOnCancel]: boolean,
  [INPUT.unpause]: boolean,
  [INPUT.uiUrl]: optional(httpUrl),
  [INPUT.githubToken]: secret,
  [INPUT.note]: noteInput,
  [INPUT.partitionKey]: partitionKey,
  [INPUT.mwaaEnvironment]: mwaaEnvironment,
  [INPUT.awsRegion]: awsRegion,
  [INPUT.mwaaServerlessWorkflow]: serverlessWorkflow
})

/**
 * One way to reach Airflow, complete: `base-url` with a token, or with a user name and its
 * password; or `mwaa-environment`, which signs with AWS credentials and takes none of those; and
 * the DAG to run. MWAA Serverless, which takes none of them, is checked apart.
 */
function checkAirflowAuth(
  input: {
    [INPUT.dagId]?: string
    [INPUT.mwaaServerlessWorkflow]?: unknown
    [INPUT.token]: string
    [INPUT.username]: string
    [INPUT.password]: string
    [INPUT.baseUrl]?: URL
    [INPUT.uiUrl]?: URL
    [INPUT.mwaaEnvironment]?: string
    [INPUT.awsRegion]?: string
  },
  ctx: z.RefinementCtx
): void {
  const token = input[INPUT.token]
  const username = input[INPUT.username]
  const password = input[INPUT.password]
  const issue = (path: InputName, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message })
  if (input[INPUT.mwaaServerlessWorkflow] !== undefined) return
  if (input[INPUT.dagId] === undefined) {
    issue(
      INPUT.dagId,
      `is required (the DAG id), or "${INPUT.mwaaServerlessWorkflow}" instead, got an empty value`
    )
  }
  if (input[INPUT.mwaaEnvironment] !== undefined) {
    for (const name of [INPUT.token, INPUT.username, INPUT.password] as const) {
      if (input[name])
        issue(
          name,
          `is not used with "${INPUT.mwaaEnvironment}": MWAA's InvokeRestApi is signed with the AWS credentials of the job (aws-actions/configure-aws-credentials); remove it`
        )
    }
    return
  }
  if (input[INPUT.awsRegion] !== undefined) {
    issue(INPUT.awsRegion, `is used only with "${INPUT.mwaaEnvironment}", which is empty`)
  }
  if (!input[INPUT.baseUrl]) {
    issue(
      INPUT.baseUrl,
      `is required (the server URL, e.g. https://airflow.example.com), or "${INPUT.mwaaEnvironment}" instead, got an empty value`
    )
  }
  if (token && (username || password)) {
    issue(
      INPUT.token,
      `and "${INPUT.username}"/"${INPUT.password}" are alternatives: expected one of them, got both`
    )
  } else if (!token && !username && !password) {
    issue(
      INPUT.token,
      `is required (the bearer token of the Airflow REST API), or "${INPUT.username}" and "${INPUT.password}" instead, got neither`
    )
  } else if (!token && !password) {
    issue(INPUT.password, `is required with "${INPUT.username}", got an empty value`)
  } else if (!token && !username) {
    issue(INPUT.username, `is required with "${INPUT.password}", got an empty value`)
  }
}

const triggerConfig = triggerInputs
  // Checked even when other inputs are bad, so that every problem is named at once.
  .superRefine(checkAirflowAuth, { when: () => true })
  .superRefine(checkServerlessMix, { when: () => true })
  .superRefine(requireSecureTransport)
  .transform((input): TriggerConfig => {
    const baseUrl = input[INPUT.baseUrl]
    const common = commonSettings(input)
    const workflow = input[INPUT.mwaaServerlessWorkflow]
    if (workflow) {
      return {
        mode: 'trigger',
        via: 'serverless',
        ...common,
        workflow,
        conf: input[INPUT.conf],
        logicalDate: input[INPUT.logicalDate],
        runIdPrefix: input[INPUT.runIdPrefix],
        wait: input[INPUT.wait],
        waitTimeoutMs: input[INPUT.waitTimeoutSeconds],
        pollIntervalMs: input[INPUT.pollIntervalSeconds],
        stopRunOnCancel: input[INPUT.stopRunOnCancel],
        githubToken: input[INPUT.githubToken] || undefined
      }
    }
    const environment = input[INPUT.mwaaEnvironment]
    // With MWAA the server is reached through AWS: base-url, when given, only makes links.
    const uiBase = input[INPUT.uiUrl] ?? baseUrl
    const reach: Reach = environment
      ? {
          via: 'mwaa',
          ...(baseUrl ? { baseUrl } : {}),
          auth: { kind: 'aws', environment, region: input[INPUT.awsRegion] }
        }
      : {
          via: 'airflow',
          // The checks above refuse a trigger on Airflow without it.
          baseUrl: baseUrl!,
          auth: input[INPUT.token]
            ? { kind: 'token', token: input[INPUT.token] }
            : { kind: 'password', username: input[INPUT.username], password: input[INPUT.password] }
        }
    return {
      mode: 'trigger',
      ...common,
      ...reach,
      // The checks above refuse an empty one.
      dagId: input[INPUT.dagId]!,
      conf: input[INPUT.conf],
      logicalDate: input[INPUT.logicalDate],
      dagRunId: input[INPUT.dagRunId],
      runIdPrefix: input[INPUT.runIdPrefix],
      onDuplicate: input[INPUT.onDuplicate],
      wait: input[INPUT.wait],
      waitTimeoutMs: input[INPUT.waitTimeoutSeconds],
      pollIntervalMs: input[INPUT.pollIntervalSeconds],
      stopRunOnCancel: input[INPUT.stopRunOnCancel],
      unpause: input[INPUT.unpause],
      ...(uiBase ? { uiBase } : {}),
      githubToken: input[INPUT.githubToken] || undefined,
      ...(input[INPUT.note] ? { note: input[INPUT.note] } : {}),
      ...(input[INPUT.partitionKey] ? { partitionKey: input[INPUT.partitionKey] } : {})
    }
  })

/**
 * The trigger mode's inputs as one typed config (a DAG run on Airflow, or a workflow run on MWAA
 * Serverless), or an InputError naming every bad input.
 */
export function parseTriggerConfig(read: InputReader): TriggerConfig {
  return parseInputs(Object.keys(triggerInputs.shape), triggerConfig, read)
}

/** The settings for the debug log, with every secret replaced. */
export function describeSettings(config: TriggerConfig): string {
  if (config.via === 'serverless') {
    return JSON.stringify({
      ...config,
      githubToken: config.githubToken ? '***' : '',
      headers: Object.keys(config.headers)
    })
  }
  return JSON.stringify({
    ...config,
    baseUrl: config.baseUrl?.href,
    uiBase: config.uiBase?.href,
    auth:
      config.auth.kind === 'password'
        ? { kind: 'password', username: config.auth.username }
        : config.auth.kind === 'aws'
          ? config.auth
          : { kind: 'token' },
    githubToken: config.githubToken ? '***' : '',
    headers: Object.keys(config.headers)
  })
}
