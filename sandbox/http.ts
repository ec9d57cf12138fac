import { createHash } from 'node:crypto'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

/** A complete answer; header names are lower case so layers can override each other. */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: string | Buffer
  /** Hold the answer this long before sending it. */
  delayMs?: number
}

/** 'drop': destroy the socket without answering. */
export type Outcome = Reply | 'drop'

export interface ReceivedBody {
  size: number
  /** Hex md5 of every byte received. */
  md5: string
  /** null when the bytes were only counted. */
  bytes: Buffer | null
}

/** What an origin handler sees of a request. */
export interface OriginRequest {
  method: string
  pathname: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: ReceivedBody
}

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json'
): Reply {
  return {
    status,
    headers: { 'content-type': contentType, ...headers },
    body: JSON.stringify(value)
  }
}

export function textReply(status: number, body: string | Buffer, contentType: string): Reply {
  return { status, headers: { 'content-type': contentType }, body }
}

export function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } }
}

/** Streams the body in, hashing as it goes, so a huge upload need not be held in memory. */
export async function readBody(
  req: IncomingMessage,
  keep: boolean,
  onBytes: (total: number) => void
): Promise<ReceivedBody> {
  const hash = createHash('md5')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = chunk as Buffer
    hash.update(buffer)
    size += buffer.length
    onBytes(size)
    if (keep) chunks.push(buffer)
  }
  return { size, md5: hash.digest('hex'), bytes: keep ? Buffer.concat(chunks) : null }
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-length': String(Buffer.byteLength(reply.body))
  })
  res.end(reply.body)
}

/** One header value; repeated headers count as their first value. */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
