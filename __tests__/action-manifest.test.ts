import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
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

  it('has every input, and no other, in .env.example for local runs', async () => {
    const example = await readFile(path.join(repoRoot, '.env.example'), 'utf8')
    const { inputs } = await readManifest()
    // The runner's and local-action's form: INPUT_ and the name upper-cased, hyphens kept.
    expect([...example.matchAll(/^INPUT_([A-Z0-9_-]+)=/gm)].map(match => match[1]).sort()).toEqual(
      Object.keys(inputs)
        .map(name => name.toUpperCase())
        .sort()
    )
  })

  it('runs on node24 from the bundle', async () => {
    const manifest = (await readManifest()) as unknown as { runs: { using: string; main: string } }
    expect(manifest.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })
})

/**
 * GitHub draws a listing's icon from Feather 4.28.0 (the dev dependency is pinned to it), less
 * these, which it leaves out.
 */
const OMITTED_ICONS = [
  'coffee',
  'columns',
  'divide-circle',
  'divide-square',
  'divide',
  'frown',
  'hexagon',
  'key',
  'meh',
  'mouse-pointer',
  'smile',
  'tool',
  'x-octagon'
]
const BRANDING_COLORS = ['white', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark']

async function brandingIcons(): Promise<string[]> {
  const require = createRequire(import.meta.url)
  const icons = JSON.parse(
    await readFile(require.resolve('feather-icons/dist/icons.json'), 'utf8')
  ) as Record<string, string>
  return Object.keys(icons).filter(icon => !OMITTED_ICONS.includes(icon))
}

interface Listing {
  name: string
  description: string
  branding?: { icon?: string; color?: string }
}

describe('action.yml as the Marketplace takes it', () => {
  const listing = async () => (await readManifest()) as unknown as Listing

  it('has a description under 125 characters, which the Marketplace requires to publish', async () => {
    const { description } = await listing()
    expect(description.trim()).not.toBe('')
    expect(description.length).toBeLessThan(125)
  })

  it('has a short name: at most 40 characters, so the listing and the Actions log show it whole', async () => {
    const { name } = await listing()
    expect(name.trim()).not.toBe('')
    expect(name.length).toBeLessThanOrEqual(40)
  })

  it('has a branding icon GitHub draws, and one of its colours', async () => {
    const { branding } = await listing()
    expect(await brandingIcons()).toContain(branding?.icon)
    expect(BRANDING_COLORS).toContain(branding?.color)
  })

  it('checks icons against the Feather release GitHub draws from', () => {
    const require = createRequire(import.meta.url)
    expect((require('feather-icons/package.json') as { version: string }).version).toBe('4.28.0')
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

  it('uses only declared inputs and outputs in its workflow examples', async () => {
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8')
    const { inputs, outputs } = await readManifest()
    const examples = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
      match => parse(match[1]!) as { jobs?: Record<string, { steps?: Step[] }> }
    )
    type Step = { id?: string; uses?: string; with?: Record<string, unknown> }
    const ours = examples.flatMap(workflow =>
      Object.values(workflow.jobs ?? {}).flatMap(job =>
        (job.steps ?? []).filter(step => step.uses?.startsWith('widgets-ci/'))
      )
    )
    expect(ours.length).toBeGreaterThanOrEqual(4)
    for (const step of ours) {
      expect(step.uses).toMatch(/@v1$/)
      for (const name of Object.keys(step.with ?? {})) expect(inputs, name).toHaveProperty([name])
    }
    for (const [, output] of readme.matchAll(/steps\.[\w-]+\.outputs\.([\w-]+)/g)) {
      expect(outputs, output).toHaveProperty([output!])
    }
  })
})
