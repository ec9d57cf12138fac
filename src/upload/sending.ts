import { pause } from '../cancel/cancellation.js'
import { log } from '../log/log.js'
import { agrees, counted } from '../log/words.js'
import { refusalLine } from '../summary/answerer.js'
import { verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { explainBlock } from '../summary/step-end.js'
import type { Checks } from './run.js'
import type { KnownItem } from './checks/holder.js'
import { probeWritePath } from './checks/write-probe.js'
import type { FileTiming } from './report/leg-report.js'
import {
  countByStatus,
  notUploadedTitle,
  type FileOutcome,
  type UploadReport
} from './send/outcome.js'
import { uploadFiles, type UploadDeps } from './send/upload-files.js'
import {
  blockedStop,
  describeWindow,
  resumeAfterBlock,
  stillBlocked,
  waitOutBlock
} from './send/wait-out-block.js'
import type { UploadSetup } from './setup.js'
import { wordpressProfile } from './wordpress/remedies.js'

/** What sending handed on. */
export interface Sent {
  readonly report: UploadReport
  /** When each file sent began and how long it took, by its path as matched. */
  readonly timings: ReadonlyMap<string, FileTiming>
  /** How a wait for a CDN's block to lift went, one sentence; absent when the run did not wait. */
  readonly blockedWindow?: string
}

/** Sends the files; with blocked-wait, waits out a CDN's block and sends the rest. */
export async function sendFiles(
  setup: UploadSetup,
  checks: Checks,
  existing: Map<string, KnownItem>
): Promise<Sent> {
  const { api, config, local, signal, waits } = setup
  const timings = new Map<string, FileTiming>()
  const deps: UploadDeps = {
    api,
    sleep: ms => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info,
    warn: log.warning,
    signal,
    timed: (file, begun, ended) =>
      timings.set(file, { startedAt: begun, durationMs: ended.getTime() - begun.getTime() })
  }
  const plan = {
    existing,
    fields: config.fields,
    ...(config.attachTo === undefined ? {} : { attachTo: config.attachTo }),
    ...(checks.rights.userId === undefined ? {} : { me: checks.rights.userId }),
    ...(checks.lookup?.kind === 'found' ? { named: new Set(checks.lookup.foreign.keys()) } : {}),
    ...(checks.sizes?.on === 'runner' ? { sizes: checks.sizes.site } : {})
  }
  const first = await log.group('Upload', () => uploadFiles(local, config, deps, plan, waits))
  if (!(config.blockedWaitMs > 0 && !signal?.aborted && blockedStop(first))) {
    return { report: first, timings }
  }
  const window = await log.group('Waiting for the CDN block to lift', () =>
    waitOutBlock(config.blockedWaitMs, {
      probe: () => probeWritePath(api),
      now: () => new Date(),
      sleep: ms => pause(ms, signal),
      log: log.info,
      signal
    })
  )
  const blockedWindow = describeWindow(window, config.blockedWaitMs)
  log.info(blockedWindow)
  const report = window.lifted
    ? await log.group('Upload, after the block', () =>
        resumeAfterBlock(first, local, files => uploadFiles(files, config, deps, plan, waits))
      )
    : stillBlocked(first, window.last?.outcome.verdict)
  return { report, timings, blockedWindow }
}

/**
 * The upload's diagnosis and its end in the log: every file in the library, or which not.
 * `files`: what became of each, attached to the post of attach-to when it was.
 */
export async function reportSent(
  setup: Pick<UploadSetup, 'config' | 'signal'>,
  report: UploadReport,
  files: FileOutcome[]
): Promise<void> {
  const { signal } = setup
  const verdict = report.verdict
  if (verdict) {
    await explainBlock(verdict, setup.config.baseUrl, signal)
    setDiagnosisOutputs(verdict)
  }
  const failures = files.filter(file => file.status !== 'uploaded' && file.status !== 'existing')
  // A cancelled step says so once, at the end, instead of listing what the cancel cut short.
  if (signal?.aborted) return
  if (failures.length === 0) {
    const counts = countByStatus(files)
    log.info(
      `${files.length === 1 ? 'The file is' : `All ${files.length} files are`} in the library: ${counts.uploaded} uploaded, ${counts.existing} already there.`
    )
    return
  }
  const lines = failures
    .slice(0, 20)
    .map(file => `- ${file.file}: ${file.status}${file.message ? ` (${file.message})` : ''}`)
  if (failures.length > lines.length) lines.push(`- … and ${failures.length - lines.length} more`)
  log.fail(
    [
      refusalLine(verdict, wordpressProfile.name, 'the upload'),
      `${failures.length} of ${counted(files.length, 'file')} ${agrees(failures.length, 'was', 'were')} not uploaded.`,
      ...lines,
      report.stopReason,
      verdict && verdictLines(verdict)
    ]
      .filter(Boolean)
      .join('\n'),
    notUploadedTitle(failures.length, verdict)
  )
}
