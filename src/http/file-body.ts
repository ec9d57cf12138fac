import type { ClientRequest } from 'node:http'
import { open } from 'node:fs/promises'

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
export async function sendFile(
  req: ClientRequest,
  body: FileBody,
  taken: () => void
): Promise<void> {
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
