import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fitHtml } from '../../src/summary/fit.js'
import { escapeHtml, table } from '../../src/summary/html.js'
import { SUMMARY_LIMIT_BYTES, writeSummary } from '../../src/summary/write.js'
import { htmlProblems } from '../../test-support/html-check.js'

const NOTE = '<p>… cut</p>'
const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

/** Rows of multi-byte text (3 bytes per CJK character, 4 per emoji) and entities. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    `<code>${escapeHtml(`写真-${i}-📷 & <b>`)}</code>`,
    escapeHtml('説明 "quoted" & it\'s\nmulti-line'.repeat(3))
  ])

/** Rows mostly of Japanese text: about two bytes for every character. */
const wideRows = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    `<code>${escapeHtml(`写真の説明-${i}-📷`)}</code>`,
    escapeHtml('日本語の長い説明文です。'.repeat(4))
  ])

const section = (n: number, make = rows) =>
  [
    '<h2>Upload: ❌ 3 failed</h2>',
    '<p>Intro with an entity &amp; more.</p>',
    table(make(n), ['File', 'Message']),
    `<details><summary>All ${n} rows</summary>${table(make(n), ['File', 'Message'])}</details>`,
    '<p>The end.</p>'
  ].join('\n')

describe('fitHtml', () => {
  it('leaves a section that fits as it is', () => {
    const html = section(3)
    expect(fitHtml(html, bytes(html), NOTE)).toBe(html)
  })

  it.each([
    ['inside the first table', 4000],
    ['inside the folded table', 0.75],
    ['in the last paragraph', 0.999],
    ['right after the heading', 120]
  ])('cuts %s at a whole row or block, within the bytes, closing what is open', (_name, at) => {
    const html = section(200)
    const max = at < 1 ? Math.floor(bytes(html) * at) : at
    const fitted = fitHtml(html, max, NOTE)!
    expect(bytes(fitted)).toBeLessThanOrEqual(max)
    // Characters would have allowed more: the limit is counted in bytes.
    expect(fitted.length).toBeLessThan(bytes(fitted))
    expect(fitted.endsWith(`\n${NOTE}`)).toBe(true)
    const kept = fitted.slice(0, -NOTE.length - 1)
    expect(
      html.startsWith(kept.replace(/(?<!<\/(?:table|details)>)(?:<\/(?:table|details)>)+$/, ''))
    ).toBe(true)
    expect(htmlProblems(kept)).toEqual([])
    // It ends after a whole row or block, with what was open closed.
    expect(kept).toMatch(/<\/(?:tr|p|h2|table|details|summary)>(?:<\/(?:table|details)>)*$/)
  })

  it('never splits a character, a tag or an entity, whatever the limit', () => {
    const html = section(40)
    for (let max = 200; max < bytes(html); max += 977) {
      const fitted = fitHtml(html, max, NOTE)!
      expect(bytes(fitted)).toBeLessThanOrEqual(max)
      expect(fitted).not.toContain('\uFFFD')
      expect(htmlProblems(fitted)).toEqual([])
      // Every & still begins a whole entity.
      expect(fitted.match(/&(?!(?:amp|lt|gt|quot|#39|#10);)/g)).toBeNull()
    }
  })

  it('gives up when not even the note fits', () => {
    expect(fitHtml(section(10), bytes(NOTE), NOTE)).toBeUndefined()
  })
})

describe('writeSummary, against GitHub’s 1 MiB', () => {
  // One file for all: the toolkit's summary keeps the path it first read for the process.
  let dir: string
  let file: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'summary-size-'))
    file = path.join(dir, 'summary.md')
    process.env.GITHUB_STEP_SUMMARY = file
  })
  beforeEach(() => writeFile(file, ''))
  afterAll(async () => {
    delete process.env.GITHUB_STEP_SUMMARY
    await rm(dir, { recursive: true, force: true })
  })

  it('cuts a section of more than 1 MiB of multi-byte text to 1 MiB of bytes', async () => {
    await writeFile(file, '')
    const html = section(3500, wideRows)
    // Under the limit in characters, far over it in bytes.
    expect(html.length).toBeLessThan(SUMMARY_LIMIT_BYTES)
    expect(bytes(html)).toBeGreaterThan(SUMMARY_LIMIT_BYTES)
    await writeSummary(html)
    const written = await readFile(file, 'utf8')
    expect((await stat(file)).size).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect((await stat(file)).size).toBeGreaterThan(SUMMARY_LIMIT_BYTES - 4096)
    expect(written).toContain('GitHub shows at most 1 MiB of summary per step')
    expect(htmlProblems(written)).toEqual([])
  })

  it('counts what the step wrote before', async () => {
    const before = `<p>${'é'.repeat(300_000)}</p>\n`
    await writeFile(file, before)
    await writeSummary(section(2000))
    expect((await stat(file)).size).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    const written = await readFile(file, 'utf8')
    expect(written.startsWith(before)).toBe(true)
    const added = written.slice(before.length)
    expect(added).toContain('GitHub shows at most 1 MiB of summary per step')
    expect(htmlProblems(added)).toEqual([])
  })

  it('writes nothing, and says so, when the step’s summary is full already', async () => {
    const full = 'x'.repeat(SUMMARY_LIMIT_BYTES - 10)
    await writeFile(file, full)
    const said: string[] = []
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(chunk => {
      said.push(String(chunk))
      return true
    })
    try {
      await writeSummary(section(5))
    } finally {
      out.mockRestore()
    }
    expect(await readFile(file, 'utf8')).toBe(full)
    expect(said.join('')).toContain('::warning::The job summary was not written')
  })
})
