import type { Verdict } from '../../diagnosis/index.js'
import path from 'node:path'
import { agrees, counted } from '../../log/words.js'
import { refusalLine } from '../../summary/answerer.js'
import { renderDiagnosis } from '../../summary/diagnosis-block.js'
import { escapeHtml, image, inline, lines, link } from '../../summary/html.js'
import type { Preview } from '../wordpress/media-links.js'
import { probePhrase, type WriteProbe } from '../checks/write-probe.js'
import { postName, type TargetPost } from '../checks/target-post.js'
import { countByStatus, type FileOutcome } from '../send/outcome.js'
import { filesAre, renderFiles, succeeded, type EditLink } from './table.js'
import { renderDetails, withBlockAdvice } from './details.js'
import type { UploadSummaryInput } from './input.js'
import { renderKeyHolders } from './holders.js'
import { wordpressProfile } from '../wordpress/remedies.js'

/** Pictures shown at most, and the box in pixels each is fitted into. */
export const MAX_PREVIEWS = 12
const PREVIEW_BOX = 96

/** A dry run's heading: what the real run would do, and whether writes reach WordPress. */
function dryRunHeadline(files: FileOutcome[], probe: WriteProbe): string {
  const counts = countByStatus(files)
  const upload = counts['would-upload']
  const parts = [`${upload === 0 ? 'no file' : counted(upload, 'file')} would be uploaded`]
  if (counts.existing) parts.push(`${counts.existing} existing`)
  if (counts['would-fail']) parts.push(`${counts['would-fail']} would fail`)
  // A write path that does not reach WordPress is why: said in the heading, where it fails.
  const why =
    probe.outcome.kind === 'reaches' ? '' : `; the write path ${probePhrase(probe.outcome)}`
  const ok = probe.outcome.kind === 'reaches' && counts['would-fail'] === 0
  return `${ok ? '✅' : '❌'} ${parts.join(', ')}${why}`
}

/** A file in the library more than once, or maybe: every file is there, yet not as it should be. */
function twiceNote(files: FileOutcome[]): string | undefined {
  const left = files.filter(file => file.copies && file.copies.state !== 'removed').length
  if (left === 0) return undefined
  return `${counted(left, 'file')} may be in the library twice`
}

/** Items stored without their smaller sizes: usable, but not as they should be. */
function sizesNote(files: FileOutcome[]): string | undefined {
  const missing = files.filter(file => file.sizes === 'missing').length
  if (missing === 0) return undefined
  return `${counted(missing, 'item')} without ${agrees(missing, 'its', 'their')} smaller image sizes`
}

function headline(files: FileOutcome[]): string {
  const counts = countByStatus(files)
  const all = files.length
  const notes = [twiceNote(files), sizesNote(files)].filter(Boolean)
  const mark = notes.length ? '⚠️' : '✅'
  const also = notes.map(note => `; ${note}`).join('')
  if (counts.uploaded === all) return `${mark} ${all} of ${counted(all, 'file')} uploaded${also}`
  if (counts.existing === all) {
    const already = all === 1 ? 'The file was' : `All ${all} files were`
    return `${mark} ${already} already in the library${also}`
  }
  if (counts.uploaded + counts.existing === all) {
    return `${mark} ${all} of ${counted(all, 'file')} in the library: ${counts.uploaded} uploaded, ${counts.existing} existing${also}`
  }
  const parts = [`${counts.uploaded} of ${all} uploaded`]
  if (counts.existing) parts.push(`${counts.existing} existing`)
  if (counts.blocked) parts.push(`${counts.blocked} blocked`)
  if (counts.failed) parts.push(`${counts.failed} failed`)
  if (counts['not-attempted']) parts.push(`${counts['not-attempted']} not attempted`)
  return `❌ ${parts.join(', ')}${also}`
}

/**
 * The first line: where the files went, in one sentence, and the link to the media library,
 * where the user goes next. A refusal leads it, naming who answered: the CDN, or WordPress.
 */
function firstLine(input: UploadSummaryInput, verdict: Verdict | undefined): string {
  const refused = refusalLine(
    verdict,
    wordpressProfile.name,
    input.dryRun ? "the dry run's probe" : 'the upload'
  )
  const lead = refused ? `${inline(refused, 600)} ` : ''
  return `${lead}${whereFilesWent(input)}`
}

/** Where the files went, and the link to the media library. */
function whereFilesWent(input: UploadSummaryInput): string {
  const { files, site } = input
  const where = site ? ` of <code>${inline(site.name)}</code>` : ''
  const open = site ? ` — ${link(site.library, 'open the media library')}` : ''
  const counts = countByStatus(files)
  if (input.dryRun) {
    const upload = counts['would-upload']
    const there = counts.existing
    const plan = [
      upload > 0 && `${counted(upload, 'file')} would be uploaded to the media library${where}`,
      there > 0 &&
        (upload > 0
          ? `${there} ${agrees(there, 'is', 'are')} there already`
          : `${filesAre(there)} in the media library${where} already`),
      counts['would-fail'] > 0 && `${counted(counts['would-fail'], 'file')} would fail`
    ].filter(Boolean)
    return `Dry run: nothing was uploaded; ${plan.join(', ')}${open}.`
  }
  const inLibrary = counts.uploaded + counts.existing
  if (inLibrary === files.length) {
    const all = files.length === 1 ? 'The file is' : `All ${files.length} files are`
    return `${all} in the media library${where}${open}.`
  }
  // Nothing to open there: the library link would only show what was there before.
  if (inLibrary === 0) return `No file reached the media library${where}.`
  return `${inLibrary} of ${counted(files.length, 'file')} ${agrees(inLibrary, 'is', 'are')} in the media library${where}; ${files.length - inLibrary} ${agrees(files.length - inLibrary, 'is', 'are')} not${open}.`
}

/**
 * What attaching did, with the post named once: its first mention linked to its edit page, where
 * the user goes next; the later ones (the featured image's sentence names it too, as the log
 * needs) become "the post".
 */
function placementLine(
  placement: string[],
  post: TargetPost | undefined,
  edit: EditLink | undefined
): string {
  const text = inline(placement.join(' '), 1600)
  if (post?.kind !== 'found') return text
  const name = escapeHtml(postName(post))
  const at = text.indexOf(name)
  if (at < 0) return text
  const view = post.view ? ` (${link(post.view, 'view it')})` : ''
  const named = `${edit ? link(edit(post.id), name) : name}${view}`
  const rest = text
    .slice(at + name.length)
    .split(name)
    .join('the post')
  return `${text.slice(0, at)}${named}${rest}`
}

/** Files listed at most in the paragraph on second copies; the warnings name every one. */
const MAX_COPY_FILES = 20

/**
 * Files sent again after a lost answer and then looked up once more: a second copy removed, left
 * in the library, or not ruled out, each with the edit pages of the items to look at.
 */
function renderCopies(files: FileOutcome[]): string | undefined {
  const checked = files.flatMap(file => (file.copies ? [{ file, ...file.copies }] : []))
  if (checked.length === 0) return undefined
  const items = checked.slice(0, MAX_COPY_FILES).map(({ file, state, items: pages }) => {
    const links = pages.map(item => link(item.edit, `#${item.id}`)).join(', ')
    return `<li>${state === 'removed' ? '♻️' : '⚠️'} <code>${inline(file.file)}</code>: ${inline(file.message ?? '', 600)}${links ? ` (edit: ${links})` : ''}</li>`
  })
  const more =
    checked.length > MAX_COPY_FILES
      ? `<li>… and ${checked.length - MAX_COPY_FILES} more: the warnings name every one.</li>`
      : ''
  return `<p>Sent again after a lost answer, then looked up once more for a second copy:</p><ul>${items.join('')}${more}</ul>`
}

/** Fits a picture into the box, keeping its shape; a picture of unknown shape gets the height. */
function fitted(preview: Preview): { width?: number; height: number } {
  const { width, height } = preview
  if (!width || !height) return { height: PREVIEW_BOX }
  const scale = Math.min(1, PREVIEW_BOX / width, PREVIEW_BOX / height)
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale))
  }
}

/** Small pictures of the images in the library, each linked to its file, capped in number. */
function renderPreviews(files: FileOutcome[]): string | undefined {
  const pictures = files.flatMap(file => {
    if (!succeeded(file) || !file.preview) return []
    const picture = image(file.preview.url, path.basename(file.file), fitted(file.preview))
    if (!picture) return []
    return [file.url ? link(file.url, picture) : picture]
  })
  if (pictures.length === 0) return undefined
  const left = pictures.length - MAX_PREVIEWS
  const more = left > 0 ? ` … and ${counted(left, 'more image')}` : ''
  return `<p>${pictures.slice(0, MAX_PREVIEWS).join(' ')}${more}</p>`
}

/** The answer that decides what to do, when the run did not go as it should; else undefined. */
function deciding(input: UploadSummaryInput): Verdict | undefined {
  const { files, preflight, lookup, report, post } = input
  const probe = input.dryRun
  // Only an answer that failed a file diagnoses: after a cancel, the last answer may be a success.
  const failedBy = (candidate: Verdict | undefined) =>
    files.some(file => !succeeded(file) && file.verdict === candidate) ? candidate : undefined
  const verdict =
    preflight && !preflight.ok
      ? preflight.verdict
      : post && post.kind !== 'found'
        ? post.verdict
        : lookup?.kind === 'failed'
          ? lookup.verdict
          : probe && probe.outcome.kind !== 'reaches'
            ? probe.outcome.verdict
            : failedBy(report?.verdict)
  const failed = files.some(file => !succeeded(file))
  return failed || (probe && probe.outcome.kind !== 'reaches') ? verdict : undefined
}

/**
 * Items stored without their smaller sizes, by cause: a CDN that refused the sizes made on the
 * runner, or WordPress, which could not make them (out of PHP memory, most often).
 */
function renderWithoutSizes(files: FileOutcome[]): string | undefined {
  const missing = files.filter(file => file.sizes === 'missing')
  if (missing.length === 0) return undefined
  const refused = missing.filter(file => file.verdict?.blocked).length
  const unmade = missing.length - refused
  const stored = (n: number) =>
    `${counted(n, 'item')} stored without ${agrees(n, 'its', 'their')} smaller image sizes`
  const output = '(the <code>media</code> output says <code>"sizes": "missing"</code>)'
  return lines([
    refused > 0 &&
      `<p>⚠️ ${stored(refused)} ${output}: usable, but the CDN refused the sizes made on the runner before they reached WordPress. Re-run once the block lifts: ${agrees(refused, 'the item is', 'the items are')} found in the library and ${agrees(refused, 'its', 'their')} sizes are made then.</p>`,
    unmade > 0 &&
      `<p>⚠️ ${stored(unmade)} ${output}: usable, but WordPress ran out of resources making the sizes. Raise PHP's memory_limit (an upload needs about twice the file's size) or scale the images down.</p>`
  ])
}

/**
 * The job summary section of one upload run. It opens with where the files went and a link to
 * the media library; a failed run then leads with the diagnosis. Files that say the same thing
 * share one row, a long table shows its first rows, the rest folded, and where the requests went
 * is folded into Details.
 */
export function renderUploadSummary(input: UploadSummaryInput): string {
  const { files, preflight, rights, lookup, report, post } = input
  const probe = input.dryRun
  const verdict = deciding(input)
  return lines([
    probe
      ? `<h2>WordPress upload, dry run: ${inline(dryRunHeadline(files, probe), 400)}</h2>`
      : `<h2>WordPress upload: ${headline(files)}</h2>`,
    `<p>${firstLine(input, verdict)}</p>`,
    input.leg && `<p>🧩 This is ${inline(input.leg)}.</p>`,
    verdict && renderDiagnosis(withBlockAdvice(verdict, input.block, Boolean(probe))),
    probe &&
      `<p>One empty POST probed the write path${
        probe.peer ? ` (answered from ${inline(probe.peer)})` : ''
      }: it ${inline(probePhrase(probe.outcome), 400)}. The table says what the real run would do with each file.</p>`,
    ...(input.api?.refused ?? []).map(refused => `<p>⚠️ ${inline(refused, 400)}</p>`),
    input.api?.slow && `<p>⚠️ ${inline(input.api.slow, 400)}</p>`,
    preflight && !preflight.ok && `<p>${inline(preflight.message, 600)}</p>`,
    rights?.kind === 'may-not-upload' &&
      `<p>${inline(rights.message, 600)} ${inline(rights.remedy, 600)}</p>`,
    input.sizesStop && `<p>${inline(input.sizesStop, 800)}</p>`,
    // Once files went, or would go, to the post, the 📌 line says so: "Files go to …" twice.
    post &&
      !(post.kind === 'found' && input.placement) &&
      `<p>Attach to: ${inline(post.message, 600)}${'remedy' in post ? ` ${inline(post.remedy, 600)}` : ''}</p>`,
    input.placement && `<p>📌 ${placementLine(input.placement, post, input.site?.edit)}</p>`,
    lookup &&
      lookup.kind !== 'found' &&
      `<p>${lookup.kind === 'unsupported' ? '⚠️ ' : ''}${inline(lookup.message, 600)}</p>`,
    renderWithoutSizes(files),
    report?.stopReason && `<p><strong>Stopped:</strong> ${inline(report.stopReason, 600)}</p>`,
    input.blockedWindow && `<p>⏳ ${inline(input.blockedWindow, 800)}</p>`,
    input.addressChange && `<p>${inline(input.addressChange, 600)}</p>`,
    renderCopies(files),
    renderKeyHolders(lookup, input.site?.edit),
    renderPreviews(files),
    renderFiles(files, input.site?.edit, input.featuredId),
    renderDetails(input)
  ])
}
