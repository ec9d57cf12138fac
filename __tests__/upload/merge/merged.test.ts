import { describe, expect, it } from 'vitest'
import {
  REPORT_SCHEMA,
  type LegReport,
  type ReportFile
} from '../../../src/upload/report/schema.js'
import { isWhole, mergeReports } from '../../../src/upload/merge/merged.js'
import {
  leadLine,
  legsPhrase,
  renderMergeSummary
} from '../../../src/upload/merge/merge-summary.js'
import { mergedMedia } from '../../../src/upload/merge/merge-mode.js'
import type { GoodReport } from '../../../src/upload/merge/read-reports.js'
import { htmlProblems } from '../../../test-support/html-check.js'
import { summaryProblems } from '../../../test-support/untrusted.js'
import { summaryAsText } from '../../../test-support/summary-text.js'

const uploaded = (path: string, id: number): ReportFile => ({
  path,
  status: 'uploaded',
  mediaId: id,
  url: `https://www.example.com/uploads/${path}`,
  attempts: 1,
  httpStatus: 201,
  layer: 'origin',
  message: null,
  startedAt: '2026-11-28T10:00:01.000Z',
  durationMs: 120
})

const failed = (
  path: string,
  httpStatus = 500,
  layer: 'origin' | 'cdn' = 'origin'
): ReportFile => ({
  ...uploaded(path, 0),
  status: 'failed',
  mediaId: null,
  url: null,
  attempts: 3,
  httpStatus,
  layer,
  message: `HTTP ${httpStatus}: the server could not store ${path}`
})

/** Leg `index` of `count` with these files, as the action writes it. */
function leg(index: number, count: number, files: ReportFile[], endedAt = '10:05'): GoodReport {
  const report: LegReport = {
    schema: REPORT_SCHEMA,
    version: 1,
    shard: { index, count },
    site: 'www.example.com',
    dryRun: false,
    startedAt: '2026-11-28T10:00:00.000Z',
    endedAt: `2026-11-28T${endedAt}:00.000Z`,
    durationMs: 300_000,
    matched: 0,
    counts: {},
    stop: null,
    files
  }
  return { file: `upload-reports/wordpress-upload-report-leg-${index}-of-${count}.json`, report }
}

/** `count` legs over `total` files (file i in leg i mod count), with some failing. */
function matrix(count: number, total: number, failing: (i: number) => boolean): GoodReport[] {
  const files: ReportFile[][] = Array.from({ length: count }, () => [])
  for (let i = 0; i < total; i++) {
    const path = `catalogue/${String(i).padStart(5, '0')}/product photo ${i}.jpg`
    files[i % count]!.push(failing(i) ? failed(path) : uploaded(path, 100 + i))
  }
  return files.map((legFiles, i) => leg(i + 1, count, legFiles))
}

describe('merging the reports of a matrix', () => {
  it('leads with the whole when every file is in the library', () => {
    const merged = mergeReports(
      matrix(4, 1210, () => false),
      []
    )
    expect(merged).toMatchObject({
      expected: 4,
      missing: [],
      rerun: [],
      failed: 0,
      inLibrary: 1210
    })
    expect(leadLine(merged)).toBe('1,210 of 1,210 files are in the library.')
    expect(merged.files).toHaveLength(1210)
  })

  it('names the legs a failed file is in, and says to re-run them', () => {
    // Files 3, 23, 43 in leg 4 of 20; 17, 37, 57 in leg 18.
    const failing = (i: number) => [3, 23, 43, 17, 37, 57].includes(i)
    const merged = mergeReports(matrix(20, 1210, failing), [])
    expect(leadLine(merged)).toBe(
      '1,204 of 1,210 files are in the library; 6 failed, in legs 4 and 18 — re-run those legs.'
    )
    expect(merged.rerun).toEqual([4, 18])
    expect(merged.troubles).toEqual([
      expect.objectContaining({
        status: 'failed',
        httpStatus: 500,
        layer: 'origin',
        count: 6,
        legs: [4, 18]
      })
    ])
    expect(merged.counts).toMatchObject({ uploaded: 1204, failed: 6 })
  })

  it('groups what went wrong by status and answer across legs, the largest first', () => {
    const reports = [
      leg(1, 3, [failed('a.png', 403, 'cdn'), failed('b.png', 403, 'cdn'), uploaded('c.png', 1)]),
      leg(2, 3, [failed('d.png', 403, 'cdn'), failed('e.png', 500)]),
      leg(3, 3, [{ ...failed('f.png'), status: 'not-attempted', httpStatus: null, layer: null }])
    ]
    const { troubles } = mergeReports(reports, [])
    expect(troubles.map(t => [t.status, t.httpStatus, t.layer, t.count, t.legs])).toEqual([
      ['failed', 403, 'cdn', 3, [1, 2]],
      ['failed', 500, 'origin', 1, [2]],
      ['not-attempted', null, null, 1, [3]]
    ])
    expect(troubles[0]!.files).toEqual(['a.png', 'b.png', 'd.png'])
  })

  it('names a missing leg, never counting it as success', () => {
    const reports = matrix(4, 40, () => false).filter(({ report }) => report.shard?.index !== 3)
    const merged = mergeReports(reports, [], 4)
    expect(merged.missing).toEqual([3])
    expect(merged.rerun).toEqual([3])
    expect(leadLine(merged)).toBe(
      '30 of 30 files named in the reports read are in the library; no report from leg 3 — re-run leg 3.'
    )
    // Without `legs`, the n the reports give still shows the gap.
    expect(mergeReports(reports, []).missing).toEqual([3])
    // The last leg missing is found only when `legs` says how many there were.
    const lastGone = matrix(4, 40, () => false).slice(0, 3)
    expect(mergeReports(lastGone, [], 4).missing).toEqual([4])
  })

  it('names a malformed report, counts none of it, and re-runs its leg', () => {
    const reports = matrix(3, 30, () => false).filter(({ report }) => report.shard?.index !== 2)
    const bad = [{ file: 'r/wordpress-upload-report-leg-2-of-3.json', why: 'not JSON', leg: 2 }]
    const merged = mergeReports(reports, bad, 3)
    expect(merged).toMatchObject({ missing: [], rerun: [2], inLibrary: 20 })
    expect(leadLine(merged)).toBe(
      '20 of 20 files named in the reports read are in the library; 1 report could not be read — re-run leg 2.'
    )
  })

  it('takes the later report of a leg run twice, each file once', () => {
    const first = leg(1, 2, [failed('a.png'), uploaded('b.png', 2)], '10:05')
    const again = leg(
      1,
      2,
      [
        { ...uploaded('a.png', 9), status: 'uploaded' },
        { ...uploaded('b.png', 2), status: 'existing' }
      ],
      '11:05'
    )
    const merged = mergeReports([again, first, leg(2, 2, [uploaded('c.png', 3)])], [])
    expect(merged.files.map(file => [file.path, file.status, file.leg])).toEqual([
      ['a.png', 'uploaded', 1],
      ['b.png', 'existing', 1],
      ['c.png', 'uploaded', 2]
    ])
    expect(merged.rerun).toEqual([])
    expect(merged.legs[0]).toMatchObject({ leg: 1, reports: 2, failed: 0 })
  })

  it('says when the reports come from matrices of different sizes', () => {
    const merged = mergeReports([leg(1, 2, [uploaded('a.png', 1)]), leg(1, 3, [])], [])
    expect(merged.disagree).toEqual([2, 3])
    expect(isWhole(merged)).toBe(false)
    expect(leadLine(merged)).toContain('the reports are of different matrices (2, 3 legs)')
    expect(mergeReports([leg(1, 3, [])], [], 4).disagree).toEqual([3, 4])
  })

  it('is not whole with a report it could not read, even one whose leg it cannot tell', () => {
    const merged = mergeReports(
      matrix(2, 4, () => false),
      [{ file: 'r/x.json', why: 'not JSON' }]
    )
    expect(merged.rerun).toEqual([])
    expect(isWhole(merged)).toBe(false)
    expect(leadLine(merged)).toBe(
      '4 of 4 files named in the reports read are in the library; 1 report could not be read.'
    )
    expect(
      isWhole(
        mergeReports(
          matrix(2, 4, () => false),
          []
        )
      )
    ).toBe(true)
  })

  it('names legs in a sentence, capped', () => {
    expect(legsPhrase([3])).toBe('leg 3')
    expect(legsPhrase([3, 17])).toBe('legs 3 and 17')
    expect(legsPhrase([1, 2, 5])).toBe('legs 1, 2 and 5')
    expect(legsPhrase(Array.from({ length: 25 }, (_, i) => i + 1))).toMatch(
      /^legs 1, 2, .*, 20 and 5 more$/
    )
  })
})

describe('the merged summary', () => {
  it('stays under 1 MiB for 10,000 files over 40 legs, and reads as the whole first', () => {
    // One in seven fails, in every leg: the worst case for the tables.
    const merged = mergeReports(
      matrix(40, 10_000, i => i % 7 === 3),
      []
    )
    const html = renderMergeSummary(merged)
    expect(Buffer.byteLength(html)).toBeLessThan(1024 * 1024)
    expect(htmlProblems(html)).toEqual([])
    expect(summaryProblems(html)).toEqual([])
    const text = summaryAsText(html).split('\n')
    expect(text[0]).toBe(
      '# WordPress upload, 40 legs merged: ❌ 8,571 of 10,000 files in the library'
    )
    expect(text[1]).toMatch(
      /^8,571 of 10,000 files are in the library; 1,429 failed, in legs 1, 2, .*, 20 and 20 more — re-run those legs\.$/
    )
    expect(html).toContain('<h3>What went wrong, across legs</h3>')
    expect(html).toContain('<h3>Legs</h3>')
    // Every leg has its row; the failed files are folded and capped, the rest counted.
    expect(html.match(/<tr><td>\d+<\/td><td>\d[\d,]*<\/td>/g)).toHaveLength(40)
    expect(html).toContain('<details><summary>Files not in the library (1,429)</summary>')
    expect(html).toContain(
      '… and 1,229 more: the <code>media</code> output and the reports list every one.'
    )
  })

  it('says every file is in when it is, and the media list names each with its leg', () => {
    const merged = mergeReports(
      matrix(2, 3, () => false),
      []
    )
    const html = renderMergeSummary(merged)
    expect(summaryAsText(html)).toMatch(
      /^# WordPress upload, 2 legs merged: ✅ 3 of 3 files in the library\n3 of 3 files are in the library\.\n/
    )
    expect(html).not.toContain('What went wrong')
    expect(JSON.parse(mergedMedia(merged))).toEqual([
      expect.objectContaining({
        leg: 1,
        file: 'catalogue/00000/product photo 0.jpg',
        id: 100,
        status: 'uploaded'
      }),
      expect.objectContaining({ leg: 1, file: 'catalogue/00002/product photo 2.jpg', id: 102 }),
      expect.objectContaining({ leg: 2, file: 'catalogue/00001/product photo 1.jpg', id: 101 })
    ])
  })
})
