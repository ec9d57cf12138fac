import type { Verdict } from '../../diagnosis/index.js'
import type { LocalFile } from '../files/local-file.js'
import type { UploadReport } from './outcome.js'
import { probePhrase, type WriteProbe } from '../checks/write-probe.js'
import { counted } from '../../log/words.js'

/** The longest pause between probes, and the first one, of a long wait. */
const MAX_PAUSE_MS = 60_000
const FIRST_PAUSE_MS = 10_000

/**
 * The pause before probe `n` (1-based) of a wait of `waitMs`: tens of seconds growing by half
 * up to a minute for a wait of ten minutes or more (10, 15, 22.5, … 60 s); a shorter wait keeps
 * the same shape at its own scale, so that it still probes several times.
 */
export function probePauseMs(n: number, waitMs: number): number {
  const first = Math.min(FIRST_PAUSE_MS, waitMs / 10)
  const ceiling = Math.min(MAX_PAUSE_MS, waitMs / 3)
  return Math.round(Math.min(first * 1.5 ** (n - 1), ceiling))
}

/** How a wait for a CDN block to lift went. */
interface BlockWindow {
  from: Date
  to: Date
  probes: number
  lifted: boolean
  /** The last probe: the one that found the path open, or the last still blocked. */
  last?: WriteProbe
}

interface BlockWaitDeps {
  probe: () => Promise<WriteProbe>
  now: () => Date
  /** Waits, or less when the step is cancelled. */
  sleep: (ms: number) => Promise<void>
  log: (line: string) => void
  /** The step's cancellation, which ends the wait before the next probe. */
  signal?: AbortSignal
}

/**
 * Probes the write path with empty POSTs, never with a file, until one reaches WordPress (or is
 * answered as if it stored something, which ends the wait unlifted) or
 * `waitMs` is spent: no probe starts after that, and each probe is bounded by the request
 * time-out, so the wait ends within `waitMs` plus one probe's deadline. One log line a probe.
 */
export async function waitOutBlock(waitMs: number, deps: BlockWaitDeps): Promise<BlockWindow> {
  const from = deps.now()
  const elapsed = () => deps.now().getTime() - from.getTime()
  let probes = 0
  let last: WriteProbe | undefined
  for (;;) {
    const pauseMs = Math.min(probePauseMs(probes + 1, waitMs), waitMs - elapsed())
    if (pauseMs < 0 || deps.signal?.aborted) break
    await deps.sleep(pauseMs)
    if (deps.signal?.aborted) break
    last = await deps.probe()
    probes++
    const at = `[${(elapsed() / 1000).toFixed(1)} s]`
    const peer = last.peer ? `, answered from ${last.peer}` : ''
    deps.log(`${at} Probe ${probes}: the write path ${probePhrase(last.outcome)}${peer}.`)
    // A lost or unclear answer may be the switch-over itself: only an answer decides.
    if (last.outcome.kind !== 'blocked' && last.outcome.kind !== 'unclear') break
  }
  return {
    from,
    to: deps.now(),
    probes,
    // WordPress answered: the files go, and a refusal of theirs is diagnosed as usual.
    lifted: last?.outcome.kind === 'reaches' || last?.outcome.kind === 'refused',
    ...(last ? { last } : {})
  }
}

/** The window in one sentence, for the log and the summary. */
export function describeWindow(window: BlockWindow, waitMs: number): string {
  const span = `from ${window.from.toISOString()} to ${window.to.toISOString()}, ${counted(window.probes, 'probe')}`
  if (window.lifted)
    return `The CDN block lifted: blocked ${span}; the remaining files were then sent.`
  const last = window.last
    ? `; the last probe: the write path ${probePhrase(window.last.outcome)}`
    : ''
  const kind = window.last?.outcome.kind
  return kind === undefined || kind === 'blocked' || kind === 'unclear'
    ? `The CDN block did not lift within blocked-wait-seconds (${waitMs / 1000} s): blocked ${span}${last}.`
    : `The wait for the CDN block ended: ${span}${last}.`
}

/** The first pass's report, decided now by the last probe's answer when there was one. */
export function stillBlocked(first: UploadReport, last: Verdict | undefined): UploadReport {
  if (!last) return first
  return {
    ...first,
    files: first.files.map(file => (file.status === 'blocked' ? { ...file, verdict: last } : file)),
    verdict: last
  }
}

/** Whether the run stopped on a standing CDN block (the blocked file's retries spent). */
export function blockedStop(report: UploadReport): boolean {
  return report.verdict?.blocked === true && report.files.some(file => file.status === 'blocked')
}

/**
 * After the block lifted: sends the blocked file and those the block kept back, and merges their
 * outcomes into the first pass's, attempts added. A file that may have been stored is `failed`
 * and stays so: it is never sent again.
 */
export async function resumeAfterBlock(
  first: UploadReport,
  local: readonly LocalFile[],
  upload: (files: LocalFile[]) => Promise<UploadReport>
): Promise<UploadReport> {
  const again = first.files.flatMap((file, index) =>
    file.status === 'blocked' || file.status === 'not-attempted' ? [index] : []
  )
  const second = await upload(again.map(index => local[index]!))
  const files = [...first.files]
  again.forEach((index, n) => {
    const outcome = second.files[n]!
    files[index] = { ...outcome, attempts: first.files[index]!.attempts + outcome.attempts }
  })
  return {
    files,
    ...(second.stopReason ? { stopReason: second.stopReason } : {}),
    ...(second.verdict ? { verdict: second.verdict } : {})
  }
}
