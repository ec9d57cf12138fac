/**
 * Writes dist/licenses.txt: the name, version, licence and licence text of every third-party
 * package whose code ncc put into dist/, as ncc's own build statistics list the modules. ncc's
 * `--license` misses the packages whose ES modules webpack concatenates into one module.
 *
 *   tsx scripts/licenses.ts <ncc stats.json> <output file>
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

interface StatsModule {
  name?: string
  modules?: StatsModule[]
}

/** `./node_modules/a/node_modules/@b/c/lib/x.js` → `node_modules/a/node_modules/@b/c`. */
function packageDirOf(moduleName: string): string | undefined {
  const match = /^(?:\.\/)?((?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(moduleName)
  return match?.[1]
}

function moduleNames(modules: StatsModule[] = []): string[] {
  // A concatenated module ("x.js + 10 modules") lists its parts inside.
  return modules.flatMap(module => [
    ...(module.name ? [module.name] : []),
    ...moduleNames(module.modules)
  ])
}

const LICENCE_FILE = /^(?:licen[cs]e|copying)(?:[.-]|$)/i

async function notice(root: string, dir: string): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(root, dir, 'package.json'), 'utf8')) as {
    name: string
    version: string
    license?: string
  }
  const file = (await readdir(path.join(root, dir)))
    .filter(name => LICENCE_FILE.test(name))
    .sort()[0]
  if (!file) throw new Error(`${pkg.name}@${pkg.version} (${dir}) has no licence file to copy`)
  const text = (await readFile(path.join(root, dir, file), 'utf8')).trim()
  return `${pkg.name}@${pkg.version}\n${pkg.license ?? '(no licence field: see the text)'}\n${text}\n`
}

async function main(): Promise<void> {
  const [statsFile, output] = process.argv.slice(2)
  if (!statsFile || !output) throw new Error('usage: tsx scripts/licenses.ts <stats.json> <output>')
  const stats = JSON.parse(await readFile(statsFile, 'utf8')) as StatsModule
  const dirs = [...new Set(moduleNames(stats.modules).flatMap(name => packageDirOf(name) ?? []))]
  const notices = await Promise.all(dirs.map(dir => notice(process.cwd(), dir)))
  await writeFile(output, [...new Set(notices)].sort().join('\n'))
  console.error(`${output}: ${notices.length} packages`)
}

await main()
