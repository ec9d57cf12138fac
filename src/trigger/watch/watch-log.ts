import { formatDuration } from '../../log/duration.js'
import type { Progress } from '../backend/backend.js'

/** A line even when nothing changed, so that a long wait does not look hung. */
export const HEARTBEAT_MS = 5 * 60_000

/** Progress alone (tasks finishing, the state unchanged) is told at most this often. */
export const PROGRESS_EVERY_MS = 60_000

export interface Sighting {
  /** Since the wait began, in milliseconds. */
  elapsedMs: number
  state?: string
  progress?: Progress
}

/** `succeeded`, `failed`, or `ended <state>` for another end: never "ended failed". */
export function endedAs(state: string | undefined): string {
  if (state === 'success') return 'succeeded'
  if (state === 'failed') return 'failed'
  return `ended ${state ?? 'in an unknown state'}`
}

function tasks(progress: Progress | undefined): string {
  return progress ? `: ${progress.finished} of ${progress.total} tasks finished` : ''
}

/**
 * Decides which polls are worth a log line: a change of state always, progress at most once a
 * minute, and a heartbeat after five quiet minutes; every other poll stays silent.
 */
export class WatchLog {
  private seen = false
  private state: string | undefined
  private progress: Progress | undefined
  private lastLineMs = 0

  /** `terminal`: the states a run ends in, which a line says it `ended` in. */
  constructor(
    private readonly runId: string,
    private readonly terminal: ReadonlySet<string>
  ) {}

  /** The line this sighting deserves, if any. */
  next(sighting: Sighting): string | undefined {
    const { elapsedMs, state, progress } = sighting
    const quietMs = elapsedMs - this.lastLineMs
    const moved =
      progress !== undefined &&
      (this.progress?.finished !== progress.finished || this.progress.total !== progress.total)
    const at = `[${formatDuration(elapsedMs)}] Run ${this.runId}`
    const shown = state ?? 'in an unknown state'
    let line: string | undefined
    if (!this.seen || state !== this.state) {
      line =
        state && this.terminal.has(state)
          ? `${at} ${endedAs(state)}${state === 'success' ? tasks(progress) : ''}.`
          : `${at} is ${shown}${tasks(progress)}.`
    } else if ((moved && quietMs >= PROGRESS_EVERY_MS) || quietMs >= HEARTBEAT_MS) {
      line = `${at} is still ${shown}${tasks(progress)}.`
    }
    this.seen = true
    this.state = state
    if (line) {
      this.lastLineMs = elapsedMs
      this.progress = progress
    }
    return line
  }
}
