import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { INPUT, INPUT_DEFAULTS, OUTPUT } from '../src/inputs/names.js'
import { readManifest, repoRoot } from '../test-support/run-action.js'

describe('action.yml', () => {
  it('declares exactly the inputs and outputs the code reads and writes', async () => {
    const manifest = await readManifest()
    expect(Object.keys(manifest.inputs).sort()).toEqual(Object.values(INPUT).sort())
    expect(Object.keys(manifest.outputs).sort()).toEqual(Object.values(OUTPUT).sort())
  })

  it('declares the defaults the code falls back to', async () => {
    const { inputs } = await readManifest()
    for (const [name, value] of Object.entries(INPUT_DEFAULTS))
      expect(inputs[name]?.default, name).toBe(value)
  })

  it('runs on node24 from the bundle', async () => {
    const manifest = (await readManifest()) as unknown as { runs: { using: string; main: string } }
    expect(manifest.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })
})

/** The table row whose first cell is the name in backticks (cells may be padded). */
function tableRow(markdown: string, name: string): string | undefined {
  return markdown.split('\n').find(line => new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`).test(line))
}

describe('README', () => {
  it('documents every input and output of action.yml in its tables', async () => {
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8')
    const { inputs, outputs } = await readManifest()
    for (const [name, input] of Object.entries(inputs)) {
      const row = tableRow(readme, name)
      expect(row, `input ${name}`).toBeDefined()
      expect(row, `default of ${name}`).toContain(input.default ? `\`${input.default}\`` : '')
    }
    for (const name of Object.keys(outputs)) {
      expect(tableRow(readme, name), `output ${name}`).toBeDefined()
    }
  })
})
