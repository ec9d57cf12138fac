import { createHash } from 'node:crypto'
import type http from 'node:http'
import type { HttpResponse } from './send.js'

/** Hashes the answer as it streams in, past the cap by one byte at most: enough to tell "larger". */
export async function digestBody(
  response: http.IncomingMessage,
  maxBytes: number
): Promise<Pick<HttpResponse, 'body' | 'digest'>> {
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
