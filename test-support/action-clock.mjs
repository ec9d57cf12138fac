// Preloaded with `node --import` into the action's process when a test runs it with
// `instantPauses` or a `clock` (see run-action.ts and clock.ts): the action's time passes when it
// pauses, or when the test says so, never by waiting for it.
//
// - Every pause (node:timers/promises' setTimeout: the back-off between attempts, a poll's
//   interval, the wait before a probe) ends at once, and its length in ms is appended to
//   $ACTION_PAUSES_FILE, one a line, for the test to assert.
// - The clock the action reads (Date, performance.now) moves on by each pause's length, so that
//   a wait's deadline and the time it reports pass as they would have.
// - With a test's clock (an IPC channel to the test): the clock starts at the test's time
//   ($ACTION_CLOCK_OFFSET_MS ahead of the real one); each pause is told to the test, which moves
//   its own clock (its servers' time) as much, and ends when the test says so; the test may move
//   the clock on itself, and then the time-outs (setTimeout, AbortSignal.timeout) that fall due
//   fire at once. A pause moves no time-out: another request in flight meanwhile keeps its time.
//   The test also hears when a SIGINT or SIGTERM has been through the action's listeners.
// Without a test's clock, time-outs keep the real clock: what a slow server does takes its time.
import { appendFileSync } from 'node:fs'
import { createRequire, syncBuiltinESMExports } from 'node:module'

const timers = createRequire(import.meta.url)('node:timers/promises')
const pausesFile = process.env.ACTION_PAUSES_FILE
const link = typeof process.send === 'function' ? process : undefined

/** How far the action's clock is ahead of the real one. */
let offset = Number(process.env.ACTION_CLOCK_OFFSET_MS ?? 0)

const RealDate = Date
const realDateNow = RealDate.now
const realMonotonic = performance.now.bind(performance)
const now = () => realDateNow() + offset
const monotonic = () => realMonotonic() + offset

globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver))
})
performance.now = monotonic

/** The pauses told to the test that await its answer, by id. */
const awaiting = new Map()
let lastId = 0

/**
 * Ends when the test answers the pause, or when it is cancelled; the channel keeps the process
 * alive meanwhile, and only then.
 */
function pauseEnds(ms, signal) {
  if (!link) return new Promise(resolve => setImmediate(resolve))
  const id = ++lastId
  return new Promise((resolve, reject) => {
    const settle = () => {
      awaiting.delete(id)
      signal?.removeEventListener('abort', cancelled)
      if (awaiting.size === 0) link.channel?.unref()
    }
    const cancelled = () => {
      settle()
      reject(signal.reason)
    }
    awaiting.set(id, () => {
      settle()
      resolve()
    })
    signal?.addEventListener('abort', cancelled, { once: true })
    link.channel.ref()
    link.send({ pause: ms, id })
  })
}

timers.setTimeout = async (ms, value, options) => {
  if (pausesFile) appendFileSync(pausesFile, `${ms}\n`)
  const signal = options?.signal
  if (signal?.aborted) throw signal.reason
  const moved = Math.max(0, Number(ms) || 0)
  offset += moved
  await pauseEnds(moved, signal)
  return value
}
// The action's ES modules see the replacement too, not only require().
syncBuiltinESMExports()

if (link) {
  /**
   * The time-outs' clock: the real one and what the test let pass, not the pauses, which another
   * request in flight meanwhile did not wait out.
   */
  let advanced = 0
  const timeoutClock = () => realMonotonic() + advanced
  /** The time-outs not yet fired. */
  const pending = new Set()
  const realSetTimeout = globalThis.setTimeout
  const realClearTimeout = globalThis.clearTimeout
  const byId = new Map()
  let lastTimeout = 0

  /** A time-out: a real timer for what is left of it, re-armed when the test moves the clock. */
  class Timeout {
    constructor(callback, ms, args) {
      this.callback = callback
      this.args = args
      // As Node does: a delay that is not a number from 1 to 2^31 - 1 is 1 ms.
      this.ms = ms >= 1 && ms <= 2 ** 31 - 1 ? Number(ms) : 1
      this.due = timeoutClock() + this.ms
      this.referenced = true
      this.cleared = false
      this.id = ++lastTimeout
      this.arm()
    }
    arm() {
      realClearTimeout(this.real)
      pending.add(this)
      byId.set(this.id, this)
      this.real = realSetTimeout(() => this.fire(), Math.max(0, this.due - timeoutClock()))
      if (!this.referenced) this.real.unref()
    }
    fire() {
      this.disarm()
      this.callback(...this.args)
    }
    disarm() {
      realClearTimeout(this.real)
      pending.delete(this)
      byId.delete(this.id)
    }
    close() {
      this.cleared = true
      this.disarm()
      return this
    }
    ref() {
      this.referenced = true
      this.real.ref()
      return this
    }
    unref() {
      this.referenced = false
      this.real.unref()
      return this
    }
    hasRef() {
      return this.referenced
    }
    // As Node's: starts the time again, also for a time-out that has fired; not for a cleared one.
    refresh() {
      this.due = timeoutClock() + this.ms
      if (!this.cleared) this.arm()
      return this
    }
    [Symbol.toPrimitive]() {
      return this.id
    }
  }

  globalThis.setTimeout = (callback, ms, ...args) => new Timeout(callback, ms, args)
  globalThis.clearTimeout = timeout => {
    const ours = timeout instanceof Timeout ? timeout : byId.get(Number(timeout))
    if (ours) ours.close()
    else realClearTimeout(timeout)
  }
  AbortSignal.timeout = ms => {
    const controller = new AbortController()
    const reason = () =>
      new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    setTimeout(() => controller.abort(reason()), ms).unref()
    return controller.signal
  }

  /** The test moved the clock on: what fell due fires now, in order; the rest waits what is left. */
  const advance = ms => {
    offset += ms
    advanced += ms
    const due = [...pending].sort((a, b) => a.due - b.due)
    for (const timeout of due) {
      if (!pending.has(timeout)) continue
      if (timeout.due <= timeoutClock()) timeout.fire()
      else timeout.arm()
    }
  }

  link.on('message', message => {
    if (typeof message?.advance === 'number') {
      advance(message.advance)
      link.send({ advanced: message.id })
    } else if (typeof message?.answer === 'number') {
      awaiting.get(message.answer)?.()
    }
  })
  link.channel.unref()

  // Said after the action's own listeners ran: the test may go on knowing the signal was heard.
  const emit = process.emit
  process.emit = function (event, ...args) {
    const result = emit.call(this, event, ...args)
    if ((event === 'SIGINT' || event === 'SIGTERM') && link.connected) link.send({ signal: event })
    return result
  }
}
