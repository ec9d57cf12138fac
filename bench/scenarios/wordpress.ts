/**
 * Scenario 5: real images to the real WordPress of the end-to-end stack, which makes its
 * thumbnails of each: the action with concurrency 1 and 4 against a sequential curl loop and
 * `xargs -P4 curl`, and a re-run of an uploaded set (every file found in the library, none sent).
 * The stack is brought up when it is not running (and taken down again); where it cannot be, the
 * scenario says so and is skipped.
 */
import { execFile } from 'node:child_process'
import { appendFile, copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { parseEnvFile } from '../../e2e/stack-env.js'
import { actionEnv, actionNode, readOutputs, resetRunnerFiles, runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import { expectSuccess, runTimed } from '../lib/proc.js'
import { ms, ratio, summarize, table, verdict } from '../lib/stats.js'

const run = promisify(execFile)

/** 1920×1280 JPEGs drawn with PHP's GD (the stack's PHP): WordPress makes its sub-sizes of each. */
const DRAW = `for ($i = 1; $i <= (int) $argv[2]; $i++) {
  $im = imagecreatetruecolor(1920, 1280);
  for ($y = 0; $y < 1280; $y += 16) for ($x = 0; $x < 1920; $x += 16)
    imagefilledrectangle($im, $x, $y, $x + 15, $y + 15,
      imagecolorallocate($im, ($x + $i * 40) % 256, ($y * 2) % 256, ($x + $y + $i * 37) % 256));
  imagejpeg($im, sprintf('%s/img-%02d.jpg', $argv[1], $i), 88);
}`

const CURL_ONE = `curl -sS -f -u "$AUTH" -H 'Content-Type: image/jpeg' -H "Content-Disposition: attachment; filename=\\"\${1##*/}\\"" --data-binary @"$1" -o /dev/null "$URL"`

function skipped(why: string): ScenarioResult {
  return {
    title: '5. Real images to real WordPress',
    markdown: `Skipped: ${why}`,
    targets: [],
    data: { skipped: why }
  }
}

export async function wordpressScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const stack = path.join(ctx.repoRoot, 'e2e', 'stack.sh')
  const status = await run('bash', [stack, 'status']).catch(() => ({ stdout: '' }))
  const startedHere = /: down/.test(status.stdout) || status.stdout === ''
  if (startedHere) {
    ctx.log('wordpress: bringing the end-to-end stack up')
    const up = await run('bash', [stack, 'up'], { timeout: 300_000 }).catch((error: Error) => error)
    if (up instanceof Error)
      return skipped(`the end-to-end stack did not come up (${up.message.split('\n')[0]})`)
  }
  const dir = path.join(ctx.tmp, 'wordpress')
  try {
    const env = parseEnvFile(
      await readFile(path.join(ctx.repoRoot, '.e2e-state', 'stack.env'), 'utf8')
    )
    if (!ctx.curl) return skipped('curl is not installed')
    const count = 24
    const images = path.join(dir, 'images')
    await mkdir(images, { recursive: true })
    await run('php', ['-r', DRAW, images, String(count)])
    const names = (await readdir(images)).sort()
    const files = await runnerFiles(dir)
    let round = 0
    /** A workspace of the images with bytes of its own, so that no run finds another's files. */
    const workspace = async () => {
      const ws = path.join(dir, `ws-${++round}`)
      await mkdir(path.join(ws, 'img'), { recursive: true })
      for (const name of names) {
        await copyFile(path.join(images, name), path.join(ws, 'img', name))
        await appendFile(path.join(ws, 'img', name), `#${process.pid}-${round}`)
      }
      return ws
    }
    const action = async (ws: string, inputs: Record<string, string>) => {
      await resetRunnerFiles(files)
      const result = expectSuccess(
        await runTimed(actionNode, [ctx.action], {
          env: await actionEnv(files, ws, {
            mode: 'upload',
            'base-url': env.ORIGIN_URL!,
            'api-path': '/wp-json/wp/v2',
            files: 'img/*.jpg',
            username: env.WP_USER!,
            'app-password': env.WP_APP_PASSWORD!,
            ...inputs
          }),
          cwd: ws,
          timeoutMs: 300_000
        }),
        'the action (upload to WordPress)'
      )
      return { ...result, outputs: await readOutputs(files) }
    }
    const shell = async (script: string) => {
      const ws = await workspace()
      return expectSuccess(
        await runTimed('sh', ['-c', script], {
          env: {
            PATH: process.env.PATH,
            AUTH: `${env.WP_USER}:${env.WP_APP_PASSWORD}`,
            URL: `${env.ORIGIN_URL}${env.WP_MEDIA_PATH}`,
            ONE: CURL_ONE
          },
          cwd: ws,
          timeoutMs: 300_000
        }),
        'curl'
      )
    }
    const variants = [
      {
        name: 'sequential curl loop',
        run: () => shell('for f in img/*.jpg; do sh -c "$ONE" one "$f" || exit 1; done')
      },
      { name: 'xargs -P4 curl', run: () => shell('ls img/*.jpg | xargs -P4 -n1 sh -c "$ONE" one') },
      { name: 'action, concurrency 1', run: async () => action(await workspace(), {}) },
      {
        name: 'action, concurrency 4',
        run: async () => action(await workspace(), { concurrency: '4' })
      },
      {
        name: 'action, re-run of an uploaded set',
        run: async () => {
          const ws = await workspace()
          await action(ws, { concurrency: '4' })
          const again = await action(ws, {})
          if (again.outputs['existing-count'] !== String(count))
            throw new Error(`the re-run found ${again.outputs['existing-count']} of ${count} files`)
          return again
        }
      }
    ]
    ctx.log(`wordpress: ${count} images of 1920×1280, ${variants.length} variants`)
    const results = await interleave(variants, {
      rounds: ctx.quick ? 1 : 3,
      warmup: 0,
      budgetMs: ctx.quick ? 60_000 : 180_000,
      minRounds: 1,
      log: ctx.log
    })
    const stats = new Map(
      [...results].map(([name, runs]) => [name, summarize(runs.map(r => r.ms))])
    )
    const loop = stats.get('sequential curl loop')!
    const four = stats.get('action, concurrency 4')!
    const one = stats.get('action, concurrency 1')!
    const rerun = stats.get('action, re-run of an uploaded set')!
    const rows = [...stats].map(([name, s]) => [
      name,
      String(s.n),
      ms(s.median),
      ms(s.p90),
      ratio(loop.median / s.median)
    ])
    const speedup = loop.median / four.median
    const rerunGain = one.median / rerun.median
    return {
      title: `5. Real images to real WordPress (${count} × 1920×1280 JPEG)`,
      markdown: [
        table(['variant', 'runs', 'median', 'p90', 'speed vs curl loop'], rows, [
          'l',
          'r',
          'r',
          'r',
          'r'
        ]),
        '',
        `WordPress makes its sub-sizes of every image, so the server's CPU sets the pace (4 PHP workers, ${ctx.quick ? 'quick run' : '2 cores'}). The re-run's time is the second of two runs on the same files: it looks all ${count} up in one request and sends none.`
      ].join('\n'),
      targets: [
        {
          name: 'concurrency 4 at least 1.8× faster than a sequential curl loop',
          met: speedup >= 1.8,
          detail: `${ratio(speedup)} (${ms(four.median)} against ${ms(loop.median)}) — ${verdict(speedup >= 1.8)}`
        },
        {
          name: 'a re-run of an uploaded set at least 20× faster than uploading it',
          met: rerunGain >= 20,
          detail: `${ratio(rerunGain)} (${ms(rerun.median)} against ${ms(one.median)}) — ${verdict(rerunGain >= 20)}`
        }
      ],
      data: { count, stats: Object.fromEntries(stats) }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
    if (startedHere) await run('bash', [stack, 'down']).catch(() => undefined)
  }
}
