import { open } from 'node:fs/promises'

/** A file that the patterns matched, as the upload sends it. */
export interface LocalFile {
  /** Absolute path. */
  path: string
  /** Path relative to the workspace, as the user wrote the pattern. */
  display: string
  size: number
  mediaType: string
  /** The content key (`{stem}-{sha-256 prefix}`), when files are looked up before sending. */
  key?: string
  /** The sha-256 of its bytes (hex), hashed with its key. */
  sha256?: string
}

/** Why the file cannot be opened (its error code), or undefined when it can. */
export async function openProblem(file: LocalFile): Promise<string | undefined> {
  try {
    await (await open(file.path, 'r')).close()
    return undefined
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error)
  }
}
