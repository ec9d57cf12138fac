/**
 * Scenario 10: image sizes made on the runner and by WordPress. The 24-image batch of scenario 7
 * (1200×800 to 4000×3000, JPEG and PNG) to the end-to-end stack's WordPress 7.1 with a PHP-FPM
 * pool of 2 workers, by the action built from the current `src/` (one process, `concurrency:
 * auto`), once with `image-sizes: server` (WordPress's PHP makes every size) and once with
 * `image-sizes: runner` (the original is stored with `generate_sub_sizes=false`, sharp makes the
 * sizes, each is sent to `media/{id}/sideload`, then one `finalize`), in alternating rounds after
 * a dropped warm-up round. For each run: the wall time, PHP-FPM's CPU seconds (this stack's pool
 * only), the action's CPU seconds and peak RSS, the machine's CPU, the requests by kind with
 * nginx's time for them, and every item checked complete in the library; the items are deleted
 * after each run. Only when named (BENCH_ONLY=sizes): it brings the stack up itself (under
 * E2E_STATE, so another checkout's stack may run beside it), so its stack must be down at the start.
 */
import { execFile, execFileSync } from 'node:child_process'
import { appendFile, copyFile, mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import {
  followAccessLog,
  parseEnvFile,
  stateDir,
  wordpressAtLeast,
  type AccessLogEntry,
  type StackEnv
} from '../../e2e/stack-env.js'
import buildSourceBundle from '../../test-support/build-source.js'
import { SOURCE_BUNDLE_ENV } from '../../test-support/run-action.js'
import { actionEnv, actionNode, readOutputs, runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult, type Target } from '../lib/context.js'
import { fpmSeconds, loadAverage, machineTicks } from '../lib/host-cpu.js'
import { peakRssPreload, readUsage } from '../lib/peak-rss.js'
import { expectSuccess, runTimed } from '../lib/proc.js'
import { bytes, median, ms, ratio, table, verdict } from '../lib/stats.js'
import {
  askSite,
  BATCH_SIZE,
  deleteMedia,
  drawBatch,
  mediaTotal,
  type Site
} from '../lib/wordpress-batch.js'

const run = promisify(execFile)
const TITLE = `10. Image sizes made on the runner and by WordPress (${BATCH_SIZE} images to WordPress 7.1, 2 PHP workers)`
const WORKERS = 2
const VARIANTS = ['server', 'runner'] as const
type Where = (typeof VARIANTS)[number]
/** Measured rounds (each variant once a round), after one warm-up round that is dropped. */
const ROUNDS = 3
/** What the issue asked of runner sizes against WordPress's on this pool. */
const GOAL_SPEED = 3
const GOAL_PHP = 5
const KINDS = ['upload', 'sideload', 'finalize', 'post-process', 'other'] as const
type Kind = (typeof KINDS)[number]

export interface SizesRun {
  where: Where
  ms: number
  /** PHP-FPM's CPU seconds over the run (this stack's pool, every worker). */
  phpSeconds: number
  /** The action process's CPU seconds (user + system, all its threads: sharp's included). */
  actionSeconds: number
  actionPeakBytes: number
  /** The machine's CPU busy share over the run, all cores. */
  machineBusy: number
  items: number
  /** Items whose `media` entry says `sizes: complete`. */
  complete: number
  /** `sizesBy` of the items, counted by value. */
  sizesBy: Record<string, number>
  /** Items the library holds with no size missing (`missing_image_sizes` empty). */
  verified: number
  /** Size files the library lists for the items (`media_details.sizes`, `full` left out). */
  sizeFiles: number
  /** Requests to the origin during the run, by kind: how many, and nginx's seconds for them. */
  requests: Record<Kind, { count: number; seconds: number }>
  /** Answers 429 and 5xx in the origin's access log during the run. */
  busy: number
  errors: number
  /** Requests the action sent again (attempt 2 or later in its log). */
  retries: number
  warnings: number
}

function skipped(why: string): ScenarioResult {
  return { title: TITLE, markdown: `Skipped: ${why}`, targets: [], data: { skipped: why } }
}

export async function sizesScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const stack = path.join(ctx.repoRoot, 'e2e', 'stack.sh')
  const status = await run('bash', [stack, 'status']).catch(() => ({ stdout: '' }))
  if (/: up/.test(status.stdout))
    return skipped(
      `the end-to-end stack in ${stateDir} is running; this scenario brings it up itself (set E2E_STATE to another folder)`
    )
  const removeBundle = await buildSourceBundle()
  try {
    ctx.log(`sizes: the stack with ${WORKERS} PHP workers in ${stateDir}`)
    await run('bash', [stack, 'up'], {
      timeout: 600_000,
      env: {
        ...process.env,
        E2E_PHP_WORKERS: String(WORKERS),
        E2E_AIRFLOW: process.env.E2E_AIRFLOW ?? '0'
      }
    })
    const downOnExit = () => execFileSync('bash', [stack, 'down'], { stdio: 'ignore' })
    process.once('exit', downOnExit)
    try {
      return await measure(ctx, process.env[SOURCE_BUNDLE_ENV]!)
    } finally {
      process.off('exit', downOnExit)
      await run('bash', [stack, 'down']).catch(() => undefined)
    }
  } finally {
    await removeBundle()
  }
}

async function measure(ctx: BenchContext, entry: string): Promise<ScenarioResult> {
  const env = parseEnvFile(await readFile(path.join(stateDir, 'stack.env'), 'utf8'))
  if (!wordpressAtLeast(env as unknown as StackEnv, 7, 1))
    return skipped(`the stack runs WordPress ${env.WP_VERSION}; sizes on the runner need 7.1`)
  const site: Site = {
    baseUrl: env.ORIGIN_URL!,
    originUrl: env.ORIGIN_URL!,
    accessLog: env.ORIGIN_ACCESS_LOG!,
    user: env.WP_USER!,
    appPassword: env.WP_APP_PASSWORD!,
    ca: await readFile(env.TLS_CA_FILE!, 'utf8')
  }
  const master = Number((await readFile(env.PHP_FPM_PID_FILE!, 'utf8')).trim())
  const dir = path.join(ctx.tmp, 'sizes')
  const batch = path.join(dir, 'batch')
  const names = await drawBatch(env.PHP_BIN!, batch)
  let count = 0
  const upload = async (where: Where): Promise<SizesRun> => {
    const workspace = path.join(dir, `ws-${++count}`)
    await mkdir(path.join(workspace, 'img'), { recursive: true })
    for (const name of names) {
      const file = path.join(workspace, 'img', name)
      await copyFile(path.join(batch, name), file)
      await appendFile(file, `#${path.basename(workspace)}`)
    }
    const one = await uploadOnce(
      site,
      env.TLS_CA_FILE!,
      master,
      workspace,
      entry,
      where,
      names.length
    )
    ctx.log(
      `  ${where}: ${ms(one.ms)}, PHP ${one.phpSeconds.toFixed(1)} s, action ${one.actionSeconds.toFixed(1)} s ${bytes(one.actionPeakBytes)}, machine ${(one.machineBusy * 100).toFixed(0)} %, ${one.complete}/${one.items} complete (${JSON.stringify(one.sizesBy)}), ${one.retries} retries, ${one.errors} 5xx`
    )
    await rm(workspace, { recursive: true, force: true })
    return one
  }
  const loadBefore = await loadAverage()
  const started = performance.now()
  const rounds = ctx.quick ? 1 : ROUNDS
  const results = await interleave(
    VARIANTS.map(where => ({ name: where, run: () => upload(where) })),
    { rounds, warmup: 1, budgetMs: Number.POSITIVE_INFINITY, minRounds: rounds, log: ctx.log }
  )
  const seconds = (performance.now() - started) / 1000
  const loadAfter = await loadAverage()
  return report(results, { loadBefore, loadAfter, seconds, files: names })
}

const SIDELOAD = /\/media\/\d+\/sideload(\?|$)/
const FINALIZE = /\/media\/\d+\/finalize(\?|$)/
const POST_PROCESS = /\/media\/\d+\/post-process(\?|$)/
const UPLOAD = /\/media(\?|$)/

function kindOf(e: AccessLogEntry): Kind {
  if (e.method !== 'POST') return 'other'
  if (SIDELOAD.test(e.uri)) return 'sideload'
  if (FINALIZE.test(e.uri)) return 'finalize'
  if (POST_PROCESS.test(e.uri)) return 'post-process'
  return UPLOAD.test(e.uri) ? 'upload' : 'other'
}

/** The action's log lines of one request each: `… POST 1/3 → 201 …`, `… sideload 2/3 → …`. */
const SENT = / (POST|sideload|finalize|post-process) (\d+)\/\d+ → /

interface MediaEntry {
  id: number | null
  status: string
  sizes: string | null
  sizesBy: string | null
}

interface LibraryItem {
  missing_image_sizes?: string[]
  media_details?: { sizes?: Record<string, unknown> }
}

async function uploadOnce(
  site: Site,
  caFile: string,
  master: number,
  workspace: string,
  entry: string,
  where: Where,
  expected: number
): Promise<SizesRun> {
  const runner = path.join(path.dirname(workspace), `runner-${path.basename(workspace)}`)
  await mkdir(runner, { recursive: true })
  const files = await runnerFiles(runner)
  const usageFile = path.join(runner, 'usage.json')
  const env = {
    ...(await actionEnv(files, workspace, {
      mode: 'upload',
      'base-url': site.baseUrl,
      'api-path': '/wp-json/wp/v2',
      files: 'img/*',
      username: site.user,
      'app-password': site.appPassword,
      concurrency: 'auto',
      'skip-existing': 'false',
      'image-sizes': where
    })),
    // As a runner passes its environment on: the action trusts the stack's CA.
    NODE_EXTRA_CA_CERTS: caFile,
    BENCH_PEAK_RSS_FILE: usageFile
  }
  const before = await mediaTotal(site)
  const log = followAccessLog(site.accessLog)
  const [busyBefore, totalBefore] = await machineTicks()
  const phpBefore = await fpmSeconds(master)
  const timed = await runTimed(actionNode, ['--import', peakRssPreload, entry], {
    env,
    cwd: workspace,
    timeoutMs: 600_000
  })
  const php = (await fpmSeconds(master)) - phpBefore
  const [busyAfter, totalAfter] = await machineTicks()
  expectSuccess(timed, `the action (image-sizes: ${where})`)
  const usage = await readUsage(usageFile)
  const sent = timed.stdout.split('\n').flatMap(line => {
    const match = SENT.exec(line)
    return match ? [Number(match[2])] : []
  })
  // nginx logs a request once it has answered it: the last may not be written yet.
  const entries = log.read()
  const counted = () => entries.filter(e => kindOf(e) !== 'other').length
  for (let waited = 0; counted() < sent.length && waited < 50; waited++) {
    await new Promise(resolve => setTimeout(resolve, 100))
    entries.push(...log.read())
  }
  const media = JSON.parse((await readOutputs(files)).media ?? '[]') as MediaEntry[]
  const ids = media.flatMap(m => (m.status === 'uploaded' && m.id !== null ? [m.id] : []))
  const stored = (await mediaTotal(site)) - before
  const library = await Promise.all(
    ids.map(async id => {
      const answer = await askSite(site, 'GET', `/wp-json/wp/v2/media/${id}?context=edit`)
      if (answer.status !== 200) throw new Error(`reading item ${id}: HTTP ${answer.status}`)
      return JSON.parse(answer.body) as LibraryItem
    })
  )
  await deleteMedia(site, ids)
  await rm(runner, { recursive: true, force: true })
  if (new Set(ids).size !== expected || stored !== expected)
    throw new Error(
      `image-sizes ${where}: ${ids.length} of ${expected} files uploaded, ${stored} new items in the library`
    )
  const requests = Object.fromEntries(
    KINDS.map(kind => {
      const of = entries.filter(e => kindOf(e) === kind)
      return [
        kind,
        { count: of.length, seconds: of.reduce((sum, e) => sum + Number(e.request_time), 0) }
      ]
    })
  ) as SizesRun['requests']
  const sizesBy: Record<string, number> = {}
  for (const m of media) sizesBy[m.sizesBy ?? 'null'] = (sizesBy[m.sizesBy ?? 'null'] ?? 0) + 1
  return {
    where,
    ms: timed.ms,
    phpSeconds: php,
    actionSeconds: usage.cpuSeconds,
    actionPeakBytes: usage.peakBytes,
    machineBusy: (busyAfter - busyBefore) / (totalAfter - totalBefore),
    items: media.length,
    complete: media.filter(m => m.sizes === 'complete').length,
    sizesBy,
    verified: library.filter(item => item.missing_image_sizes?.length === 0).length,
    sizeFiles: library.reduce(
      (sum, item) =>
        sum + Object.keys(item.media_details?.sizes ?? {}).filter(size => size !== 'full').length,
      0
    ),
    requests,
    busy: entries.filter(e => e.status === 429 || e.status === 503 || e.status === 508).length,
    errors: entries.filter(e => e.status >= 500).length,
    retries: sent.filter(attempt => attempt > 1).length,
    warnings: timed.stdout.split('\n').filter(line => line.startsWith('::warning')).length
  }
}

interface Conditions {
  loadBefore: string
  loadAfter: string
  seconds: number
  files: string[]
}

/** `median (min – max)` of one figure over the runs. */
function spread(values: number[], format: (value: number) => string): string {
  return `${format(median(values))} (${format(Math.min(...values))} – ${format(Math.max(...values))})`
}

const sec = (value: number) => `${value.toFixed(1)} s`
const pct = (value: number) => `${(value * 100).toFixed(0)} %`

function report(results: Map<string, SizesRun[]>, conditions: Conditions): ScenarioResult {
  const byWhere = (where: Where) => results.get(where)!
  const server = byWhere('server')
  const runner = byWhere('runner')
  const of = (runs: SizesRun[], pick: (r: SizesRun) => number) => runs.map(pick)
  const rows = VARIANTS.map(where => {
    const runs = byWhere(where)
    const items = runs.reduce((sum, r) => sum + r.items, 0)
    const by = runs.reduce<Record<string, number>>((sum, r) => {
      for (const [name, n] of Object.entries(r.sizesBy)) sum[name] = (sum[name] ?? 0) + n
      return sum
    }, {})
    return [
      `image-sizes: ${where}`,
      String(runs.length),
      spread(
        of(runs, r => r.ms),
        ms
      ),
      spread(
        of(runs, r => r.phpSeconds),
        sec
      ),
      `${median(of(runs, r => r.phpSeconds / r.items)).toFixed(2)} s`,
      spread(
        of(runs, r => r.actionSeconds),
        sec
      ),
      spread(
        of(runs, r => r.actionPeakBytes),
        bytes
      ),
      spread(
        of(runs, r => r.machineBusy),
        pct
      ),
      `${runs.reduce((sum, r) => sum + r.complete, 0)} of ${items}; by ${Object.entries(by)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
      `${runs.reduce((sum, r) => sum + r.verified, 0)} of ${items}`
    ]
  })
  const speed = median(of(server, r => r.ms)) / median(of(runner, r => r.ms))
  const phpLess = median(of(server, r => r.phpSeconds)) / median(of(runner, r => r.phpSeconds))
  // Round by round: the two runs of a round met the same moment of the machine.
  const paired = (pick: (r: SizesRun) => number) =>
    median(server.map((r, i) => pick(r) / pick(runner[i]!)))
  const kinds = table(
    [
      'variant',
      ...KINDS.map(kind => `${kind}: requests, nginx time`),
      '429/503/508',
      '5xx',
      'retries',
      'warnings'
    ],
    VARIANTS.map(where => {
      const runs = byWhere(where)
      return [
        where,
        ...KINDS.map(kind => {
          const count = median(of(runs, r => r.requests[kind].count))
          const seconds = median(of(runs, r => r.requests[kind].seconds))
          return count ? `${count}, ${seconds.toFixed(1)} s` : '—'
        }),
        String(runs.reduce((sum, r) => sum + r.busy, 0)),
        String(runs.reduce((sum, r) => sum + r.errors, 0)),
        String(runs.reduce((sum, r) => sum + r.retries, 0)),
        String(runs.reduce((sum, r) => sum + r.warnings, 0))
      ]
    }),
    ['l', ...KINDS.map(() => 'r' as const), 'r', 'r', 'r', 'r']
  )
  const targets: Target[] = [
    {
      name: `Runner sizes at least ${GOAL_SPEED}× faster than WordPress's (wall time, ${WORKERS} PHP workers)`,
      met: speed >= GOAL_SPEED,
      detail: `${ratio(speed)} (${ms(median(of(runner, r => r.ms)))} against ${ms(median(of(server, r => r.ms)))}) — ${verdict(speed >= GOAL_SPEED)}`
    },
    {
      name: `Runner sizes at least ${GOAL_PHP}× less PHP CPU than WordPress's`,
      met: phpLess >= GOAL_PHP,
      detail: `${ratio(phpLess)} less (${sec(median(of(runner, r => r.phpSeconds)))} against ${sec(median(of(server, r => r.phpSeconds)))}) — ${verdict(phpLess >= GOAL_PHP)}`
    }
  ]
  const markdown = [
    table(
      [
        'variant',
        'runs',
        'wall time',
        'PHP-FPM CPU',
        'PHP CPU per image',
        'action CPU',
        'action peak RSS',
        'machine CPU',
        'items `sizes: complete`',
        'items with no size missing in the library'
      ],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r']
    ),
    '',
    `Medians, with min – max. Runner against server: wall time ${ratio(speed)} faster (round by round ${ratio(paired(r => r.ms))}), PHP CPU ${ratio(phpLess)} less (round by round ${ratio(paired(r => r.phpSeconds))}); the goal was ${GOAL_SPEED}× and ${GOAL_PHP}×.`,
    '',
    'Requests to the origin per run (medians) and the seconds nginx counted for them (`$request_time`, including the wait for a free PHP worker); the busy answers, 5xx, retries and warnings summed over all runs:',
    '',
    kinds,
    '',
    `Size files the library lists per run (median): ${median(of(server, r => r.sizeFiles))} by WordPress, ${median(of(runner, r => r.sizeFiles))} by the runner. Load average before and after: ${conditions.loadBefore}; ${conditions.loadAfter}. The rounds took ${conditions.seconds.toFixed(0)} s, warm-up included.`
  ].join('\n')
  return {
    title: TITLE,
    markdown,
    targets,
    data: { runs: Object.fromEntries(results), ...conditions }
  }
}
