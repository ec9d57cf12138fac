import { open } from 'node:fs/promises'
import type http from 'node:http'
import type { ExchangeBounds } from './exchange-bounds.js'

/** A request body read from disk at send time, so every attempt sends the file as it is now. */
export interface FileBody {
  path: string
  /** The byte count announced in Content-Length. */
  size: number
}

const CHUNK = 1024 * 1024

/**
 * Streams a file into a request through two reused buffers. fs.createReadStream allocates a fresh
 * buffer per chunk that V8 frees only late, so peak memory grew with the file (142 MiB for 1 GiB,
 * see docs/benchmarks.md); here a buffer is refilled only once the socket has taken it, which
 * `taken` hears of: the only sign that the server is reading.
 */
async function sendFile(req: http.ClientRequest, body: FileBody, taken: () => void): Promise<void> {
  const handle = await open(body.path, 'r')
  try {
    const buffers = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)]
    // The write of the other buffer, awaited before that buffer is filled again.
    let flushed: Promise<void> = Promise.resolve()
    for (let sent = 0, turn = 0; sent < body.size; turn++) {
      const buffer = buffers[turn % 2]!
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, body.size - sent), sent)
      await flushed
      if (bytesRead === 0) throw new Error(`${body.path} got shorter while it was being sent`)
      if (req.destroyed) return
      sent += bytesRead
      const chunk = buffer.subarray(0, bytesRead)
      // Ended with the last byte, not at a later end-of-file read: the server may answer as soon
      // as it has Content-Length bytes, and the request must be complete by then.
      if (sent === body.size) {
        req.end(chunk)
        return
      }
      flushed = new Promise((resolve, reject) =>
        req.write(chunk, error => {
          if (error) return reject(error)
          taken()
          resolve()
        })
      )
    }
    req.end()
  } finally {
    await handle.close()
  }
}

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
