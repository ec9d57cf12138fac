// Image sizes made on the runner (WordPress 7.1's sideload and finalize) against the same files
// whose sizes WordPress made itself: the same size names, the same dimensions (± 1 px), and every
// size's address serving an image of those dimensions.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import buildSourceBundle from '../test-support/build-source.js'
import { mediaOutput, runAction, type MediaEntry } from '../test-support/run-action.js'
import { basicAuth, loadStackEnv, wordpressAtLeast, type StackEnv } from './stack-env.js'

let env: StackEnv
let workspace: string
let removeBundle: () => Promise<void>

/** The files, each of its own kind: above the big-image threshold, turned by EXIF, and each type. */
const IMAGES = {
  'big.jpg': { width: 4000, height: 3000, format: 'jpeg' },
  'turned.jpg': { width: 1200, height: 900, format: 'jpeg', orientation: 6 },
  'plan.png': { width: 1000, height: 700, format: 'png' },
  'wave.gif': { width: 640, height: 480, format: 'gif' },
  'sky.webp': { width: 1600, height: 1000, format: 'webp' }
} as const

async function makeImage(
  file: string,
  spec: { width: number; height: number; format: string; orientation?: number }
): Promise<void> {
  // Noise, so that no encoder can make a trivially small file of it, as of a photo.
  const image = sharp({
    create: {
      width: spec.width,
      height: spec.height,
      channels: 3,
      background: { r: 90, g: 140, b: 200 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 }
    }
  })
  const typed =
    spec.format === 'jpeg'
      ? image.jpeg({ quality: 85 })
      : spec.format === 'png'
        ? image.png()
        : spec.format === 'gif'
          ? image.gif()
          : image.webp({ quality: 80 })
  await (spec.orientation ? typed.withMetadata({ orientation: spec.orientation }) : typed).toFile(
    file
  )
}

interface Item {
  media_details: {
    width: number
    height: number
    file: string
    original_image?: string
    sizes: Record<string, { width: number; height: number; source_url: string; mime_type: string }>
  }
  missing_image_sizes?: string[]
}

async function item(id: number): Promise<Item> {
  const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}/${id}?context=edit`, {
    headers: { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) }
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Item
}

async function upload(where: 'runner' | 'server'): Promise<Map<string, MediaEntry>> {
  const run = await runAction({
    source: true,
    action: 'upload',
    inputs: {
      'base-url': env.ORIGIN_URL,
      files: 'img/*',
      username: env.WP_USER,
      'app-password': env.WP_APP_PASSWORD,
      'image-sizes': where,
      // The same bytes are sent twice, once for each way of making their sizes.
      'skip-existing': 'false'
    },
    cwd: workspace,
    timeoutMs: 170_000
  })
  expect(run.exitCode, run.stdout).toBe(0)
  return new Map(mediaOutput(run).map(entry => [path.basename(entry.file), entry]))
}

beforeAll(async () => {
  env = loadStackEnv()
  removeBundle = await buildSourceBundle()
  workspace = await mkdtemp(path.join(tmpdir(), 'e2e-sizes-'))
  await mkdir(path.join(workspace, 'img'))
  for (const [name, spec] of Object.entries(IMAGES)) {
    await makeImage(path.join(workspace, 'img', name), spec)
  }
}, 60_000)
afterAll(async () => {
  await removeBundle()
  await rm(workspace, { recursive: true, force: true })
})

describe.runIf(wordpressAtLeast(loadStackEnv(), 7, 1))(
  'image sizes made on the runner, beside the same files sized by WordPress',
  () => {
    it('gives each item the same sizes, and every size serves an image of its dimensions', async () => {
      const byServer = await upload('server')
      const byRunner = await upload('runner')
      for (const name of Object.keys(IMAGES)) {
        const server = byServer.get(name)!
        const runner = byRunner.get(name)!
        expect(server).toMatchObject({
          status: 'uploaded',
          sizes: 'complete',
          sizesBy: 'wordpress'
        })
        expect(runner, name).toMatchObject({
          status: 'uploaded',
          sizes: 'complete',
          sizesBy: 'runner'
        })
        const [made, reference] = [await item(runner.id!), await item(server.id!)]
        expect(made.missing_image_sizes, name).toEqual([])
        const dims = (one: Item) =>
          Object.fromEntries(
            Object.entries(one.media_details.sizes)
              .filter(([size]) => size !== 'full')
              .map(([size, { width, height }]) => [size, [width, height]])
          )
        const ours = dims(made)
        const theirs = dims(reference)
        expect(Object.keys(ours).sort(), name).toEqual(Object.keys(theirs).sort())
        for (const [size, [width, height]] of Object.entries(theirs)) {
          const [w, h] = ours[size]!
          expect(Math.abs(w! - width!), `${name} ${size}`).toBeLessThanOrEqual(1)
          expect(Math.abs(h! - height!), `${name} ${size}`).toBeLessThanOrEqual(1)
        }
        // The main file: -scaled above the threshold, upright when EXIF turned it.
        const main = (one: Item) => [one.media_details.width, one.media_details.height]
        expect(main(made), name).toEqual(main(reference))
        expect(Boolean(made.media_details.original_image), name).toBe(
          Boolean(reference.media_details.original_image)
        )
        for (const [size, one] of Object.entries(made.media_details.sizes)) {
          const served = await fetch(one.source_url)
          expect(served.status, `${name} ${size}`).toBe(200)
          const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
          expect([meta.width, meta.height], `${name} ${size}`).toEqual([one.width, one.height])
          expect(`image/${meta.format}`, `${name} ${size}`).toBe(one.mime_type)
        }
      }
    }, 400_000)
  }
)
