import type { CdnSettings, SandboxOptions, SandboxSettings, WordPressSettings } from './types.js'

export const DEFAULT_CDN: CdnSettings = {
  name: 'hcdn',
  edge: 'edge-ams-3',
  passPosts: 3,
  blockAll: false,
  blockTriggers: false,
  bodyLimit: 0,
  blockPage: 'nginx-405'
}

export const DEFAULT_SETTINGS: SandboxSettings = {
  port: 0,
  airflow: {
    sitePath: '',
    apiPaths: ['/api/v1', '/api/v2'],
    tokenField: 'access_token',
    pausedDags: [],
    importErrorDags: [],
    staleDags: [],
    maxActiveRuns: 16,
    tokens: ['sandbox-token'],
    noPermissionTokens: ['sandbox-viewer-token'],
    expiredTokens: ['sandbox-expired-token'],
    user: 'airflow',
    password: 'sandbox-password',
    dags: ['example_dag', 'etl_nightly', 'fails_dag'],
    failingDags: ['fails_dag'],
    duplicateStyle: 'spec400',
    runStartMs: 300,
    runDurationMs: 900,
    releases: { 2: '2.10.5', 3: '3.0.6' },
    manualDeniedDags: [],
    partitionedDags: [],
    tasks: ['extract', 'transform', 'load', 'publish'],
    heldTask: null,
    failingTask: 'transform',
    tokenLifetimeMs: 0,
    tokenGrants: null,
    taskListingForbidden: false,
    cursorLists: false,
    faults: {
      omitRunId: false,
      htmlOk: false,
      delayMs: 0,
      dropAfterCreate: 0,
      dropBeforeCreate: 0,
      status500: 0,
      getStatus503: 0,
      patchDelayMs: 0,
      dagBody: null,
      pauseAfterTrigger: false
    }
  },
  wordpress: {
    apiPaths: ['/cms-json/cms/v2', '/wp-json/wp/v2'],
    user: 'demo',
    appPassword: 'abcd efgh ijkl mnop qrst uvwx',
    originServer: 'nginx',
    restDisabled: false,
    discardBodies: false,
    rateLimit429: 0,
    retryAfter: '1',
    permalinks: null,
    sitePath: '',
    canonicalUrl: null,
    uploadDelayMs: 0,
    promptUploads: 0,
    workerCap: 0,
    role: 'administrator',
    uploadGrant: 'role',
    uploadRevoked: false,
    storedThen500: 0,
    postProcessFailures: 0,
    uploadsUnwritable: false,
    bodyLimit: 0,
    resetAfterStore: 0,
    resetBeforeStore: 0,
    lateStoreListings: 0,
    deleteRefused: false,
    okWithoutIdAfterStore: 0,
    userId: 1,
    mediaFilesize: true,
    // What a fresh WordPress holds: the sample post and page, and the draft privacy page.
    posts: [
      {
        id: 1,
        type: 'post',
        title: 'Hello world!',
        author: 1,
        status: 'publish',
        featuredMedia: 0
      },
      { id: 2, type: 'page', title: 'Sample Page', author: 1, status: 'publish', featuredMedia: 0 },
      { id: 3, type: 'page', title: 'Privacy Policy', author: 1, status: 'draft', featuredMedia: 0 }
    ],
    postTypes: [
      { slug: 'post', name: 'Posts', restBase: 'posts', thumbnail: true },
      { slug: 'page', name: 'Pages', restBase: 'pages', thumbnail: true },
      { slug: 'wp_block', name: 'Reusable blocks', restBase: 'blocks', thumbnail: false }
    ],
    refusedImageTypes: [],
    mkdirRace: 0,
    clientSideMedia: false,
    sideloadFailures: 0,
    finalizeLost: 0
  },
  cdn: null
}

/** Drops keys set to undefined, so an explicit undefined keeps the base value. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(
    Object.entries(value ?? {}).filter(([, v]) => v !== undefined)
  ) as Partial<T>
}

function mergeCdn(base: CdnSettings | null, cdn: SandboxOptions['cdn']): CdnSettings | null {
  if (cdn === undefined) return base
  if (cdn === false) return null
  const start = base ?? DEFAULT_CDN
  return cdn === true ? { ...start } : { ...start, ...defined(cdn) }
}

/** The posts copied: the sandbox changes their featured media, never the options' own. */
function withOwnPosts(wordpress: WordPressSettings): WordPressSettings {
  return { ...wordpress, posts: wordpress.posts.map(post => ({ ...post })) }
}

/** Returns fresh settings: base overlaid with options (the fault counters are never shared). */
export function mergeSettings(base: SandboxSettings, options: SandboxOptions): SandboxSettings {
  const { faults, releases, ...airflow } = options.airflow ?? {}
  return {
    port: options.port ?? base.port,
    airflow: {
      ...base.airflow,
      ...defined(airflow),
      // Copied: /auth/token adds the tokens it issues to this list.
      tokens: [...(airflow.tokens ?? base.airflow.tokens)],
      releases: { ...base.airflow.releases, ...defined(releases) },
      faults: { ...base.airflow.faults, ...defined(faults) }
    },
    wordpress: withOwnPosts({ ...base.wordpress, ...defined(options.wordpress) }),
    cdn: mergeCdn(base.cdn, options.cdn)
  }
}
