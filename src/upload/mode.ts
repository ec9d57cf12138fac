import { cancelledBy, cancelledLine, pause } from '../cancel/cancellation.js'
import { addDnsEvidence, addressChange, type Verdict } from '../diagnosis/index.js'
import { apiClient, type ApiClient } from '../http/client.js'
import { lookUpRecords } from '../http/dns-records.js'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { addSecret } from '../log/secrets.js'
import { layerName, verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import { writeSummary } from '../summary/write.js'
import {
  DEFAULT_API_PATH,
  describeSettings,
  parseUploadConfig,
  type UploadConfig
} from './config.js'
import { contentKey, sha256OfFile } from './files/content-key.js'
import { findExisting, type ExistingLookup } from './checks/existing.js'
import { planDryRun, reportDryRun } from './dry-run.js'
import { findFiles } from './files/files.js'
import { locateRestApi, type RestApiLocation } from './wordpress/locate-rest-api.js'
import { mediaApi, type MediaApi } from './wordpress/media-api.js'
import type { LocalFile } from './files/local-file.js'
import { reportNoFiles } from './files/no-files.js'
import { guardLinks } from './wordpress/media-links.js'
import { preflight, type PreflightResult } from './checks/preflight.js'
import { renderUploadSummary } from './summary.js'
import { checkUserRights, type UserRights } from './checks/user-rights.js'
import {
  blockedStop,
  describeWindow,
  resumeAfterBlock,
  stillBlocked,
  waitOutBlock
} from './send/wait-out-block.js'
import { probePhrase, probeWritePath, type WriteProbe } from './checks/write-probe.js'
import { uploadFiles, type UploadDeps } from './send/upload-files.js'
import {
  cancelledUploadText,
  countByStatus,
  mediaOutput,
  NOT_SENT_CANCELLED,
  notAttempted,
  type FileOutcome,
  type UploadReport
} from './send/outcome.js'

/**
 * Gives every file its content key (hashed once, streamed) and looks the keys up. A file that
 * cannot be read gets no key; it is reported when its turn comes. A cancel ends the hashing.
 */
async function lookUpExisting(
  api: MediaApi,
  local: LocalFile[],
  signal?: AbortSignal
): Promise<ExistingLookup> {
  for (const file of local) {
    if (signal?.aborted) break
    const sha256 = await sha256OfFile(file.path).catch(() => undefined)
    if (sha256) file.key = contentKey(file.display, sha256)
  }
  const keys = local.flatMap(file => file.key ?? [])
  const lookup = await findExisting(api, keys)
  if (lookup.kind === 'found') {
    log.info(`${lookup.items.size} of ${keys.length} file(s) are already in the library.`)
  } else {
    log.info(lookup.message)
  }
  return lookup
}

/** Where the REST API is: api-path, or what WordPress announces; said in the log either way. */
async function findRestApi(client: ApiClient, config: UploadConfig): Promise<RestApiLocation> {
  const location = await locateRestApi(client, config.baseUrl, config.apiPath, DEFAULT_API_PATH)
  log.info(`REST API: ${location.apiPath} (${location.how}).`)
  if (location.note) log.info(location.note)
  for (const refused of location.refused) log.warning(refused, 'REST API announcement not used')
  return location
}

/**
 * Upload mode end to end: inputs, match files, preflight, look-up, upload, outputs and summary.
 * After `signal` (the step's cancellation) no phase and no file starts; what was done is reported.
 */
export async function runUploadMode(
  read: InputReader,
  workspace: string,
  signal?: AbortSignal
): Promise<void> {
  const config = parseUploadConfig(read)
  log.debug(`Resolved settings: ${describeSettings(config)}`)
  const local = await findFiles(config.patterns, workspace, message =>
    log.warning(message, 'A "files" line matched nothing')
  )
  // Nothing to send: no request at all, not even to find the API.
  if (local.length === 0) {
    return reportNoFiles(config, workspace, `${config.baseUrl.host}${config.baseUrl.pathname}`)
  }
  // One kept-alive connection per file in flight, reused file after file: a TLS handshake per
  // file would dominate small files.
  const client = apiClient({ ...config, maxSockets: config.concurrency, signal })
  let location: RestApiLocation
  try {
    location = await log.group('WordPress REST API', () => findRestApi(client, config))
  } catch (error) {
    client.close()
    throw error
  }
  const api = mediaApi(client, config, location, addSecret)
  let files: FileOutcome[] = []
  let checked: PreflightResult | undefined
  let rights: UserRights | undefined
  let lookup: ExistingLookup | undefined
  let report: UploadReport | undefined
  let probe: WriteProbe | undefined
  let blockedWindow: string | undefined
  log.info(`${local.length} file(s) to upload to ${api.target}.`)
  const stopBeforeSending = (message: string, verdict: Verdict, title: string, why: string) => {
    files = local.map(file => notAttempted(file, why))
    setDiagnosisOutputs(verdict)
    const [first, ...more] = verdict.remedies
    log.fail(
      [message, first && `What to do: ${first}`, ...more].filter(Boolean).join('\n'),
      `${title}: answered by ${layerName(verdict)}`
    )
  }
  // Before each phase, and before reading what a phase's abandoned requests answered.
  const stoppedByCancel = () => {
    if (!signal?.aborted) return false
    files = local.map(file => notAttempted(file, NOT_SENT_CANCELLED))
    return true
  }
  try {
    if (stoppedByCancel()) return
    if (config.preflight) {
      checked = await log.group('Preflight', async () => {
        const result = await preflight(api)
        log.info(result.message)
        if (result.warning) log.warning(result.warning, 'Preflight: a partial check')
        return result
      })
      if (stoppedByCancel()) return
      if (!checked.ok) {
        const why = 'not sent: the preflight check failed'
        return stopBeforeSending(checked.message, checked.verdict, 'Preflight failed', why)
      }
    }
    rights = await checkUserRights(api)
    // An empty upload answered as if something was stored leaves something to look for.
    if (rights.probe?.outcome.kind === 'stored')
      log.warning(rights.message, 'The rights check looked stored')
    else log.info(rights.message)
    if (stoppedByCancel()) return
    if (rights.kind === 'may-not-upload') {
      const why = 'not sent: the user may not upload files'
      const verdict = { ...rights.verdict, remedies: [rights.remedy] }
      return stopBeforeSending(rights.message, verdict, 'User may not upload', why)
    }
    if (config.skipExisting) {
      lookup = await log.group('Files already in the library', () =>
        lookUpExisting(api, local, signal)
      )
      if (stoppedByCancel()) return
      if (lookup.kind === 'failed') {
        const why = 'not sent: the look-up of files already in the library failed'
        return stopBeforeSending(lookup.message, lookup.verdict, 'Look-up failed', why)
      }
      if (lookup.kind === 'unsupported') {
        log.warning(lookup.message, 'No media listing: re-runs may duplicate')
        for (const file of local) delete file.key
      }
    }
    const existing = lookup?.kind === 'found' ? lookup.items : new Map()
    if (config.dryRun) {
      // The rights check may have sent the one empty POST already: it is not sent twice.
      const sent = rights.probe
      probe = await log.group('Write path (dry run)', async () => {
        const found = sent ?? (await probeWritePath(api))
        const peer = found.peer ? ` (answered from ${found.peer})` : ''
        log.info(`One empty POST: the write path ${probePhrase(found.outcome)}${peer}.`)
        return found
      })
      files = await planDryRun(local, existing, probe)
      return await reportDryRun(probe, files, config, signal)
    }
    const deps: UploadDeps = {
      api,
      sleep: ms => pause(ms, signal),
      now: () => new Date(),
      random: Math.random,
      log: log.info,
      warn: log.warning,
      signal
    }
    const plan = { existing, fields: config.fields }
    report = await log.group('Upload', () => uploadFiles(local, config, deps, plan))
    if (config.blockedWaitMs > 0 && !signal?.aborted && blockedStop(report)) {
      const first = report
      const window = await log.group('Waiting for the CDN block to lift', () =>
        waitOutBlock(config.blockedWaitMs, {
          probe: () => probeWritePath(api),
          now: () => new Date(),
          sleep: ms => pause(ms, signal),
          log: log.info,
          signal
        })
      )
      blockedWindow = describeWindow(window, config.blockedWaitMs)
      log.info(blockedWindow)
      report = window.lifted
        ? await log.group('Upload, after the block', () =>
            resumeAfterBlock(first, local, files => uploadFiles(files, config, deps, plan))
          )
        : stillBlocked(first, window.last?.outcome.verdict)
    }
    files = report.files
    const verdict = report.verdict
    // A CDN's block lifts for this runner only once DNS leads past it: say when that can be.
    if (verdict?.blocked) {
      addDnsEvidence(verdict, await lookUpRecords(config.baseUrl.hostname, signal))
    }
    if (verdict) setDiagnosisOutputs(verdict)
    const failures = files.filter(file => file.status !== 'uploaded' && file.status !== 'existing')
    // A cancelled step says so once, below, instead of listing what the cancel cut short.
    if (signal?.aborted) return
    if (failures.length > 0) {
      const lines = failures
        .slice(0, 20)
        .map(file => `- ${file.file}: ${file.status}${file.message ? ` (${file.message})` : ''}`)
      if (failures.length > lines.length)
        lines.push(`- … and ${failures.length - lines.length} more`)
      log.fail(
        [
          `${failures.length} of ${files.length} file(s) were not uploaded.`,
          ...lines,
          report.stopReason,
          verdict && verdictLines(verdict)
        ]
          .filter(Boolean)
          .join('\n'),
        verdict?.blocked
          ? `Upload blocked by ${layerName(verdict)}${verdict.edgeNode ? `, edge ${verdict.edgeNode}` : ''}`
          : `${failures.length} file(s) not uploaded${verdict ? `: answered by ${layerName(verdict)}` : ''}`
      )
    } else {
      const counts = countByStatus(files)
      log.info(
        `All ${files.length} file(s) are in the library: ${counts.uploaded} uploaded, ${counts.existing} already there.`
      )
    }
  } finally {
    api.close()
    if (files.length === 0) {
      files = local.map(file => notAttempted(file, 'not sent: the run stopped on an error'))
    }
    // A server may echo a secret back in an address: such a one is neither output nor shown.
    files = files.map(guardLinks)
    const counts = countByStatus(files)
    setOutput(OUTPUT.media, mediaOutput(files))
    setOutput(OUTPUT.uploadedCount, counts.uploaded)
    setOutput(OUTPUT.existingCount, counts.existing)
    setOutput(
      OUTPUT.failedCount,
      files.length - counts.uploaded - counts.existing - counts['would-upload']
    )
    const by = cancelledBy(signal)
    if (by) log.fail(cancelledLine(by, cancelledUploadText(files)), 'Cancelled')
    const moved = addressChange(client.peers())
    if (moved) log.info(moved)
    await writeSummary(
      renderUploadSummary({
        target: api.target,
        ...(moved ? { addressChange: moved } : {}),
        ...(probe ? { dryRun: probe } : {}),
        ...(blockedWindow ? { blockedWindow } : {}),
        api: location,
        preflight: checked,
        rights,
        lookup,
        report,
        files
      })
    )
  }
}
