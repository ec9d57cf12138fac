import { pause } from '../cancel/cancellation.js'
import type { InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { agrees, counted } from '../log/words.js'
import { refusalLine } from '../summary/answerer.js'
import { verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { explainBlock } from '../summary/step-end.js'
import { checkBeforeSending, type Checks } from './before-sending.js'
import type { KnownItem } from './checks/holder.js'
import { planDryRun, reportDryRun } from './dry-run.js'
import { wordpressProfile } from './wordpress/remedies.js'
import { postName, type FoundPost } from './checks/target-post.js'
import { placeMedia } from './place/place-media.js'
import { dryRunPlacement } from './place/placement.js'
import { stoppedByCancel, type UploadRun } from './run.js'
import {
  blockedStop,
  describeWindow,
  resumeAfterBlock,
  stillBlocked,
  waitOutBlock
} from './send/wait-out-block.js'
import { probePhrase, probeWritePath } from './checks/write-probe.js'
import { uploadFiles, type UploadDeps } from './send/upload-files.js'
import { countByStatus, notUploadedTitle, type UploadReport } from './send/outcome.js'
import { endUpload } from './end.js'
import { setUpUpload } from './setup.js'

/**
 * Upload mode end to end: inputs, match files, preflight, look-up, upload, outputs and summary.
 * After `signal` (the step's cancellation) no phase and no file starts; what was done is reported.
 */
export async function runUploadMode(
  read: InputReader,
  workspace: string,
  signal?: AbortSignal
): Promise<void> {
  const setup = await setUpUpload(read, workspace, signal)
  if (!setup) return
  const run: UploadRun = { ...setup, files: [], checks: {}, timings: new Map() }
  log.info(`${counted(run.local.length, 'file')} to upload to ${run.api.target}.`)
  try {
    await uploadPhases(run)
  } finally {
    await endUpload(run)
  }
}

/** The checks, then the dry run or the upload; each phase may stop the run before the next. */
async function uploadPhases(run: UploadRun): Promise<void> {
  const { config } = run
  const checked = stoppedByCancel(run) ?? (await checkBeforeSending(run))
  run.checks = checked.checks
  if (checked.phase === 'stopped') {
    run.files = checked.files
    if (checked.sizesStop) run.sizesStop = checked.sizesStop
    return
  }
  const { checks } = checked
  const existing =
    checks.lookup?.kind === 'found' ? checks.lookup.items : new Map<string, KnownItem>()
  if (config.dryRun) return await dryRun(run, checks, existing)
  const report = await send(run, checks, existing)
  run.files = report.files
  if (checks.target) await place(run, checks.target, report, existing)
  await reportSent(run, report)
}

/** attach-to: the files in the library attached to its post, and featured-image set. */
async function place(
  run: UploadRun,
  target: FoundPost,
  report: UploadReport,
  existing: Map<string, KnownItem>
): Promise<void> {
  const { api, posts, signal, local, featured } = run
  const input = { report, local, existing, target, ...(featured ? { featured } : {}) }
  const deps = { api, posts, log: log.info, warn: log.warning, signal }
  const placed = await log.group(`Attach to ${postName(target)}`, () => placeMedia(input, deps))
  run.files = placed.files
  run.placement = placed.placement
  const result = placed.placement.featured
  if (result?.id !== undefined) run.featuredId = result.id
  if (result?.state === 'failed')
    log.fail(`Featured image: ${result.message}.`, 'Featured image not set')
}

/** dry-run: one empty POST, and what the real run would do with each file. */
async function dryRun(
  run: UploadRun,
  checks: Checks,
  existing: Map<string, KnownItem>
): Promise<void> {
  // The rights check may have sent the one empty POST already: it is not sent twice.
  const sent = checks.rights.probe
  const probe = await log.group('Write path (dry run)', async () => {
    const found = sent ?? (await probeWritePath(run.api))
    const peer = found.peer ? ` (answered from ${found.peer})` : ''
    log.info(`One empty POST: the write path ${probePhrase(found.outcome)}${peer}.`)
    return found
  })
  run.probe = probe
  run.files = await planDryRun(run.local, existing, probe)
  if (checks.target) {
    const { local, featured } = run
    const known = (index: number) => existing.get(local[index]?.key ?? '')
    const index = featured ? local.indexOf(featured) : undefined
    const plan = dryRunPlacement(run.files, known, checks.target, index)
    for (const line of plan.lines) log.info(`Dry run: ${line}`)
    run.placementPlan = plan.lines
    if (plan.featuredId !== undefined) run.featuredId = plan.featuredId
  }
  await reportDryRun(probe, run.files, run.config, run.signal)
}

/** Sends the files; with blocked-wait, waits out a CDN's block and sends the rest. */
async function send(
  run: UploadRun,
  checks: Checks,
  existing: Map<string, KnownItem>
): Promise<UploadReport> {
  const { api, config, local, signal, waits } = run
  const deps: UploadDeps = {
    api,
    sleep: ms => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info,
    warn: log.warning,
    signal,
    timed: (file, begun, ended) =>
      run.timings.set(file, { startedAt: begun, durationMs: ended.getTime() - begun.getTime() })
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
  run.report = first
  if (!(config.blockedWaitMs > 0 && !signal?.aborted && blockedStop(first))) return first
  const window = await log.group('Waiting for the CDN block to lift', () =>
    waitOutBlock(config.blockedWaitMs, {
      probe: () => probeWritePath(api),
      now: () => new Date(),
      sleep: ms => pause(ms, signal),
      log: log.info,
      signal
    })
  )
  run.blockedWindow = describeWindow(window, config.blockedWaitMs)
  log.info(run.blockedWindow)
  run.report = window.lifted
    ? await log.group('Upload, after the block', () =>
        resumeAfterBlock(first, local, files => uploadFiles(files, config, deps, plan, waits))
      )
    : stillBlocked(first, window.last?.outcome.verdict)
  return run.report
}

/** The upload's diagnosis and its end in the log: every file in the library, or which not. */
async function reportSent(run: UploadRun, report: UploadReport): Promise<void> {
  const { files, signal } = run
  const verdict = report.verdict
  if (verdict) {
    await explainBlock(verdict, run.config.baseUrl, signal)
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
