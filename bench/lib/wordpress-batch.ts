/**
 * For scenario 7 (concurrency): a batch of photo-like images of mixed sizes, and one upload of it
 * by the action to the end-to-end stack's WordPress: timed, its level changes read from the log,
 * the 508s counted in nginx's access log, every file checked stored once, and the items deleted
 * again afterwards so that no run works on a fuller library than another.
 */
import { execFile } from 'node:child_process'
import { appendFile, copyFile, mkdir, readdir, rm } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import path from 'node:path'
import { promisify } from 'node:util'
import { basicAuth, followAccessLog, type AccessLogEntry } from '../../e2e/stack-env.js'
import { AUTO_START } from '../../src/upload/pace/adaptive-level.js'
import { actionEnv, actionNode, readOutputs, resetRunnerFiles, type RunnerFiles } from './action.js'
import { expectSuccess, runTimed } from './proc.js'

const run = promisify(execFile)

/**
 * Sizes as a release's images come: mostly web-sized JPEGs, a camera photo over WordPress's
 * 2560 px threshold (it stores a scaled copy too) and PNGs, 12 in all. The order mixes them, as
 * names would; the batch is this twice.
 */
const BATCH = [
  [1200, 800, 'jpg'],
  [1920, 1280, 'jpg'],
  [1600, 1067, 'png'],
  [1200, 800, 'jpg'],
  [4000, 3000, 'jpg'],
  [1920, 1280, 'jpg'],
  [1200, 800, 'jpg'],
  [1920, 1280, 'jpg'],
  [1600, 1067, 'png'],
  [1200, 800, 'jpg'],
  [1920, 1280, 'jpg'],
  [1200, 800, 'jpg']
] as const
export const BATCH_SIZE = 24

/**
 * Drawn with the stack's PHP (GD): coloured tiles under a faint noise, so a JPEG holds about as
 * many bytes per pixel as a photo (0.2–0.3) and WordPress makes its sub-sizes as of any photo.
 */
const DRAW = `[$dir, $spec] = [$argv[1], $argv[2]];
$tile = imagecreatetruecolor(257, 251);
mt_srand(7);
for ($y = 0; $y < 251; $y++) for ($x = 0; $x < 257; $x++) {
  $v = mt_rand(0, 255);
  imagesetpixel($tile, $x, $y, imagecolorallocate($tile, $v, mt_rand(0, 255), $v));
}
foreach (explode(',', $spec) as $n => $one) {
  [$w, $h, $type] = explode(':', $one);
  $im = imagecreatetruecolor((int) $w, (int) $h);
  for ($y = 0; $y < $h; $y += 16) for ($x = 0; $x < $w; $x += 16)
    imagefilledrectangle($im, $x, $y, $x + 15, $y + 15,
      imagecolorallocate($im, ($x + $n * 40) % 256, ($y * 2) % 256, ($x + $y + $n * 37) % 256));
  for ($y = 0; $y < $h; $y += 251) for ($x = 0; $x < $w; $x += 257)
    imagecopymerge($im, $tile, $x, $y, 0, 0, 257, 251, 20);
  $file = sprintf('%s/photo-%02d-%dx%d.%s', $dir, $n + 1, $w, $h, $type);
  if ($type === 'png') imagepng($im, $file); else imagejpeg($im, $file, 85);
}`

/** Draws the batch into `dir`; returns the file names. */
export async function drawBatch(php: string, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const spec = Array.from({ length: BATCH_SIZE }, (_, i) => BATCH[i % BATCH.length]!.join(':'))
  await run(php, ['-r', DRAW, dir, spec.join(',')], { timeout: 120_000 })
  return (await readdir(dir)).sort()
}

/** The stack's addresses and credentials one upload needs. */
export interface Site {
  /** Where the action sends its requests (the origin, or the capped host in front of it). */
  baseUrl: string
  /** The origin itself: the library is read and cleared there. */
  originUrl: string
  /** The access log of `baseUrl`'s nginx server. */
  accessLog: string
  user: string
  appPassword: string
  /**
   * The stack's CA (TLS_CA_FILE's PEM) for the harness's own requests: its servers speak https
   * with a certificate of their own, and this process started before the stack made it.
   */
  ca?: string
}

export interface BatchRun {
  ms: number
  /** The log's "Concurrency a → b: reason." lines, in order. */
  changes: string[]
  /** The levels the run went through, from its first: [2, 3, 4, 3]. */
  levels: number[]
  /** Answers 508 in the access log during the run: all requests, and the media POSTs. */
  refusals508: number
  posts508: number
  posts: number
}

export interface BatchUpload {
  site: Site
  entry: string
  images: string
  names: string[]
  files: RunnerFiles
  /** A fresh folder for this run's copy of the batch. */
  workspace: string
  concurrency: string
  timeoutMs: number
}

const isMediaPost = (e: AccessLogEntry) => e.method === 'POST' && /\/media(\?|$)/.test(e.uri)

/** One upload of the batch, with bytes of its own appended so that no run finds another's files. */
export async function uploadBatch(upload: BatchUpload): Promise<BatchRun> {
  const { site } = upload
  await mkdir(path.join(upload.workspace, 'img'), { recursive: true })
  for (const name of upload.names) {
    const copy = path.join(upload.workspace, 'img', name)
    await copyFile(path.join(upload.images, name), copy)
    await appendFile(copy, `#${path.basename(upload.workspace)}`)
  }
  await resetRunnerFiles(upload.files)
  const before = await mediaTotal(site)
  const log = followAccessLog(site.accessLog)
  const result = expectSuccess(
    await runTimed(actionNode, [upload.entry], {
      env: await actionEnv(upload.files, upload.workspace, {
        mode: 'upload',
        'base-url': site.baseUrl,
        'api-path': '/wp-json/wp/v2',
        files: 'img/*',
        username: site.user,
        'app-password': site.appPassword,
        concurrency: upload.concurrency
      }),
      cwd: upload.workspace,
      timeoutMs: upload.timeoutMs
    }),
    `the action (concurrency ${upload.concurrency})`
  )
  const media = JSON.parse((await readOutputs(upload.files)).media ?? '[]') as {
    id: number | null
    status: string
  }[]
  const ids = media.flatMap(m => (m.status === 'uploaded' && m.id !== null ? [m.id] : []))
  const stored = (await mediaTotal(site)) - before
  await rm(upload.workspace, { recursive: true, force: true })
  await deleteMedia(site, ids)
  if (ids.length !== upload.names.length || stored !== upload.names.length)
    throw new Error(
      `concurrency ${upload.concurrency}: ${ids.length} of ${upload.names.length} files uploaded, ${stored} new items in the library`
    )
  const sent = result.stdout.split('\n').filter(line => / POST \d+\/\d+ → /.test(line)).length
  const entries = log.read()
  // nginx logs a request once it has answered it: the last may not be written yet.
  while (entries.filter(isMediaPost).length < sent)
    entries.push(...(await log.take(1, { settleMs: 0, timeoutMs: 5000 })))
  const changes = result.stdout.split('\n').filter(line => line.startsWith('Concurrency '))
  return {
    ms: result.ms,
    changes,
    levels: levelsOf(upload.concurrency, changes),
    refusals508: entries.filter(e => e.status === 508).length,
    posts508: entries.filter(e => isMediaPost(e) && e.status === 508).length,
    posts: entries.filter(isMediaPost).length
  }
}

/** The levels a run went through, from its first, read from its "Concurrency a → b" lines. */
export function levelsOf(concurrency: string, changes: string[]): number[] {
  if (concurrency !== 'auto') return [Number(concurrency)]
  const steps = changes.map(line => /^Concurrency (\d+) → (\d+):/.exec(line))
  const first = Number(steps[0]?.[1] ?? AUTO_START)
  return [first, ...steps.map(step => Number(step?.[2]))]
}

export interface SiteAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request of the harness's to the origin as the uploading user, trusting `site.ca`. */
export function askSite(site: Site, method: string, pathAndQuery: string): Promise<SiteAnswer> {
  const url = new URL(pathAndQuery, site.originUrl)
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method,
        headers: { authorization: basicAuth(site.user, site.appPassword) },
        ...(site.ca ? { ca: site.ca } : {})
      },
      response => {
        let body = ''
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
        response.once('error', reject)
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
        )
      }
    )
    request.once('error', reject)
    request.end()
  })
}

export async function mediaTotal(site: Site): Promise<number> {
  const answer = await askSite(site, 'GET', '/wp-json/wp/v2/media?per_page=1&context=edit')
  if (answer.status !== 200) throw new Error(`counting the media: HTTP ${answer.status}`)
  return Number(answer.headers['x-wp-total'])
}

/** Deletes the items and their files (`force`: not to the trash), a few at a time. */
export async function deleteMedia(site: Site, ids: number[]): Promise<void> {
  const queue = [...ids]
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const answer = await askSite(site, 'DELETE', `/wp-json/wp/v2/media/${id}?force=true`)
      if (answer.status !== 200) throw new Error(`deleting item ${id}: HTTP ${answer.status}`)
    }
  }
  await Promise.all([worker(), worker()])
}
