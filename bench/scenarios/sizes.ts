/**
 * Scenario 10: image sizes made on the runner and by WordPress. The 24-image batch of scenario 7
 * (1200×800 to 4000×3000, JPEG and PNG) to the end-to-end stack's WordPress 7.1 with a PHP-FPM
 * pool of 2 workers, by the action built from the current `src/` (one process, `concurrency:
 * auto`), once with `image-sizes: server` (WordPress's PHP makes every size) and once with
 * `image-sizes: runner` (the original is stored with `generate_sub_sizes=false`, sharp makes the
 * sizes, each is sent to `media/{id}/sideload`, then one `finalize`), in two settings of the
 * machine's first two cores: shared (the stack's servers and the action both on cores 0 and 1) and
 * one core each (PHP-FPM, the origin's nginx and MariaDB on core 0, the action on core 1, as a
 * web host and a CI runner are two machines). The four variants run in rotating rounds after a
 * dropped warm-up round, the cores set with `taskset` before each run. For each run: the wall
 * time, PHP-FPM's CPU seconds (this stack's pool only), the action's CPU seconds and peak RSS, the
 * machine's CPU and each core's, the requests by kind with nginx's time for them and how many
 * were in flight, the levels of `concurrency: auto`, and every item checked complete in the
 * library; the items are deleted after each run. Only when named (BENCH_ONLY=sizes): it brings the
 * stack up itself (under E2E_STATE, so another checkout's stack may run beside it), so its stack
 * must be down at the start.
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
import { hasTaskset, ownCores, pinProcesses } from '../lib/affinity.js'
import {
  coreTicks,
  fpmSeconds,
  loadAverage,
  machineTicks,
  masterAndWorkers
} from '../lib/host-cpu.js'
import { peakRssPreload, readUsage } from '../lib/peak-rss.js'
import { expectSuccess, runTimed } from '../lib/proc.js'
import { bytes, median, ms, ratio, table, verdict } from '../lib/stats.js'
import {
  askSite,
  BATCH_SIZE,
  deleteMedia,
  drawBatch,
  levelsOf,
  mediaTotal,
  type Site
} from '../lib/wordpress-batch.js'

const run = promisify(execFile)
const TITLE = `10. Image sizes made on the runner and by WordPress (${BATCH_SIZE} images to WordPress 7.1, 2 PHP workers; 2 cores shared, and one core each)`
const WORKERS = 2
const WHERE = ['server', 'runner'] as const
type Where = (typeof WHERE)[number]
/**
 * How the host (the stack's servers) and the runner (the action) share the machine's cores:
 * `shared`, both on cores 0 and 1; `pinned`, the host on core 0 and the runner on core 1.
 */
const SETTINGS = ['shared', 'pinned'] as const
type Setting = (typeof SETTINGS)[number]
const HOST_CORE = 0
const RUNNER_CORE = 1
const CORES: Record<Setting, { host: number[]; runner: number[] }> = {
  shared: { host: [HOST_CORE, RUNNER_CORE], runner: [HOST_CORE, RUNNER_CORE] },
  pinned: { host: [HOST_CORE], runner: [RUNNER_CORE] }
}
const SETTING_NAME: Record<Setting, string> = {
  shared: 'shared 2 cores',
  pinned: 'one core each'
}
/** Measured rounds (each variant once a round), after one warm-up round that is dropped. */
const ROUNDS = 4
/** What the issue asked of runner sizes against WordPress's on this pool. */
const GOAL_SPEED = 3
const GOAL_PHP = 5
const KINDS = ['upload', 'sideload', 'finalize', 'post-process', 'other'] as const
type Kind = (typeof KINDS)[number]

export interface SizesRun {
  setting: Setting
  where: Where
  ms: number
  /** PHP-FPM's CPU seconds over the run (this stack's pool, every worker). */
  phpSeconds: number
  /** The action process's CPU seconds (user + system, all its threads: sharp's included). */
  actionSeconds: number
  actionPeakBytes: number
  /** The machine's CPU busy share over the run, all cores. */
  machineBusy: number
  /** The busy share of core 0 (the host's when pinned) and core 1 (the runner's). */
  coreBusy: [number, number]
  /**
   * The action's requests in flight at the origin: on average (nginx's seconds over the wall
   * time) and at most.
   */
  inFlight: { mean: number; peak: number }
  /** The levels `concurrency: auto` went through, from its first ("Concurrency a → b" lines). */
  levels: number[]
  /** Those lines, with their reasons. */
  changes: string[]
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
  const pidOf = async (file: string) => Number((await readFile(file, 'utf8')).trim())
  const master = await pidOf(env.PHP_FPM_PID_FILE!)
  const origin = await pidOf(env.ORIGIN_PID_FILE!)
  const mariadb = await pidOf(env.MARIADB_PID_FILE!)
  // The servers a request of the action's passes through: PHP-FPM's master and workers, the
  // origin's nginx (master and worker), MariaDB. Found again before each run, as the scenario
  // finds the pool for its CPU count.
  const hostPids = async () => [
    ...(await masterAndWorkers(master)),
    ...(await masterAndWorkers(origin)),
    mariadb
  ]
  const own = await ownCores()
  const pinnable = own.includes(HOST_CORE) && own.includes(RUNNER_CORE) && (await hasTaskset())
  if (!pinnable)
    ctx.log(
      `sizes: cores ${own.join(',')} or no taskset: only the shared setting (the cores as they are)`
    )
  const settings = pinnable ? SETTINGS : (['shared'] as const)
  const dir = path.join(ctx.tmp, 'sizes')
  const batch = path.join(dir, 'batch')
  const names = await drawBatch(env.PHP_BIN!, batch)
  let count = 0
  const upload = async (setting: Setting, where: Where): Promise<SizesRun> => {
    const workspace = path.join(dir, `ws-${++count}`)
    await mkdir(path.join(workspace, 'img'), { recursive: true })
    for (const name of names) {
      const file = path.join(workspace, 'img', name)
      await copyFile(path.join(batch, name), file)
      await appendFile(file, `#${path.basename(workspace)}`)
    }
    const cores = pinnable ? CORES[setting] : undefined
    if (cores) await pinProcesses(await hostPids(), cores.host)
    const one = await uploadOnce(
      site,
      env.TLS_CA_FILE!,
      master,
      workspace,
      entry,
      { setting, where, runnerCores: cores?.runner },
      names.length
    )
    ctx.log(
      `  ${setting} ${where}: ${ms(one.ms)}, PHP ${one.phpSeconds.toFixed(1)} s, action ${one.actionSeconds.toFixed(1)} s ${bytes(one.actionPeakBytes)}, cores ${one.coreBusy.map(pct).join(' ')}, in flight ${one.inFlight.mean.toFixed(1)} (≤ ${one.inFlight.peak}), levels ${one.levels.join('→')}, ${one.complete}/${one.items} complete (${JSON.stringify(one.sizesBy)}), ${one.retries} retries, ${one.errors} 5xx`
    )
    await rm(workspace, { recursive: true, force: true })
    return one
  }
  const loadBefore = await loadAverage()
  const started = performance.now()
  const rounds = ctx.quick ? 1 : ROUNDS
  const results = await interleave(
    settings.flatMap(setting =>
      WHERE.map(where => ({ name: variant(setting, where), run: () => upload(setting, where) }))
    ),
    { rounds, warmup: 1, budgetMs: Number.POSITIVE_INFINITY, minRounds: rounds, log: ctx.log }
  )
  const seconds = (performance.now() - started) / 1000
  const loadAfter = await loadAverage()
  // The stack as `up` left it, on every core this process may use.
  if (pinnable) await pinProcesses(await hostPids(), own)
  return report(results, settings, { loadBefore, loadAfter, seconds, files: names })
}

const variant = (setting: Setting, where: Where) => `${setting} ${where}`

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
  how: { setting: Setting; where: Where; runnerCores?: number[] },
  expected: number
): Promise<SizesRun> {
  const { setting, where } = how
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
  const node = [actionNode, '--import', peakRssPreload, entry]
  // taskset execs node in its own place: the PID, and so the preload's figures, are node's.
  const [command, ...args] = how.runnerCores
    ? ['taskset', '-c', how.runnerCores.join(','), ...node]
    : node
  const [busyBefore, totalBefore] = await machineTicks()
  const coresBefore = await coreTicks()
  const phpBefore = await fpmSeconds(master)
  const timed = await runTimed(command!, args, { env, cwd: workspace, timeoutMs: 600_000 })
  const php = (await fpmSeconds(master)) - phpBefore
  const coresAfter = await coreTicks()
  const [busyAfter, totalAfter] = await machineTicks()
  const coreBusy = [HOST_CORE, RUNNER_CORE].map(core => {
    const [busy0, total0] = coresBefore.get(core) ?? [0, 0]
    const [busy1, total1] = coresAfter.get(core) ?? [0, 0]
    return total1 > total0 ? (busy1 - busy0) / (total1 - total0) : Number.NaN
  }) as [number, number]
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
  const changes = timed.stdout.split('\n').filter(line => line.startsWith('Concurrency '))
  return {
    setting,
    where,
    ms: timed.ms,
    phpSeconds: php,
    actionSeconds: usage.cpuSeconds,
    actionPeakBytes: usage.peakBytes,
    machineBusy: (busyAfter - busyBefore) / (totalAfter - totalBefore),
    coreBusy,
    inFlight: inFlight(entries, timed.ms),
    levels: levelsOf('auto', changes),
    changes,
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

/**
 * The action's requests in flight at the origin: nginx's seconds for them over the run's wall
 * time, and the most at once (each from its log time less its `$request_time`, to its log time).
 */
function inFlight(entries: AccessLogEntry[], wallMs: number): { mean: number; peak: number } {
  const edges = entries.flatMap(e => [
    { at: Number(e.time) - Number(e.request_time), step: 1 },
    { at: Number(e.time), step: -1 }
  ])
  // An answer logged at the moment another request started is not in flight with it.
  edges.sort((a, b) => a.at - b.at || a.step - b.step)
  let now = 0
  let peak = 0
  for (const edge of edges) peak = Math.max(peak, (now += edge.step))
  const seconds = entries.reduce((sum, e) => sum + Number(e.request_time), 0)
  return { mean: seconds / (wallMs / 1000), peak }
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

function report(
  results: Map<string, SizesRun[]>,
  settings: readonly Setting[],
  conditions: Conditions
): ScenarioResult {
  const runsOf = (setting: Setting, where: Where) => results.get(variant(setting, where))!
  const of = (runs: SizesRun[], pick: (r: SizesRun) => number) => runs.map(pick)
  const pairs = settings.flatMap(setting => WHERE.map(where => [setting, where] as const))
  const rows = pairs.map(([setting, where]) => {
    const runs = runsOf(setting, where)
    const items = runs.reduce((sum, r) => sum + r.items, 0)
    const by = runs.reduce<Record<string, number>>((sum, r) => {
      for (const [name, n] of Object.entries(r.sizesBy)) sum[name] = (sum[name] ?? 0) + n
      return sum
    }, {})
    return [
      SETTING_NAME[setting],
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
      pct(median(of(runs, r => r.machineBusy))),
      `${pct(median(of(runs, r => r.coreBusy[0])))} / ${pct(median(of(runs, r => r.coreBusy[1])))}`,
      `${runs.reduce((sum, r) => sum + r.complete, 0)} of ${items}; by ${Object.entries(by)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
      `${runs.reduce((sum, r) => sum + r.verified, 0)} of ${items}`
    ]
  })
  const compared = settings.map(setting => {
    const server = runsOf(setting, 'server')
    const runner = runsOf(setting, 'runner')
    // Round by round: the two runs of a round met the same moment of the machine.
    const paired = (pick: (r: SizesRun) => number) =>
      median(server.map((r, i) => pick(r) / pick(runner[i]!)))
    return {
      setting,
      server,
      runner,
      speed: median(of(server, r => r.ms)) / median(of(runner, r => r.ms)),
      phpLess: median(of(server, r => r.phpSeconds)) / median(of(runner, r => r.phpSeconds)),
      pairedSpeed: paired(r => r.ms),
      pairedPhp: paired(r => r.phpSeconds)
    }
  })
  const kinds = table(
    [
      'setting',
      'variant',
      ...KINDS.map(kind => `${kind}: requests, nginx time`),
      'in flight: mean, most',
      'levels of `auto` (runs)',
      '429/503/508',
      '5xx',
      'retries',
      'warnings'
    ],
    pairs.map(([setting, where]) => {
      const runs = runsOf(setting, where)
      const paths = new Map<string, number>()
      for (const r of runs) paths.set(r.levels.join('→'), (paths.get(r.levels.join('→')) ?? 0) + 1)
      return [
        SETTING_NAME[setting],
        where,
        ...KINDS.map(kind => {
          const count = median(of(runs, r => r.requests[kind].count))
          const seconds = median(of(runs, r => r.requests[kind].seconds))
          return count ? `${count}, ${seconds.toFixed(1)} s` : '—'
        }),
        `${median(of(runs, r => r.inFlight.mean)).toFixed(1)}, ${Math.max(...of(runs, r => r.inFlight.peak))}`,
        [...paths].map(([levels, n]) => `${levels} (${n})`).join('; '),
        String(runs.reduce((sum, r) => sum + r.busy, 0)),
        String(runs.reduce((sum, r) => sum + r.errors, 0)),
        String(runs.reduce((sum, r) => sum + r.retries, 0)),
        String(runs.reduce((sum, r) => sum + r.warnings, 0))
      ]
    }),
    ['l', 'l', ...KINDS.map(() => 'r' as const), 'r', 'l', 'r', 'r', 'r', 'r']
  )
  const targets: Target[] = compared.flatMap(c => [
    {
      name: `Runner sizes at least ${GOAL_SPEED}× faster than WordPress's (wall time, ${WORKERS} PHP workers, ${SETTING_NAME[c.setting]})`,
      met: c.speed >= GOAL_SPEED,
      detail: `${ratio(c.speed)} (${ms(median(of(c.runner, r => r.ms)))} against ${ms(median(of(c.server, r => r.ms)))}) — ${verdict(c.speed >= GOAL_SPEED)}`
    },
    {
      name: `Runner sizes at least ${GOAL_PHP}× less PHP CPU than WordPress's (${SETTING_NAME[c.setting]})`,
      met: c.phpLess >= GOAL_PHP,
      detail: `${ratio(c.phpLess)} less (${sec(median(of(c.runner, r => r.phpSeconds)))} against ${sec(median(of(c.server, r => r.phpSeconds)))}) — ${verdict(c.phpLess >= GOAL_PHP)}`
    }
  ])
  const sizeFiles = (where: Where) =>
    median(settings.flatMap(setting => of(runsOf(setting, where), r => r.sizeFiles)))
  const markdown = [
    table(
      [
        'setting',
        'variant',
        'runs',
        'wall time',
        'PHP-FPM CPU',
        'PHP CPU per image',
        'action CPU',
        'action peak RSS',
        'machine CPU',
        `core ${HOST_CORE} / core ${RUNNER_CORE} busy`,
        'items `sizes: complete`',
        'items with no size missing in the library'
      ],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'r']
    ),
    '',
    `Medians, with min – max. ${SETTING_NAME.shared}: the stack's servers and the action on cores ${CORES.shared.host.join(' and ')}; ${SETTING_NAME.pinned}: PHP-FPM, the origin's nginx and MariaDB on core ${HOST_CORE}, the action on core ${RUNNER_CORE} (\`taskset\`).${settings.includes('pinned') ? '' : ` Only ${SETTING_NAME.shared} ran: this process has fewer than 2 cores, or no taskset.`}`,
    '',
    ...compared.map(
      c =>
        `Runner against server, ${SETTING_NAME[c.setting]}: wall time ${ratio(c.speed)} faster (round by round ${ratio(c.pairedSpeed)}), PHP CPU ${ratio(c.phpLess)} less (round by round ${ratio(c.pairedPhp)}); the goal was ${GOAL_SPEED}× and ${GOAL_PHP}×.`
    ),
    '',
    "Requests to the origin per run (medians) and the seconds nginx counted for them (`$request_time`, including the wait for a free PHP worker); in flight: nginx's seconds over the wall time (median) and the most at once (over all runs); the levels `concurrency: auto` went through; the busy answers, 5xx, retries and warnings summed over all runs:",
    '',
    kinds,
    '',
    `Size files the library lists per run (median): ${sizeFiles('server')} by WordPress, ${sizeFiles('runner')} by the runner. Load average before and after: ${conditions.loadBefore}; ${conditions.loadAfter}. The rounds took ${conditions.seconds.toFixed(0)} s, warm-up included.`
  ].join('\n')
  return {
    title: TITLE,
    markdown,
    targets,
    data: { runs: Object.fromEntries(results), ...conditions }
  }
}
