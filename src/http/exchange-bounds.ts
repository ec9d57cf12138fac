/**
 * The time bounds of one request, which nothing but real progress extends. Interim answers (1xx)
 * are bytes from the server too, so a socket's idle timer would count them: a server sending
 * `102 Processing` every second while never reading the body could hold an upload forever.
 *
 * While a file is being sent, the server has `timeoutMs` to take each part of it; from the
 * moment the body is sent or answered (at once for any other request) it has one fixed deadline
 * of `timeoutMs` for the whole answer.
 */
export interface ExchangeBounds {
  /** The file's bytes start to go out: the wait for `100 Continue` is not the server's delay. */
  bodyStarts(): void
  /** The socket took a part of the file: the server has its time again for the next. */
  bodyTaken(): void
  /** The body is sent, or the server answered: from now on one deadline for the whole answer. */
  awaitAnswer(): void
  /** An interim answer (1xx) came: it is named if the time runs out, and extends nothing. */
  interim(status: number): void
  clear(): void
}

/**
 * Starts the bounds of a request; `expired` is called once, with what ran out. `connected` tells
 * whether the time ran out before any connection was made.
 */
export function exchangeBounds(
  timeoutMs: number,
  expired: (reason: string) => void,
  connected: () => boolean
): ExchangeBounds {
  const seconds = `${timeoutMs / 1000} s`
  const interims = new Set<number>()
  let answering = false
  let timer: NodeJS.Timeout | undefined
  const arm = (reason: () => string) => {
    clearTimeout(timer)
    timer = setTimeout(() => expired(reason()), timeoutMs)
  }
  const stalled = () => {
    if (!connected()) return `no connection within ${seconds}`
    const codes = [...interims].map(status => `HTTP ${status}`).join(', ')
    const heard = codes ? `; the server's interim answers (${codes}) do not count` : ''
    return `sending the body made no progress for ${seconds}${heard}`
  }
  const sending = () => {
    if (!answering) arm(stalled)
  }
  arm(stalled)
  return {
    bodyStarts: sending,
    bodyTaken: sending,
    awaitAnswer: () => {
      if (answering) return
      answering = true
      arm(() => `no complete answer within ${seconds}`)
    },
    interim: status => {
      interims.add(status)
    },
    clear: () => clearTimeout(timer)
  }
}
