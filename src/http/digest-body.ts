import { createHash } from 'node:crypto'
import type http from 'node:http'

/** The sha-256 (hex) of the bytes read, and how many. */
export interface BodyDigest {
  sha256: string
  bytes: number
}

/** Hashes the answer as it streams in, past the cap by one byte at most: enough to tell "larger". */
export async function digestBody(
  response: http.IncomingMessage,
  maxBytes: number
): Promise<{ body: string; digest: BodyDigest }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    const part = chunk.subarray(0, maxBytes + 1 - size)
    hash.update(part)
    size += part.length
    if (size > maxBytes) {
      response.destroy()
      break
    }
  }
  return { body: '', digest: { sha256: hash.digest('hex'), bytes: size } }
}
