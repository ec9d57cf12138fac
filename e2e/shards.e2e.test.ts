// Upload at scale against a real WordPress: 3 legs of a matrix (`shard: i/3`) run at once, each
// writing its report, then upload/merge over the reports. What is checked is what a user would
// see: every file once in the library, and one summary of the whole.
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { legOf } from '../src/upload/files/shard.js'
import buildSourceBundle from '../test-support/build-source.js'
import { errorMessages, mediaOutput, runAction } from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'
import { summaryProblems } from '../test-support/untrusted.js'
import { basicAuth, fixturePath, loadStackEnv, mediaCount, type StackEnv } from './stack-env.js'

let env: StackEnv
let workspace: string
let removeBundle: () => Promise<void>

beforeAll(async () => {
  env = loadStackEnv()
  removeBundle = await buildSourceBundle()
})
afterAll(() => removeBundle())
beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'e2e-shards-'))
})
afterEach(() => rm(workspace, { recursive: true, force: true }))

/** RUNNER_TEMP of every run: in the workspace, so the reports outlive the runs. */
const runnerTemp = () => path.join(workspace, 'runner-temp')

describe('3 legs at once against a real WordPress, then upload/merge', () => {
  it('stores every file once and merges the reports into one summary', async () => {
    const photo = await readFile(fixturePath('photo.jpg', env))
    const names = Array.from({ length: 15 }, (_, n) => `catalogue/leg-test-${n + 1}.jpg`)
    await mkdir(path.join(workspace, 'catalogue'))
    for (const name of names) {
      // Bytes of its own: no file is found already in the library by its content key.
      await writeFile(path.join(workspace, name), Buffer.concat([photo, randomBytes(16)]))
    }
    const before = await mediaCount(env)
    const legs = await Promise.all(
      [1, 2, 3].map(leg =>
        runAction({
          source: true,
          action: 'upload',
          inputs: {
            'base-url': env.ORIGIN_URL,
            files: 'catalogue/*.jpg',
            username: env.WP_USER,
            'app-password': env.WP_APP_PASSWORD,
            shard: `${leg}/3`
          },
          env: { RUNNER_TEMP: runnerTemp() },
          cwd: workspace,
          timeoutMs: 110_000
        })
      )
    )
    for (const [i, run] of legs.entries()) {
      expect(run.exitCode, run.stdout).toBe(0)
      const mine = names.filter(name => legOf(name, 3) === i + 1)
      expect(mediaOutput(run).map(entry => entry.file)).toEqual(mine)
    }
    expect(await mediaCount(env)).toBe(before + names.length)

    // What actions/download-artifact with merge-multiple: true leaves.
    const reports = path.join(workspace, 'upload-reports')
    await mkdir(reports)
    for (const run of legs) {
      const file = run.outputs['report-file']!
      await copyFile(file, path.join(reports, path.basename(file)))
    }
    const merged = await runAction({
      source: true,
      action: 'merge',
      inputs: { legs: '3' },
      env: { RUNNER_TEMP: runnerTemp() },
      cwd: workspace
    })
    expect(errorMessages(merged)).toBe('')
    expect(merged.exitCode).toBe(0)
    expect(merged.outputs).toMatchObject({
      'file-count': '15',
      'uploaded-count': '15',
      'failed-count': '0',
      'rerun-legs': '[]'
    })
    const media = JSON.parse(merged.outputs.media!) as { file: string; id: number }[]
    expect(media.map(entry => entry.file).sort()).toEqual([...names].sort())
    expect(new Set(media.map(entry => entry.id)).size).toBe(names.length)
    for (const entry of media) {
      const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}/${entry.id}`, {
        headers: { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) }
      })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
    }
    expect(summaryProblems(merged.summary)).toEqual([])
    expect(summaryAsText(merged.summary)).toMatch(
      /^# WordPress upload, 3 legs merged: ✅ 15 of 15 files in the library\n15 of 15 files are in the library\.\n/
    )
  })
})
