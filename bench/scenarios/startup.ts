/**
 * Scenario 1: start-up and one trigger. The whole `node dist/index.js` process in trigger mode
 * against the sandbox, against what users script instead: node:http (the floor), fetch and curl.
 */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { actionNode, runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import { analyse, collectProbes, moduleNames, type LoadBreakdown } from '../lib/load-probe.js'
import { expectSuccess, runTimed, startServer, type Timed } from '../lib/proc.js'
import { triggerByAction, triggerByCurl, triggerByScript } from '../lib/trigger.js'
import { bytes, ms, ratio, summarize, table, verdict } from '../lib/stats.js'

export const STARTUP_TARGET = 1.3

export interface BundleSize {
  indexJs: number
  allJs: number
  chunks: number
  indexGzip: number
}

export async function bundleSize(distDir: string): Promise<BundleSize> {
  const files = (await readdir(distDir)).filter(name => name.endsWith('.js'))
  const sizes = await Promise.all(files.map(name => stat(path.join(distDir, name))))
  return {
    indexJs: (await stat(path.join(distDir, 'index.js'))).size,
    allJs: sizes.reduce((sum, s) => sum + s.size, 0),
    chunks: files.length - 1,
    indexGzip: gzipSync(await readFile(path.join(distDir, 'index.js'))).length
  }
}

export async function startupScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const rounds = ctx.quick ? 5 : 25
  const sandbox = await startServer(path.join(ctx.repoRoot, 'bench', 'servers', 'sandbox.ts'))
  const dir = path.join(ctx.tmp, 'startup')
  await mkdir(dir, { recursive: true })
  try {
    const files = await runnerFiles(dir)
    const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir }
    const timeout = { timeoutMs: 30_000 }
    const variants = [
      {
        name: 'action (node dist/index.js)',
        run: () => triggerByAction(sandbox.url, files, { entry: ctx.action })
      },
      ...(
        [
          ['node:http script, CommonJS (floor)', 'trigger-http.cjs'],
          ['node:http script, ES module', 'trigger-http.mjs'],
          ['fetch script', 'trigger-fetch.mjs']
        ] as const
      ).map(([name, script]) => ({ name, run: () => triggerByScript(sandbox.url, script) })),
      ...(ctx.curl ? [{ name: 'curl', run: () => triggerByCurl(sandbox.url, ctx.curl!) }] : []),
      {
        name: "node -e '' (no request)",
        run: async () =>
          expectSuccess(
            await runTimed(actionNode, ['-e', ''], { env: baseEnv, ...timeout }),
            'node -e'
          )
      }
    ]
    ctx.log(`startup: ${variants.length} variants × ${rounds} rounds, interleaved`)
    const results = await interleave<Timed>(variants, {
      rounds,
      warmup: 2,
      budgetMs: ctx.quick ? 30_000 : 90_000,
      log: ctx.log
    })
    const stats = new Map(
      [...results].map(([name, runs]) => [name, summarize(runs.map(r => r.ms))])
    )
    const floor = stats.get('node:http script, CommonJS (floor)')!
    const action = stats.get('action (node dist/index.js)')!
    const bare = stats.get("node -e '' (no request)")!

    // Where the action's extra time goes: an instrumented copy of the bundle.
    ctx.log('startup: load profile of the bundle')
    let breakdown: LoadBreakdown | undefined
    let probeError: string | undefined
    try {
      const records = await collectProbes(
        ctx.distDir,
        dir,
        ctx.quick ? 3 : 11,
        (entry, nodeOptions, env) =>
          triggerByAction(sandbox.url, files, { entry, nodeOptions, env })
      )
      breakdown = analyse(records, await moduleNames(ctx.distDir))
    } catch (error) {
      probeError = error instanceof Error ? error.message : String(error)
    }

    const size = await bundleSize(ctx.distDir)
    const actionRatio = action.median / floor.median
    const rows = [...stats].map(([name, s]) => [
      name,
      String(s.n),
      ms(s.median),
      ms(s.p90),
      ratio(s.median / floor.median),
      name.startsWith('node -e') ? '—' : ms(s.median - bare.median)
    ])
    const parts = [
      table(['variant', 'runs', 'median', 'p90', 'vs node:http', 'above bare node'], rows, [
        'l',
        'r',
        'r',
        'r',
        'r',
        'r'
      ]),
      '',
      `Bundle: dist/index.js ${bytes(size.indexJs)} (${bytes(size.indexGzip)} gzipped), all of dist/*.js ${bytes(size.allJs)} (index.js + ${size.chunks} chunks loaded on demand).`
    ]
    if (breakdown) {
      const [, parse, evaluate, chunks, chunkEval] = breakdown.phases.map(p => p.ms)
      parts.push(
        '',
        `Load time of the bundle in trigger mode: ${ms(parse! + evaluate! + chunks! + chunkEval!)} (read, parse and link index.js ${ms(parse!)}; evaluate its modules and parse the inputs ${ms(evaluate!)}; load and evaluate the trigger chunks ${ms(chunks! + chunkEval!)}), against ${ms(bare.median)} for all of \`node -e ''\`.`
      )
      parts.push(
        '',
        `Where the action's time goes (instrumented copy of the bundle, median of ${breakdown.runs} runs; the instrumentation adds a little):`,
        '',
        table(
          ['phase', 'median'],
          breakdown.phases.map(p => [p.phase, ms(p.ms)]),
          ['l', 'r']
        ),
        '',
        'Slowest bundled modules to evaluate (inclusive of what they require; self excludes it):',
        '',
        table(
          ['module', 'id', 'inclusive', 'self'],
          breakdown.modules
            .filter(m => m.inclusive >= 0.5)
            .slice(0, 10)
            .map(m => [m.name.replace(/\|/g, '\\|'), m.id, ms(m.inclusive), ms(m.self)]),
          ['l', 'r', 'r', 'r']
        )
      )
    } else {
      parts.push('', `Load profile unavailable: ${probeError}`)
    }
    return {
      title: '1. Start-up and one trigger',
      markdown: parts.join('\n'),
      targets: [
        {
          name: `Start-up + one trigger ≤ ${STARTUP_TARGET}× the node:http floor`,
          met: actionRatio <= STARTUP_TARGET,
          detail: `${ratio(actionRatio)} (${ms(action.median)} against ${ms(floor.median)}) — ${verdict(actionRatio <= STARTUP_TARGET)}`
        }
      ],
      data: { stats: Object.fromEntries(stats), bundle: size, breakdown, probeError }
    }
  } finally {
    await sandbox.stop()
  }
}
