import http from 'node:http'
import https from 'node:https'

/**
 * A kept-alive agent for the URL's scheme. It honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY, as the
 * toolkit's own clients do, through Node 24's `proxyEnv` (older Node ignores the option).
 */
export function keepAliveAgent(url: URL, maxSockets?: number): http.Agent {
  const options = { keepAlive: true, maxSockets, proxyEnv: process.env } as http.AgentOptions
  return url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
}
