/** What the sandbox keeps of an image item, as WordPress 7.1 keeps it (wp-admin/includes/image.php). */

/** What sharp reads of an image: its stored pixels (before any EXIF turn) and EXIF orientation. */
export interface Picture {
  width: number
  height: number
  orientation: number
}

/** One size in the metadata's `sizes`. */
export interface SizeMeta {
  width: number
  height: number
  file: string
  mime_type: string
  filesize: number
}

/** `_wp_attachment_metadata` of an image. */
export interface ImageMeta {
  width: number
  height: number
  /** The main file, relative to the uploads folder: `2026/05/photo.jpg`. */
  file: string
  filesize: number
  /** The upload's own file once a `scaled` or `original` file replaced it (its base name). */
  original_image?: string
  /** The companions a finalize records under keys of their own. */
  source_image?: string
  animated_video?: string
  animated_video_poster?: string
  sizes: Record<string, SizeMeta>
}

/** A file stored for an item beside its upload: a sideloaded size, or one WordPress made. */
export interface ItemFile {
  name: string
  bytes: Buffer
  mimeType: string
}

export interface ItemImage {
  /** The uploads folder it is in, `YYYY/MM`. */
  subdir: string
  /** `_wp_attached_file`'s base name: the upload, or the file a `scaled`/`original` sideload put in its place. */
  attached: string
  /** The upload's own pixels, which missing_image_sizes is worked out from. */
  upload: Picture
  /** `image_meta.orientation`: the upload's, 1 once a finalize recorded an upright main file. */
  orientation: number
  /**
   * WordPress made the sizes on upload (no `generate_sub_sizes=false`): the sandbox's thumbnail,
   * as before 7.1.
   */
  serverSizes: boolean
  meta: ImageMeta
  files: ItemFile[]
  /** `_wp_sideloaded_file` rows: the names sideloads handed out, until a finalize records them. */
  provenance: string[]
}
