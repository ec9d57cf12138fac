import type { MediaStore } from './media-store.js'
import type { WordPressSettings } from './types.js'

/** What a WordPress request is answered from: the site's settings, its library and its address. */
export interface WordPressContext {
  settings: WordPressSettings
  media: MediaStore
  baseUrl: string
  /** 1-based count of REST requests since start or reset, for X-RateLimit-Remaining. */
  restRequestNumber: number
}
