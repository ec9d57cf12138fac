/**
 * No function in src/ over 80 lines and no file over 300, unless a `// size-exception: <why>`
 * comment says why (scripts/sizes.ts). Lists each one over its limit, `path:line name N lines
 * (limit L)`, and fails when one has no reason given. `--report` lists every function over 60 lines
 * and every file over 250, and does not fail.
 *
 *   tsx scripts/check-sizes.ts [--report] [directory, default src]
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  formatMeasure,
  isUnexcused,
  LIMITS,
  measureSource,
  overLimits,
  REPORT_LIMITS,
  type Measure
} from './sizes.js'

async function measureTree(root: string): Promise<Measure[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  const files = entries
    .filter(entry => entry.isFile() && entry.name.endsWith('.ts'))
    .map(entry => path.relative(process.cwd(), path.join(entry.parentPath, entry.name)))
  const measures = await Promise.all(
    files.map(async file =>
      measureSource(file.split(path.sep).join('/'), await readFile(file, 'utf8'))
    )
  )
  return measures.flat()
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const report = args.includes('--report')
  const roots = args.filter(arg => arg !== '--report')
  if (roots.length > 1 || roots.some(root => root.startsWith('-'))) {
    throw new Error('usage: tsx scripts/check-sizes.ts [--report] [directory]')
  }
  const limits = report ? REPORT_LIMITS : LIMITS
  const over = overLimits(await measureTree(roots[0] ?? 'src'), limits)
  for (const measure of over) console.log(formatMeasure(measure))
  const unexcused = over.filter(isUnexcused)
  if (!report && unexcused.length > 0) {
    console.error(
      `${unexcused.length} over the limits (functions ${LIMITS.function} lines, files ${LIMITS.file}): split them, or say why above them in a // size-exception: <why> comment.`
    )
    process.exitCode = 1
  }
}

await main()
