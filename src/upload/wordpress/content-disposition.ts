import path from 'node:path'

// WordPress splits the header on ";" and "=" and strips quotes only at both ends, with no escapes:
// these characters (and controls) in a name would break its parse or the header itself.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_FALLBACK = /[";\\\u0000-\u001f\u007f]/g

/**
 * An ASCII stand-in for a file name: letters lose their accents (é → e), anything else outside
 * printable ASCII or unsafe for WordPress's parser becomes "_".
 */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(UNSAFE_IN_FALLBACK, '_')
    .replace(/[^\x20-\x7e]/g, '_')
    .trim()
  const ext = path.extname(ascii)
  // A name made only of replaced characters says nothing; keep at least the extension.
  return /[A-Za-z0-9]/.test(ascii.slice(0, ascii.length - ext.length)) ? ascii : `file${ext}`
}

/** RFC 5987 value-chars: what encodeURIComponent leaves, less the characters RFC 5987 reserves. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
}

/**
 * The Content-Disposition for an upload: a quoted ASCII `filename` WordPress can parse, plus
 * `filename*` with the exact UTF-8 name for servers that read it (WordPress ignores it).
 */
export function contentDisposition(fileName: string): string {
  const name = path.basename(fileName)
  const fallback = asciiFileName(name)
  const header = `attachment; filename="${fallback}"`
  return fallback === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`
}
