import type { Verdict } from '../../diagnosis/index.js'
import { formatBytes } from '../../summary/html.js'
import { layerName } from '../../summary/diagnosis-block.js'
import { whoAnswered } from '../wordpress/refusals.js'

interface Refused {
  file: string
  size: number
  verdict: Verdict
}

/**
 * The smallest file each layer refused with 413. Every file takes the same way to the server, so
 * a file at least as large as one refused would meet the same limit: it is not sent.
 */
export class BodyLimits {
  private readonly refused = new Map<string, Refused>()

  record(file: string, size: number, verdict: Verdict): void {
    const layer = layerName(verdict)
    const known = this.refused.get(layer)
    if (!known || size < known.size) this.refused.set(layer, { file, size, verdict })
  }

  /** The refusal a file of this size would meet again, if any. */
  covering(size: number): Refused | undefined {
    return [...this.refused.values()]
      .filter(refused => size >= refused.size)
      .sort((a, b) => a.size - b.size)[0]
  }

  /** Why a file is not sent, one phrase. */
  static reason(refused: Refused): string {
    return `not sent: at least as large as ${refused.file} (${formatBytes(refused.size)}), which ${whoAnswered(refused.verdict)} refused with HTTP 413`
  }
}
