import type { Verdict } from '../../diagnosis/index.js'
import { inline } from '../../summary/html.js'
import type { LevelReport } from '../pace/adaptive-level.js'
import type { BlockAdvice, UploadSummaryInput } from './input.js'

/**
 * A CDN's block, with what this mode can do about it next time: wait for the block to lift
 * (`blocked-wait-seconds`), and send again only what is missing, which a re-run does while
 * `skip-existing` is on. A dry run sent nothing, so only the first applies. Other verdicts as
 * they are.
 */
export function withBlockAdvice(
  verdict: Verdict,
  advice: BlockAdvice | undefined,
  dryRun: boolean
): Verdict {
  if (!verdict.blocked || verdict.layer !== 'cdn' || !advice) return verdict
  const wait =
    advice.waitSeconds > 0
      ? `Or raise \`blocked-wait-seconds\` (${advice.waitSeconds} s this time) to wait longer for the block to lift before the rest is sent.`
      : 'Or set `blocked-wait-seconds` (900, say) to have the action wait for the block to lift, probing with empty POSTs, and then send the rest.'
  const remedies = [...verdict.remedies, wait]
  const notes = [...(verdict.notes ?? [])]
  if (!dryRun && advice.skipExisting) {
    notes.push(
      'A re-run sends only the files that are missing: those already in the library are found by their content and not sent again.'
    )
  } else if (!dryRun) {
    remedies.push(
      'Set `skip-existing: true` before re-running, so that only the files that are missing are sent.'
    )
  }
  return { ...verdict, remedies, ...(notes.length > 0 ? { notes } : {}) }
}

/** What `concurrency: auto` found: the highest level, and where it ended when lower. */
function atOnce({ final, highest }: LevelReport): string {
  const ended = final < highest ? `, ${final} at the end` : ''
  return `up to ${highest} (concurrency: auto${ended})`
}

/** The Details fold: where the requests went and what the checks before sending found. */
export function renderDetails(input: UploadSummaryInput): string {
  const { preflight, lookup, report, api } = input
  const found = lookup
    ? lookup.kind === 'found'
      ? 'looked up'
      : lookup.kind === 'failed'
        ? 'look-up failed'
        : 'cannot be looked up'
    : 'not looked up'
  const facts = [
    `Target: <code>${inline(input.target)}</code>`,
    `Preflight: ${preflight ? (preflight.ok ? 'passed' : 'failed') : 'skipped'}`,
    `Already in the library: ${found}`,
    // A run that image-sizes: runner stopped says why above, and made no size anywhere.
    ...(input.sizes && !input.sizesStop
      ? [
          input.sizes.on === 'runner'
            ? `Image sizes: ${input.dryRun ? 'would be ' : ''}made on the runner (WordPress's client-side media processing)`
            : `Image sizes: made by WordPress, as ${inline(input.sizes.why, 300)}`
        ]
      : []),
    ...(report?.concurrency ? [`At once: ${atOnce(report.concurrency)}`] : [])
  ]
  const rest = api
    ? `<p>REST API: <code>${inline(api.apiPath)}</code>, ${inline(api.how, 600)}.${
        api.note ? ` ${inline(api.note, 300)}` : ''
      }</p>`
    : ''
  return `<details><summary>Details</summary><p>${facts.join(' · ')}</p>${rest}</details>`
}
