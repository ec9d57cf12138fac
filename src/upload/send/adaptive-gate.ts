import { retryAfterMs, type RetryDeps } from '../../http/retry.js'
import type { HttpResult } from '../../http/send.js'
import type { MediaApi } from '../wordpress/media-api.js'
import { AdaptiveLevel, type LevelChange } from './adaptive-level.js'

/** The longest a server's Retry-After holds back new uploads; the retry rule caps it alike. */
const MAX_HOLD_MS = 60_000

/** What `concurrency: auto` did, for the summary. */
export interface LevelReport {
  /** The level at the end of the run. */
  final: number
  /** The highest level reached. */
  highest: number
  changes: LevelChange[]
}

/**
 * Lets an upload's POST through while fewer than the adaptive level are in flight, and feeds each
 * answer back to the level. An overloaded server's Retry-After also holds back the next POSTs,
 * not only the refused file's own retry.
 */
export class AdaptiveGate {
  private inFlight = 0
  private readonly waiting: (() => void)[] = []
  private holdUntil = 0
  private highest: number
  private readonly changes: LevelChange[] = []

  constructor(
    private readonly deps: Pick<RetryDeps, 'sleep' | 'now' | 'log'>,
    private readonly level = new AdaptiveLevel()
  ) {
    this.highest = level.level
  }

  /** `api` whose file uploads pass through this gate; every other request goes straight. */
  guard(api: MediaApi): MediaApi {
    return {
      ...api,
      postFile: (file, fields) => this.send(file.size, () => api.postFile(file, fields))
    }
  }

  report(): LevelReport {
    return { final: this.level.level, highest: this.highest, changes: [...this.changes] }
  }

  private async send(bytes: number, request: () => Promise<HttpResult>): Promise<HttpResult> {
    await this.enter()
    const round = this.level.round
    let result: HttpResult | undefined
    try {
      result = await request()
      return result
    } finally {
      this.inFlight--
      if (result) this.read(result, round, bytes)
      this.wake()
    }
  }

  private async enter(): Promise<void> {
    for (;;) {
      if (this.inFlight < this.level.level) {
        const holdMs = this.holdUntil - this.deps.now().getTime()
        if (holdMs <= 0) break
        await this.deps.sleep(holdMs)
        continue
      }
      await new Promise<void>(resolve => this.waiting.push(resolve))
    }
    this.inFlight++
  }

  private read(result: HttpResult, round: number, bytes: number): void {
    const response = 'response' in result ? result.response : undefined
    const elapsedMs = response?.elapsedMs ?? ('failure' in result ? result.failure.elapsedMs : 0)
    const change = this.level.record({ round, status: response?.status, elapsedMs, bytes })
    if (response && change && change.to < change.from) this.hold(response.headers['retry-after'])
    if (!change) return
    this.changes.push(change)
    this.highest = Math.max(this.highest, change.to)
    this.deps.log(`Concurrency ${change.from} → ${change.to}: ${change.reason}.`)
  }

  private hold(header: string | string[] | undefined): void {
    const now = this.deps.now()
    const asked = retryAfterMs(typeof header === 'string' ? header : undefined, now)
    if (asked === undefined) return
    this.holdUntil = Math.max(this.holdUntil, now.getTime() + Math.min(asked, MAX_HOLD_MS))
  }

  /** Lets waiting uploads in up to the (possibly new) level. */
  private wake(): void {
    for (let free = this.level.level - this.inFlight; free > 0 && this.waiting.length; free--) {
      this.waiting.shift()!()
    }
  }
}
