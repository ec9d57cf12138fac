/**
 * Scenario 7: `concurrency: auto` against the fixed levels 1, 2, 4 and 8 on the real WordPress of
 * the end-to-end stack, brought up once with a PHP-FPM pool of 2 workers and once with 8
 * (E2E_PHP_WORKERS), and on the same WordPress behind a host that answers 508 above 2 requests at
 * once (ORIGIN_CAPPED_URL). Each run uploads a batch of 24 images of mixed sizes; the variants run
 * in rotating rounds, and the medians are compared. It runs the current `src/`, bundled as the
 * tests bundle it, so that the rule measured is the one in the source. Only when named
 * (BENCH_ONLY=concurrency): a round takes 3 to 5 minutes, and it needs the stack down at the
 * start, since it brings it up itself with its own pool sizes.
 */
import { execFile, execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { parseEnvFile, stateDir } from '../../e2e/stack-env.js'
import buildSourceBundle from '../../test-support/build-source.js'
import { SOURCE_BUNDLE_ENV } from '../../test-support/run-action.js'
import { runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult, type Target } from '../lib/context.js'
import { ms, ratio, summarize, table, verdict } from '../lib/stats.js'
import {
  BATCH_SIZE,
  drawBatch,
  uploadBatch,
  type BatchRun,
  type Site
} from '../lib/wordpress-batch.js'

const run = promisify(execFile)
const TITLE = `7. concurrency: auto against fixed levels (${BATCH_SIZE} images of mixed sizes to real WordPress)`
const POOLS = [2, 8]
const FIXED = ['1', '2', '4', '8']
/** The capped host's limit, as e2e/stack.sh sets it. */
const CAP = 2

function skipped(why: string): ScenarioResult {
  return { title: TITLE, markdown: `Skipped: ${why}`, targets: [], data: { skipped: why } }
}

/** BENCH_CONCURRENCY_ROUNDS, checked: the rounds of this scenario. */
export function concurrencyRounds(quick: boolean): number {
  const asked = process.env.BENCH_CONCURRENCY_ROUNDS
  if (asked === undefined) return quick ? 1 : 3
  const rounds = Number(asked)
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10)
    throw new Error(`BENCH_CONCURRENCY_ROUNDS: expected a whole number from 1 to 10, got ${asked}`)
  return rounds
}

interface PoolResult {
  workers: number
  runs: Map<string, BatchRun[]>
}

export async function concurrencyScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const stack = path.join(ctx.repoRoot, 'e2e', 'stack.sh')
  const status = await run('bash', [stack, 'status']).catch(() => ({ stdout: '' }))
  if (/: up/.test(status.stdout))
    return skipped(
      'the end-to-end stack is running; this scenario brings it up itself with its own pool sizes (`bash e2e/stack.sh down` first)'
    )
  const rounds = concurrencyRounds(ctx.quick)
  const removeBundle = await buildSourceBundle()
  const pools: PoolResult[] = []
  try {
    const entry = process.env[SOURCE_BUNDLE_ENV]!
    for (const workers of POOLS) {
      ctx.log(`concurrency: the stack with ${workers} PHP workers`)
      const up = await run('bash', [stack, 'up'], {
        timeout: 300_000,
        env: { ...process.env, E2E_PHP_WORKERS: String(workers) }
      }).catch((error: Error) => error)
      if (up instanceof Error)
        return skipped(`the end-to-end stack did not come up (${up.message.split('\n')[0]})`)
      // Also when the run is cut off by its time limit or Ctrl-C, which exit without unwinding.
      const downOnExit = () => {
        execFileSync('bash', [stack, 'down'], { stdio: 'ignore' })
        rmSync(path.dirname(entry), { recursive: true, force: true })
      }
      process.once('exit', downOnExit)
      try {
        pools.push({ workers, runs: await measurePool(ctx, entry, rounds) })
      } finally {
        process.off('exit', downOnExit)
        await run('bash', [stack, 'down']).catch(() => undefined)
      }
    }
  } finally {
    await removeBundle()
  }
  return report(pools)
}

async function measurePool(
  ctx: BenchContext,
  entry: string,
  rounds: number
): Promise<Map<string, BatchRun[]>> {
  const env = parseEnvFile(await readFile(path.join(stateDir, 'stack.env'), 'utf8'))
  const dir = path.join(ctx.tmp, `concurrency-${env.PHP_WORKERS}`)
  const images = path.join(dir, 'images')
  const names = await drawBatch(env.PHP_BIN!, images)
  const files = await runnerFiles(dir)
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
  const upload = async (target: Site, concurrency: string) => {
    const result = await uploadBatch({
      site: target,
      entry,
      images,
      names,
      files,
      workspace: path.join(dir, `ws-${++count}`),
      concurrency,
      timeoutMs: 300_000
    })
    const where = target === capped ? 'capped host' : 'origin'
    ctx.log(
      `  ${env.PHP_WORKERS} workers, ${where}, ${concurrency}: ${ms(result.ms)}, levels ${levelPath(result)}, ${result.refusals508} × 508`
    )
    return result
  }
  // PHP's opcache, WordPress's first writes of the month folder: not part of any variant.
  await upload(origin, '4')
  const variants = [
    ...['auto', ...FIXED].map(level => ({ name: level, run: () => upload(origin, level) })),
    ...['auto', String(CAP)].map(level => ({
      name: `capped ${level}`,
      run: () => upload(capped, level)
    }))
  ]
  return interleave(variants, { rounds, warmup: 0, budgetMs: Infinity, log: ctx.log })
}

const median = (values: number[]) => summarize(values).median
const medianMs = (runs: BatchRun[]) => median(runs.map(r => r.ms))
const levelPath = (run: BatchRun) => run.levels.join('→')
/** Auto's time over the level's in the same round, round by round: drift cancels in each pair. */
const pairedRatio = (auto: BatchRun[], other: BatchRun[]) =>
  median(auto.map((r, i) => r.ms / other[i]!.ms))

function poolTable(pool: PoolResult): { markdown: string; target: Target } {
  const fixed = FIXED.map(level => ({ level, median: medianMs(pool.runs.get(level)!) }))
  const best = fixed.reduce((a, b) => (b.median < a.median ? b : a))
  const autoRuns = pool.runs.get('auto')!
  const rows = ['auto', ...FIXED].map(level => {
    const runs = pool.runs.get(level)!
    const s = summarize(runs.map(r => r.ms))
    return [
      level,
      String(s.n),
      ms(s.median),
      `${ms(s.min)} – ${ms(s.max)}`,
      ratio(s.median / best.median),
      level === 'auto' ? '' : ratio(pairedRatio(autoRuns, runs)),
      level === 'auto' ? autoRuns.map(levelPath).join(', ') : ''
    ]
  })
  const auto = medianMs(autoRuns) / best.median
  return {
    markdown: [
      `**PHP pool of ${pool.workers} workers** (best fixed level: ${best.level})`,
      '',
      table(
        [
          'concurrency',
          'runs',
          'median',
          'min – max',
          'median vs best fixed',
          'auto vs this, round by round (median)',
          'levels of each run'
        ],
        rows,
        ['l', 'r', 'r', 'r', 'r', 'r', 'l']
      )
    ].join('\n'),
    target: {
      name: `auto within 10 % of the best fixed level, PHP pool of ${pool.workers}`,
      met: auto <= 1.1,
      detail: `${ratio(auto)} (${ms(medianMs(autoRuns))} against ${ms(best.median)} at ${best.level}) — ${verdict(auto <= 1.1)}`
    }
  }
}

function cappedTable(pools: PoolResult[]): { markdown: string; targets: Target[] } {
  const rows = pools.flatMap(pool =>
    ['auto', String(CAP)].map(level => {
      const runs = pool.runs.get(`capped ${level}`)!
      return [
        String(pool.workers),
        level,
        String(runs.length),
        ms(medianMs(runs)),
        ratio(medianMs(runs) / medianMs(pool.runs.get(`capped ${CAP}`)!)),
        runs.map(r => `${r.refusals508} (${r.posts508})`).join(', '),
        level === 'auto' ? runs.map(levelPath).join(', ') : ''
      ]
    })
  )
  const autoRuns = pools.flatMap(pool => pool.runs.get('capped auto')!)
  const most = Math.max(...autoRuns.map(r => r.refusals508))
  return {
    markdown: [
      `**A host that answers 508 above ${CAP} requests at once** (nginx \`limit_conn\`, \`ORIGIN_CAPPED_URL\`)`,
      '',
      table(
        [
          'PHP workers',
          'concurrency',
          'runs',
          'median',
          `vs fixed ${CAP}`,
          '508s of each run (of them POSTs)',
          'levels of each run'
        ],
        rows,
        ['r', 'l', 'r', 'r', 'r', 'l', 'l']
      )
    ].join('\n'),
    targets: [
      {
        name: `at most two 508s in a whole auto run on the host capped at ${CAP}`,
        met: most <= 2,
        detail: `at most ${most} in ${autoRuns.length} runs — ${verdict(most <= 2)}`
      }
    ]
  }
}

function report(pools: PoolResult[]): ScenarioResult {
  const tables = pools.map(poolTable)
  const capped = cappedTable(pools)
  const example = pools
    .flatMap(pool =>
      pool.runs
        .get('auto')!
        .slice(0, 1)
        .map(r => ({ pool, r }))
    )
    .map(({ pool, r }) =>
      [
        `Pool of ${pool.workers}, first auto run:`,
        '',
        ...r.changes.map(line => `    ${line}`)
      ].join('\n')
    )
  return {
    title: TITLE,
    markdown: [
      ...tables.map(t => t.markdown),
      capped.markdown,
      `Each run uploads ${BATCH_SIZE} images (10 × 1200×800, 8 × 1920×1280 and 2 × 4000×3000 JPEG, 4 × 1600×1067 PNG) with bytes of its own, then they are deleted; the levels are those the log names ("Concurrency a → b: reason").`,
      ...example
    ].join('\n\n'),
    targets: [...tables.map(t => t.target), ...capped.targets],
    data: {
      pools: pools.map(pool => ({ workers: pool.workers, runs: Object.fromEntries(pool.runs) }))
    }
  }
}
