import type { IncomingHttpHeaders } from 'node:http'
import type { ItemImage } from './wp-image-record.js'

/** How a duplicate trigger is rejected: the spec's 400, Airflow 2.x's 409, or Airflow 3.x's 409. */
export type DuplicateStyle = 'spec400' | 'airflow2' | 'airflow3'

/** Fault switches for trigger POSTs; the counters count down as POSTs consume them. */
export interface AirflowFaults {
  /** Answer 200 with a body lacking dag_run_id and create nothing. */
  omitRunId: boolean
  /** Answer 200 with an HTML page (a proxy or login page) and create nothing. */
  htmlOk: boolean
  /** Hold every POST answer this long; the run is created before the wait. */
  delayMs: number
  /** For the next n POSTs: process them, then destroy the socket instead of answering. */
  dropAfterCreate: number
  /** For the next n POSTs: destroy the socket without processing them. */
  dropBeforeCreate: number
  /** For the next n POSTs: answer 500 without processing them. */
  status500: number
  /** For the next n GETs (runs and task listings): a gateway's 503. */
  getStatus503: number
  /** Hold every PATCH answer this long; the run's state is set before the wait. */
  patchDelayMs: number
  /** The body of every 200 answer to `GET …/dags/{dag_id}` instead of the DAG (a hostile one). */
  dagBody: string | null
  /** Pause the DAG right after each run is created, as someone in the UI might meanwhile. */
  pauseAfterTrigger: boolean
}

export interface HeldTask {
  taskId: string
  state: string
  /** null: held for good, the run never ends. */
  forMs: number | null
}

export interface AirflowSettings {
  /** The path Airflow is served under (Astronomer's `/{deployment}`): before the API and /auth/token. */
  sitePath: string
  apiPaths: string[]
  /** The field of `POST /auth/token`'s answer: Airflow 3's, or the older FAB auth manager's. */
  tokenField: 'access_token' | 'jwt_token'
  /** DAGs paused from the start: their runs stay queued until a PATCH unpauses them. */
  pausedDags: string[]
  /** DAGs whose file does not import: readable, not triggerable (Airflow 3 answers 400). */
  importErrorDags: string[]
  /** DAGs no longer in the parsed files: readable, not triggerable (Airflow 3 answers 404). */
  staleDags: string[]
  /** Every DAG's max_active_runs: a run beyond it stays queued until an earlier one ends. */
  maxActiveRuns: number
  /** Bearer tokens allowed to read and trigger. */
  tokens: string[]
  /** Bearer tokens that authenticate but may only read (403 on trigger). */
  noPermissionTokens: string[]
  /** Bearer tokens past their expiry (Airflow 3 answers 401 "Token Expired"). */
  expiredTokens: string[]
  /** The account behind `POST /auth/token` (3.x) and HTTP Basic on /api/v1 (2.x). */
  user: string
  password: string
  dags: string[]
  /** DAGs whose runs end `failed`. */
  failingDags: string[]
  duplicateStyle: DuplicateStyle
  runStartMs: number
  runDurationMs: number
  /**
   * The release each API answers `GET …/version` with and behaves as: Airflow 2's on /api/v1,
   * Airflow 3's on /api/v2. 3.2 adds `allowed_run_types`, partitioned DAGs and `partition_key`;
   * 3.3 the task state `awaiting_input`; Airflow 2.5 `…/setNote`.
   */
  releases: { 2: string; 3: string }
  /** DAGs whose `allowed_run_types` leave out `manual` (3.2+): a trigger is refused with 400. */
  manualDeniedDags: string[]
  /** DAGs with a partitioned timetable (3.2+): the only ones that take a `partition_key`. */
  partitionedDags: string[]
  /** Every run's tasks, in order (fixed when the run is created). */
  tasks: string[]
  /**
   * A task that waits in `state` for `forMs` once it starts (null: for good) before it runs, and
   * holds up the tasks after it: a task awaiting a person's input (`awaiting_input`, 3.3), or one
   * in a state the action does not know.
   */
  heldTask: HeldTask | null
  /** The task that fails in the runs of failingDags. */
  failingTask: string
  /** Every bearer token expires this long after its first use; 0: never. */
  tokenLifetimeMs: number
  /**
   * Tokens `POST /auth/token` grants before it answers 401 to the same credentials, as after the
   * password was changed mid-run; null: no end.
   */
  tokenGrants: number | null
  /** Task listings answer 403, as for a user who may read runs but not task instances. */
  taskListingForbidden: boolean
  /**
   * Airflow 3's GET lists (runs, task instances) answer cursor pages (`next_cursor`, no
   * `total_entries`) even when no `cursor` is asked for, as a later default might.
   */
  cursorLists: boolean
  faults: AirflowFaults
}

export interface WordPressSettings {
  apiPaths: string[]
  user: string
  appPassword: string
  /** The origin's `server` header. */
  originServer: string
  restDisabled: boolean
  /** Count and hash uploads without keeping their bytes (for very large bodies). */
  discardBodies: boolean
  /** The next n media POSTs get 429. */
  rateLimit429: number
  /** The Retry-After of those 429s: delta seconds or an HTTP date, as a server sends it. */
  retryAfter: string
  /**
   * How the site announces its REST API: null, not at all (the interface's own server, whose home
   * page is a 404); `pretty`, at `{sitePath}/wp-json/`; `plain` (pretty permalinks off), at
   * `{sitePath}/index.php?rest_route=/`, while `/wp-json/…` redirects to the home page.
   */
  permalinks: 'pretty' | 'plain' | null
  /** The path the site lives under, e.g. `/blog`; '' for the host's root. */
  sitePath: string
  /**
   * The site's own address (WordPress's `home`), e.g. `https://www.example.test`: its Link headers
   * name it, and its home page asked on another host redirects there. null: the address asked.
   */
  canonicalUrl: string | null
  /** Hold each media POST's answer this long, once its file is stored; 0: answer at once. */
  uploadDelayMs: number
  /** Media POSTs answered at once before `uploadDelayMs` holds the others. */
  promptUploads: number
  /**
   * A shared host's cap on requests at once (PHP workers, CloudLinux's entry processes): a media
   * POST beyond this many in flight is answered 508 "Resource Limit Is Reached". 0: no cap.
   */
  workerCap: number
  /** The signed-in user's role: users/me tells it, and only an Author or above may upload. */
  role: WordPressRole
  /**
   * What else lets the user upload whatever its role: `filter`, a plugin's `user_has_cap` filter;
   * `super-admin`, a multisite's super admin, who passes every check. users/me lists neither.
   */
  uploadGrant: 'role' | 'filter' | 'super-admin'
  /**
   * A plugin's `user_has_cap` filter takes upload_files away whatever the role: users/me still
   * lists it (its capabilities come from the roles), and every upload gets 403 rest_cannot_create.
   */
  uploadRevoked: boolean
  /**
   * The next n media POSTs store the file, then fail while making its image sizes (PHP out of
   * memory): a 500 critical-error page that carries `X-WP-Upload-Attachment-ID`.
   */
  storedThen500: number
  /** The next n post-process calls fail the same way (memory too low even for that). */
  postProcessFailures: number
  /** The uploads folder is not writable: every upload gets 500 `rest_upload_sideload_error`. */
  uploadsUnwritable: boolean
  /** The origin's web server refuses a body larger than this with its own 413 page; 0: no limit. */
  bodyLimit: number
  /** The next n media POSTs are stored, then the connection is reset instead of answered. */
  resetAfterStore: number
  /** The next n media POSTs are read, not stored, and the connection is reset. */
  resetBeforeStore: number
  /**
   * An item stored by a `resetAfterStore` POST is left out of the next n media listings: a late
   * store as the look-ups see it (a slow disk or scan, a replica or cache behind).
   */
  lateStoreListings: number
  /** Deleting a media item is refused with 403 rest_cannot_delete (a plugin or role rule). */
  deleteRefused: boolean
  /**
   * The next n media POSTs are stored, then answered 200 `{}` (a proxy or a plugin spoiling the
   * answer): a success that names no item.
   */
  okWithoutIdAfterStore: number
  /** The signed-in user's id: it owns the posts whose `author` it is, and the media it uploads. */
  userId: number
  /**
   * Whether `media_details` lists `filesize`: WordPress stores it in the attachment's metadata
   * since 6.0 (wp_generate_attachment_metadata); an item uploaded before has none.
   */
  mediaFilesize: boolean
  /** Posts, pages and posts of other types, as `GET {rest_base}/{id}` answers them. */
  posts: SandboxPost[]
  /** The post types served under their `rest_base` (attachment, at media, is always there). */
  postTypes: SandboxPostType[]
  /**
   * Image types the server's image editor cannot read: an upload of one is refused with 400
   * `rest_upload_image_type_not_supported`, as WordPress 6.8+ refuses it in
   * create_item_permissions_check (core checks multipart uploads there; a host's filter, or a
   * later WordPress, may refuse a raw-body one the same way).
   */
  refusedImageTypes: string[]
  /**
   * The next n media POSTs lose WordPress's race to create this month's uploads folder (two
   * requests find it missing, both call wp_mkdir_p(), one fails): 500 `rest_upload_sideload_error`
   * "Unable to create directory …", nothing stored.
   */
  mkdirRace: number
  /**
   * WordPress 7.1 with client-side media processing on (served over https or on a localhost host):
   * the REST index tells a user who may upload the image sizes, an upload with
   * `generate_sub_sizes=false` stores the original alone, and `media/{id}/sideload` and
   * `media/{id}/finalize` take the sizes a client made (sandbox/wp-sideload.ts). Off: WordPress
   * before 7.1, which makes every image's sizes itself.
   */
  clientSideMedia: boolean
  /** The next n sideloads fail before storing anything: WordPress's critical error page (500). */
  sideloadFailures: number
  /** The next n finalize requests are carried out, then the connection is reset instead of answered. */
  finalizeLost: number
}

/** A post of any type; `featuredMedia` 0 is none, as WordPress answers it. */
export interface SandboxPost {
  id: number
  /** The post type's slug: `post`, `page`, or a custom one listed in postTypes. */
  type: string
  title: string
  /** The user id of its author. */
  author: number
  status: 'publish' | 'draft'
  featuredMedia: number
  /**
   * Its `post_name`, when set (a draft has one only when given): an attachment's slug may not
   * repeat any post's (wp_unique_post_slug), so WordPress gives an upload asking for it `-2`.
   */
  slug?: string
}

export interface SandboxPostType {
  slug: string
  name: string
  restBase: string
  /** Whether it supports `thumbnail`, and so has `featured_media` in its schema. */
  thumbnail: boolean
}

export type WordPressRole = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber'

export interface CdnSettings {
  name: string
  edge: string
  /** Guarded POSTs that reach the origin before the block starts. */
  passPosts: number
  blockAll: boolean
  /** Guard trigger POSTs (Airflow paths) as well as WordPress POSTs. */
  blockTriggers: boolean
  /** The CDN's own 413 for a body larger than this; 0: no limit. */
  bodyLimit: number
  /** How the CDN refuses a blocked request: nginx's stock 405, or Cloudflare's 403 block page. */
  blockPage: 'nginx-405' | 'cloudflare-403'
}

export interface SandboxSettings {
  port: number
  airflow: AirflowSettings
  wordpress: WordPressSettings
  /** null: no CDN in front. */
  cdn: CdnSettings | null
}

export interface SandboxOptions {
  port?: number
  airflow?: Partial<Omit<AirflowSettings, 'faults' | 'releases'>> & {
    faults?: Partial<AirflowFaults>
    releases?: Partial<AirflowSettings['releases']>
  }
  wordpress?: Partial<WordPressSettings>
  /** true: a CDN with default settings; false: none; an object: a CDN with these settings. */
  cdn?: boolean | Partial<CdnSettings>
  /**
   * The clock (ms since the epoch) Airflow's runs progress and its tokens expire on, and requests
   * are timed by: Date.now, or a test's, which moves on only when the test says.
   */
  now?: () => number
}

/** Options that can change while the sandbox runs. */
export type RuntimeOptions = Omit<SandboxOptions, 'port' | 'now'>

export interface RecordedRequest {
  method: string
  /** Path with query string, as sent. */
  path: string
  headers: IncomingHttpHeaders
  bodyBytes: number
  /** Arrival time (ms since the epoch). */
  at: number
  answeredBy: 'cdn' | 'origin'
  /** null while unanswered, or when the socket was destroyed instead. */
  status: number | null
  /**
   * The order of events in the sandbox: this request's arrival and its answer (null until then),
   * counted together, so two requests overlapped when each arrived before the other was answered.
   */
  arrivedSeq: number
  answeredSeq: number | null
}

export type DagRunState = 'queued' | 'running' | 'success' | 'failed'

export interface DagRun {
  dag_run_id: string
  dag_id: string
  logical_date: string | null
  queued_at: string
  start_date: string | null
  end_date: string | null
  state: DagRunState
  run_type: 'manual'
  conf: Record<string, unknown>
  note: string | null
}

export interface MediaItem {
  id: number
  /** The API prefix it was uploaded through. */
  apiPath: string
  /** Stored (sanitized, de-duplicated) file name. */
  fileName: string
  slug: string
  /** Set from the upload's query string, as WordPress does; empty when not given. */
  title: string
  altText: string
  caption: string
  description: string
  mimeType: string
  size: number
  /** Hex md5 of the bytes. */
  md5: string
  /** null when wordpress.discardBodies was on. */
  bytes: Buffer | null
  createdAt: number
  /** Stored, but its image sizes were never made (until a post-process). */
  sizesMissing: boolean
  /** Media listings still to answer without it (`lateStoreListings`). */
  hiddenListings: number
  /** The post it is attached to (WordPress's `post` field, its parent), or null. */
  post: number | null
  /** The id of the user who uploaded it (WordPress's `author`). */
  author: number
  /**
   * An image stored while `clientSideMedia` was on: its pixels, files and metadata as WordPress
   * 7.1 keeps them; absent otherwise.
   */
  image?: ItemImage
}

/** A media item put in the library by someone else (another user, or by hand), for a test. */
export interface PlantedMedia {
  fileName: string
  mimeType: string
  bytes: Buffer
  slug: string
  author: number
  post?: number
}

export interface Sandbox {
  /** http://127.0.0.1:PORT */
  readonly url: string
  readonly port: number
  readonly requests: readonly RecordedRequest[]
  /** Runs per DAG, with state as of the call. */
  readonly runs: Map<string, DagRun[]>
  readonly media: readonly MediaItem[]
  /** Adds a media item as another upload would have, slug suffixes and all. */
  addMedia(media: PlantedMedia): MediaItem
  /** Live settings, including the fault counters as they count down. */
  readonly settings: SandboxSettings
  configure(options: RuntimeOptions): void
  /** Forget runs, media and requests, and go back to the options given at start. */
  reset(): void
  close(): Promise<void>
}
