import path from 'node:path'
import type { Verdict } from '../../diagnosis/index.js'
import { formatBytes } from '../../summary/html.js'
import { layerName } from '../../summary/diagnosis-block.js'
import type { LocalFile } from '../files/local-file.js'

/**
 * What an upload's refusal is, where it is told apart from the others by more than its status.
 * `rest_upload_sideload_error` (a 500) covers both a refused type (wp_check_filetype_and_ext in
 * _wp_handle_upload, wp-admin/includes/file.php) and an uploads folder the server cannot write
 * ("could not be moved to" in _wp_handle_upload; "Unable to create directory" in
 * wp_upload_dir, wp-includes/functions.php); 401 and 403 both say `rest_cannot_create`
 * (WP_REST_Attachments_Controller::create_item_permissions_check).
 */
export type RefusalKind =
  'type' | 'uploads-folder' | 'credentials' | 'permission' | 'too-large' | 'sideload'

const FOLDER = /could not be moved to|unable to create directory|not writable/i

export function refusalKind(status: number, verdict: Verdict): RefusalKind | undefined {
  if (status === 413) return 'too-large'
  if (verdict.layer !== 'origin') return undefined
  if (status === 401) return 'credentials'
  if (status === 403 && verdict.code === 'rest_cannot_create') return 'permission'
  if (verdict.code !== 'rest_upload_sideload_error') return undefined
  if (FOLDER.test(verdict.said ?? '')) return 'uploads-folder'
  return /file type/i.test(verdict.said ?? '') ? 'type' : 'sideload'
}

/** Refusals every later file would meet too: the run stops after them. */
export function stopsTheRun(kind: RefusalKind | undefined): boolean {
  return kind === 'uploads-folder' || kind === 'credentials' || kind === 'permission'
}

/** A 5xx that is WordPress's own refusal of this file, not a failure that may have stored it. */
export function isRefusal(kind: RefusalKind | undefined): boolean {
  return kind === 'type' || kind === 'uploads-folder' || kind === 'sideload'
}

function extensionOf(file: LocalFile): string {
  const extension = path.extname(file.display)
  return extension ? `extension ${JSON.stringify(extension)}` : 'no extension'
}

/** Why the file was refused, one phrase naming what is at fault. */
export function refusalText(kind: RefusalKind, file: LocalFile, verdict: Verdict): string {
  const words = verdict.said && verdict.code ? `: ${verdict.said} (${verdict.code})` : ''
  switch (kind) {
    case 'type':
      return `WordPress does not accept this file type (${extensionOf(file)}; it judges by the name's extension and the content, not by Content-Type)${words}`
    case 'uploads-folder':
      return `WordPress could not write into its uploads folder (the server's file permissions or disk, not this file)${words}`
    case 'credentials':
      return `the credentials were refused (HTTP 401: wrong username or application password)${words}`
    case 'permission':
      return `the user may not upload files (HTTP 403: it lacks the upload_files capability)${words}`
    case 'too-large':
      return `too large: ${formatBytes(file.size)} refused with HTTP 413 by ${layerName(verdict)}`
    case 'sideload':
      return `WordPress refused the file${words}`
  }
}
