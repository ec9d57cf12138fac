import type { Verdict } from '../diagnosis/index.js'
import { cap, lines, prose } from './html.js'

const LAYER_NAMES: Record<Verdict['layer'], string> = {
  cdn: 'CDN',
  origin: 'origin server',
  network: 'network',
  aws: 'AWS',
  unknown: 'unknown'
}

export function layerName(verdict: Verdict): string {
  const name = LAYER_NAMES[verdict.layer]
  if (!verdict.vendor) return name
  // An origin answer relayed by a CDN still came from the origin; name the CDN as the messenger.
  return verdict.layer === 'origin'
    ? `${name} (via ${verdict.vendor})`
    : `${name} (${verdict.vendor})`
}

/** The verdict and its first remedy, for an error annotation: what to do, not only what happened. */
export function verdictLines(verdict: Verdict): string {
  const first = verdict.remedies[0]
  return first ? `${verdict.headline}\nWhat to do: ${first}` : verdict.headline
}

/**
 * The Diagnosis block: the verdict in one sentence and what to do, a bulleted list of actions,
 * since it leads a failed step's section; the notes that rule causes out in a sentence of their
 * own after it; then who answered, and the evidence folded, for whoever checks the reasoning.
 */
export function renderDiagnosis(verdict: Verdict): string {
  const facts = [
    `Layer: ${layerName(verdict)}`,
    verdict.edgeNode ? `Edge node: \`${verdict.edgeNode}\`` : undefined,
    verdict.requestId ? `Request id: \`${verdict.requestId}\`` : undefined
  ].filter((fact): fact is string => fact !== undefined)
  const list = (items: string[]) =>
    items.length
      ? `<ul>${items.map(item => `<li>${prose(cap(item, 400))}</li>`).join('')}</ul>`
      : ''
  return lines([
    '<h3>Diagnosis</h3>',
    `<p><strong>${prose(verdict.headline)}</strong></p>`,
    verdict.remedies.length ? `<p>What to do:</p>${list(verdict.remedies)}` : '',
    verdict.notes?.length
      ? `<p>${verdict.notes.map(note => prose(cap(note, 400))).join(' ')}</p>`
      : '',
    `<p>${facts.map(prose).join(' · ')}</p>`,
    verdict.evidence.length
      ? `<details><summary>Evidence</summary>${list(verdict.evidence)}</details>`
      : ''
  ])
}
