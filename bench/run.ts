/**
 * `npm run bench`: the bundled action against what users would script instead, on loopback.
 *
 *   BENCH_QUICK=1         fewer runs and smaller files (a smoke run of about 15 s)
 *   BENCH_ONLY=a,b        run only these scenarios: startup, large, memory, many, wordpress,
 *                         expect, and, run only when named, concurrency (10 to 20 min),
 *                         refusals (requests and waits when the upload cannot succeed),
 *                         shards (legs of a matrix on one host, about 15 min) and sizes (image
 *                         sizes made on the runner against WordPress's, on WordPress 7.1 with 2
 *                         PHP workers, on 2 shared cores and on one core each, about 5 min; it
 *                         brings up its own stack under E2E_STATE)
 *   BENCH_CONCURRENCY_ROUNDS=n  rounds of the concurrency scenario (default 3, quick 1)
 *   BENCH_WRITE_DOC=0|1   write the results into docs/benchmarks.md (default: 1 for a full run
 *                         of every scenario, 0 otherwise)
 *   BENCH_JSON=file       also write the figures as JSON to this file
 *
 * Prints the results as markdown; see docs/benchmarks.md for the method.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { actionNode } from './lib/action.js'
import type { BenchContext, ScenarioResult } from './lib/context.js'
import { machine, writeResults } from './lib/report.js'
import { killServers, which } from './lib/proc.js'
import { expectContinueScenario } from './scenarios/expect-continue.js'
import { largeUploadScenario } from './scenarios/large-upload.js'
import { manyFilesScenario } from './scenarios/many-files.js'
import { memoryScenario } from './scenarios/memory.js'
import { concurrencyRounds, concurrencyScenario } from './scenarios/concurrency.js'
import { refusalsScenario } from './scenarios/refusals.js'
import { shardsScenario } from './scenarios/shards.js'
import { sizesScenario } from './scenarios/sizes.js'
import { startupScenario } from './scenarios/startup.js'
import { wordpressScenario } from './scenarios/wordpress.js'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SCENARIOS = {
  startup: startupScenario,
  large: largeUploadScenario,
  memory: memoryScenario,
  many: manyFilesScenario,
  wordpress: wordpressScenario,
  expect: expectContinueScenario,
  concurrency: concurrencyScenario,
  refusals: refusalsScenario,
  shards: shardsScenario,
  sizes: sizesScenario
} as const
type ScenarioName = keyof typeof SCENARIOS
/**
 * Scenarios that run only when BENCH_ONLY names them: concurrency, shards and sizes take minutes
 * and bring up the end-to-end stack themselves; refusals counts requests and waits, not speed,
 * for comparing the rules before and after a change.
 */
const ONLY_WHEN_NAMED: readonly ScenarioName[] = ['concurrency', 'refusals', 'shards', 'sizes']

/** The whole run is cut off after this long, whatever a scenario is doing. */
const OVERALL_LIMIT_MS = 10 * 60_000
/** …plus this much per round of the concurrency scenario (a round takes 3 to 6 min). */
const CONCURRENCY_ROUND_LIMIT_MS = 10 * 60_000
/** …plus this much for the shards scenario (10 runs of 240 images). */
const SHARDS_LIMIT_MS = 40 * 60_000
/** …plus this much for the sizes scenario (the stack's `up`, then 20 runs of 24 images). */
const SIZES_LIMIT_MS = 20 * 60_000

async function main(): Promise<void> {
  const quick = process.env.BENCH_QUICK === '1'
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map(s => s.trim())
    .filter(Boolean)
  for (const name of only) {
    if (!(name in SCENARIOS))
      throw new Error(
        `BENCH_ONLY: unknown scenario ${name} (known: ${Object.keys(SCENARIOS).join(', ')})`
      )
  }
  const selected = (Object.keys(SCENARIOS) as ScenarioName[]).filter(name =>
    only.length === 0 ? !ONLY_WHEN_NAMED.includes(name) : only.includes(name)
  )
  const writeDoc = process.env.BENCH_WRITE_DOC
    ? process.env.BENCH_WRITE_DOC === '1'
    : !quick && only.length === 0
  const limitMs =
    OVERALL_LIMIT_MS +
    (selected.includes('concurrency') ? concurrencyRounds(quick) * CONCURRENCY_ROUND_LIMIT_MS : 0) +
    (selected.includes('shards') ? SHARDS_LIMIT_MS : 0) +
    (selected.includes('sizes') ? SIZES_LIMIT_MS : 0)

  const distDir = path.join(repoRoot, 'dist')
  const action = path.join(distDir, 'index.js')
  await stat(action).catch(() => {
    throw new Error(`${action} is missing: run \`npm run bundle\` first`)
  })
  const tmp = await mkdtemp(path.join(tmpdir(), 'action-bench-'))
  const started = performance.now()
  const ctx: BenchContext = {
    quick,
    repoRoot,
    distDir,
    action,
    tmp,
    curl: await which('curl'),
    log: message =>
      console.error(
        `[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`
      )
  }
  const cleanup = async () => {
    killServers()
    await rm(tmp, { recursive: true, force: true })
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanup().finally(() => process.exit(130))
    })
  }
  const limit = setTimeout(() => {
    console.error(`The benchmark ran over ${limitMs / 60_000} min; stopping.`)
    void cleanup().finally(() => process.exit(1))
  }, limitMs)
  limit.unref()

  if (!ctx.curl) ctx.log('curl is not installed: the curl comparisons are skipped')
  const results: ScenarioResult[] = []
  try {
    for (const name of selected) {
      ctx.log(`scenario ${name}`)
      results.push(await SCENARIOS[name](ctx))
    }
  } finally {
    await cleanup()
    clearTimeout(limit)
  }
  const seconds = (performance.now() - started) / 1000
  const command = `${quick ? 'BENCH_QUICK=1 ' : ''}${only.length ? `BENCH_ONLY=${only.join(',')} ` : ''}npm run bench`
  const host = await machine(actionNode, ctx.curl)
  const report = await writeResults({
    results,
    machine: host,
    command,
    seconds,
    quick,
    write: writeDoc ? path.join(repoRoot, 'docs', 'benchmarks.md') : undefined
  })
  console.log(report)
  if (process.env.BENCH_JSON) {
    await writeFile(
      process.env.BENCH_JSON,
      JSON.stringify({ command, seconds, machine: host, results }, null, 2)
    )
  }
  if (writeDoc) ctx.log('results written to docs/benchmarks.md')
}

main().catch(error => {
  killServers()
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
