import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import path from 'node:path'

/** Hex digits of the sha-256 kept in a key: 48 bits, far past any chance collision in a library. */
const HASH_DIGITS = 12
/** The name part stays short: WordPress cuts slugs at 200 characters. */
const STEM_LENGTH = 60

/**
 * A file name's stem as a slug: only `[a-z0-9-]`, the characters WordPress stores as given and
 * looks up as given (it strips accents when storing a slug but not when looking one up, so an
 * accent would make the key unfindable). Letters lose their accents here instead.
 */
export function slugStem(fileName: string): string {
  const stem = path.basename(fileName, path.extname(fileName))
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, STEM_LENGTH)
    .replace(/^-+|-+$/g, '')
  return slug || 'file'
}

/** `{stem}-{12 hex digits of the sha-256 of the bytes}`: the same content under the same name. */
export function contentKey(fileName: string, sha256: string): string {
  return `${slugStem(fileName)}-${sha256.slice(0, HASH_DIGITS)}`
}

/** The sha-256 of a file, streamed: memory stays flat whatever its size. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer)
  }
  return hash.digest('hex')
}
