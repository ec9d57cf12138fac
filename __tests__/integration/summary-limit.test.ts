import { describe, expect, it } from 'vitest'
import { htmlProblems } from '../../test-support/html-check.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

// GitHub shows a step's summary only up to 1 MiB of bytes, counting what the step wrote before.

const MIB = 1024 * 1024
const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

const kit = useSandbox({ trigger: { 'logical-date': '2026-05-01T10:00:00Z' } })
const trigger = (summaryBefore: string) => kit.trigger({}, { summaryBefore })

describe('the summary within 1 MiB of bytes', () => {
  it('cuts the section at a whole row when the file is nearly full of multi-byte text', async () => {
    // 3 bytes per character: far under 1 MiB of characters, 1 KiB short of 1 MiB of bytes,
    // less than the section's own size (about 2 KiB).
    const before = `<p>${'説'.repeat(Math.floor((MIB - 1024 - 8) / 3))}</p>\n`
    expect(before.length).toBeLessThan(MIB / 2)
    const run = await trigger(before)
    expect(run.exitCode).toBe(0)
    expect(run.summary.startsWith(before)).toBe(true)
    expect(bytes(run.summary)).toBeLessThanOrEqual(MIB)
    const section = run.summary.slice(before.length)
    expect(section).toMatch(/^<h2>Airflow trigger: ✅ Run created<\/h2>/)
    expect(section).toContain('GitHub shows at most 1 MiB of summary per step')
    expect(htmlProblems(section)).toEqual([])
  })

  it('writes the whole section when it fits', async () => {
    const run = await trigger('<p>earlier</p>\n')
    expect(run.exitCode).toBe(0)
    expect(run.summary).not.toContain('GitHub shows at most 1 MiB')
    expect(htmlProblems(run.summary)).toEqual([])
  })
})
