import type { InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { counted } from '../log/words.js'
import { checkBeforeSending } from './before-sending.js'
import type { KnownItem } from './checks/holder.js'
import { postName, type FoundPost } from './checks/target-post.js'
import { dryRun, reportDryRun } from './dry-run.js'
import { placeMedia, type Placed } from './place/place-media.js'
import { endUpload, type Reached } from './end.js'
import { stoppedByCancel } from './run.js'
import type { UploadReport } from './send/outcome.js'
import { reportSent, sendFiles } from './sending.js'
import { setUpUpload, type UploadSetup } from './setup.js'

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
  log.info(`${counted(setup.local.length, 'file')} to upload to ${setup.api.target}.`)
  // The ending reports the last phase that ended, whether the next one ended or threw.
  let reached: Reached = { phase: 'set up' }
  try {
    for await (const phase of uploadPhases(setup)) reached = phase
  } finally {
    await endUpload(setup, reached)
  }
}

/**
 * The checks, then the dry run or the upload and attaching to the post: each phase hands on what
 * it did as it ends, and may stop the run before the next.
 */
async function* uploadPhases(setup: UploadSetup): AsyncGenerator<Reached> {
  const checked = stoppedByCancel(setup) ?? (await checkBeforeSending(setup))
  yield checked
  if (checked.phase === 'stopped') return
  const { checks } = checked
  const existing =
    checks.lookup?.kind === 'found' ? checks.lookup.items : new Map<string, KnownItem>()
  if (setup.config.dryRun) {
    const plan = await dryRun(setup, checks, existing)
    yield { phase: 'dry run', checks, dryRun: plan }
    await reportDryRun(plan.probe, plan.files, setup.config, setup.signal)
    return
  }
  const sent = await sendFiles(setup, checks, existing)
  yield { phase: 'sent', checks, sent }
  const placed = checks.target && (await place(setup, checks.target, sent.report, existing))
  if (placed) yield { phase: 'placed', checks, sent, placed }
  await reportSent(setup, sent.report, placed ? placed.files : sent.report.files)
}

/** attach-to: the files in the library attached to its post, and featured-image set. */
async function place(
  setup: UploadSetup,
  target: FoundPost,
  report: UploadReport,
  existing: Map<string, KnownItem>
): Promise<Placed> {
  const { api, posts, signal, local, featured } = setup
  const input = { report, local, existing, target, ...(featured ? { featured } : {}) }
  const deps = { api, posts, log: log.info, warn: log.warning, signal }
  const placed = await log.group(`Attach to ${postName(target)}`, () => placeMedia(input, deps))
  const result = placed.placement.featured
  if (result?.state === 'failed')
    log.fail(`Featured image: ${result.message}.`, 'Featured image not set')
  return placed
}
