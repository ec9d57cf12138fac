import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Verdict } from '../../../src/diagnosis/index.js'
import { addSecret } from '../../../src/log/secrets.js'
import { legReport, type ReportInput } from '../../../src/upload/report/leg-report.js'
import { legReportSchema } from '../../../src/upload/report/schema.js'
import { reportName, saveReport } from '../../../src/upload/report/write-report.js'
import type { FileOutcome } from '../../../src/upload/send/outcome.js'

const SECRET = 'wp-app-Pa55word-xyz'

beforeAll(() => {
  // core.setSecret prints `::add-mask::`: kept out of the test's output.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  addSecret(SECRET)
})

const blocked = { layer: 'cdn', blocked: true, status: 403 } as Verdict
const origin = { layer: 'origin', blocked: false, status: 500 } as Verdict

const outcomes: FileOutcome[] = [
  {
    file: 'img/a.png',
    size: 10,
    mediaType: 'image/png',
    status: 'uploaded',
    attempts: 1,
    id: 7,
    url: 'https://www.example.com/uploads/a.png',
    httpStatus: 201,
    verdict: { layer: 'origin', blocked: false, status: 201 } as Verdict
  },
  { file: 'img/b.png', size: 10, mediaType: 'image/png', status: 'existing', attempts: 0, id: 3 },
  {
    file: 'img/c.png',
    size: 10,
    mediaType: 'image/png',
    status: 'failed',
    attempts: 3,
    httpStatus: 500,
    message: `WordPress said: bad password ${SECRET}`,
    verdict: origin
  },
  {
    file: 'img/d.png',
    size: 10,
    mediaType: 'image/png',
    status: 'not-attempted',
    attempts: 0,
    message: 'not sent: the CDN blocked the upload'
  }
]

const input: ReportInput = {
  files: outcomes,
  timings: new Map([
    ['img/a.png', { startedAt: new Date('2026-11-28T10:00:01Z'), durationMs: 250 }],
    ['img/c.png', { startedAt: new Date('2026-11-28T10:00:02Z'), durationMs: 900 }]
  ]),
  shard: { index: 2, count: 4 },
  matched: 17,
  site: 'www.example.com/blog',
  dryRun: false,
  startedAt: new Date('2026-11-28T10:00:00Z'),
  endedAt: new Date('2026-11-28T10:00:05Z'),
  stopReason: 'The CDN blocked the upload; the 1 remaining file was not sent.',
  verdict: blocked
}

describe('the JSON report of a run', () => {
  it("holds every file's outcome, the counts, the stop, the shard and its schema", () => {
    const report = legReport(input)
    expect(legReportSchema.parse(report)).toEqual(report)
    expect(report).toMatchObject({
      schema: 'wordpress-upload-report',
      version: 1,
      shard: { index: 2, count: 4 },
      site: 'www.example.com/blog',
      matched: 17,
      durationMs: 5000,
      counts: { uploaded: 1, existing: 1, failed: 1, 'not-attempted': 1, blocked: 0 },
      stop: { blocked: true, layer: 'cdn', httpStatus: 403 }
    })
    expect(report.files).toEqual([
      {
        path: 'img/a.png',
        status: 'uploaded',
        mediaId: 7,
        url: 'https://www.example.com/uploads/a.png',
        attempts: 1,
        httpStatus: 201,
        layer: 'origin',
        message: null,
        startedAt: '2026-11-28T10:00:01.000Z',
        durationMs: 250
      },
      expect.objectContaining({ path: 'img/b.png', status: 'existing', mediaId: 3, layer: null }),
      expect.objectContaining({
        path: 'img/c.png',
        status: 'failed',
        attempts: 3,
        layer: 'origin'
      }),
      expect.objectContaining({ path: 'img/d.png', status: 'not-attempted', startedAt: null })
    ])
  })

  it('never holds a secret, whatever a server echoed', () => {
    const text = JSON.stringify(legReport(input))
    expect(text).not.toContain(SECRET)
    expect(text).toContain('bad password ***')
  })

  it('says no shard and no stop for a whole run that sent everything', () => {
    const report = legReport({
      ...input,
      files: outcomes.slice(0, 2),
      stopReason: undefined,
      verdict: undefined,
      shard: undefined
    })
    expect(report).toMatchObject({ shard: null, stop: null })
  })
})

describe('the report file', () => {
  let folder: string | undefined
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  it("is named after its leg, and a second run's never overwrites the first", async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'report-'))
    const report = legReport(input)
    await saveReport(report, input.shard, folder)
    await saveReport({ ...report, matched: 18 }, input.shard, folder)
    expect((await readdir(folder)).sort()).toEqual([
      'wordpress-upload-report-leg-2-of-4-2.json',
      'wordpress-upload-report-leg-2-of-4.json'
    ])
    const first = JSON.parse(await readFile(path.join(folder, reportName(input.shard)), 'utf8'))
    expect(first).toEqual(report)
    expect(reportName(undefined)).toBe('wordpress-upload-report.json')
  })
})
