import * as core from '@actions/core'
import { setTimeout as sleep } from 'node:timers/promises'
import { OUTPUT, type InputReader } from '../inputs/names.js'
import { outputWord } from '../log/inert.js'
import { log } from '../log/log.js'
import { layerName } from '../summary/diagnosis-block.js'
import { writeSummary } from '../summary/write.js'
import { describeSettings, parseUploadConfig } from './config.js'
import { findFiles } from './files.js'
import { mediaApi } from './media-api.js'
import { preflight, type PreflightResult } from './preflight.js'
import { renderUploadSummary } from './summary.js'
import {
  countByStatus,
  mediaOutput,
  notAttempted,
  uploadFiles,
  type FileOutcome,
  type UploadReport
} from './upload.js'

/** Upload mode end to end: inputs, match files, preflight, upload, outputs and summary. */
export async function runUploadMode(read: InputReader, workspace: string): Promise<void> {
  const config = parseUploadConfig(read)
  log.debug(`Resolved settings: ${describeSettings(config)}`)
  const api = mediaApi(config, secret => core.setSecret(secret))
  let files: FileOutcome[] = []
  let checked: PreflightResult | undefined
  let report: UploadReport | undefined
  const local = await findFiles(config.patterns, workspace)
  log.info(`${local.length} file(s) to upload to ${api.target}.`)
  try {
    if (config.preflight) {
      checked = await log.group('Preflight', async () => {
        const result = await preflight(api)
        log.info(result.message)
        if (result.warning) log.warning(result.warning, 'Preflight: a partial check')
        return result
      })
    }
    if (checked && !checked.ok) {
      files = local.map(file => notAttempted(file, 'not sent: the preflight check failed'))
      core.setOutput(OUTPUT.diagnosis, checked.verdict.layer)
      if (checked.verdict.edgeNode)
        core.setOutput(OUTPUT.edgeNode, outputWord(checked.verdict.edgeNode))
      log.fail(
        `${checked.message}\n${checked.verdict.remedies.join('\n')}`,
        `Preflight failed: answered by ${layerName(checked.verdict)}`
      )
      return
    }
    report = await log.group('Upload', () =>
      uploadFiles(local, config, {
        api,
        sleep: ms => sleep(ms),
        now: () => new Date(),
        random: Math.random,
        log: log.info,
        warn: log.warning
      })
    )
    files = report.files
    const verdict = report.verdict
    if (verdict) {
      core.setOutput(OUTPUT.diagnosis, verdict.layer)
      if (verdict.edgeNode) core.setOutput(OUTPUT.edgeNode, outputWord(verdict.edgeNode))
    }
    const counts = countByStatus(files)
    if (counts.uploaded < files.length) {
      const failures = files.filter(file => file.status !== 'uploaded')
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
          verdict?.headline
        ]
          .filter(Boolean)
          .join('\n'),
        verdict?.blocked
          ? `Upload blocked by ${layerName(verdict)}${verdict.edgeNode ? `, edge ${verdict.edgeNode}` : ''}`
          : `${failures.length} file(s) not uploaded${verdict ? `: answered by ${layerName(verdict)}` : ''}`
      )
    } else {
      log.info(`All ${files.length} file(s) uploaded.`)
    }
  } finally {
    api.close()
    if (files.length === 0) {
      files = local.map(file => notAttempted(file, 'not sent: the run stopped on an error'))
    }
    const counts = countByStatus(files)
    core.setOutput(OUTPUT.media, mediaOutput(files))
    core.setOutput(OUTPUT.uploadedCount, counts.uploaded)
    core.setOutput(OUTPUT.failedCount, files.length - counts.uploaded)
    await writeSummary(
      renderUploadSummary({ target: api.target, preflight: checked, report, files })
    )
  }
}
