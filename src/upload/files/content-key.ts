import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
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
    .replace(/^-|-$/g, '')
  return slug || 'file'
}

/** `{stem}-{12 hex digits of the sha-256 of the bytes}`: the same content under the same name. */
export function contentKey(fileName: string, sha256: string): string {
  return `${slugStem(fileName)}-${sha256.slice(0, HASH_DIGITS)}`
}

/**
 * The sha-256 of a file, read through one reused buffer: fs.createReadStream allocates a fresh
 * buffer per chunk that V8 frees only late, which raised the peak RSS of hashing 1 GiB by 68 MiB
 * (docs/benchmarks.md); with one buffer it stays flat.
 */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.allocUnsafeSlow(1024 * 1024)
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null)
      if (bytesRead === 0) break
      hash.update(buffer.subarray(0, bytesRead))
    }
  } finally {
    await handle.close()
  }
  return hash.digest('hex')
}
