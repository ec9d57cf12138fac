import { setTimeout as sleep } from 'node:timers/promises'

/** The signals GitHub's runner cancels a step with, in the order it sends them. */
const CANCEL_SIGNALS = ['SIGINT', 'SIGTERM'] as const
export type CancelSignal = (typeof CANCEL_SIGNALS)[number]

/**
 * How long the runner waits before the next signal: actions/runner
 * src/Runner.Sdk/ProcessInvoker.cs (`CancelAndKillProcessTree`) sends SIGINT, waits
 * `_sigintTimeout` (7.5 s), sends SIGTERM, waits `_sigtermTimeout` (2.5 s), then kills the
 * process tree. Everything the action does after a cancel must fit well inside the first wait.
 */
export const RUNNER_SIGINT_GRACE_MS = 7500

/** Thrown to end a phase that the cancel caught before it began; it names the signal. */
export class CancelledError extends Error {
  constructor(readonly signalName: CancelSignal) {
    super(`the step was cancelled (${signalName})`)
    this.name = 'CancelledError'
  }
}

interface Cancellation {
  /** Aborted at the first signal; its reason is a CancelledError. */
  readonly signal: AbortSignal
  /** Stops listening (tests; the action listens until it exits). */
  dispose(): void
}

/** What a cancellation listens on: `process` in the action, an EventEmitter in tests. */
interface SignalSource {
  on(event: CancelSignal, listener: () => void): unknown
  off(event: CancelSignal, listener: () => void): unknown
}

/**
 * Turns the runner's signals into an AbortSignal the modes consult. Only the first signal
 * counts: later ones are swallowed, so that the runner's SIGTERM cannot end the process while
 * it writes what the SIGINT left to report.
 */
export function listenForCancel(source: SignalSource = process): Cancellation {
  const controller = new AbortController()
  const listeners = CANCEL_SIGNALS.map(name => {
    const listener = () => {
      if (!controller.signal.aborted) controller.abort(new CancelledError(name))
    }
    source.on(name, listener)
    return [name, listener] as const
  })
  return {
    signal: controller.signal,
    dispose: () => {
      for (const [name, listener] of listeners) source.off(name, listener)
    }
  }
}

/** The signal that cancelled the step, once one did. */
export function cancelledBy(signal: AbortSignal | undefined): CancelSignal | undefined {
  return signal?.aborted && signal.reason instanceof CancelledError
    ? signal.reason.signalName
    : undefined
}

/** Ends the phase about to begin when the step was cancelled: nothing new starts. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  const name = cancelledBy(signal)
  if (name) throw new CancelledError(name)
}

/** Waits `ms`, or less when the step is cancelled meanwhile: a pause never delays the cancel. */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal })
  } catch (error) {
    if (!signal?.aborted) throw error
  }
}

/** The one log line of a cancelled step. */
export function cancelledLine(name: CancelSignal, what: string): string {
  return `Cancelled (${name}): ${what}`
}
