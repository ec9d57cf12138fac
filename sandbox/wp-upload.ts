/** Pieces of WordPress's upload path that clients trip over, reproduced with PHP's semantics. */

const PHP_TRIM_CHARS = ' \t\n\r\0\x0B'

/** PHP's trim(): only these characters, unlike String.prototype.trim. */
export function phpTrim(value: string, chars = PHP_TRIM_CHARS): string {
  let start = 0
  let end = value.length
  while (start < end && chars.includes(value.charAt(start))) start++
  while (end > start && chars.includes(value.charAt(end - 1))) end--
  return value.slice(start, end)
}

/** PHP's empty() for a string: '' and '0' are both empty. */
export function phpEmpty(value: string): boolean {
  return value === '' || value === '0'
}

/**
 * WP_REST_Attachments_Controller::get_filename_from_disposition, step for step: needs a `;`,
 * splits the rest on `;` and each part on its first `=`, keeps the last `filename`, unquotes only
 * a value that starts and ends with `"`, knows no escapes and ignores `filename*`.
 */
export function filenameFromDisposition(values: string[]): string | null {
  let filename: string | null = null
  for (const raw of values) {
    const value = phpTrim(raw)
    if (!value.includes(';')) continue
    const attributes = new Map<string, string>()
    for (const part of value.slice(value.indexOf(';') + 1).split(';')) {
      const eq = part.indexOf('=')
      if (eq === -1) continue
      attributes.set(phpTrim(part.slice(0, eq)), phpTrim(part.slice(eq + 1)))
    }
    const candidate = attributes.get('filename')
    if (candidate === undefined || phpEmpty(candidate)) continue
    filename = phpTrim(candidate)
    if (filename.startsWith('"') && filename.endsWith('"')) filename = filename.slice(1, -1)
  }
  return filename
}

// prettier-ignore
const SPECIAL_CHARS = [
  '?', '[', ']', '/', '\\', '=', '<', '>', ':', ';', ',', "'", '"', '&', '$', '#', '*', '(', ')',
  '|', '~', '`', '!', '{', '}', '%', '+', '\u2019', '\u00ab', '\u00bb', '\u201d', '\u201c', '\0'
]

/** The core of WordPress's sanitize_file_name(): drop specials, whitespace runs become `-`. */
export function sanitizeFileName(name: string): string {
  let out = name.replace(/\u00a0/g, ' ')
  for (const special of SPECIAL_CHARS) out = out.split(special).join('')
  out = out.replace(/\.{2,}/g, '.').replace(/[\r\n\t -]+/g, '-')
  return phpTrim(out, '.-_')
}

function splitExtension(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
}

/** wp_unique_filename(): lower-cased extension, then `-1`, `-2`, … until the name is free. */
export function uniqueFileName(name: string, taken: (candidate: string) => boolean): string {
  const [base, extension] = splitExtension(name)
  const ext = extension.toLowerCase()
  let candidate = base + ext
  for (let n = 1; taken(candidate); n++) candidate = `${base}-${n}${ext}`
  return candidate
}

export function titleOf(fileName: string): string {
  return splitExtension(fileName)[0]
}

/**
 * A reduced sanitize_title(): accents removed (remove_accents, as WordPress does when it stores a
 * slug, though not when it looks one up), lower case, runs of other characters become `-`.
 */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** The upload types this site allows, by file extension (WordPress decides by extension). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.jpe': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4'
}
const ALLOWED_TYPES = new Set(Object.values(TYPES_BY_EXTENSION))

/**
 * The stored MIME type, or null when the upload is refused: both the declared Content-Type and
 * the file name's extension must be allowed (so application/octet-stream is refused).
 */
export function uploadType(contentType: string, fileName: string): string | null {
  const declared = phpTrim(contentType.split(';')[0] ?? '').toLowerCase()
  const byName = TYPES_BY_EXTENSION[splitExtension(fileName)[1].toLowerCase()]
  return ALLOWED_TYPES.has(declared) && byName !== undefined ? byName : null
}

/** wp_is_json_media_type(): application/json and application/*+json. */
export function isJsonMediaType(contentType: string): boolean {
  return /(^|\s|,)application\/([\w!#$&.^+-]+\+)?json(\+oembed)?($|\s|;|,)/i.test(contentType)
}
