/**
 * Scenario 9: legs of a job matrix sharing one host. 240 images to the end-to-end stack's real
 * WordPress by 1 leg, and by 2 and 4 legs of `shard: i/n` started at once (each its own process
 * with `concurrency: auto`, as matrix jobs are), with a PHP-FPM pool of 2 workers and of 8; and 4
 * legs against the host that answers 508 above 2 requests at once. For each: the wall time from
 * the first leg's start to the last one's end, the busy answers (429, 503, 508) in nginx's log,
 * and how busy the host was: PHP-FPM's CPU time over the wall time (cores kept busy by PHP) and
 * the machine's CPU. Only when named (BENCH_ONLY=shards): it brings the stack up itself with its
 * own pool sizes, so the stack must be down at the start.
 */
import { execFile, execFileSync } from 'node:child_process'
import { appendFile, copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { followAccessLog, parseEnvFile, stateDir } from '../../e2e/stack-env.js'
import buildSourceBundle from '../../test-support/build-source.js'
import { SOURCE_BUNDLE_ENV } from '../../test-support/run-action.js'
import { actionEnv, actionNode, readOutputs, runnerFiles } from '../lib/action.js'
import type { BenchContext, ScenarioResult } from '../lib/context.js'
import { expectSuccess, runTimed } from '../lib/proc.js'
import { ms, table } from '../lib/stats.js'
import { deleteMedia, drawBatch, mediaTotal, type Site } from '../lib/wordpress-batch.js'

const run = promisify(execFile)
const TITLE = '9. Legs of a job matrix on one host (240 images to real WordPress)'
const POOLS = [2, 8]
const LEGS = [1, 2, 4]
/** Copies of the 24-image batch: 240 images. */
const COPIES = 10
const BUSY = [429, 503, 508]

export interface LegsRun {
  workers: number
  host: 'origin' | 'capped'
  legs: number
  ms: number
  /** Busy answers in the host's access log, by status, and of them media POSTs. */
  busy: Record<number, number>
  busyPosts: number
  posts: number
  /** PHP-FPM's CPU seconds over the wall time: the cores PHP kept busy on average. */
  phpCores: number
  /** The machine's CPU busy share over the run, all cores. */
  machineBusy: number
  levels: string[]
}

/** CPU ticks of the whole machine: [busy, total]. */
async function machineTicks(): Promise<[number, number]> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!
  const ticks = line.trim().split(/\s+/).slice(1).map(Number)
  const idle = ticks[3]! + (ticks[4] ?? 0)
  const total = ticks.reduce((a, b) => a + b, 0)
  return [total - idle, total]
}

/** CPU seconds used so far by the PHP-FPM processes alive now (clock ticks at 100 a second). */
async function phpSeconds(): Promise<number> {
  let ticks = 0
  for (const pid of (await readdir('/proc')).filter(name => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
    const close = stat.lastIndexOf(')')
    if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('php-fpm')) continue
    const fields = stat.slice(close + 2).split(' ')
    // utime, stime, cutime and cstime (fields 14 to 17 of the line): the master's cutime holds
    // the workers that ended since.
    ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0)
  }
  return ticks / 100
}

export async function shardsScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const stack = path.join(ctx.repoRoot, 'e2e', 'stack.sh')
  const status = await run('bash', [stack, 'status']).catch(() => ({ stdout: '' }))
  if (/: up/.test(status.stdout)) {
    const why = 'the end-to-end stack is running; this scenario brings it up itself'
    return { title: TITLE, markdown: `Skipped: ${why}`, targets: [], data: { skipped: why } }
  }
  const removeBundle = await buildSourceBundle()
  const runs: LegsRun[] = []
  try {
    const entry = process.env[SOURCE_BUNDLE_ENV]!
    for (const workers of POOLS) {
      ctx.log(`shards: the stack with ${workers} PHP workers`)
      await run('bash', [stack, 'up'], {
        timeout: 300_000,
        env: { ...process.env, E2E_PHP_WORKERS: String(workers) }
      })
      const downOnExit = () => execFileSync('bash', [stack, 'down'], { stdio: 'ignore' })
      process.once('exit', downOnExit)
      try {
        runs.push(...(await measurePool(ctx, entry, workers)))
      } finally {
        process.off('exit', downOnExit)
        await run('bash', [stack, 'down']).catch(() => undefined)
      }
    }
  } finally {
    await removeBundle()
  }
  return report(runs)
}

async function measurePool(ctx: BenchContext, entry: string, workers: number): Promise<LegsRun[]> {
  const env = parseEnvFile(await readFile(path.join(stateDir, 'stack.env'), 'utf8'))
  const dir = path.join(ctx.tmp, `shards-${workers}`)
  const batch = path.join(dir, 'batch')
  const names = await drawBatch(env.PHP_BIN!, batch)
  const site = (baseUrl: string, accessLog: string): Site => ({
    baseUrl,
    originUrl: env.ORIGIN_URL!,
    accessLog,
    user: env.WP_USER!,
    appPassword: env.WP_APP_PASSWORD!
  })
  const origin = site(env.ORIGIN_URL!, env.ORIGIN_ACCESS_LOG!)
  const capped = site(env.ORIGIN_CAPPED_URL!, env.ORIGIN_CAPPED_ACCESS_LOG!)
  let count = 0
  const upload = async (target: Site, legs: number): Promise<LegsRun> => {
    const workspace = path.join(dir, `ws-${++count}`)
    await mkdir(path.join(workspace, 'img'), { recursive: true })
    for (let copy = 1; copy <= COPIES; copy++) {
      for (const name of names) {
        const file = path.join(workspace, 'img', `${copy}-${name}`)
        await copyFile(path.join(batch, name), file)
        await appendFile(file, `#${path.basename(workspace)}-${copy}`)
      }
    }
    const result = await legsAtOnce(target, workspace, entry, legs)
    const host = target === capped ? 'capped' : 'origin'
    const one = { workers, host, legs, ...result } as const
    ctx.log(
      `  ${workers} workers, ${host}, ${legs} legs: ${ms(one.ms)}, busy ${JSON.stringify(one.busy)}, PHP ${one.phpCores.toFixed(2)} cores, machine ${(one.machineBusy * 100).toFixed(0)} %`
    )
    await rm(workspace, { recursive: true, force: true })
    return one
  }
  // PHP's opcache and the month folder: not part of any variant.
  await upload(origin, 2)
  const results: LegsRun[] = []
  for (const legs of LEGS) results.push(await upload(origin, legs))
  results.push(await upload(capped, 4))
  return results
}

/** `legs` legs of the 240 files, started together; each must store its share. */
async function legsAtOnce(
  site: Site,
  workspace: string,
  entry: string,
  legs: number
): Promise<Omit<LegsRun, 'workers' | 'host' | 'legs'>> {
  const before = await mediaTotal(site)
  const log = followAccessLog(site.accessLog)
  const [busyBefore, totalBefore] = await machineTicks()
  const phpBefore = await phpSeconds()
  const started = performance.now()
  const runs = await Promise.all(
    Array.from({ length: legs }, async (_, i) => {
      const runner = path.join(path.dirname(workspace), `runner-${path.basename(workspace)}-${i}`)
      await mkdir(runner, { recursive: true })
      const files = await runnerFiles(runner)
      const inputs = {
        mode: 'upload',
        'base-url': site.baseUrl,
        'api-path': '/wp-json/wp/v2',
        files: 'img/*',
        username: site.user,
        'app-password': site.appPassword,
        concurrency: 'auto',
        ...(legs > 1 ? { shard: `${i + 1}/${legs}` } : {})
      }
      const timed = await runTimed(actionNode, [entry], {
        env: await actionEnv(files, workspace, inputs),
        cwd: workspace,
        timeoutMs: 900_000
      })
      expectSuccess(timed, `leg ${i + 1} of ${legs}`)
      return { timed, outputs: await readOutputs(files) }
    })
  )
  const wall = performance.now() - started
  const php = (await phpSeconds()) - phpBefore
  const [busyAfter, totalAfter] = await machineTicks()
  const ids = runs.flatMap(({ outputs }) =>
    (JSON.parse(outputs.media ?? '[]') as { id: number | null; status: string }[]).flatMap(m =>
      m.status === 'uploaded' && m.id !== null ? [m.id] : []
    )
  )
  const stored = (await mediaTotal(site)) - before
  await deleteMedia(site, ids)
  if (new Set(ids).size !== COPIES * 24 || stored !== COPIES * 24)
    throw new Error(`${legs} legs: ${ids.length} files uploaded, ${stored} new items`)
  const entries = log.read()
  const isPost = (e: { method: string; uri: string }) =>
    e.method === 'POST' && /\/media(\?|$)/.test(e.uri)
  while (entries.filter(e => isPost(e) && e.status === 201).length < stored)
    entries.push(...(await log.take(1, { settleMs: 0, timeoutMs: 5000 })))
  const busy = Object.fromEntries(
    BUSY.map(status => [status, entries.filter(e => e.status === status).length])
  )
  return {
    ms: wall,
    busy,
    busyPosts: entries.filter(e => isPost(e) && BUSY.includes(e.status)).length,
    posts: entries.filter(isPost).length,
    phpCores: php / (wall / 1000),
    machineBusy: (busyAfter - busyBefore) / (totalAfter - totalBefore),
    levels: runs.map(({ timed }) => {
      const changes = timed.stdout.split('\n').filter(line => line.startsWith('Concurrency '))
      const steps = changes.map(line => /^Concurrency (\d+) → (\d+):/.exec(line))
      return [steps[0]?.[1] ?? '1', ...steps.map(step => step?.[2])].join('→')
    })
  }
}

function report(runs: LegsRun[]): ScenarioResult {
  const rows = runs.map(r => {
    const alone = runs.find(o => o.workers === r.workers && o.host === 'origin' && o.legs === 1)!
    return [
      String(r.workers),
      r.host === 'capped' ? 'capped at 2 at once' : 'origin',
      String(r.legs),
      ms(r.ms),
      `${(alone.ms / r.ms).toFixed(2)}×`,
      BUSY.map(status => `${r.busy[status] ?? 0}`).join(' / '),
      `${r.busyPosts} of ${r.posts}`,
      r.phpCores.toFixed(2),
      `${(r.machineBusy * 100).toFixed(0)} %`,
      r.levels.map(path => path.slice(0, 40)).join('; ')
    ]
  })
  return {
    title: TITLE,
    markdown: table(
      [
        'PHP workers',
        'host',
        'legs',
        'wall time',
        'speed vs 1 leg',
        '429 / 503 / 508',
        'busy answers of the media POSTs',
        'PHP cores busy',
        'machine CPU',
        'levels of each leg'
      ],
      rows,
      ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l']
    ),
    targets: [],
    data: { runs }
  }
}
