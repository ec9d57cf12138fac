import type { Verdict } from '../../diagnosis/index.js'
import type { LocalFile } from '../files/local-file.js'

interface Refused {
  file: string
  type: string
  verdict: Verdict
}

/**
 * The image types WordPress refused as ones it cannot make image sizes from
 * (`rest_upload_image_type_not_supported`), each with the first file refused. The refusal is about
 * the type, not the file: another file of the type would meet it again, so it is not sent.
 */
export class RefusedTypes {
  private readonly refused = new Map<string, Refused>()

  record(file: LocalFile, verdict: Verdict): void {
    if (!this.refused.has(file.mediaType)) {
      this.refused.set(file.mediaType, { file: file.display, type: file.mediaType, verdict })
    }
  }

  /** The refusal a file of this type would meet again, if any. */
  covering(file: LocalFile): Refused | undefined {
    return this.refused.get(file.mediaType)
  }

  /** Why a file is not sent, one phrase. */
  static reason(refused: Refused): string {
    return `not sent: WordPress refused ${refused.file}, of the same type (${refused.type}), as an image it cannot make sizes from on this server; convert it to JPEG or PNG`
  }
}
