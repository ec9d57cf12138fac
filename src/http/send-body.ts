import type http from 'node:http'
import type { ExchangeBounds } from './exchange-bounds.js'
import { sendFile, type FileBody } from './file-body.js'

/**
 * How long to wait for `100 Continue` before sending the body anyway, as curl does (its
 * `--expect100-timeout` defaults to 1 s): a server or proxy may ignore the expectation.
 */
const CONTINUE_WAIT_MS = 1000

/**
 * Sends the file once the server says `100 Continue`, or after `CONTINUE_WAIT_MS` of silence; not
 * at all when the server answers first (its refusal), which leaves the request to be destroyed.
 */
export async function bodyOnContinue(
  req: http.ClientRequest,
  body: FileBody,
  answered: Promise<unknown>,
  bounds: ExchangeBounds
): Promise<void> {
  // Node holds the headers until the first write: the server must see them to answer.
  req.flushHeaders()
  let timer: NodeJS.Timeout | undefined
  const go = await Promise.race([
    new Promise<boolean>(resolve => {
      req.once('continue', () => resolve(true))
      timer = setTimeout(() => resolve(true), CONTINUE_WAIT_MS)
    }),
    answered.then(
      () => false,
      () => false
    )
  ])
  clearTimeout(timer)
  if (go && !req.destroyed) await sendBody(req, body, bounds)
}

export async function sendBody(
  req: http.ClientRequest,
  body: string | FileBody | undefined,
  bounds: ExchangeBounds
): Promise<void> {
  if (body === undefined) {
    req.end()
    return
  }
  if (typeof body === 'string') {
    req.end(body)
    return
  }
  try {
    bounds.bodyStarts()
    await sendFile(req, body, bounds.bodyTaken)
  } catch (error) {
    // A file that cannot be read to the end leaves the request unfinished: abandon it.
    req.destroy(error as Error)
  }
}
