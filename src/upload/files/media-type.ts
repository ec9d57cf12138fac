import { lookup } from 'mime-types'

const UNKNOWN_MEDIA_TYPE = 'application/octet-stream'

/** The media type WordPress will check the file against, from its extension. */
export function mediaTypeOf(fileName: string): string {
  return lookup(fileName) || UNKNOWN_MEDIA_TYPE
}
