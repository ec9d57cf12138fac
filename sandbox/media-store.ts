import type { ReceivedBody } from './http.js'
import type { MediaItem } from './types.js'
import type { ItemFile } from './wp-image-record.js'
import { slugOf, titleOf, uniqueFileName } from './wp-upload.js'

export interface NewMedia {
  apiPath: string
  /** Sanitized file name; the store makes it unique. */
  fileName: string
  mimeType: string
  body: ReceivedBody
  /** The `slug` asked for (WordPress sanitizes it), else one made from the title. */
  slug?: string
  title?: string
  altText?: string
  caption?: string
  description?: string
  /** The post to attach it to (its parent). */
  post?: number
  /** The user who uploads it. */
  author: number
}

/** WordPress's first free post id on a fresh site (1–3 are the sample post, page and draft). */
const FIRST_ID = 4

export class MediaStore {
  private items: MediaItem[] = []
  private nextId = FIRST_ID

  /**
   * Stores the item under a free slug: one no other item holds, nor `slugTaken` (the posts of
   * other types, which an attachment's slug may not repeat either).
   */
  add(media: NewMedia, slugTaken: (slug: string) => boolean = () => false): MediaItem {
    const fileName = uniqueFileName(media.fileName, name => this.fileTaken(name))
    const item: MediaItem = {
      id: this.nextId++,
      apiPath: media.apiPath,
      fileName,
      slug: this.uniqueSlug(slugOf(media.slug || media.title || titleOf(fileName)), slugTaken),
      title: media.title ?? '',
      altText: media.altText ?? '',
      caption: media.caption ?? '',
      description: media.description ?? '',
      mimeType: media.mimeType,
      size: media.body.size,
      md5: media.body.md5,
      bytes: media.body.bytes,
      createdAt: Date.now(),
      sizesMissing: false,
      hiddenListings: 0,
      post: media.post ?? null,
      author: media.author
    }
    this.items.push(item)
    return item
  }

  /**
   * wp_unique_post_slug() for an attachment: its slug is checked against every post of any type
   * and status, and the suffixes start at -2.
   */
  private uniqueSlug(slug: string, slugTaken: (slug: string) => boolean): string {
    const taken = (candidate: string) =>
      slugTaken(candidate) || this.items.some(item => item.slug === candidate)
    let candidate = slug
    for (let n = 2; taken(candidate); n++) candidate = `${slug}-${n}`
    return candidate
  }

  get(id: number): MediaItem | undefined {
    return this.items.find(item => item.id === id)
  }

  remove(id: number): void {
    this.items = this.items.filter(item => item.id !== id)
  }

  byFileName(fileName: string): MediaItem | undefined {
    return this.items.find(item => item.fileName === fileName)
  }

  /** Whether the uploads folder holds a file of this name: an item's upload, or one stored beside it. */
  fileTaken(name: string): boolean {
    return this.items.some(
      item => item.fileName === name || item.image?.files.some(file => file.name === name)
    )
  }

  /** A file stored beside an item's upload (a size), by its name. */
  storedFile(name: string): ItemFile | undefined {
    for (const item of this.items) {
      const file = item.image?.files.find(stored => stored.name === name)
      if (file) return file
    }
    return undefined
  }

  list(): readonly MediaItem[] {
    return this.items
  }

  clear(): void {
    this.items = []
    this.nextId = FIRST_ID
  }
}
