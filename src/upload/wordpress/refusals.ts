import path from 'node:path'
import type { Verdict } from '../../diagnosis/index.js'
import { formatBytes } from '../../summary/html.js'
import { answerer } from '../../summary/answerer.js'
import type { LocalFile } from '../files/local-file.js'
import { wordpressProfile } from './remedies.js'

/**
 * Who answered, in the summary lead's words (`answerer`), to stand inside a sentence: the CDN by
 * name, the web server, WordPress. The host is left out: the lead names it.
 */
export function whoAnswered(verdict: Verdict): string {
  return answerer({ ...verdict, host: undefined }, wordpressProfile.name).replace(/^The /, 'the ')
}

/**
 * What an upload's refusal is, where it is told apart from the others by more than its status.
 * `rest_upload_sideload_error` (a 500) covers both a refused type (wp_check_filetype_and_ext in
 * _wp_handle_upload, wp-admin/includes/file.php) and an uploads folder the server cannot write
 * ("could not be moved to" in _wp_handle_upload; "Unable to create directory" in
 * wp_upload_dir, wp-includes/functions.php); 401 and 403 both say `rest_cannot_create`
 * (WP_REST_Attachments_Controller::create_item_permissions_check). `image-type` is WordPress
 * 6.8+'s 400 `rest_upload_image_type_not_supported`, from the same permissions check: an image type
 * the server's image editor cannot read (core checks multipart uploads there; a host's filter may
 * refuse any). `parent`: the user may not edit the post an upload is attached to (`rest_cannot_edit`).
 */
export type RefusalKind =
  | 'type'
  | 'image-type'
  | 'uploads-folder'
  | 'credentials'
  | 'permission'
  | 'parent'
  | 'too-large'
  | 'sideload'

const FOLDER = /could not be moved to|unable to create directory|not writable/i

export function refusalKind(status: number, verdict: Verdict): RefusalKind | undefined {
  if (status === 413) return 'too-large'
  if (verdict.layer !== 'origin') return undefined
  if (verdict.code === 'rest_upload_image_type_not_supported') return 'image-type'
  if (verdict.code === 'rest_cannot_edit' && (status === 401 || status === 403)) return 'parent'
  if (status === 401) return 'credentials'
  if (status === 403 && verdict.code === 'rest_cannot_create') return 'permission'
  if (verdict.code !== 'rest_upload_sideload_error') return undefined
  if (FOLDER.test(verdict.said ?? '')) return 'uploads-folder'
  return /file type/i.test(verdict.said ?? '') ? 'type' : 'sideload'
}

/** Refusals every later file would meet too: the run stops after them. */
export function stopsTheRun(kind: RefusalKind | undefined): boolean {
  return (
    kind === 'uploads-folder' ||
    kind === 'credentials' ||
    kind === 'permission' ||
    kind === 'parent'
  )
}

/**
 * "Unable to create directory" may be a race, not a fault: wp_mkdir_p() (wp-includes/functions.php)
 * tests whether the month's folder exists, then calls mkdir(); when two uploads both find it
 * missing, the slower one's mkdir() fails and wp_upload_dir() refuses its file although the folder
 * is there. Only sending the file again, alone, tells the two apart.
 */
export function mayBeFolderRace(
  refusal: RefusalKind | undefined,
  verdict: Verdict | undefined
): boolean {
  return refusal === 'uploads-folder' && /unable to create directory/i.test(verdict?.said ?? '')
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
    case 'image-type':
      return `WordPress cannot make image sizes from ${file.mediaType} on this server${words}. Convert the image to JPEG or PNG, or have the host give PHP an image library that reads ${file.mediaType} (Imagick, or a GD built with it); no other ${file.mediaType} file is sent`
    case 'parent':
      return `WordPress refused to attach the upload to the post in attach-to: the user may not edit that post${words}`
    case 'uploads-folder':
      return `WordPress could not write into its uploads folder (the server's file permissions or disk, not this file)${words}`
    case 'credentials':
      return `the credentials were refused (HTTP 401: wrong username or application password)${words}`
    case 'permission':
      return `the user may not upload files (HTTP 403: it lacks the upload_files capability)${words}`
    case 'too-large':
      return `too large: ${formatBytes(file.size)} refused with HTTP 413 by ${whoAnswered(verdict)}`
    case 'sideload':
      return `WordPress refused the file${words}`
  }
}

/**
 * Answers of a host that turns a request away at the door, before WordPress runs: too many
 * requests (429), too many at once (508, CloudLinux's "Resource Limit Is Reached"). Nothing was
 * stored, and the same request later may pass. Looking the file up instead would meet the same
 * limit while the other uploads are in flight.
 */
export const TURNED_AWAY = new Set([429, 508])

/**
 * Whether a refused upload (or a size sent for it) is worth sending again. A 429 or a 508 asks
 * for it. A 405 is retried unless the origin answered it (WordPress, or the web server in front
 * of it): the back-off is for a CDN's passing throttling of POSTs, while the origin's 405 (its
 * route or its rules refuse POST) is the same on every attempt, so retrying would only delay the
 * run by the back-off. A 405 of unknown origin may come from a CDN that does not name itself, so
 * it gets the back-off too.
 */
export function worthRetrying(status: number, verdict: Verdict): boolean {
  return TURNED_AWAY.has(status) || (status === 405 && verdict.layer !== 'origin')
}
