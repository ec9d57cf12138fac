// The committed bundle, started exactly as the Actions runner starts it.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/server.js'
import { gitRepoWithCommit } from '../../test-support/git-repo.js'
import { GIF } from '../../test-support/images.js'
import {
  actionNode,
  errorMessages,
  mediaOutput,
  repoRoot,
  runAction
} from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox()
})
afterAll(() => sandbox.close())

describe('dist/index.js', () => {
  it.runIf(process.platform === 'linux' && process.arch === 'x64')(
    'runs on the runtime action.yml declares',
    () => {
      expect(execFileSync(actionNode, ['--version'], { encoding: 'utf8' })).toMatch(/^v24\./)
    }
  )

  it('triggers a run dated by the commit', async () => {
    const checkout = await gitRepoWithCommit('2026-06-07T08:09:10Z')
    try {
      const run = await runAction({
        inputs: {
          mode: 'trigger',
          'base-url': sandbox.url,
          'dag-id': 'etl_nightly',
          token: 'sandbox-token'
        },
        env: { GITHUB_SHA: checkout.sha },
        cwd: checkout.dir
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({
        'dag-run-id': 'github__2026-06-07T08:09:10Z',
        'logical-date': '2026-06-07T08:09:10Z',
        'dag-run-state': 'queued',
        diagnosis: 'origin'
      })
      expect(sandbox.runs.get('etl_nightly')?.map(r => r.dag_run_id)).toEqual([
        'github__2026-06-07T08:09:10Z'
      ])
    } finally {
      sandbox.reset()
      await rm(checkout.dir, { recursive: true, force: true })
    }
  })

  it('serves trigger/action.yml through dist/trigger.js, whatever a `mode` input says', async () => {
    try {
      const run = await runAction({
        action: 'trigger',
        inputs: {
          mode: 'upload',
          'base-url': sandbox.url,
          'dag-id': 'etl_nightly',
          token: 'sandbox-token',
          'logical-date': '2026-06-07T08:09:10Z'
        }
      })
      expect(run.exitCode).toBe(0)
      expect(run.outputs).toMatchObject({ 'dag-run-id': 'github__2026-06-07T08:09:10Z' })
      expect(sandbox.requests.map(r => `${r.method} ${r.path}`)).toEqual([
        'GET /api/v2/version',
        'GET /api/v2/dags/etl_nightly',
        'POST /api/v2/dags/etl_nightly/dagRuns'
      ])
    } finally {
      sandbox.reset()
    }
  })

  it('meets a CDN block, backs off 3 s then 6 s, and stops', async () => {
    sandbox.configure({ cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 2 } })
    const workspace = await mkdtemp(path.join(tmpdir(), 'bundle-upload-'))
    try {
      for (const name of ['a', 'b', 'c', 'd'])
        await writeFile(path.join(workspace, `${name}.gif`), GIF)
      const run = await runAction({
        inputs: {
          mode: 'upload',
          'base-url': sandbox.url,
          files: '*.gif',
          username: 'demo',
          'app-password': 'abcd efgh ijkl mnop qrst uvwx',
          // One at a time: the third file meets the block, the fourth is never sent.
          concurrency: '1'
        },
        cwd: workspace,
        instantPauses: true
      })
      expect(run.exitCode).toBe(1)
      const posts = sandbox.requests.filter(r => r.method === 'POST')
      expect(posts.map(r => r.answeredBy)).toEqual(['origin', 'origin', 'cdn', 'cdn', 'cdn'])
      // The policy's waits between the attempts: at least 3 s, then at least 6 s (plus jitter).
      expect(run.pauses).toHaveLength(2)
      expect(run.pauses[0]).toBeGreaterThanOrEqual(3000)
      expect(run.pauses[1]).toBeGreaterThanOrEqual(6000)
      expect(JSON.parse(run.outputs.media!)).toEqual([
        {
          file: 'a.gif',
          id: 4,
          url: `${sandbox.url}/uploads/a.gif`,
          status: 'uploaded',
          attempts: 1,
          sizes: 'complete',
          sizesBy: 'wordpress',
          post: null
        },
        {
          file: 'b.gif',
          id: 5,
          url: `${sandbox.url}/uploads/b.gif`,
          status: 'uploaded',
          attempts: 1,
          sizes: 'complete',
          sizesBy: 'wordpress',
          post: null
        },
        {
          file: 'c.gif',
          id: null,
          url: null,
          status: 'blocked',
          attempts: 3,
          sizes: null,
          sizesBy: null,
          post: null
        },
        {
          file: 'd.gif',
          id: null,
          url: null,
          status: 'not-attempted',
          attempts: 0,
          sizes: null,
          sizesBy: null,
          post: null
        }
      ])
      expect(run.outputs).toMatchObject({
        diagnosis: 'cdn',
        'edge-node': 'edge-ams-3',
        'uploaded-count': '2',
        'failed-count': '2'
      })
      expect(summaryAsText(run.summary)).toContain('Edge node: edge-ams-3')
    } finally {
      sandbox.reset()
      await rm(workspace, { recursive: true, force: true })
    }
  })

  it('makes image sizes from dist/ alone, with the WebAssembly build where no native one is found', async () => {
    const built = path.join(repoRoot, 'dist', 'node_modules', '@img')
    expect(existsSync(path.join(built, 'sharp-wasm32', 'package.json'))).toBe(true)
    // The action as a runner checks it out, but with no native sharp or libvips beside the bundle:
    // what a runner other than Linux x64 and arm64 finds. Sizes made on the runner then prove the
    // WebAssembly build loaded: without any, WordPress is asked to make them (sizesBy: wordpress).
    const folder = await mkdtemp(path.join(tmpdir(), 'bundle-wasm-'))
    const native = /[\\/]@img[\\/]sharp-(libvips-)?linux-(x64|arm64)$/
    await cp(path.join(repoRoot, 'dist'), path.join(folder, 'dist'), {
      recursive: true,
      filter: source => !native.test(source)
    })
    await copyFile(path.join(repoRoot, 'action.yml'), path.join(folder, 'action.yml'))
    const copied = path.join(folder, 'dist', 'node_modules', '@img')
    expect(existsSync(path.join(copied, 'sharp-linux-x64'))).toBe(false)
    expect(existsSync(path.join(copied, 'sharp-wasm32'))).toBe(true)
    const workspace = await mkdtemp(path.join(tmpdir(), 'bundle-sizes-'))
    sandbox.configure({ wordpress: { clientSideMedia: true, permalinks: 'pretty' } })
    try {
      const photo = await sharp({
        create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' }
      })
        .jpeg()
        .toBuffer()
      await writeFile(path.join(workspace, 'photo.jpg'), photo)
      const run = await runAction({
        bundle: path.join(folder, 'dist', 'index.js'),
        inputs: {
          mode: 'upload',
          'base-url': sandbox.url,
          files: '*.jpg',
          username: 'demo',
          'app-password': 'abcd efgh ijkl mnop qrst uvwx',
          'image-sizes': 'runner'
        },
        cwd: workspace
      })
      expect(run.exitCode, run.stdout).toBe(0)
      expect(mediaOutput(run)).toMatchObject([
        { file: 'photo.jpg', status: 'uploaded', sizes: 'complete', sizesBy: 'runner' }
      ])
      const sizes = sandbox.media[0]?.image?.meta.sizes ?? {}
      expect(Object.fromEntries(Object.entries(sizes).map(([name, s]) => [name, s.file]))).toEqual({
        medium: 'photo-300x200.jpg',
        large: 'photo-1024x683.jpg',
        thumbnail: 'photo-150x150.jpg',
        medium_large: 'photo-768x512.jpg'
      })
    } finally {
      sandbox.reset()
      await rm(workspace, { recursive: true, force: true })
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('without any sharp build: auto leaves the sizes to WordPress and says why; runner stops before sending', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'bundle-nosharp-'))
    await cp(path.join(repoRoot, 'dist'), path.join(folder, 'dist'), {
      recursive: true,
      filter: source => !/[\\/]@img[\\/]sharp-/.test(source)
    })
    await copyFile(path.join(repoRoot, 'action.yml'), path.join(folder, 'action.yml'))
    const workspace = await mkdtemp(path.join(tmpdir(), 'bundle-nosharp-ws-'))
    sandbox.configure({ wordpress: { clientSideMedia: true, permalinks: 'pretty' } })
    try {
      await writeFile(path.join(workspace, 'photo.gif'), GIF)
      const upload = (sizes: string) =>
        runAction({
          bundle: path.join(folder, 'dist', 'index.js'),
          inputs: {
            mode: 'upload',
            'base-url': sandbox.url,
            files: '*.gif',
            username: 'demo',
            'app-password': 'abcd efgh ijkl mnop qrst uvwx',
            'image-sizes': sizes
          },
          cwd: workspace
        })
      const auto = await upload('auto')
      expect(auto.exitCode, auto.stdout).toBe(0)
      expect(auto.stdout).toContain(
        'Image sizes will be made by WordPress, as the image library (sharp) does not work on this runner'
      )
      expect(mediaOutput(auto)).toMatchObject([{ status: 'uploaded', sizesBy: 'wordpress' }])
      const posts = sandbox.requests.filter(r => r.method === 'POST').length
      const runner = await upload('runner')
      expect(runner.exitCode).toBe(1)
      expect(errorMessages(runner)).toContain('image-sizes: runner, but the image library (sharp)')
      expect(sandbox.requests.filter(r => r.method === 'POST')).toHaveLength(posts)
    } finally {
      sandbox.reset()
      await rm(workspace, { recursive: true, force: true })
      await rm(folder, { recursive: true, force: true })
    }
  })
})
