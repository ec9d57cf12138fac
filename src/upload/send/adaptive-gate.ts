import { retryAfterMs, type RetryDeps } from '../../http/retry.js'
import type { HttpResult } from '../../http/send.js'
import type { LocalFile } from '../files/local-file.js'
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
  /** Until when new POSTs wait, but the refused file's own retry, which waits on its own. */
  private hold = { until: 0, exempt: '' }
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
      postFile: (file, fields) => this.send(file, () => api.postFile(file, fields))
    }
  }

  report(): LevelReport {
    return { final: this.level.level, highest: this.highest, changes: [...this.changes] }
  }

  private async send(file: LocalFile, request: () => Promise<HttpResult>): Promise<HttpResult> {
    await this.enter(file.path)
    const round = this.level.round
    let result: HttpResult | undefined
    try {
      result = await request()
      return result
    } finally {
      this.inFlight--
      if (result) this.read(result, round, file)
      this.wake()
    }
  }

  private async enter(path: string): Promise<void> {
    let held = this.hold.exempt === path
    for (;;) {
      if (this.inFlight >= this.level.level) {
        await new Promise<void>(resolve => this.waiting.push(resolve))
        continue
      }
      const holdMs = this.hold.until - this.deps.now().getTime()
      if (held || holdMs <= 0) break
      held = true
      await this.deps.sleep(holdMs)
    }
    this.inFlight++
  }

  private read(result: HttpResult, round: number, file: LocalFile): void {
    const response = 'response' in result ? result.response : undefined
    const elapsedMs = response?.elapsedMs ?? ('failure' in result ? result.failure.elapsedMs : 0)
    const bytes = file.size
    const change = this.level.record({ round, status: response?.status, elapsedMs, bytes })
    if (response && change && change.to < change.from) {
      this.holdFor(response.headers['retry-after'], file.path)
    }
    if (!change) return
    this.changes.push(change)
    this.highest = Math.max(this.highest, change.to)
    this.deps.log(`Concurrency ${change.from} → ${change.to}: ${change.reason}.`)
  }

  private holdFor(header: string | string[] | undefined, exempt: string): void {
    const now = this.deps.now()
    const asked = retryAfterMs(typeof header === 'string' ? header : undefined, now)
    if (asked === undefined) return
    const until = now.getTime() + Math.min(asked, MAX_HOLD_MS)
    if (until > this.hold.until) this.hold = { until, exempt }
  }

  /** Lets waiting uploads in up to the (possibly new) level. */
  private wake(): void {
    for (let free = this.level.level - this.inFlight; free > 0 && this.waiting.length; free--) {
      this.waiting.shift()!()
    }
  }
}
