import { InputError, shown } from '../../inputs/input-error.js'
import { INPUT, type InputName } from '../../inputs/names.js'
import { regionProblem } from '../config/mwaa-inputs.js'

export interface AwsCredentials {
  accessKeyId: string
  secretAccessKey: string
  /** Temporary credentials (OIDC, an assumed role) come with one. */
  sessionToken?: string
}

/** Where and as whom InvokeRestApi is called. */
export interface MwaaSettings {
  environment: string
  region: string
  credentials: AwsCredentials
  /** `https://env.airflow.{region}.amazonaws.com`, or an override used as given. */
  endpoint: URL
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The host of InvokeRestApi: the operation's host prefix `env.` before the service's endpoint
 * `airflow.{region}.amazonaws.com` (botocore botocore/data/mwaa/2020-07-01/service-2.json:
 * endpointPrefix "airflow", InvokeRestApi "endpoint": {"hostPrefix": "env."}); China's regions
 * are under amazonaws.com.cn.
 */
function defaultEndpoint(region: string): URL {
  const domain = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'
  return new URL(`https://env.airflow.${region}.${domain}`)
}

/**
 * AWS's own override convention, as its SDKs and CLI read it: the service's variable
 * (`AWS_ENDPOINT_URL_MWAA`), then `AWS_ENDPOINT_URL`, used as given (no host prefix added). Signed
 * requests carry the session token, so plain http:// is for loopback only (a local stand-in).
 */
export function endpointOverride(
  env: NodeJS.ProcessEnv,
  variables: readonly string[]
): URL | undefined {
  for (const name of variables) {
    const value = env[name]?.trim()
    if (!value) continue
    let url: URL
    try {
      url = new URL(value)
    } catch {
      throw new InputError(`${name} expected an http(s) URL, got ${shown(value)}.`)
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new InputError(`${name} expected an http(s) URL, got ${shown(value)}.`)
    if (url.username || url.password || url.search || url.hash)
      throw new InputError(`${name} expected a URL without credentials, query or fragment.`)
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
      throw new InputError(
        `${name} expected an https:// URL: over plain http:// to a host that is not loopback, the session token would travel in clear.`
      )
    url.pathname = url.pathname.replace(/(?<!\/)\/+$/, '')
    return url
  }
  return undefined
}

/**
 * The region, credentials and endpoint from the input and the variables that
 * aws-actions/configure-aws-credentials exports; refused, naming the input or variable, before
 * any connection.
 */
export function mwaaSettings(
  auth: { environment: string; region?: string },
  env: NodeJS.ProcessEnv
): MwaaSettings {
  let region = auth.region
  if (!region) {
    const name = ['AWS_REGION', 'AWS_DEFAULT_REGION'].find(variable => env[variable]?.trim())
    if (!name)
      throw new InputError(
        `Input "${INPUT.awsRegion}" is required with "${INPUT.mwaaEnvironment}" when neither AWS_REGION nor AWS_DEFAULT_REGION is set.`
      )
    region = env[name]!.trim()
    const problem = regionProblem(region)
    if (problem) throw new InputError(`${name} ${problem}.`)
  }
  return {
    environment: auth.environment,
    region,
    credentials: awsCredentials(env, INPUT.mwaaEnvironment),
    endpoint:
      endpointOverride(env, ['AWS_ENDPOINT_URL_MWAA', 'AWS_ENDPOINT_URL']) ??
      defaultEndpoint(region)
  }
}

/**
 * The credentials aws-actions/configure-aws-credentials exports; refused, naming the input they
 * are for and the variables that are empty, before any connection.
 */
export function awsCredentials(env: NodeJS.ProcessEnv, input: InputName): AwsCredentials {
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim()
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim()
  const sessionToken = env.AWS_SESSION_TOKEN?.trim()
  if (!accessKeyId || !secretAccessKey) {
    const missing = [
      accessKeyId ? '' : 'AWS_ACCESS_KEY_ID',
      secretAccessKey ? '' : 'AWS_SECRET_ACCESS_KEY'
    ].filter(Boolean)
    throw new InputError(
      `No AWS credentials for "${input}": ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} empty. Run aws-actions/configure-aws-credentials before this step.`
    )
  }
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
}
