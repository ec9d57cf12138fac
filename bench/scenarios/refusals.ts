/**
 * Scenario 8: what an upload that cannot succeed costs. The action meets a refusal, a standing CDN
 * block, a 429 on every upload, or a slug taken by another post, at `concurrency` auto, 1 and 4,
 * and the scenario counts the POSTs it sent (those with a file, and the empty probes apart) in the
 * sandbox's request log, and sums the pauses it took. The pauses are instant and recorded
 * (test-support/action-clock.mjs), and the back-off's random jitter is held at its mean
 * (bench/lib/mean-jitter.mjs), so the figures repeat exactly and the whole takes seconds. It runs
 * the current `src/`, bundled as the tests bundle it. Only when named (BENCH_ONLY=refusals): it
 * measures behaviour, not speed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { startSandbox } from '../../sandbox/server.js'
import { DEFAULT_SETTINGS } from '../../sandbox/settings.js'
import type { Sandbox, SandboxOptions, SandboxPost } from '../../sandbox/types.js'
import { contentKey, sha256OfFile } from '../../src/upload/files/content-key.js'
import buildSourceBundle from '../../test-support/build-source.js'
import { GIF } from '../../test-support/images.js'
import { mediaOutput, runAction } from '../../test-support/run-action.js'
import type { BenchContext, ScenarioResult } from '../lib/context.js'
import { table } from '../lib/stats.js'

const TITLE = '8. Requests and waits when the upload cannot succeed (refusals, blocks, 429s)'
const LEVELS = ['auto', '1', '4'] as const
type Level = (typeof LEVELS)[number]
/** The sandbox's WordPress account (its settings' defaults). */
const { user, appPassword } = DEFAULT_SETTINGS.wordpress
/** More 429s than any run can use up: every upload is refused. */
const ALWAYS = 1_000_000
const meanJitter = new URL('../lib/mean-jitter.mjs', import.meta.url)

interface Situation {
  /** The key of its figures in the JSON. */
  key: string
  /** The row's label. */
  label: string
  files: number
  /** Runs of the same files on the same site, one after another. */
  runs: number
  /** The cells also say how many items the library holds at the end. */
  countItems?: boolean
  sandbox: SandboxOptions | ((names: string[], dir: string) => Promise<SandboxOptions>)
  inputs?: Record<string, string>
  /** Why the situation cannot be measured here, when it cannot. */
  unavailable?: () => Promise<string | undefined>
}

const cdnBlock = { cdn: { blockAll: true } }
const always429 = (retryAfter: string): SandboxOptions => ({
  wordpress: { rateLimit429: ALWAYS, retryAfter }
})

const SITUATIONS: Situation[] = [
  {
    key: 'refused-role',
    label: '403: the user may not upload (Contributor; users/me tells it before any file), 6 files',
    files: 6,
    runs: 1,
    sandbox: { wordpress: { role: 'contributor' } }
  },
  {
    key: 'refused-unforeseen',
    label:
      '403 on every upload that users/me does not foretell (a filter takes upload_files away), 6 files',
    files: 6,
    runs: 1,
    sandbox: { wordpress: { uploadRevoked: true } }
  },
  {
    key: 'cdn-block-wait-0',
    label: "CDN block (nginx's 405 to every POST), blocked-wait-seconds 0, 6 files",
    files: 6,
    runs: 1,
    sandbox: cdnBlock,
    inputs: { 'blocked-wait-seconds': '0' }
  },
  {
    key: 'cdn-block-wait-60',
    label: "CDN block (nginx's 405 to every POST), blocked-wait-seconds 60, 6 files",
    files: 6,
    runs: 1,
    sandbox: cdnBlock,
    inputs: { 'blocked-wait-seconds': '60' }
  },
  {
    key: '429-retry-after-100000',
    label: '429 with Retry-After: 100000 to every upload, 6 files',
    files: 6,
    runs: 1,
    sandbox: always429('100000')
  },
  {
    key: '429-retry-after-20',
    label: '429 with Retry-After: 20 to every upload, 6 files',
    files: 6,
    runs: 1,
    sandbox: always429('20')
  },
  {
    key: 'squatted-key',
    label:
      "a draft post holds each file's content key as its slug; 3 runs of the same 3 files (items in the library at the end)",
    files: 3,
    runs: 3,
    countItems: true,
    sandbox: async (names, dir) => ({
      wordpress: {
        posts: [
          ...DEFAULT_SETTINGS.wordpress.posts,
          ...(await Promise.all(
            names.map(async (name, i) =>
              squatter(100 + i, contentKey(name, await sha256OfFile(path.join(dir, name))))
            )
          ))
        ]
      }
    }),
    unavailable: async () =>
      (await postsHoldSlugs())
        ? undefined
        : "the sandbox cannot model a post that is not an attachment holding a slug yet (a post's `slug`, which WordPress's wp_unique_post_slug() then avoids for an attachment)"
  }
]

/** A draft post whose slug is `slug`: what WordPress makes an attachment avoid, with `-2`, `-3`… */
function squatter(id: number, slug: string): SandboxPost {
  const post: SandboxPost & { slug: string } = {
    id,
    type: 'post',
    title: `Draft ${id}`,
    author: DEFAULT_SETTINGS.wordpress.userId,
    status: 'draft',
    featuredMedia: 0,
    slug
  }
  return post
}

/**
 * Whether the sandbox knows a post's slug: an upload asking for the slug of a draft post is
 * stored under another one, as WordPress stores it.
 */
async function postsHoldSlugs(): Promise<boolean> {
  const sandbox = await startSandbox({
    wordpress: { posts: [...DEFAULT_SETTINGS.wordpress.posts, squatter(100, 'taken-slug')] }
  })
  try {
    const api = DEFAULT_SETTINGS.wordpress.apiPaths.at(-1)!
    const response = await fetch(`${sandbox.url}${api}/media?slug=taken-slug`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`,
        'content-type': 'image/gif',
        'content-disposition': 'attachment; filename="probe.gif"'
      },
      body: GIF
    })
    const item = (await response.json()) as { slug?: unknown }
    return response.status === 201 && item.slug !== 'taken-slug'
  } finally {
    await sandbox.close()
  }
}

/** What one run of the action did, from the sandbox's log and the action's recorded pauses. */
interface RunFigures {
  exitCode: number | null
  /** POSTs to the media route with a body: a file sent. */
  filePosts: number
  /** Empty POSTs to the media route: probes of the write path. */
  probePosts: number
  /** Other POSTs (post-process, attaching). */
  otherPosts: number
  requests: number
  /** The action's pauses, in ms, in order. */
  pausesMs: number[]
  waitedMs: number
  /** Each file's status and attempts, as the `media` output says. */
  media: string[]
}

interface CellFigures {
  runs: RunFigures[]
  filePosts: number
  probePosts: number
  waitedMs: number
  /** Items in the library after the last run. */
  items: number
}

type SituationFigures =
  | { key: string; label: string; skipped: string }
  | { key: string; label: string; levels: Record<Level, CellFigures> }

const isMediaPost = (method: string, url: string) =>
  method === 'POST' && /\/media$/.test(url.split('?')[0]!)

function runFigures(sandbox: Sandbox, from: number, run: Awaited<ReturnType<typeof runAction>>) {
  const requests = sandbox.requests.slice(from)
  const media = requests.filter(r => isMediaPost(r.method, r.path))
  const figures: RunFigures = {
    exitCode: run.exitCode,
    filePosts: media.filter(r => r.bodyBytes > 0).length,
    probePosts: media.filter(r => r.bodyBytes === 0).length,
    otherPosts: requests.filter(r => r.method === 'POST').length - media.length,
    requests: requests.length,
    pausesMs: run.pauses,
    waitedMs: run.pauses.reduce((sum, ms) => sum + ms, 0),
    media: mediaOutput(run).map(m => `${m.file}: ${m.status}, ${m.attempts}`)
  }
  return figures
}

async function measure(
  ctx: BenchContext,
  situation: Situation,
  level: Level,
  n: number
): Promise<CellFigures> {
  const workspace = await mkdtemp(path.join(ctx.tmp, `refusals-${n}-`))
  const names = Array.from({ length: situation.files }, (_, i) => `img/file-${i + 1}.gif`)
  await mkdir(path.join(workspace, 'img'))
  // Bytes of its own for each file: each has a content key of its own.
  for (const name of names) {
    await writeFile(path.join(workspace, name), Buffer.concat([GIF, Buffer.from(name)]))
  }
  const options =
    typeof situation.sandbox === 'function'
      ? await situation.sandbox(names, workspace)
      : situation.sandbox
  const sandbox = await startSandbox(options)
  try {
    const runs: RunFigures[] = []
    for (let i = 0; i < situation.runs; i++) {
      const from = sandbox.requests.length
      const run = await runAction({
        source: true,
        cwd: workspace,
        instantPauses: true,
        timeoutMs: 60_000,
        env: { NODE_OPTIONS: `--import=${meanJitter.href}` },
        inputs: {
          mode: 'upload',
          'base-url': sandbox.url,
          files: 'img/*',
          username: user,
          'app-password': appPassword,
          concurrency: level,
          ...situation.inputs
        }
      })
      if (run.exitCode === null) throw new Error(`${situation.key}, ${level}: the action timed out`)
      runs.push(runFigures(sandbox, from, run))
    }
    const sum = (pick: (run: RunFigures) => number) => runs.reduce((s, run) => s + pick(run), 0)
    return {
      runs,
      filePosts: sum(run => run.filePosts),
      probePosts: sum(run => run.probePosts),
      waitedMs: sum(run => run.waitedMs),
      items: sandbox.media.length
    }
  } finally {
    await sandbox.close()
    await rm(workspace, { recursive: true, force: true })
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`

function cell(figures: CellFigures, withItems: boolean): string {
  const probes = figures.probePosts ? ` + ${figures.probePosts} empty` : ''
  const items = withItems ? `, ${figures.items} items` : ''
  const posts = `${figures.filePosts} POST${figures.filePosts === 1 ? '' : 's'}`
  return `${posts}${probes}, ${seconds(figures.waitedMs)} waited${items}`
}

export async function refusalsScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const removeBundle = await buildSourceBundle()
  const figures: SituationFigures[] = []
  try {
    let n = 0
    for (const situation of SITUATIONS) {
      const { key, label } = situation
      const why = await situation.unavailable?.()
      if (why) {
        ctx.log(`refusals: ${key} skipped: ${why}`)
        figures.push({ key, label, skipped: why })
        continue
      }
      const levels = {} as Record<Level, CellFigures>
      for (const level of LEVELS) {
        levels[level] = await measure(ctx, situation, level, ++n)
        ctx.log(`refusals: ${key}, ${level}: ${cell(levels[level], !!situation.countItems)}`)
      }
      figures.push({ key, label, levels })
    }
  } finally {
    await removeBundle()
  }
  const rows = figures.map((f, i) =>
    'skipped' in f
      ? [f.label, ...LEVELS.map(() => 'skipped')]
      : [f.label, ...LEVELS.map(level => cell(f.levels[level], !!SITUATIONS[i]!.countItems))]
  )
  const skipped = figures.flatMap(f => ('skipped' in f ? [`Skipped: ${f.key}: ${f.skipped}.`] : []))
  return {
    title: TITLE,
    markdown: [
      table(['situation', 'concurrency: auto', '1', '4'], rows),
      'Each cell: the POSTs to the media route that carried a file, the empty ones (probes of the write path) apart, and the sum of the pauses the action took over the whole run (instant here; the back-off jitter held at its mean). Pauses of files in flight at once add up: the sum is the waiting done, not the time it took. max-attempts is its default, 3; every file has bytes of its own.',
      ...skipped
    ].join('\n\n'),
    targets: [],
    data: { situations: figures }
  }
}
