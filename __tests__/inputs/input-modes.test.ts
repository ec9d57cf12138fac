import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { INPUT_MODES, otherModeInputs, otherModeWarning } from '../../src/inputs/input-modes.js'
import { INPUT_DEFAULTS, type InputName } from '../../src/inputs/names.js'
import { readManifest, repoRoot } from '../../test-support/run-action.js'

/** Reads the inputs as the runner passes them: action.yml's default for each one not given. */
const reader = (inputs: Partial<Record<InputName, string>>) => (name: InputName) =>
  inputs[name] ?? INPUT_DEFAULTS[name] ?? ''

describe('which mode reads each input', () => {
  it('classifies every input of action.yml, and no other', async () => {
    const { inputs } = await readManifest()
    expect(Object.keys(INPUT_MODES).sort()).toEqual(Object.keys(inputs).sort())
  })

  it("agrees with action.yml's descriptions", async () => {
    const { inputs } = await readManifest()
    for (const [name, owner] of Object.entries(INPUT_MODES)) {
      const description = inputs[name]!.description
      const trigger = description.includes('Trigger mode')
      const upload = description.includes('Upload mode')
      if (owner === 'trigger') expect(description, name).toMatch(/^Trigger mode: /)
      if (owner === 'upload') expect(description, name).toMatch(/^Upload mode: /)
      // A shared input names both modes or neither.
      expect(trigger === upload, name).toBe(owner === 'both')
    }
  })

  it("agrees with the README's Mode column", async () => {
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8')
    for (const [name, owner] of Object.entries(INPUT_MODES)) {
      const row = readme.split('\n').find(line => line.startsWith(`| \`${name}\` `))
      expect(row?.split('|')[3]?.trim(), name).toBe(owner)
    }
  })
})

describe('inputs of the other mode', () => {
  it('names those set to other than their default, in upload mode', () => {
    const read = reader({
      'base-url': 'https://www.example.com',
      username: 'ci',
      files: '*.png',
      'dag-id': 'etl',
      token: 't0k3n',
      wait: 'true',
      'run-id-prefix': 'github__',
      'github-token': 'ghs_runner_fills_this_in'
    })
    expect(otherModeInputs('upload', read)).toEqual(['dag-id', 'token', 'wait'])
  })

  it('names those set to other than their default, in trigger mode', () => {
    const read = reader({
      'dag-id': 'etl',
      files: 'dist/*.png',
      'app-password': 'abcd efgh',
      concurrency: '4',
      preflight: 'true',
      'if-no-files-found': 'error'
    })
    expect(otherModeInputs('trigger', read)).toEqual(['files', 'app-password', 'concurrency'])
  })

  it('leaves alone shared inputs and inputs left empty', () => {
    const read = reader({ username: 'ci', headers: 'X-A: 1', 'api-path': '/x', 'dag-id': ' ' })
    expect(otherModeInputs('upload', read)).toEqual([])
    expect(otherModeInputs('trigger', read)).toEqual([])
  })

  it('says which mode they belong to, and how to fix it', () => {
    expect(otherModeWarning('upload', ['dag-id', 'wait'])).toBe(
      'Inputs "dag-id", "wait" are for trigger mode; this step runs in upload mode, which ignores them. Remove them, or set "mode: trigger" if that was meant.'
    )
    expect(otherModeWarning('trigger', ['files'])).toBe(
      'Input "files" is for upload mode; this step runs in trigger mode, which ignores it. Remove it, or set "mode: upload" if that was meant.'
    )
    expect(otherModeWarning('trigger', [])).toBeUndefined()
  })
})
