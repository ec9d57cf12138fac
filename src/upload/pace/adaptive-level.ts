/**
 * `concurrency: auto`: how many uploads may be in flight, learnt from the answers. Shared plans
 * cap PHP workers and entry processes (CloudLinux answers 508 "Resource Limit Is Reached" above
 * its cap), managed hosts answer 429 or 503: no user can know the number, so it is found. The
 * level starts low, rises by one after a full round of clean, fast answers, halves at an answer
 * that says the server is overloaded (and never again reaches the level that met it), and steps
 * down by one when answers grow slow against the fastest seen (a latency gradient, as Netflix's
 * concurrency-limits and Envoy's adaptive concurrency do), or fail. It starts careful: one request
 * until a file is stored, so that a refusal, a CDN's block or an overloaded host is met once, not
 * by several requests at once. Pure: the gate that applies it lives in `send-gate.ts`.
 */
import { isBusy } from './wait-budget.js'

/** One request at a time until the first file is stored. */
export const AUTO_START = 1
/** The level once a file is stored, from which clean rounds raise it. */
export const AUTO_STORED = 2
export const AUTO_MAX = 8

/** The most files in flight at once under `concurrency`. */
export const mostAtOnce = (concurrency: number | 'auto') =>
  concurrency === 'auto' ? AUTO_MAX : concurrency
/** An answer slower than this many times the fastest seen is a sign of queueing. */
const SLOW_FACTOR = 2
/** At most this many times the fastest counts as fast enough to go higher. */
const FAST_FACTOR = 1.5
/** Consecutive slow answers before the level steps down: one slow answer is noise. */
const SLOW_RUN = 2
/**
 * Slowness alone takes the level no lower than it starts. Two requests at once cost a busy server
 * nothing in throughput (one waits for the other), while one at a time leaves a second worker or
 * core idle; and slowness is a weak sign: on real WordPress, images of mixed sizes and formats
 * take from 1 to 5 times as long per byte as one another even one at a time (docs/benchmarks.md).
 * An overload answer or a failure still takes it lower.
 */
const SLOW_FLOOR = AUTO_STORED
/** Answer time is compared per request plus this many bytes of body, so sizes compare. */
const OVERHEAD_BYTES = 256 * 1024

/** One answer to a request the gate let through. */
interface LevelSample {
  /** The round the request was started in (`AdaptiveLevel.round` then). */
  round: number
  /** The HTTP status, or undefined when no answer came. */
  status: number | undefined
  elapsedMs: number
  /** The request body's size. */
  bytes: number
}

export interface LevelChange {
  from: number
  to: number
  /** Why, in words for the log: "HTTP 508 from the server", "answers slowed to …". */
  reason: string
}

/** What `concurrency: auto` did, for the summary. */
export interface LevelReport {
  /** The level at the end of the run. */
  final: number
  /** The highest level reached. */
  highest: number
  changes: LevelChange[]
}

export class AdaptiveLevel {
  level = AUTO_START
  /** Changes with every change of level: answers to requests of an older round are history. */
  round = 0
  /** Lowered below a level the server refused as too many: a host's cap does not move in a run. */
  private ceiling: number
  private fastest = Infinity
  private fastInRound = 0
  private slowRun = 0
  private stored = false

  constructor(max = AUTO_MAX) {
    this.ceiling = max
  }

  /** Reads one answer; returns the change of level it causes, if any. */
  record(sample: LevelSample): LevelChange | undefined {
    // Answers that say "fewer at once": rate limited, unavailable, a host's resource limit.
    if (isBusy(sample.status)) {
      // Answers to requests sent before the last change say what is already acted upon.
      if (sample.round !== this.round) return undefined
      this.ceiling = Math.max(1, this.level - 1)
      const reason = `HTTP ${sample.status}; at most ${this.ceiling} from now on`
      return this.change(Math.max(1, Math.floor(this.level / 2)), reason)
    }
    const cost = costOf(sample)
    const answered = sample.status !== undefined && sample.status < 500
    if (answered) this.fastest = Math.min(this.fastest, cost)
    if (sample.round !== this.round) return undefined
    if (!this.stored && isStored(sample.status)) {
      this.stored = true
      return this.change(Math.min(AUTO_STORED, this.ceiling), 'the first file stored')
    }
    if (!answered || cost > this.fastest * SLOW_FACTOR) return this.slow(sample, cost)
    this.slowRun = 0
    if (sample.status! >= 300 || cost > this.fastest * FAST_FACTOR) return undefined
    if (++this.fastInRound < this.level || this.level >= this.ceiling) return undefined
    const answers = this.fastInRound === 1 ? 'answer' : `${this.fastInRound} answers`
    return this.change(this.level + 1, `${answers} clean and fast`)
  }

  private slow(sample: LevelSample, cost: number): LevelChange | undefined {
    this.fastInRound = 0
    const failed = sample.status === undefined || sample.status >= 500
    if (++this.slowRun < SLOW_RUN || this.level <= (failed ? 1 : SLOW_FLOOR)) return undefined
    const what =
      sample.status === undefined
        ? 'the last one lost'
        : sample.status >= 500
          ? `the last one HTTP ${sample.status}`
          : `the last one ${(cost / this.fastest).toFixed(1)}× as long as the fastest`
    return this.change(this.level - 1, `${SLOW_RUN} slow or failed answers in a row, ${what}`)
  }

  private change(to: number, reason: string): LevelChange | undefined {
    if (to === this.level) return undefined
    const from = this.level
    this.level = to
    this.round++
    this.fastInRound = 0
    this.slowRun = 0
    return { from, to, reason }
  }
}

const isStored = (status: number | undefined) =>
  status !== undefined && status >= 200 && status < 300

/** Answer time per request of a standard size, so that a large file is not taken for a slow one. */
function costOf(sample: LevelSample): number {
  return (sample.elapsedMs * OVERHEAD_BYTES) / (OVERHEAD_BYTES + sample.bytes)
}
