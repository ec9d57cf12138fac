import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'

/**
 * A loopback HTTP proxy to `target` that resets the connection of the first media POST instead of
 * answering it: `after-store` forwards it and waits for WordPress's whole answer (the file is
 * stored) before the reset; `before-store` reads the whole body and resets without forwarding
 * (nothing is stored). Every other request passes through. Resets come after the body was sent,
 * so the client cannot know whether the file was stored.
 */
export async function resetProxy(
  target: string,
  mode: 'after-store' | 'before-store'
): Promise<{ url: string; resets: () => number; close: () => Promise<void> }> {
  let resets = 0
  const upstream = new URL(target)
  const server = http.createServer((req, res) => {
    const isMediaPost = req.method === 'POST' && /\/media(\?|$)/.test(req.url ?? '')
    const reset = isMediaPost && resets === 0
    if (reset) resets++
    if (reset && mode === 'before-store') {
      req.resume()
      req.once('end', () => req.socket.resetAndDestroy())
      return
    }
    // The stack's servers speak https (their CA trusted through NODE_EXTRA_CA_CERTS); this stand-in
    // for a proxy takes plain http from the client, as a TLS-terminating one would.
    const forwarded = (upstream.protocol === 'https:' ? https : http).request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host }
      },
      answer => {
        if (reset) {
          answer.resume()
          answer.once('end', () => req.socket.resetAndDestroy())
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    forwarded.once('error', () => req.socket.destroy())
    req.pipe(forwarded)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    resets: () => resets,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
