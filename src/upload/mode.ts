import { pause } from '../cancel/cancellation.js'
import { apiClient } from '../http/client.js'
import type { InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { agrees, counted } from '../log/words.js'
import { addSecret } from '../log/secrets.js'
import { refusalLine } from '../summary/answerer.js'
import { verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { explainBlock } from '../summary/step-end.js'
import { checkBeforeSending } from './before-sending.js'
import { describeSettings, parseUploadConfig } from './config.js'
import type { KnownItem } from './checks/holder.js'
import { planDryRun, reportDryRun } from './dry-run.js'
import { findFiles } from './files/files.js'
import { findRestApi, type RestApiLocation } from './wordpress/locate-rest-api.js'
import { mediaApi } from './wordpress/media-api.js'
import { wordpressProfile } from './wordpress/remedies.js'
import { reportEmptyLeg, reportNoFiles } from './files/no-files.js'
import { filesOfLeg, legLine } from './files/shard.js'
import { featuredFile } from './files/featured-file.js'
import { postName, type FoundPost } from './checks/target-post.js'
import { placeMedia } from './place/place-media.js'
import { dryRunPlacement } from './place/placement.js'
import { postsApi } from './wordpress/posts-api.js'
import { mostAtOnce } from './pace/adaptive-level.js'
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
import { WaitBudget, waitBudgetMs } from './pace/wait-budget.js'
import { patientReads } from './pace/patient-reads.js'
import { countByStatus, notUploadedTitle, type UploadReport } from './send/outcome.js'
import { saveRunReport } from './report/write-report.js'
import { endUpload } from './end.js'

/**
 * Upload mode end to end: inputs, match files, preflight, look-up, upload, outputs and summary.
 * After `signal` (the step's cancellation) no phase and no file starts; what was done is reported.
 */
export async function runUploadMode(
  read: InputReader,
  workspace: string,
  signal?: AbortSignal
): Promise<void> {
  const startedAt = new Date()
  const config = parseUploadConfig(read)
  log.debug(`Resolved settings: ${describeSettings(config)}`)
  const matched = await findFiles(config.patterns, workspace, message =>
    log.warning(message, 'A "files" line matched nothing')
  )
  const site = `${config.baseUrl.host}${config.baseUrl.pathname}`
  const empty = { files: [], matched: matched.length, startedAt }
  // Nothing to send: no request at all, not even to find the API.
  if (matched.length === 0) {
    await reportNoFiles(config, workspace, site)
    return saveRunReport(config, workspace, empty)
  }
  const { shard } = config
  const local = shard ? filesOfLeg(matched, shard) : matched
  const leg = shard && legLine(shard, local.length, matched.length)
  if (leg) log.info(`This is ${leg}.`)
  // Chosen among all matched files, so every leg checks it alike; the leg that sends it sets it.
  const chosen = config.featuredImage ? featuredFile(matched, config.featuredImage) : undefined
  if (leg && local.length === 0) {
    await reportEmptyLeg(leg, site)
    return saveRunReport(config, workspace, empty)
  }
  const featured = chosen && local.includes(chosen) ? chosen : undefined
  if (chosen && !featured) log.info(`${chosen.display}, the featured image, is another leg's.`)
  // One kept-alive connection per file in flight, reused file after file: a TLS handshake per
  // file would dominate small files.
  const client = apiClient({ ...config, maxSockets: mostAtOnce(config.concurrency), signal })
  let location: RestApiLocation
  try {
    location = await log.group('WordPress REST API', () => findRestApi(client, config))
  } catch (error) {
    client.close()
    throw error
  }
  const reads = {
    sleep: (ms: number) => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info
  }
  // One budget for a busy server's waits, the checks' and the uploads' alike.
  const waits = new WaitBudget(waitBudgetMs(config))
  const api = patientReads(mediaApi(client, config, location, addSecret), waits, reads)
  const posts = postsApi(client, location)
  const run: UploadRun = {
    ...{ config, signal, local, client, location, api, posts, files: [], workspace, startedAt },
    waits,
    ...{ matched: matched.length, timings: new Map() }
  }
  if (featured) run.featured = featured
  if (leg) run.leg = leg
  log.info(`${counted(local.length, 'file')} to upload to ${api.target}.`)
  try {
    await uploadPhases(run)
  } finally {
    await endUpload(run)
  }
}

/** The checks, then the dry run or the upload; each phase may stop the run before the next. */
async function uploadPhases(run: UploadRun): Promise<void> {
  const { config } = run
  if (stoppedByCancel(run)) return
  if (!(await checkBeforeSending(run))) return
  const existing = run.lookup?.kind === 'found' ? run.lookup.items : new Map<string, KnownItem>()
  if (config.dryRun) return await dryRun(run, existing)
  const report = await send(run, existing)
  run.files = report.files
  if (run.target?.kind === 'found') await place(run, run.target, report, existing)
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
async function dryRun(run: UploadRun, existing: Map<string, KnownItem>): Promise<void> {
  // The rights check may have sent the one empty POST already: it is not sent twice.
  const sent = run.rights?.probe
  const probe = await log.group('Write path (dry run)', async () => {
    const found = sent ?? (await probeWritePath(run.api))
    const peer = found.peer ? ` (answered from ${found.peer})` : ''
    log.info(`One empty POST: the write path ${probePhrase(found.outcome)}${peer}.`)
    return found
  })
  run.probe = probe
  run.files = await planDryRun(run.local, existing, probe)
  if (run.target?.kind === 'found') {
    const { local, featured } = run
    const known = (index: number) => existing.get(local[index]?.key ?? '')
    const index = featured ? local.indexOf(featured) : undefined
    const plan = dryRunPlacement(run.files, known, run.target, index)
    for (const line of plan.lines) log.info(`Dry run: ${line}`)
    run.placementPlan = plan.lines
    if (plan.featuredId !== undefined) run.featuredId = plan.featuredId
  }
  await reportDryRun(probe, run.files, run.config, run.signal)
}

/** Sends the files; with blocked-wait, waits out a CDN's block and sends the rest. */
async function send(run: UploadRun, existing: Map<string, KnownItem>): Promise<UploadReport> {
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
    ...(run.rights?.userId === undefined ? {} : { me: run.rights.userId }),
    ...(run.lookup?.kind === 'found' ? { named: new Set(run.lookup.foreign.keys()) } : {}),
    ...(run.sizes?.on === 'runner' ? { sizes: run.sizes.site } : {})
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
