// Every third-party package whose code is in dist/ has its licence in dist/licenses.txt. The
// package list comes from a build of the same entry, bundled whole (esbuild's metafile names each
// file it took), not from the generator's own reading of ncc's statistics.
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, sourceEntry } from '../../test-support/run-action.js'

interface Bundled {
  dir: string
  name: string
  version: string
}

/** The package directories (nested ones apart) the bundle took files from. */
async function bundledPackages(): Promise<Bundled[]> {
  const { metafile } = await build({
    entryPoints: [sourceEntry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'silent'
  })
  const dirs = new Set(
    Object.keys(metafile.inputs).flatMap(
      file => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1] ?? []
    )
  )
  return Promise.all(
    [...dirs].map(async dir => {
      const pkg = JSON.parse(
        await readFile(path.join(repoRoot, dir, 'package.json'), 'utf8')
      ) as Bundled
      return { dir, name: pkg.name, version: pkg.version }
    })
  )
}

/** `name@version` → the notice's lines below it, up to the next notice. */
function notices(text: string, headings: string[]): Map<string, string> {
  const lines = text.split('\n')
  const starts = lines.flatMap((line, at) => (headings.includes(line) ? [at] : []))
  return new Map(
    starts.map((start, i) => [
      lines[start]!,
      lines.slice(start + 1, starts[i + 1] ?? lines.length).join('\n')
    ])
  )
}

let bundled: Bundled[]
let licenses: string
beforeAll(async () => {
  bundled = await bundledPackages()
  licenses = await readFile(path.join(repoRoot, 'dist', 'licenses.txt'), 'utf8')
})

describe('dist/licenses.txt', () => {
  it('sees the packages a bundle of the action is made of', () => {
    // Guards the derivation itself: an empty list would let every notice go missing unseen.
    expect(bundled.map(pkg => pkg.name)).toEqual(
      expect.arrayContaining(['@actions/core', 'zod', 'undici'])
    )
  })

  it('has a notice, with its licence text, for every package in the bundle', () => {
    const headings = bundled.map(pkg => `${pkg.name}@${pkg.version}`)
    const found = notices(licenses, headings)
    const missing = headings.filter(heading => !found.has(heading))
    expect(missing, 'packages in the bundle without a notice').toEqual([])
    for (const [heading, body] of found) {
      // A licence line, then the text: at least a copyright or permission sentence.
      expect(body.split('\n').length, heading).toBeGreaterThan(3)
      expect(body, heading).toMatch(/copyright|permission|licen[cs]e/i)
    }
  })
})
