import { pause } from '../cancel/cancellation.js'
import { apiClient, type ApiClient } from '../http/client.js'
import type { InputReader } from '../inputs/names.js'
import { log } from '../log/log.js'
import { addSecret } from '../log/secrets.js'
import { describeSettings, parseUploadConfig, type UploadConfig } from './config.js'
import { findFiles } from './files/files.js'
import { featuredFile } from './files/featured-file.js'
import type { LocalFile } from './files/local-file.js'
import { reportEmptyLeg, reportNoFiles } from './files/no-files.js'
import { filesOfLeg, legLine } from './files/shard.js'
import { mostAtOnce } from './pace/adaptive-level.js'
import { patientReads } from './pace/patient-reads.js'
import { WaitBudget, waitBudgetMs } from './pace/wait-budget.js'
import { saveRunReport } from './report/write-report.js'
import { findRestApi, type RestApiLocation } from './wordpress/locate-rest-api.js'
import { mediaApi, type MediaApi } from './wordpress/media-api.js'
import { postsApi, type PostsApi } from './wordpress/posts-api.js'

/** What the setup made, which every phase after it reads and none changes. */
export interface UploadSetup {
  readonly config: UploadConfig
  /** The step's cancellation; none where nothing can cancel the run. */
  readonly signal: AbortSignal | undefined
  /** GITHUB_WORKSPACE, where relative patterns matched; the report's folder without RUNNER_TEMP. */
  readonly workspace: string
  readonly startedAt: Date
  /** Files the patterns matched, before a leg took its share. */
  readonly matched: number
  /** The files this run sends: every one matched, or this leg's share; never none. */
  readonly local: readonly LocalFile[]
  /** With `shard`: which leg this is and its share of the matched files, one phrase. */
  readonly leg?: string
  /** featured-image's file, chosen among the matched files before any request; absent: another leg's. */
  readonly featured?: LocalFile
  readonly client: ApiClient
  readonly location: RestApiLocation
  readonly api: MediaApi
  readonly posts: PostsApi
  /** The run's one bound on waiting for a busy host: the checks' reads, then every upload. */
  readonly waits: WaitBudget
}

/**
 * The inputs read, the files matched and this leg's share taken, the REST API found and its
 * clients made. Undefined when there is nothing to send: the step has said so and saved its report.
 */
export async function setUpUpload(
  read: InputReader,
  workspace: string,
  signal: AbortSignal | undefined
): Promise<UploadSetup | undefined> {
  const startedAt = new Date()
  const config = parseUploadConfig(read)
  log.debug(`Resolved settings: ${describeSettings(config)}`)
  const matched = await findFiles(config.patterns, workspace, message =>
    log.warning(message, 'A "files" line matched nothing')
  )
  const site = `${config.baseUrl.host}${config.baseUrl.pathname}`
  const empty = { files: [], matched: matched.length, startedAt }
  // Nothing to send: no request at all, not even to find the API.
  if (matched.length === 0) {
    await reportNoFiles(config, workspace, site)
    await saveRunReport(config, workspace, empty)
    return undefined
  }
  const { shard } = config
  const local = shard ? filesOfLeg(matched, shard) : matched
  const leg = shard && legLine(shard, local.length, matched.length)
  if (leg) log.info(`This is ${leg}.`)
  // Chosen among all matched files, so every leg checks it alike; the leg that sends it sets it.
  const chosen = config.featuredImage ? featuredFile(matched, config.featuredImage) : undefined
  if (leg && local.length === 0) {
    await reportEmptyLeg(leg, site)
    await saveRunReport(config, workspace, empty)
    return undefined
  }
  const featured = chosen && local.includes(chosen) ? chosen : undefined
  if (chosen && !featured) log.info(`${chosen.display}, the featured image, is another leg's.`)
  const clients = await connect(config, signal)
  const run = { config, signal, workspace, startedAt, matched: matched.length, local, ...clients }
  return { ...run, ...(leg ? { leg } : {}), ...(featured ? { featured } : {}) }
}

/** The client, the REST API found through it, and the media and posts APIs over it. */
async function connect(
  config: UploadConfig,
  signal: AbortSignal | undefined
): Promise<Pick<UploadSetup, 'client' | 'location' | 'api' | 'posts' | 'waits'>> {
  // One kept-alive connection per file in flight, reused file after file: a TLS handshake per
  // file would dominate small files.
  const client = apiClient({ ...config, maxSockets: mostAtOnce(config.concurrency), signal })
  let location: RestApiLocation
  try {
    location = await log.group('WordPress REST API', () => findRestApi(client, config))
  } catch (error) {
    client.close()
    throw error
  }
  const reads = {
    sleep: (ms: number) => pause(ms, signal),
    now: () => new Date(),
    random: Math.random,
    log: log.info
  }
  // One budget for a busy server's waits, the checks' and the uploads' alike.
  const waits = new WaitBudget(waitBudgetMs(config))
  const api = patientReads(mediaApi(client, config, location, addSecret), waits, reads)
  return { client, location, api, posts: postsApi(client, location), waits }
}
