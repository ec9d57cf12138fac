/**
 * Scenario 1: start-up and one trigger. The whole `node dist/index.js` process in trigger mode
 * against the sandbox, against what users script instead: node:http (the floor), fetch and curl.
 */
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { actionEnv, readOutputs, resetRunnerFiles, runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import {
  analyse,
  instrumentBundle,
  moduleNames,
  probePreload,
  type LoadBreakdown,
  type ProbeRecord
} from '../lib/load-probe.js'
import { expectSuccess, runTimed, startServer, type Timed } from '../lib/proc.js'
import { bytes, ms, ratio, summarize, table, verdict } from '../lib/stats.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const baselines = path.join(here, '..', 'baselines')
const TOKEN = 'sandbox-token'
const DAG = 'example_dag'
export const STARTUP_TARGET = 1.3

/** Every trigger gets its own logical date (and so run id): the sandbox refuses duplicates. */
let triggers = 0
function nextLogicalDate(): string {
  const at = Date.UTC(2001, 0, 1) + triggers++ * 60_000
  return new Date(at).toISOString().replace('.000Z', 'Z')
}

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
    const scriptEnv = (date: string) => ({
      ...baseEnv,
      AIRFLOW_URL: sandbox.url,
      AIRFLOW_TOKEN: TOKEN,
      DAG_ID: DAG,
      LOGICAL_DATE: date
    })
    const node = process.execPath
    const timeout = { timeoutMs: 30_000 }

    /** One trigger by the action; `entry` and `preload` let the load probe run its copy. */
    const runAction = async (entry = ctx.action, preload: string[] = [], extraEnv = {}) => {
      const date = nextLogicalDate()
      await resetRunnerFiles(files)
      const env = await actionEnv(files, dir, {
        mode: 'trigger',
        'base-url': sandbox.url,
        'dag-id': DAG,
        token: TOKEN,
        'logical-date': date
      })
      const run = expectSuccess(
        await runTimed(node, [...preload, entry], {
          env: { ...env, ...extraEnv },
          cwd: dir,
          ...timeout
        }),
        'the action (trigger)'
      )
      const outputs = await readOutputs(files)
      if (outputs['dag-run-id'] !== `github__${date}`)
        throw new Error(`the action did not report the run: ${JSON.stringify(outputs)}`)
      return run
    }
    const variants = [
      { name: 'action (node dist/index.js)', run: () => runAction() },
      {
        name: 'node:http script (floor)',
        run: async () =>
          expectSuccess(
            await runTimed(node, [path.join(baselines, 'trigger-http.mjs')], {
              env: scriptEnv(nextLogicalDate()),
              ...timeout
            }),
            'the node:http script'
          )
      },
      {
        name: 'fetch script',
        run: async () =>
          expectSuccess(
            await runTimed(node, [path.join(baselines, 'trigger-fetch.mjs')], {
              env: scriptEnv(nextLogicalDate()),
              ...timeout
            }),
            'the fetch script'
          )
      },
      ...(ctx.curl
        ? [
            {
              name: 'curl',
              run: async () => {
                const date = nextLogicalDate()
                return expectSuccess(
                  await runTimed(
                    ctx.curl!,
                    [
                      '-sS',
                      '-f',
                      '-X',
                      'POST',
                      '-H',
                      `Authorization: Bearer ${TOKEN}`,
                      '-H',
                      'Content-Type: application/json',
                      '--data-binary',
                      JSON.stringify({ dag_run_id: `github__${date}`, logical_date: date }),
                      `${sandbox.url}/api/v2/dags/${DAG}/dagRuns`
                    ],
                    { env: baseEnv, ...timeout }
                  ),
                  'curl'
                )
              }
            }
          ]
        : []),
      {
        name: "node -e '' (no request)",
        run: async () =>
          expectSuccess(await runTimed(node, ['-e', ''], { env: baseEnv, ...timeout }), 'node -e')
      }
    ]
    ctx.log(`startup: ${variants.length} variants × ${rounds} rounds, interleaved`)
    const results = await interleave<Timed>(variants, {
      rounds,
      warmup: 2,
      budgetMs: ctx.quick ? 30_000 : 90_000,
      log: ctx.log
    })
    const stats = new Map([...results].map(([name, runs]) => [name, summarize(runs.map(r => r.ms))]))
    const floor = stats.get('node:http script (floor)')!
    const action = stats.get('action (node dist/index.js)')!
    const bare = stats.get("node -e '' (no request)")!

    // Where the action's extra time goes: an instrumented copy of the bundle.
    ctx.log('startup: load profile of the bundle')
    const probeDir = path.join(dir, 'dist-probed')
    let breakdown: LoadBreakdown | undefined
    let probeError: string | undefined
    try {
      await instrumentBundle(ctx.distDir, probeDir)
      const names = await moduleNames(ctx.distDir)
      const records: ProbeRecord[] = []
      const probeFile = path.join(dir, 'probe.json')
      for (let i = 0; i < (ctx.quick ? 4 : 12); i++) {
        await runAction(path.join(probeDir, 'index.js'), ['--import', probePreload], {
          BENCH_PROBE_FILE: probeFile
        })
        if (i > 0) records.push(JSON.parse(await readFile(probeFile, 'utf8')) as ProbeRecord)
      }
      breakdown = analyse(records, names)
    } catch (error) {
      probeError = error instanceof Error ? error.message : String(error)
    } finally {
      await rm(probeDir, { recursive: true, force: true })
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
      table(
        ['variant', 'runs', 'median', 'p90', 'vs node:http', 'above bare node'],
        rows,
        ['l', 'r', 'r', 'r', 'r', 'r']
      ),
      '',
      `Bundle: dist/index.js ${bytes(size.indexJs)} (${bytes(size.indexGzip)} gzipped), all of dist/*.js ${bytes(size.allJs)} (index.js + ${size.chunks} chunks loaded on demand).`
    ]
    if (breakdown) {
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
