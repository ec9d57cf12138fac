import { once } from 'node:events'
import net from 'node:net'
import type { TestClock } from './clock.js'

/** The head of a request as it came over the wire. */
export interface RawRequest {
  method: string
  path: string
  headers: Record<string, string>
}

/**
 * What the server does with one connection once its first request's head is read: the socket is
 * the handler's from then on (`rest` is what came after the head), to answer, stall or misbehave
 * at the byte level, as `node:http` would not let a server do.
 */
export type RawHandler = (socket: net.Socket, request: RawRequest, rest: Buffer) => void

export interface RawServer {
  url: string
  /** Every request head seen, in order. */
  requests: RawRequest[]
  /** Resolves once a request that matches has been seen (at once if one was). */
  seen(matches: (request: RawRequest) => boolean): Promise<RawRequest>
  /** Closes every connection, which stops what `every` repeats on it. */
  close(): Promise<void>
}

const MAX_HEAD = 64 * 1024

function parseHead(text: string): RawRequest {
  const [line = '', ...fields] = text.split('\r\n')
  const [method = '', path = ''] = line.split(' ')
  const headers: Record<string, string> = {}
  for (const field of fields) {
    const colon = field.indexOf(':')
    if (colon > 0)
      headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim()
  }
  return { method, path, headers }
}

/** A loopback server on `net`: each connection's first request goes to `handle`. */
export async function startRawServer(handle: RawHandler): Promise<RawServer> {
  const requests: RawRequest[] = []
  const waiting = new Set<() => void>()
  const sockets = new Set<net.Socket>()
  const server = net.createServer(socket => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let head = Buffer.alloc(0)
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) {
        if (head.length > MAX_HEAD) socket.destroy()
        return
      }
      socket.off('data', onData)
      socket.pause()
      const request = parseHead(head.subarray(0, end).toString('latin1'))
      requests.push(request)
      for (const wake of waiting) wake()
      handle(socket, request, head.subarray(end + 4))
    }
    socket.on('data', onData)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    seen: matches =>
      new Promise(resolve => {
        const check = () => {
          const found = requests.find(matches)
          if (!found) return
          waiting.delete(check)
          resolve(found)
        }
        waiting.add(check)
        check()
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, 'close')
    }
  }
}

/**
 * Writes `text` now and every `ms` until the connection closes; never reads what comes in. With
 * the action's `clock`, every `ms` of the action's time, which moves on after each write: the
 * action's time-outs fall due as the writes go on, and no one waits for them.
 */
export function every(socket: net.Socket, ms: number, text: string, clock?: TestClock): void {
  if (clock) {
    void clock.every(
      ms,
      () => socket.write(text),
      () => socket.destroyed
    )
    return
  }
  socket.write(text)
  const timer = setInterval(() => socket.write(text), ms)
  socket.on('close', () => clearInterval(timer))
}

/**
 * Answers nothing while the action's `clock` moves on, `ms` at a time, until the connection
 * closes or the action ends: a server that never answers, whose silence the action's time-outs
 * end without anyone waiting for them.
 */
export function silence(socket: net.Socket, ms: number, clock: TestClock): void {
  void clock.every(
    ms,
    () => {},
    () => socket.destroyed
  )
}

/** A complete answer with a JSON body, after which the connection is closed. */
export function answerJson(socket: net.Socket, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`
  )
}
