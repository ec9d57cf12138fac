import path from 'node:path'
import { InputError, shown } from '../../inputs/input-error.js'
import { INPUT } from '../../inputs/names.js'
import type { LocalFile } from './local-file.js'
import { counted } from '../../log/words.js'

/** Names listed at most when featured-image names none of the files. */
const LISTED = 10

/** A path as a user writes it and as `files` shows it, compared alike: `/`, without `./`. */
function normalized(name: string): string {
  return path.posix.normalize(name.replace(/\\/g, '/')).replace(/^\.\//, '')
}

const isImage = (file: LocalFile) => file.mediaType.startsWith('image/')

/**
 * The file featured-image names among those `files` matched: `first`, the first image in their
 * order, or one by its path (as the media output shows it, or absolute). It must be an image:
 * WordPress's set_post_thumbnail() sets only an item wp_get_attachment_image() can show, and for
 * any other it deletes the post's featured image instead. Refused before any request.
 */
export function featuredFile(files: LocalFile[], wanted: string): LocalFile {
  const name = `Input "${INPUT.featuredImage}"`
  if (wanted === 'first') {
    const first = files.find(isImage)
    if (first) return first
    throw new InputError(
      `${name} is "first", but none of the ${counted(files.length, 'file')} "${INPUT.files}" matched is an image (${files
        .slice(0, LISTED)
        .map(file => `${file.display}: ${file.mediaType}`)
        .join(', ')}): a featured image must be an image.`
    )
  }
  const target = normalized(wanted)
  const found = files.find(
    file => normalized(file.display) === target || path.resolve(file.path) === path.resolve(wanted)
  )
  if (!found) {
    const names = files.slice(0, LISTED).map(file => file.display)
    const more = files.length > LISTED ? `, … ${files.length} in all` : ''
    throw new InputError(
      `${name} expected "first" or one of the files "${INPUT.files}" matched (${names.join(', ')}${more}), got ${shown(wanted)}.`
    )
  }
  if (!isImage(found)) {
    throw new InputError(
      `${name} names ${found.display}, which is ${found.mediaType}, not an image: WordPress takes only an image as a featured image (for anything else it removes the post's featured image).`
    )
  }
  return found
}
