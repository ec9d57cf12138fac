/**
 * Puts sharp's compiled parts into dist/node_modules, where the bundle's `require` of
 * `@img/sharp-<platform>/sharp.node` finds them on a runner that has nothing but the committed
 * dist/: native libvips for Linux on x64 and arm64 (where most jobs run), and the WebAssembly
 * build for every other runner (macOS, Windows), which sharp's loader falls back to. ncc bundles
 * sharp's JavaScript but cannot carry a `.node` file and the shared library beside it.
 *
 * Each package is the exact tarball package-lock.json pins (its sha512 integrity is checked),
 * taken from node_modules when npm installed it for this machine, else fetched once with
 * `npm pack` into node_modules/.cache, so the bytes committed are the same on every machine.
 *
 *   tsx scripts/image-binaries.ts <dist folder>
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, readFile, readdir, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'

/** Where each lives under node_modules, as package-lock.json names it (and dist/ mirrors it). */
const PACKAGES = [
  '@img/sharp-linux-x64',
  '@img/sharp-libvips-linux-x64',
  '@img/sharp-linux-arm64',
  '@img/sharp-libvips-linux-arm64',
  '@img/sharp-wasm32',
  '@img/sharp-wasm32/node_modules/@emnapi/runtime'
]

const CACHE = path.join('node_modules', '.cache', 'image-binaries')

interface Locked {
  version: string
  integrity: string
}

/** `@a/b/node_modules/@c/d` → `@c/d`. */
const nameOf = (where: string): string => where.split('/node_modules/').at(-1)!

async function locked(where: string): Promise<Locked> {
  const lock = JSON.parse(await readFile('package-lock.json', 'utf8')) as {
    packages: Record<string, Partial<Locked>>
  }
  const entry = lock.packages[`node_modules/${where}`]
  if (!entry?.version || !entry.integrity) {
    throw new Error(
      `node_modules/${where} is not in package-lock.json with a version and an integrity`
    )
  }
  return { version: entry.version, integrity: entry.integrity }
}

async function installedVersion(where: string): Promise<string | undefined> {
  const file = path.join('node_modules', where, 'package.json')
  if (!existsSync(file)) return undefined
  return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version
}

/** The package's tarball, checked against the lock's integrity; fetched when not cached. */
async function tarball(name: string, pin: Locked): Promise<string> {
  await mkdir(CACHE, { recursive: true })
  const file = path.join(CACHE, `${name.slice(1).replace('/', '-')}-${pin.version}.tgz`)
  if (!existsSync(file)) {
    const packed = execFileSync(
      'npm',
      ['pack', `${name}@${pin.version}`, '--pack-destination', CACHE, '--silent'],
      { encoding: 'utf8' }
    ).trim()
    if (path.join(CACHE, packed) !== file) await cp(path.join(CACHE, packed), file)
  }
  const [algorithm, expected] = pin.integrity.split('-', 2) as [string, string]
  const actual = createHash(algorithm)
    .update(await readFile(file))
    .digest('base64')
  if (actual !== expected) {
    await rm(file)
    throw new Error(`${name}@${pin.version}: the tarball does not match package-lock.json`)
  }
  return file
}

async function place(where: string, dist: string): Promise<void> {
  const pin = await locked(where)
  const target = path.join(dist, 'node_modules', where)
  await mkdir(target, { recursive: true })
  if ((await installedVersion(where)) === pin.version) {
    // Its own node_modules is placed apart, as the lock lists it.
    await cp(path.join('node_modules', where), target, {
      recursive: true,
      filter: source => path.basename(source) !== 'node_modules'
    })
    return
  }
  const file = await tarball(nameOf(where), pin)
  execFileSync('tar', ['-xzf', file, '-C', target, '--strip-components=1'])
}

async function main(): Promise<void> {
  const dist = process.argv[2]
  if (!dist) throw new Error('usage: tsx scripts/image-binaries.ts <dist folder>')
  for (const where of PACKAGES) await place(where, dist)
  const placed = await readdir(path.join(dist, 'node_modules', '@img'))
  console.log(`Image libraries beside the bundle: ${placed.join(', ')}, @emnapi/runtime.`)
}

await main()
