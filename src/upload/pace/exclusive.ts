/**
 * Tasks that run side by side, one of which may need to run alone: `alone` holds back every task
 * not yet started, waits for those running to end, runs, and lets the others go on.
 */
export class Exclusive {
  private running = 0
  private hold: Promise<void> | undefined
  private idle: (() => void) | undefined

  async shared<T>(task: () => Promise<T>): Promise<T> {
    while (this.hold) await this.hold
    this.running++
    try {
      return await task()
    } finally {
      this.running--
      if (this.running === 0) this.idle?.()
    }
  }

  /** Runs `task` with no other task running; the caller must not be inside `shared`. */
  async alone<T>(task: () => Promise<T>): Promise<T> {
    while (this.hold) await this.hold
    let release = () => {}
    this.hold = new Promise(resolve => (release = resolve))
    try {
      if (this.running > 0) await new Promise<void>(resolve => (this.idle = resolve))
      this.idle = undefined
      return await task()
    } finally {
      this.hold = undefined
      release()
    }
  }
}
