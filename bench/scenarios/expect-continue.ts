/**
 * Scenario 6: a large file refused by the CDN of the end-to-end stack for its size (nginx
 * `client_max_body_size` on CDN_LIMIT_URL). The action sends `Expect: 100-continue` and waits, so
 * the refusal costs a round trip; curl is run with its own `Expect: 100-continue` and without it
 * (`-H 'Expect:'`), which sends the body until the CDN closes the connection. The stack is brought
 * up when it is not running (and taken down again); where it cannot be, the scenario is skipped.
 */
import { execFile } from 'node:child_process'
import { mkdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { followAccessLog, parseEnvFile } from '../../e2e/stack-env.js'
import { actionEnv, actionNode, readOutputs, resetRunnerFiles, runnerFiles } from '../lib/action.js'
import { interleave, type BenchContext, type ScenarioResult } from '../lib/context.js'
import { runTimed } from '../lib/proc.js'
import { bytes, ms, summarize, table } from '../lib/stats.js'

const run = promisify(execFile)
const MIB = 1024 * 1024

function skipped(why: string): ScenarioResult {
  return {
    title: '6. A large file refused by the CDN (Expect: 100-continue)',
    markdown: `Skipped: ${why}`,
    targets: [],
    data: { skipped: why }
  }
}

interface Refused {
  ms: number
  /** What the CDN read of the request (nginx's request_length: request line, headers, body). */
  read: number
  /** Body bytes that left the client, by its own count; undefined where the client does not say. */
  sent?: number
}

export async function expectContinueScenario(ctx: BenchContext): Promise<ScenarioResult> {
  if (!ctx.curl) return skipped('curl is not installed')
  const stack = path.join(ctx.repoRoot, 'e2e', 'stack.sh')
  const status = await run('bash', [stack, 'status']).catch(() => ({ stdout: '' }))
  const startedHere = /: down/.test(status.stdout) || status.stdout === ''
  if (startedHere) {
    ctx.log('expect: bringing the end-to-end stack up')
    const up = await run('bash', [stack, 'up'], { timeout: 300_000 }).catch((error: Error) => error)
    if (up instanceof Error)
      return skipped(`the end-to-end stack did not come up (${up.message.split('\n')[0]})`)
  }
  const dir = path.join(ctx.tmp, 'expect')
  try {
    const env = parseEnvFile(
      await readFile(path.join(ctx.repoRoot, '.e2e-state', 'stack.env'), 'utf8')
    )
    if (!env.CDN_LIMIT_URL) return skipped('the stack has no CDN with a body limit')
    const size = (ctx.quick ? 64 : 256) * MIB
    const ws = path.join(dir, 'ws')
    await mkdir(ws, { recursive: true })
    const file = path.join(ws, 'video.mp4')
    await writeFile(file, '')
    await truncate(file, size)
    const files = await runnerFiles(dir)
    const url = `${env.CDN_LIMIT_URL}/wp-json/wp/v2/media`
    const cdnLog = followAccessLog(env.CDN_PASS_ACCESS_LOG!)
    /** The CDN's log line of the refused POST: what it read is what the client sent of the body. */
    const refusedPost = async () => {
      const entries = cdnLog.read()
      while (!entries.some(e => e.method === 'POST' && e.status === 413))
        entries.push(...(await cdnLog.take(1, { settleMs: 0 })))
      return entries.find(e => e.method === 'POST' && e.status === 413)!
    }
    const action = async (): Promise<Refused> => {
      await resetRunnerFiles(files)
      cdnLog.read()
      const result = await runTimed(actionNode, [ctx.action], {
        env: await actionEnv(files, ws, {
          mode: 'upload',
          'base-url': env.CDN_LIMIT_URL!,
          'api-path': '/wp-json/wp/v2',
          files: '*.mp4',
          username: env.WP_USER!,
          'app-password': env.WP_APP_PASSWORD!,
          preflight: 'false',
          'skip-existing': 'false'
        }),
        cwd: ws,
        timeoutMs: 120_000
      })
      const outputs = await readOutputs(files)
      if (result.code !== 1 || outputs['failed-count'] !== '1')
        throw new Error(`the action was not refused as expected: ${result.stdout.slice(-400)}`)
      return { ms: result.ms, read: (await refusedPost()).request_length }
    }
    const curl = (expect: boolean) => async (): Promise<Refused> => {
      cdnLog.read()
      const result = await runTimed(
        ctx.curl!,
        [
          '-sS',
          '-o',
          '/dev/null',
          '-w',
          '%{http_code} %{size_upload}',
          '-u',
          `${env.WP_USER}:${env.WP_APP_PASSWORD}`,
          '-H',
          'Content-Type: video/mp4',
          '-H',
          'Content-Disposition: attachment; filename="video.mp4"',
          '-H',
          expect ? 'Expect: 100-continue' : 'Expect:',
          '-X',
          'POST',
          '-T',
          file,
          url
        ],
        { env: process.env, timeoutMs: 120_000 }
      )
      const [code, uploaded] = result.stdout.trim().split(' ')
      if (code !== '413') throw new Error(`curl got ${result.stdout} ${result.stderr.slice(-300)}`)
      return { ms: result.ms, read: (await refusedPost()).request_length, sent: Number(uploaded) }
    }
    /** bench/baselines/upload-no-expect.mjs: a Node client streaming the file at once. */
    const nodeWithout = async (): Promise<Refused> => {
      cdnLog.read()
      const result = await runTimed(
        actionNode,
        [path.join(ctx.repoRoot, 'bench', 'baselines', 'upload-no-expect.mjs')],
        {
          env: {
            ...process.env,
            UPLOAD_URL: url,
            UPLOAD_FILE: file,
            UPLOAD_AUTH: `${env.WP_USER}:${env.WP_APP_PASSWORD}`
          },
          timeoutMs: 120_000
        }
      )
      const [code, sent] = result.stdout.trim().split(' ')
      if (code !== '413')
        throw new Error(`node:http got ${result.stdout} ${result.stderr.slice(-300)}`)
      return { ms: result.ms, read: (await refusedPost()).request_length, sent: Number(sent) }
    }
    const variants = [
      { name: 'action (Expect: 100-continue)', run: action },
      { name: 'node:http, no Expect (the action before)', run: nodeWithout },
      { name: 'curl -T, Expect: 100-continue', run: curl(true) },
      { name: "curl -T, no Expect (-H 'Expect:')", run: curl(false) }
    ]
    ctx.log(`expect: a ${bytes(size)} file refused by the CDN's ${env.CDN_BODY_LIMIT} limit`)
    const results = await interleave(variants, {
      rounds: ctx.quick ? 2 : 5,
      warmup: 1,
      budgetMs: ctx.quick ? 30_000 : 60_000,
      log: ctx.log
    })
    const median = (values: (number | undefined)[]) =>
      values.every(v => v !== undefined) ? summarize(values as number[]).median : undefined
    const rows = [...results].map(([name, runs]) => {
      const time = summarize(runs.map(r => r.ms))
      const sent = median(runs.map(r => r.sent))
      return [
        name,
        String(time.n),
        ms(time.median),
        ms(time.p90),
        bytes(median(runs.map(r => r.read))!),
        sent === undefined ? '—' : bytes(sent)
      ]
    })
    const sentWithout = median(results.get(variants[1]!.name)!.map(r => r.sent))!
    const curlWithout = median(results.get(variants[3]!.name)!.map(r => r.sent))!
    return {
      title: `6. A large file refused by the CDN (${bytes(size)}, Expect: 100-continue)`,
      markdown: [
        table(
          ['variant', 'runs', 'median', 'p90', 'the CDN read', 'body sent (client count)'],
          rows,
          ['l', 'r', 'r', 'r', 'r', 'r']
        ),
        '',
        `The e2e stack's CDN (\`CDN_LIMIT_URL\`, nginx \`client_max_body_size ${env.CDN_BODY_LIMIT}\`) refuses the POST with 413 before the origin sees it. "The CDN read" is nginx's \`request_length\` (request line and headers, and body bytes it read before refusing); bytes it discards after its answer are not in it, so the body sent is the client's own count (curl's \`size_upload\`; the Node script's socket count). The action sends no body byte before \`100 Continue\` (src/http/send.ts), which never comes here. The action's time includes its start-up, the look-up of its API and its own request for the user's rights; the others send one request. Without the expectation a Node client had handed ${bytes(sentWithout)} of body to the socket before the 413 came back, even on loopback, where the answer takes a fraction of a millisecond; curl without it sent ${bytes(curlWithout)}, since it looks for an early answer before each write. Across a real network a client without the expectation sends for a whole round trip (20–100 ms at the uploader's bandwidth) before it learns of the refusal; with it, it sends the headers only.`
      ].join('\n'),
      targets: [],
      data: {
        size,
        stats: Object.fromEntries(
          [...results].map(([name, runs]) => [name, { ms: summarize(runs.map(r => r.ms)), runs }])
        )
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
    if (startedHere) await run('bash', [stack, 'down']).catch(() => undefined)
  }
}
