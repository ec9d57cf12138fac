// Upload at scale: the legs of a job matrix, each with `shard: i/n`, against one sandbox.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { legOf } from '../../src/upload/files/shard.js'
import { legReportSchema, type LegReport } from '../../src/upload/report/schema.js'
import { png } from '../../test-support/images.js'
import { errorMessages, logLines, mediaOutput, runAction } from '../../test-support/run-action.js'
import { summaryProblems } from '../../test-support/untrusted.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { summaryAsText } from '../../test-support/summary-text.js'

const kit = useSandbox()

/** RUNNER_TEMP of the runs: in the workspace, so that it outlives each run for the test to read. */
const runnerTemp = () => path.join(kit.workspace, 'runner-temp')

/** The report a run named in `report-file`, read as `upload/merge` reads it. */
async function reportOf(file: string | undefined): Promise<LegReport> {
  expect(file).toBeDefined()
  expect(path.dirname(file!)).toBe(runnerTemp())
  return legReportSchema.parse(JSON.parse(await readFile(file!, 'utf8')))
}

/** `count` small images of distinct content under img/, by their paths. */
async function images(count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `img/p${i + 1}.png`)
  await kit.files(Object.fromEntries(names.map((name, i) => [name, png(2, 2, [i, 7, 9])])))
  return names
}

/** upload/merge, run as its action.yml runs it, over the reports in the workspace. */
const merge = (inputs: Record<string, string> = {}) =>
  runAction({
    source: true,
    action: 'merge',
    cwd: kit.workspace,
    inputs,
    env: { RUNNER_TEMP: runnerTemp() }
  })

/** What actions/download-artifact with merge-multiple: true makes of the legs' artifacts. */
async function download(files: string[]): Promise<void> {
  const folder = path.join(kit.workspace, 'upload-reports')
  await mkdir(folder, { recursive: true })
  for (const file of files) await copyFile(file, path.join(folder, path.basename(file)))
}

describe('shard: legs of a job matrix', () => {
  it('sends each file from exactly one of 3 legs run at once, and each leg says its share', async () => {
    const names = await images(12)
    const runs = await Promise.all(
      [1, 2, 3].map(leg =>
        kit.upload(
          { shard: `${leg}/3`, concurrency: 'auto' },
          { env: { RUNNER_TEMP: runnerTemp() } }
        )
      )
    )
    for (const [i, run] of runs.entries()) {
      expect(errorMessages(run)).toBe('')
      expect(run.exitCode).toBe(0)
      const mine = names.filter(name => legOf(name, 3) === i + 1)
      expect(mediaOutput(run).map(entry => entry.file)).toEqual(mine)
      const line = `leg ${i + 1} of 3: ${mine.length} of 12 matched files`
      expect(logLines(run.stdout)).toContain(`This is ${line}.`)
      expect(summaryAsText(run.summary)).toContain(`This is ${line}.`)
      const report = await reportOf(run.outputs['report-file'])
      expect(path.basename(run.outputs['report-file']!)).toBe(
        `wordpress-upload-report-leg-${i + 1}-of-3.json`
      )
      expect(report).toMatchObject({ shard: { index: i + 1, count: 3 }, matched: 12, stop: null })
      expect(report.files.map(file => [file.path, file.status])).toEqual(
        mine.map(name => [name, 'uploaded'])
      )
      for (const file of report.files) {
        expect(file).toMatchObject({ attempts: 1, layer: 'origin', httpStatus: 201 })
        expect(file.durationMs).toBeGreaterThanOrEqual(0)
      }
    }
    expect(kit.sandbox.media.map(item => item.fileName).sort()).toEqual(
      names.map(name => name.slice('img/'.length)).sort()
    )
  })

  it('ends a leg the hash gave no file cleanly, without a request', async () => {
    await kit.files({ 'img/only.png': png(2, 2, [1, 2, 3]) })
    const other = legOf('img/only.png', 2) === 1 ? 2 : 1
    const run = await kit.inProcess.upload(
      { shard: `${other}/2` },
      { env: { RUNNER_TEMP: runnerTemp() } }
    )
    expect(run.exitCode).toBe(0)
    expect(run.stdout).not.toMatch(/^::(?:error|warning)/m)
    expect(logLines(run.stdout)).toContain(`This is leg ${other} of 2: 0 of 1 matched file.`)
    expect(run.outputs).toMatchObject({ media: '[]', 'uploaded-count': '0', 'failed-count': '0' })
    expect(summaryAsText(run.summary)).toContain('nothing to send in this leg')
    expect(kit.requestLines()).toEqual([])
    expect(await reportOf(run.outputs['report-file'])).toMatchObject({
      shard: { index: other, count: 2 },
      matched: 1,
      files: []
    })
  })

  it.each(['0/4', '5/4', 'a/b', '1/0', '1/257'])(
    'refuses shard %j naming the input, before any request',
    async shard => {
      await kit.files({ 'img/a.png': png(2, 2, [1, 2, 3]) })
      const run = await kit.inProcess.upload({ shard })
      expect(run.exitCode).toBe(1)
      expect(errorMessages(run)).toMatch(/^Input "shard" expected /)
      expect(kit.requestLines()).toEqual([])
    }
  )
})

describe('upload/merge', () => {
  it('merges 3 legs run against the sandbox: every file once in the library, one summary', async () => {
    const names = await images(9)
    const legs = await Promise.all(
      [1, 2, 3].map(leg =>
        kit.upload(
          { shard: `${leg}/3`, concurrency: 'auto' },
          { env: { RUNNER_TEMP: runnerTemp() } }
        )
      )
    )
    await download(legs.map(run => run.outputs['report-file']!))
    const run = await merge({ legs: '3' })
    expect(errorMessages(run)).toBe('')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'file-count': '9',
      'uploaded-count': '9',
      'existing-count': '0',
      'failed-count': '0',
      'rerun-legs': '[]',
      'media-file': ''
    })
    const media = JSON.parse(run.outputs.media!) as { file: string; id: number; leg: number }[]
    expect(media.map(entry => entry.file).sort()).toEqual([...names].sort())
    for (const entry of media) expect(entry.leg).toBe(legOf(entry.file, 3))
    const ids = kit.sandbox.media.map(item => item.id)
    expect(media.map(entry => entry.id).sort()).toEqual([...ids].sort())
    expect(new Set(kit.sandbox.media.map(item => item.fileName)).size).toBe(9)
    expect(summaryProblems(run.summary)).toEqual([])
    expect(summaryAsText(run.summary)).toMatch(
      /^# WordPress upload, 3 legs merged: ✅ 9 of 9 files in the library\n9 of 9 files are in the library\.\n/
    )
  })

  it('fails naming a missing leg and a malformed report, counting neither as success', async () => {
    await images(6)
    const first = await kit.upload({ shard: '1/4' }, { env: { RUNNER_TEMP: runnerTemp() } })
    await download([first.outputs['report-file']!])
    const folder = path.join(kit.workspace, 'upload-reports')
    await writeFile(path.join(folder, 'wordpress-upload-report-leg-2-of-4.json'), '{"schema": "x"')
    await writeFile(
      path.join(folder, 'wordpress-upload-report-leg-3-of-4.json'),
      JSON.stringify({ schema: 'wordpress-upload-report', version: 1, files: 'all fine' })
    )
    const run = await merge({ legs: '4' })
    expect(run.exitCode).toBe(1)
    const mine = (await reportOf(first.outputs['report-file'])).files.length
    expect(errorMessages(run)).toBe(
      `${mine} of ${mine} files named in the reports read are in the library; no report from leg 4; 2 reports could not be read — re-run legs 2, 3 and 4.`
    )
    expect(run.outputs['rerun-legs']).toBe('[2,3,4]')
    const text = summaryAsText(run.summary)
    expect(text).toContain(
      `WordPress upload, 4 legs merged: ❌ ${mine} of ${mine} files in the library; 3 legs not accounted for`
    )
    expect(text).toMatch(
      /leg 2: upload-reports\/wordpress-upload-report-leg-2-of-4\.json: not JSON/
    )
    expect(text).toMatch(/leg 3: .*leg-3-of-4\.json: not a report this action wrote: at /)
    expect(text).toContain('4 | — | — | — | — | ❌ no report')
  })

  it('gives media as a file when it is larger than an output, and keeps the summary under 1 MiB', async () => {
    const files = Array.from({ length: 10_000 }, (_, i) => ({
      path: `catalogue/${String(i).padStart(5, '0')}/product photo ${i}.jpg`,
      status: i % 9 === 4 ? 'failed' : 'uploaded',
      mediaId: i % 9 === 4 ? null : 1000 + i,
      url: i % 9 === 4 ? null : `https://www.example.com/wp-content/uploads/2026/11/photo-${i}.jpg`,
      attempts: 1,
      httpStatus: i % 9 === 4 ? 503 : 201,
      layer: 'origin',
      message: i % 9 === 4 ? 'The server was busy (HTTP 503) after 3 attempts.' : null,
      startedAt: null,
      durationMs: null
    }))
    const folder = path.join(kit.workspace, 'upload-reports')
    await mkdir(folder, { recursive: true })
    for (let leg = 1; leg <= 8; leg++) {
      const report = {
        ...{ schema: 'wordpress-upload-report', version: 1, shard: { index: leg, count: 8 } },
        ...{ site: 'www.example.com', dryRun: false, matched: 10_000, counts: {}, stop: null },
        ...{
          startedAt: '2026-11-28T10:00:00Z',
          endedAt: '2026-11-28T10:09:00Z',
          durationMs: 540_000
        },
        files: files.filter((_, i) => i % 8 === leg - 1)
      }
      await writeFile(
        path.join(folder, `wordpress-upload-report-leg-${leg}-of-8.json`),
        JSON.stringify(report)
      )
    }
    const run = await merge()
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toBe(
      '8,889 of 10,000 files are in the library; 1,111 failed, in legs 1, 2, 3, 4, 5, 6, 7 and 8 — re-run those legs.'
    )
    expect(run.outputs).toMatchObject({ 'file-count': '10000', 'failed-count': '1111', media: '' })
    const media = JSON.parse(await readFile(run.outputs['media-file']!, 'utf8')) as unknown[]
    expect(media).toHaveLength(10_000)
    expect(Buffer.byteLength(run.summary)).toBeLessThan(1024 * 1024)
    expect(summaryProblems(run.summary)).toEqual([])
    expect(summaryAsText(run.summary).split('\n')[1]).toBe(
      '8,889 of 10,000 files are in the library; 1,111 failed, in legs 1, 2, 3, 4, 5, 6, 7 and 8 — re-run those legs.'
    )
  })
})
