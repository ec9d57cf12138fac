/**
 * Scenario 2: one large upload. A 1 GiB file (sparse, in the temp dir) to a draining sink in its
 * own process, by the action against `curl -T` (which streams the file).
 */
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import { bytes, GiB, MiB, ms, rate, ratio, summarize, table, verdict } from '../lib/stats.js'
import {
  curlMediaArgs,
  sparseFile,
  startSink,
  uploadByAction,
  uploadByCommand,
  type UploadRun
} from '../lib/upload.js'

export const THROUGHPUT_TARGET = 0.8

const HASHING = 'action, skip-existing (hash + look-up)'

export async function largeUploadScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const size = ctx.quick ? 256 * MiB : GiB
  const rounds = ctx.quick ? 2 : 5
  const dir = path.join(ctx.tmp, 'large')
  const workspace = path.join(dir, 'workspace')
  const name = 'large.bin'
  await mkdir(workspace, { recursive: true })
  await sparseFile(path.join(workspace, name), size)
  const sink = await startSink(ctx)
  try {
    const files = await runnerFiles(dir)
    const timeoutMs = 120_000
    const variants = [
      {
        name: 'action',
        run: () =>
          uploadByAction(ctx, { sink, files, workspace, pattern: name, sizes: [size], timeoutMs })
      },
      {
        name: HASHING,
        run: () =>
          uploadByAction(ctx, {
            sink,
            files,
            workspace,
            pattern: name,
            sizes: [size],
            timeoutMs,
            inputs: { 'skip-existing': 'true' }
          })
      },
      ...(ctx.curl
        ? [
            {
              name: 'curl -T',
              run: () =>
                uploadByCommand(
                  sink,
                  ctx.curl!,
                  [
                    ...curlMediaArgs(name, 'application/octet-stream'),
                    '-X',
                    'POST',
                    '-T',
                    name,
                    sink.mediaUrl
                  ],
                  [size],
                  { cwd: workspace, timeoutMs, who: 'curl -T' }
                )
            }
          ]
        : [])
    ]
    ctx.log(`large: ${bytes(size)}, ${variants.length} variants × ${rounds} rounds, interleaved`)
    const results = await interleave<UploadRun>(variants, {
      rounds,
      warmup: 1,
      budgetMs: ctx.quick ? 30_000 : 90_000,
      minRounds: 2,
      log: ctx.log
    })
    const rows: string[][] = []
    const figures: Record<string, { wall: number; transfer: number; wallP90: number }> = {}
    for (const [variant, runs] of results) {
      const wall = summarize(runs.map(r => r.ms))
      const transfer = summarize(runs.map(r => r.transfers[0]!.ms))
      figures[variant] = { wall: wall.median, transfer: transfer.median, wallP90: wall.p90 }
      rows.push([
        variant,
        String(wall.n),
        ms(wall.median),
        ms(wall.p90),
        rate((size / wall.median) * 1000),
        rate((size / transfer.median) * 1000)
      ])
    }
    const action = figures.action!
    const curl = figures['curl -T']
    const wallRatio = curl ? curl.wall / action.wall : Number.NaN
    const transferRatio = curl ? curl.transfer / action.transfer : Number.NaN
    for (const row of rows) {
      const f = figures[row[0]!]!
      row.push(
        curl ? ratio(curl.wall / f.wall) : 'n/a',
        curl ? ratio(curl.transfer / f.transfer) : 'n/a'
      )
    }
    const markdown = [
      table(
        [
          'variant',
          'runs',
          'wall median',
          'wall p90',
          'throughput (wall)',
          'throughput (body on the wire)',
          'vs curl (wall)',
          'vs curl (wire)'
        ],
        rows,
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']
      ),
      '',
      `The cost of skip-existing (streaming the file through sha-256 once, and one look-up) is the difference of the two action rows: ${ms(figures[HASHING]!.wall - action.wall)} for ${bytes(size)}.`,
      '',
      `${bytes(size)} sparse file; the sink drains bodies in its own process. Wall time is the whole process (the action's includes its start-up and the preflight GET); "on the wire" is the sink's time from the POST's headers to the body's last byte.`
    ].join('\n')
    return {
      title: `2. One large upload (${bytes(size)})`,
      markdown,
      targets: curl
        ? [
            {
              name: `Large upload throughput ≥ ${THROUGHPUT_TARGET}× curl's`,
              met: wallRatio >= THROUGHPUT_TARGET,
              detail: `${ratio(wallRatio)} wall (${rate((size / action.wall) * 1000)} against ${rate((size / curl.wall) * 1000)}), ${ratio(transferRatio)} on the wire — ${verdict(wallRatio >= THROUGHPUT_TARGET)}`
            }
          ]
        : [],
      data: { size, figures }
    }
  } finally {
    await sink.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
