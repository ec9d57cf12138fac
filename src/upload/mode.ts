import type { InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { counted } from '../log/words.js'
import { checkBeforeSending, type Checks } from './before-sending.js'
import type { KnownItem } from './checks/holder.js'
import { planDryRun, reportDryRun } from './dry-run.js'
import { postName, type FoundPost } from './checks/target-post.js'
import { placeMedia } from './place/place-media.js'
import { dryRunPlacement } from './place/placement.js'
import { stoppedByCancel, type UploadRun } from './run.js'
import { probePhrase, probeWritePath } from './checks/write-probe.js'
import type { UploadReport } from './send/outcome.js'
import { endUpload } from './end.js'
import { reportSent, sendFiles } from './sending.js'
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
  const run: UploadRun = { ...setup, files: [], checks: {} }
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
  const sent = await sendFiles(run, checks, existing)
  run.sent = sent
  run.files = sent.report.files
  if (checks.target) await place(run, checks.target, sent.report, existing)
  await reportSent(run, sent.report, run.files)
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
