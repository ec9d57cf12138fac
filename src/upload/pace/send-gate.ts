import { retryAfterMs, type RetryDeps } from '../../http/retry.js'
import type { HttpResult } from '../../http/send.js'
import type { LocalFile } from '../files/local-file.js'
import { AdaptiveLevel, type LevelChange, type LevelReport } from './adaptive-level.js'
import type { BlockFate, RunBlock } from './run-block.js'
import { isBusy, type WaitBudget } from './wait-budget.js'

/** A POST the gate let through: its answer, and the fate to follow when another file finds out. */
interface Sent {
  result: HttpResult
  fate?: Promise<BlockFate>
}

/** What the gate shares with the run: the block every file meets, and the waits' budget. */
interface GateRun {
  block: RunBlock
  waits: WaitBudget
}

/**
 * Every upload's POST passes here. It goes once no other file is finding out whether a block or
 * a refusal stands (`RunBlock`), fewer than the level are in flight (under `auto`, learnt from
 * the answers; else the fixed concurrency), and no server's Retry-After holds new POSTs back.
 * Once the run stopped, a POST is not sent: `send` answers undefined.
 */
export class SendGate {
  private inFlight = 0
  private readonly waiting: (() => void)[] = []
  /** Until when new POSTs wait, but the refused file's own retry, which waits on its own. */
  private hold = { until: 0, exempt: '' }
  private readonly level: AdaptiveLevel | undefined
  private readonly fixed: number
  private highest = 0
  private readonly changes: LevelChange[] = []

  constructor(
    private readonly deps: Pick<RetryDeps, 'sleep' | 'now' | 'log'>,
    private readonly run: GateRun,
    concurrency: number | 'auto'
  ) {
    this.level = concurrency === 'auto' ? new AdaptiveLevel() : undefined
    this.fixed = concurrency === 'auto' ? 0 : concurrency
    this.highest = this.limit()
  }

  /** What `auto` did; undefined with a fixed concurrency. */
  report(): LevelReport | undefined {
    if (!this.level) return undefined
    return { final: this.level.level, highest: this.highest, changes: [...this.changes] }
  }

  /**
   * Sends when the gate lets `file` through; undefined when the run stopped first. An answer that
   * every file would meet (`meetsEveryFile`) is registered with the run's block before any waiting
   * POST can start; `fate` is then the other file's finding out to wait for, if another is.
   */
  async send(
    file: LocalFile,
    request: () => Promise<HttpResult>,
    meetsEveryFile: (result: HttpResult) => boolean
  ): Promise<Sent | undefined> {
    if (!(await this.enter(file))) return undefined
    const round = this.level?.round ?? 0
    let result: HttpResult | undefined
    let fate: Promise<BlockFate> | undefined
    try {
      result = await request()
      if (meetsEveryFile(result)) fate = this.run.block.met(file.display)
      return { result, ...(fate ? { fate } : {}) }
    } finally {
      this.inFlight--
      if (result) this.read(result, round, file)
      this.wake()
    }
  }

  private limit(): number {
    return this.level?.level ?? this.fixed
  }

  /** Waits until `file` may be sent; false when the run stopped meanwhile. */
  private async enter(file: LocalFile): Promise<boolean> {
    let held = this.hold.exempt === file.path
    for (;;) {
      if (this.run.block.stop) return false
      const fate = this.run.block.pending(file.display)
      if (fate) {
        await fate
        continue
      }
      if (this.inFlight >= this.limit()) {
        const slot = new Promise<void>(resolve => this.waiting.push(resolve))
        await Promise.race([slot, this.run.block.stopped])
        continue
      }
      const holdMs = this.hold.until - this.deps.now().getTime()
      if (held || holdMs <= 0) break
      held = true
      await this.deps.sleep(holdMs)
    }
    this.inFlight++
    return true
  }

  private read(result: HttpResult, round: number, file: LocalFile): void {
    const response = 'response' in result ? result.response : undefined
    if (response && isBusy(response.status)) this.holdFor(response.headers['retry-after'], file)
    if (!this.level) return
    const elapsedMs = response?.elapsedMs ?? ('failure' in result ? result.failure.elapsedMs : 0)
    const bytes = file.size
    const change = this.level.record({ round, status: response?.status, elapsedMs, bytes })
    if (!change) return
    this.changes.push(change)
    this.highest = Math.max(this.highest, change.to)
    this.deps.log(`Concurrency ${change.from} → ${change.to}: ${change.reason}.`)
  }

  /**
   * A busy server's Retry-After holds back every new POST, not only the refused file's own retry.
   * One longer than the run may still wait stops the run here, before a waiting POST can start.
   */
  private holdFor(header: string | string[] | undefined, file: LocalFile): void {
    const now = this.deps.now()
    const value = typeof header === 'string' ? header : undefined
    const asked = retryAfterMs(value, now)
    if (asked === undefined) return
    const tooLong = this.run.waits.take(asked, value, now)
    if (tooLong) {
      this.run.block.halt(`${file.display}: ${tooLong}`, file.display)
      return
    }
    const until = now.getTime() + asked
    if (until > this.hold.until) this.hold = { until, exempt: file.path }
  }

  /** Lets waiting uploads in up to the (possibly new) level. */
  private wake(): void {
    for (let free = this.limit() - this.inFlight; free > 0 && this.waiting.length; free--) {
      this.waiting.shift()!()
    }
  }
}
