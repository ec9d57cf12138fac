import type { ChildProcess } from 'node:child_process'
import type { CancelSignal } from '../src/cancel/cancellation.js'

/** What the action's process tells the test (test-support/action-clock.mjs). */
type FromAction = { pause: number; id: number } | { advanced: number } | { signal: CancelSignal }

/**
 * The time a test shares with the action it runs (`runAction({ clock })`) and its fake servers
 * (`startSandbox({ now: clock.now })`): the real clock plus what the test let pass. It moves on
 * only by events: a pause of the action (at once, by the pause's length), or the test's
 * `advance`, which fires the action's time-outs that fall due. No one waits for it.
 */
export class TestClock {
  private offset = 0
  private action?: ChildProcess
  private readonly advancing = new Map<number, () => void>()
  private lastId = 0
  private pauseListener?: (ms: number) => void | Promise<void>
  private readonly signals = new Map<CancelSignal, (() => void)[]>()
  private readonly heard = new Set<CancelSignal>()

  /** Milliseconds since the epoch on this clock, as Date.now(). */
  readonly now = (): number => Date.now() + this.offset

  /** How far this clock is ahead of the real one: where an action's clock starts. */
  get offsetMs(): number {
    return this.offset
  }

  /**
   * Lets `ms` pass: for the test's servers, and for the action, whose time-outs that fall due
   * have fired when this resolves.
   */
  async advance(ms: number): Promise<void> {
    this.offset += ms
    const action = this.action
    if (!action?.connected) return
    const id = ++this.lastId
    await new Promise<void>(resolve => {
      this.advancing.set(id, resolve)
      action.send({ advance: ms, id }, error => {
        if (error) this.settle(id)
      })
    })
  }

  /**
   * Does `step` now and again after each `ms` of this clock, which moves on only once the action
   * has taken the step in, until `done()`: a server that goes on "every 200 ms" in the action's
   * time, as fast as the two can talk.
   */
  async every(ms: number, step: () => void, done: () => boolean): Promise<void> {
    // Only for the action running now: a later one's time is not this server's to move.
    const action = this.action
    while (!done() && action?.connected && this.action === action) {
      step()
      await this.advance(ms)
    }
  }

  /**
   * Runs `listener` at each pause of the action, before the pause ends: what it does happens
   * while the action waits.
   */
  onPause(listener: ((ms: number) => void | Promise<void>) | undefined): void {
    this.pauseListener = listener
  }

  /** Resolves once the action has run its listeners of `signal` (sent since it started). */
  signalled(signal: CancelSignal): Promise<void> {
    if (this.heard.has(signal)) return Promise.resolve()
    return new Promise(resolve =>
      this.signals.set(signal, [...(this.signals.get(signal) ?? []), resolve])
    )
  }

  /** Puts a started action on this clock: run-action.ts does, for a run with a `clock`. */
  attach(action: ChildProcess): void {
    this.action = action
    this.heard.clear()
    action.on('message', (message: FromAction) => void this.hear(action, message))
    action.once('disconnect', () => {
      for (const id of [...this.advancing.keys()]) this.settle(id)
      if (this.action === action) this.action = undefined
    })
  }

  private async hear(action: ChildProcess, message: FromAction): Promise<void> {
    if ('pause' in message) {
      this.offset += Math.max(0, message.pause)
      await this.pauseListener?.(message.pause)
      if (action.connected) action.send({ answer: message.id })
    } else if ('advanced' in message) {
      this.settle(message.advanced)
    } else {
      this.heard.add(message.signal)
      for (const resolve of this.signals.get(message.signal) ?? []) resolve()
      this.signals.delete(message.signal)
    }
  }

  private settle(id: number): void {
    this.advancing.get(id)?.()
    this.advancing.delete(id)
  }
}
