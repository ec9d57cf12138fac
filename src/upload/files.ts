import { stat } from 'node:fs/promises'
import path from 'node:path'
import { mediaTypeOf } from './media-type.js'
import type { LocalFile } from './media-api.js'

/** Resolves the `files` patterns to regular files, in a stable order, each once. */
export async function findFiles(patterns: string[], workspace: string): Promise<LocalFile[]> {
  const { create } = await import('@actions/glob')
  const globber = await create(patterns.join('\n'), { matchDirectories: false })
  const paths = [...new Set(await globber.glob())].sort()
  if (paths.length === 0) {
    throw new Error(
      `Input "files" expected glob patterns that match at least one file, but none matched in ${workspace}: ${patterns.map(p => JSON.stringify(p)).join(', ')}.`
    )
  }
  return Promise.all(
    paths.map(async file => {
      const relative = path.relative(workspace, file)
      return {
        path: file,
        display: relative.startsWith('..') ? file : relative,
        // A file that vanished since matching is reported when its turn comes, not here.
        size: await stat(file).then(
          info => info.size,
          () => 0
        ),
        mediaType: mediaTypeOf(file)
      }
    })
  )
}
