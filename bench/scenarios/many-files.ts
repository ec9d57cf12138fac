/**
 * Scenario 4: many files. 200 files of 256 KiB by the action (one process, one kept-alive
 * connection) against the shell loop of curl users write today (a process and a connection per
 * file). One curl process sending them all (`--next`) is shown for reference.
 */
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import { bytes, KiB, ms, ratio, summarize, table, verdict } from '../lib/stats.js'
import {
  APP_PASSWORD,
  curlMediaArgs,
  manyFiles,
  startSink,
  uploadByAction,
  uploadByCommand,
  USER,
  type UploadRun
} from '../lib/upload.js'

/** What users write: one curl per file, the file name from a parameter expansion (no subshell). */
const LOOP = `for f in "$1"/*.jpg; do
  curl -sS -f -u "$2" -H 'Content-Type: image/jpeg' \\
    -H "Content-Disposition: attachment; filename=\\"\${f##*/}\\"" \\
    --data-binary @"$f" -o /dev/null "$3" || exit 1
done`

export async function manyFilesScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const count = ctx.quick ? 50 : 200
  const size = 256 * KiB
  const rounds = ctx.quick ? 2 : 5
  const dir = path.join(ctx.tmp, 'many')
  const workspace = path.join(dir, 'workspace')
  await mkdir(workspace, { recursive: true })
  const names = await manyFiles(path.join(workspace, 'images'), count, size)
  const sizes = names.map(() => size)
  const sink = await startSink(ctx)
  try {
    const files = await runnerFiles(dir)
    const timeoutMs = 120_000
    const curl = ctx.curl
    const variants = [
      {
        name: 'action',
        run: () =>
          uploadByAction(ctx, { sink, files, workspace, pattern: 'images/*.jpg', sizes, timeoutMs })
      },
      ...(curl
        ? [
            {
              name: 'shell loop of curl',
              run: () =>
                uploadByCommand(
                  sink,
                  'sh',
                  ['-c', LOOP, 'loop', 'images', `${USER}:${APP_PASSWORD}`, sink.mediaUrl],
                  sizes,
                  { cwd: workspace, timeoutMs, who: 'the curl loop' }
                )
            },
            {
              name: 'one curl process, --next per file (reference)',
              run: () =>
                uploadByCommand(
                  sink,
                  curl,
                  names.flatMap((name, i) => [
                    ...(i > 0 ? ['--next'] : []),
                    ...curlMediaArgs(name, 'image/jpeg'),
                    '--data-binary',
                    `@images/${name}`,
                    sink.mediaUrl
                  ]),
                  sizes,
                  { cwd: workspace, timeoutMs, who: 'curl --next' }
                )
            }
          ]
        : [])
    ]
    ctx.log(`many: ${count} × ${bytes(size)}, ${variants.length} variants × ${rounds} rounds`)
    const results = await interleave<UploadRun>(variants, {
      rounds,
      warmup: 1,
      budgetMs: ctx.quick ? 30_000 : 90_000,
      minRounds: 2,
      log: ctx.log
    })
    const stats = new Map(
      [...results].map(([name, runs]) => [name, summarize(runs.map(r => r.ms))])
    )
    const action = stats.get('action')!
    const loop = stats.get('shell loop of curl')
    const rows = [...results].map(([name, runs]) => {
      const s = stats.get(name)!
      return [
        name,
        String(s.n),
        ms(s.median),
        ms(s.p90),
        ms(s.median / count),
        String(runs[0]!.connections),
        loop ? ratio(s.median / loop.median) : 'n/a'
      ]
    })
    const speedup = loop ? loop.median / action.median : Number.NaN
    const markdown = [
      table(['variant', 'runs', 'median', 'p90', 'per file', 'connections', 'vs curl loop'], rows, [
        'l',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r'
      ]),
      '',
      `${count} files of ${bytes(size)}; the action's time includes its start-up, the file glob and the preflight GET (its defaults).`
    ].join('\n')
    return {
      title: `4. Many files (${count} × ${bytes(size)})`,
      markdown,
      targets: loop
        ? [
            {
              name: 'Many files faster than a shell loop of curl',
              met: action.median < loop.median,
              detail: `${ratio(speedup)} faster (${ms(action.median)} against ${ms(loop.median)}) — ${verdict(action.median < loop.median)}`
            }
          ]
        : [],
      data: { count, size, stats: Object.fromEntries(stats) }
    }
  } finally {
    await sink.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
