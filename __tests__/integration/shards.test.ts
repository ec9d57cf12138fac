// Upload at scale: the legs of a job matrix, each with `shard: i/n`, against one sandbox.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { legOf } from '../../src/upload/files/shard.js'
import { legReportSchema, type LegReport } from '../../src/upload/report/schema.js'
import { png } from '../../test-support/images.js'
import { errorMessages, logLines, mediaOutput } from '../../test-support/run-action.js'
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
    const run = await kit.upload({ shard: `${other}/2` }, { env: { RUNNER_TEMP: runnerTemp() } })
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
      const run = await kit.upload({ shard })
      expect(run.exitCode).toBe(1)
      expect(errorMessages(run)).toMatch(/^Input "shard" expected /)
      expect(kit.requestLines()).toEqual([])
    }
  )
})
