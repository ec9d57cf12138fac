import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InputError } from '../../../src/inputs/input-error.js'
import { parseMergeConfig } from '../../../src/upload/merge/config.js'
import { findReportFiles, legOfName, readReports } from '../../../src/upload/merge/read-reports.js'

let workspace: string
beforeEach(async () => {
  workspace = await mkdtemp(path.join(tmpdir(), 'merge-'))
})
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true })
})

async function put(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(workspace, name)), { recursive: true })
    await writeFile(path.join(workspace, name), text)
  }
}

describe('finding the reports', () => {
  it('reads a folder at any depth, a file, or glob patterns, in natural order, each once', async () => {
    await put({
      'upload-reports/wordpress-upload-report-leg-10-of-12.json': '{}',
      'upload-reports/wordpress-upload-report-leg-2-of-12.json': '{}',
      'upload-reports/upload-report-3/wordpress-upload-report-leg-3-of-12.json': '{}',
      'upload-reports/notes.txt': 'not a report',
      'other/r.json': '{}'
    })
    const names = async (patterns: string[]) =>
      (await findReportFiles(patterns, workspace)).map(file => path.relative(workspace, file))
    expect(await names(['upload-reports'])).toEqual([
      'upload-reports/upload-report-3/wordpress-upload-report-leg-3-of-12.json',
      'upload-reports/wordpress-upload-report-leg-2-of-12.json',
      'upload-reports/wordpress-upload-report-leg-10-of-12.json'
    ])
    expect(await names(['upload-reports/*.json', 'other/r.json', 'other/r.json'])).toEqual([
      'other/r.json',
      'upload-reports/wordpress-upload-report-leg-2-of-12.json',
      'upload-reports/wordpress-upload-report-leg-10-of-12.json'
    ])
    expect(await names(['nowhere'])).toEqual([])
  })

  it("takes a report's leg from its name, for one that cannot be read", () => {
    expect(legOfName('a/wordpress-upload-report-leg-3-of-40.json')).toBe(3)
    expect(legOfName('wordpress-upload-report-leg-3-of-40-2.json')).toBe(3)
    expect(legOfName('wordpress-upload-report.json')).toBeUndefined()
  })

  it('names each file that is not a report, and why, relative to the workspace', async () => {
    await put({
      'r/wordpress-upload-report-leg-1-of-2.json': '[1, 2',
      'r/wordpress-upload-report-leg-2-of-2.json': JSON.stringify({ schema: 'other', version: 1 })
    })
    const { good, bad } = await readReports(await findReportFiles(['r'], workspace), workspace)
    expect(good).toEqual([])
    expect(bad).toEqual([
      {
        file: 'r/wordpress-upload-report-leg-1-of-2.json',
        leg: 1,
        why: expect.stringMatching(/^not JSON \(/)
      },
      {
        file: 'r/wordpress-upload-report-leg-2-of-2.json',
        leg: 2,
        why: expect.stringMatching(/^not a report this action wrote: at schema, /)
      }
    ])
  })
})

describe("upload/merge's inputs", () => {
  const parse = (inputs: Record<string, string>) => () =>
    parseMergeConfig(name => inputs[name] ?? '')

  it('defaults reports to the folder the README downloads to', () => {
    expect(parse({})()).toEqual({ reports: ['upload-reports'] })
    expect(parse({ reports: 'a/*.json\n# note\nb\n', legs: ' 40 ' })()).toEqual({
      reports: ['a/*.json', 'b'],
      legs: 40
    })
  })

  it.each(['0', '257', 'four', '2.5'])('refuses legs %j, naming it', legs => {
    expect(parse({ legs })).toThrow(InputError)
    expect(parse({ legs })).toThrow(
      /^Input "legs" expected the number of legs, a whole number from 1 to 256/
    )
  })
})
