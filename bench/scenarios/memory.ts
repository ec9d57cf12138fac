/**
 * Scenario 3: memory. The action's peak RSS (VmHWM, read by a preloaded hook at exit) uploading
 * 1 MiB, 100 MiB and 1 GiB: streaming should keep it flat.
 */
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { actionNode, runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import { expectSuccess, runTimed } from '../lib/proc.js'
import { peakRssPreload, readPeak } from '../lib/peak-rss.js'
import { bytes, GiB, median, MiB, table, verdict } from '../lib/stats.js'
import { sparseFile, startSink, uploadByAction } from '../lib/upload.js'

export const FLAT_MARGIN = 20 * MiB
export const CEILING = 100 * MiB

export async function memoryScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const sizes = ctx.quick ? [MiB, 64 * MiB, 256 * MiB] : [MiB, 100 * MiB, GiB]
  const rounds = ctx.quick ? 1 : 3
  const dir = path.join(ctx.tmp, 'memory')
  const workspace = path.join(dir, 'workspace')
  await mkdir(workspace, { recursive: true })
  const peakFile = path.join(dir, 'peak.json')
  const sink = await startSink(ctx)
  try {
    const files = await runnerFiles(dir)
    const variants = []
    for (const size of sizes) {
      const name = `file-${bytes(size).replace(' ', '')}.bin`
      await sparseFile(path.join(workspace, name), size)
      variants.push({
        name: bytes(size),
        run: async () => {
          await uploadByAction(ctx, {
            sink,
            files,
            workspace,
            pattern: name,
            sizes: [size],
            preload: ['--import', peakRssPreload],
            env: { BENCH_PEAK_RSS_FILE: peakFile },
            timeoutMs: 120_000
          })
          return readPeak(peakFile)
        }
      })
    }
    const largest = sizes.at(-1)!
    variants.push({
      name: `${bytes(largest)}, skip-existing (hashed first)`,
      run: async () => {
        await uploadByAction(ctx, {
          sink,
          files,
          workspace,
          pattern: `file-${bytes(largest).replace(' ', '')}.bin`,
          sizes: [largest],
          preload: ['--import', peakRssPreload],
          env: { BENCH_PEAK_RSS_FILE: peakFile },
          timeoutMs: 120_000,
          inputs: { 'skip-existing': 'true' }
        })
        return readPeak(peakFile)
      }
    })
    variants.push({
      name: "node -e '' (reference)",
      run: async () => {
        expectSuccess(
          await runTimed(actionNode, ['--import', peakRssPreload, '-e', ''], {
            env: { PATH: process.env.PATH, BENCH_PEAK_RSS_FILE: peakFile },
            timeoutMs: 30_000
          }),
          'node -e'
        )
        return readPeak(peakFile)
      }
    })
    ctx.log(`memory: ${sizes.map(bytes).join(', ')} × ${rounds} rounds`)
    const results = await interleave<number>(variants, {
      rounds,
      warmup: 0,
      budgetMs: ctx.quick ? 30_000 : 60_000,
      minRounds: 1,
      log: ctx.log
    })
    const peaks = new Map([...results].map(([name, runs]) => [name, median(runs)]))
    const mib = (value: number) => `${(value / MiB).toFixed(1)} MiB`
    const smallest = peaks.get(bytes(sizes[0]!))!
    const largestPeak = peaks.get(bytes(sizes.at(-1)!))!
    const hashedPeak = peaks.get(`${bytes(sizes.at(-1)!)}, skip-existing (hashed first)`)!
    const growth = largestPeak - smallest
    const met = growth <= FLAT_MARGIN && largestPeak < CEILING
    const hashedMet = hashedPeak - smallest <= FLAT_MARGIN && hashedPeak < CEILING
    const markdown = [
      table(
        ['upload', 'runs', 'peak RSS (median)', 'above the 1 MiB run', 'all runs'],
        [...results].map(([name, runs]) => [
          name,
          String(runs.length),
          mib(peaks.get(name)!),
          name.startsWith('node') ? '—' : mib(peaks.get(name)! - smallest),
          runs.map(mib).join(', ')
        ]),
        ['l', 'r', 'r', 'r', 'l']
      ),
      '',
      'Peak RSS is VmHWM from /proc/self/status, read at exit by a module preloaded with `node --import`.'
    ].join('\n')
    return {
      title: '3. Memory (peak RSS of the action)',
      markdown,
      targets: [
        {
          name: `Peak RSS flat: ${bytes(sizes.at(-1)!)} run within ${bytes(FLAT_MARGIN)} of the ${bytes(sizes[0]!)} run, under ${bytes(CEILING)}`,
          met,
          detail: `${mib(largestPeak)} against ${mib(smallest)} (+${mib(growth)}) — ${verdict(met)}`
        },
        {
          name: `Peak RSS flat with skip-existing: the ${bytes(sizes.at(-1)!)} file hashed, then sent, within ${bytes(FLAT_MARGIN)} of the ${bytes(sizes[0]!)} run`,
          met: hashedMet,
          detail: `${mib(hashedPeak)} against ${mib(smallest)} (+${mib(hashedPeak - smallest)}) — ${verdict(hashedMet)}`
        }
      ],
      data: { peaks: Object.fromEntries(peaks) }
    }
  } finally {
    await sink.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
