import type { TriggerConfig } from '../config/config.js'
import { diagnose } from '../diagnosis/index.js'
import { keepAliveAgent } from '../http/agent.js'
import { basicAuthorization } from '../http/basic-auth.js'
import { endpoint, USER_AGENT } from '../http/endpoint.js'
import { send } from '../http/request.js'

export class AuthenticationError extends Error {
  override name = 'AuthenticationError'
}

/**
 * The Authorization header for the orchestration API. A user name and password become HTTP Basic
 * on /api/v1 (Airflow 2's basic_auth backend) or, otherwise, a token from Airflow 3's
 * `POST {base-url}/auth/token`. Every credential it derives is handed to `mask` first.
 */
export async function airflowAuthorization(
  config: TriggerConfig,
  io: { mask: (secret: string) => void; log: (message: string) => void }
): Promise<string> {
  const { auth } = config
  if (auth.kind === 'token') return `Bearer ${auth.token}`
  if (config.apiPath === '/api/v1') {
    const basic = basicAuthorization(auth.username, auth.password)
    io.mask(basic.slice('Basic '.length))
    io.log(`Authenticating as ${auth.username} with HTTP Basic (api-path /api/v1).`)
    return basic
  }
  const url = endpoint(config.baseUrl, '', 'auth/token')
  const where = `${url.host}${url.pathname}`
  // Its own agent, so the exchange goes through the same proxy settings as the API calls.
  const agent = keepAliveAgent(url)
  const result = await send({
    method: 'POST',
    url,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': USER_AGENT
    },
    body: JSON.stringify({ username: auth.username, password: auth.password }),
    timeoutMs: config.timeoutMs,
    agent
  }).finally(() => agent.destroy())
  const context = {
    service: 'orchestration',
    method: 'POST',
    apiPath: '/auth',
    host: url.host
  } as const
  if ('failure' in result) {
    const verdict = diagnose({ error: result.failure }, context)
    throw new AuthenticationError(
      `Getting a token from ${where} failed: ${result.failure.message}.\n${verdict.remedies.join('\n')}`
    )
  }
  const { status, body } = result.response
  const token = accessToken(body)
  if (status >= 200 && status < 300 && token) {
    io.mask(token)
    io.log(`Got a token for ${auth.username} from ${where}.`)
    return `Bearer ${token}`
  }
  const verdict = diagnose({ response: result.response }, context)
  const hint =
    status === 401 || status === 403
      ? `Check "username" and "password" (an Airflow user allowed to trigger ${config.dagId}).`
      : status === 404
        ? 'No token endpoint there: Airflow 2 needs "api-path: /api/v1" (HTTP Basic), or give a "token".'
        : verdict.remedies.join('\n')
  throw new AuthenticationError(
    `Getting a token from ${where} failed with HTTP ${status}: ${verdict.headline}\n${hint}`
  )
}

function accessToken(body: string): string | undefined {
  try {
    const { access_token: token } = JSON.parse(body) as { access_token?: unknown }
    return typeof token === 'string' && token !== '' ? token : undefined
  } catch {
    return undefined
  }
}
