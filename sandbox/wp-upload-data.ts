import { header, type OriginRequest, type Reply } from './http.js'
import { wpError } from './wp-reply.js'
import {
  filenameFromDisposition,
  phpEmpty,
  phpTrim,
  sanitizeFileName,
  uploadType
} from './wp-upload.js'

/** upload_from_data()'s checks, in WordPress's order. */
export function checkUpload(req: OriginRequest): Reply | { fileName: string; mimeType: string } {
  const contentType = header(req.headers, 'content-type')
  const disposition = header(req.headers, 'content-disposition')
  const md5 = header(req.headers, 'content-md5')
  if (req.body.size === 0) return wpError(400, 'rest_upload_no_data', 'No data supplied.')
  if (contentType === undefined) {
    return wpError(400, 'rest_upload_no_content_type', 'No Content-Type supplied.')
  }
  if (disposition === undefined) {
    return wpError(400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.')
  }
  const requested = filenameFromDisposition([disposition])
  if (requested === null || phpEmpty(requested)) {
    return wpError(
      400,
      'rest_upload_invalid_disposition',
      'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.'
    )
  }
  if (md5 !== undefined && phpTrim(md5) !== req.body.md5) {
    return wpError(412, 'rest_upload_hash_mismatch', 'Content hash did not match expected.')
  }
  const fileName = sanitizeFileName(requested)
  const mimeType = uploadType(contentType, fileName)
  if (mimeType === null) {
    return wpError(
      500,
      'rest_upload_sideload_error',
      'Sorry, you are not allowed to upload this file type.'
    )
  }
  return { fileName, mimeType }
}
