/**
 * Where the bundle's start-up time goes: an instrumented copy of dist/ (in a temp dir) times every
 * bundled module's first evaluation and every chunk load, with `load-probe.mjs` preloaded.
 */
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from './stats.js'

export const probePreload = fileURLToPath(new URL('./load-probe.mjs', import.meta.url))

const REQUIRE_HEAD = '/******/ function __nccwpck_require__(moduleId) {'
const ENTRY = /^\/\*\*\*\*\*\*\/ var __webpack_exports__ = __nccwpck_require__\((\d+)\);$/m

/** Copies dist/ into `outDir` with the probe's hooks in index.js; fails if the runtime changed. */
export async function instrumentBundle(distDir: string, outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true })
  for (const name of await readdir(distDir)) {
    if (name !== 'index.js') await copyFile(path.join(distDir, name), path.join(outDir, name))
  }
  let source = await readFile(path.join(distDir, 'index.js'), 'utf8')
  if (!source.includes(REQUIRE_HEAD) || !ENTRY.test(source))
    throw new Error('dist/index.js does not have the webpack runtime the load probe expects')
  const firstLineEnd = source.indexOf('\n') + 1
  source =
    source.slice(0, firstLineEnd) +
    "globalThis.__benchProbe?.mark('bundleEvaluationStart');\n" +
    source.slice(firstLineEnd)
  source = source.replace(
    REQUIRE_HEAD,
    [
      'function __nccwpck_require__(moduleId) {',
      '  const probe = globalThis.__benchProbe',
      '  if (!probe || __webpack_module_cache__[moduleId] !== undefined)',
      '    return __nccwpck_require_untimed__(moduleId)',
      '  return probe.time(moduleId, () => __nccwpck_require_untimed__(moduleId))',
      '}',
      'function __nccwpck_require_untimed__(moduleId) {'
    ].join('\n')
  )
  source = source.replace(
    ENTRY,
    line =>
      "globalThis.__benchProbe?.mark('runtimeReady');\n" +
      'globalThis.__benchProbe?.wrapChunks(__nccwpck_require__);\n' +
      line
  )
  await writeFile(path.join(outDir, 'index.js'), source)
}

/**
 * Module id → a name, from the comments webpack leaves in the bundle: `EXTERNAL MODULE: <name>`
 * before a require of the id, and the first `CONCATENATED MODULE: <name>` inside the module.
 */
export async function moduleNames(distDir: string): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  const entry = ENTRY.exec(await readFile(path.join(distDir, 'index.js'), 'utf8'))
  if (entry) names.set(entry[1]!, 'entry module (src/index.ts: runs the action)')
  for (const file of await readdir(distDir)) {
    if (!file.endsWith('.js')) continue
    const text = await readFile(path.join(distDir, file), 'utf8')
    for (const match of text.matchAll(
      /\/\/ EXTERNAL MODULE: (.+)\nvar \w+ = __(?:nccwpck|webpack)_require__\((\d+)\)/g
    )) {
      names.set(match[2]!, match[1]!)
    }
    const heads = [...text.matchAll(/^\/\*\*\*\/ (\d+):$/gm)]
    for (const [i, head] of heads.entries()) {
      if (names.has(head[1]!)) continue
      const body = text.slice(head.index, heads[i + 1]?.index ?? text.length)
      // Webpack puts the root of a concatenation last, and names the whole after it.
      const parts = [...body.matchAll(/^;?\/\/ CONCATENATED MODULE: (.+)$/gm)].map(m => m[1]!)
      if (parts.length > 0) {
        const rest = parts.length - 1
        names.set(head[1]!, rest > 0 ? `${parts.at(-1)} + ${rest} modules` : parts.at(-1)!)
      }
    }
  }
  return names
}

export interface ProbeRecord {
  nodeTiming: Record<string, number>
  marks: Record<string, number>
  modules: { id: string; parent: string | null; start: number; inclusive: number; self: number }[]
  chunks: { id: string; start: number; ms: number }[]
}

export interface LoadBreakdown {
  /** Median ms per phase, in process order. */
  phases: { phase: string; ms: number }[]
  /** Median inclusive/self ms per module id, slowest first. */
  modules: { id: string; name: string; inclusive: number; self: number }[]
  runs: number
}

/** Medians over runs of each phase of a probed process, and of each module's evaluation. */
export function analyse(records: ProbeRecord[], names: Map<string, string>): LoadBreakdown {
  const phase = (pick: (r: ProbeRecord) => number) => median(records.map(pick))
  const firstChunk = (r: ProbeRecord) => Math.min(...r.chunks.map(c => c.start), r.marks.exit!)
  // The entry's first evaluation: the static module graph, then run() up to its first await.
  const staticEval = (r: ProbeRecord) =>
    r.modules
      .filter(m => m.parent === null && m.start < firstChunk(r))
      .reduce((s, m) => s + m.inclusive, 0)
  const chunkLoads = (r: ProbeRecord) => r.chunks.reduce((s, c) => s + c.ms, 0)
  const chunkEval = (r: ProbeRecord) =>
    r.modules
      .filter(m => m.parent === null && m.start >= firstChunk(r))
      .reduce((s, m) => s + m.inclusive, 0)
  const phases = [
    { phase: 'Node.js bootstrap (to the first preload)', ms: phase(r => r.marks.preload!) },
    {
      phase: 'read, parse and link dist/index.js',
      ms: phase(r => r.marks.bundleEvaluationStart! - r.marks.preload!)
    },
    {
      phase: 'evaluate the static module graph (+ config parsing)',
      ms: phase(staticEval)
    },
    { phase: 'load the mode chunks (import())', ms: phase(chunkLoads) },
    { phase: 'evaluate the mode chunks', ms: phase(chunkEval) },
    {
      phase: 'everything else (HTTP, outputs, summary, exit)',
      ms: phase(
        r =>
          r.marks.exit! -
          r.marks.bundleEvaluationStart! -
          staticEval(r) -
          chunkLoads(r) -
          chunkEval(r)
      )
    },
    { phase: 'total, to the exit event', ms: phase(r => r.marks.exit!) }
  ]
  const ids = new Set(records.flatMap(r => r.modules.map(m => m.id)))
  const parents = new Map(records.flatMap(r => r.modules.map(m => [m.id, m.parent] as const)))
  /** A module webpack left unnamed is named by its nearest named requirer. */
  const nameOf = (id: string): string => {
    if (names.has(id)) return names.get(id)!
    for (let up = parents.get(id); up; up = parents.get(up)) {
      if (names.has(up)) return `module ${id}, under ${names.get(up)}`
    }
    return `module ${id}`
  }
  const modules = [...ids]
    .map(id => {
      const of = (key: 'inclusive' | 'self') =>
        median(records.map(r => r.modules.find(m => m.id === id)?.[key] ?? 0))
      return { id, name: nameOf(id), inclusive: of('inclusive'), self: of('self') }
    })
    .sort((a, b) => b.inclusive - a.inclusive)
  return { phases, modules, runs: records.length }
}

/**
 * Runs an instrumented copy of the bundle in `distDir` `runs` times (plus one dropped warm-up)
 * through `launch`, and returns what the probe recorded each time.
 */
export async function collectProbes(
  distDir: string,
  workDir: string,
  runs: number,
  launch: (entry: string, nodeOptions: string[], env: NodeJS.ProcessEnv) => Promise<unknown>
): Promise<ProbeRecord[]> {
  const probeDir = path.join(workDir, 'dist-probed')
  const probeFile = path.join(workDir, 'probe.json')
  try {
    await instrumentBundle(distDir, probeDir)
    const records: ProbeRecord[] = []
    for (let i = 0; i <= runs; i++) {
      await launch(path.join(probeDir, 'index.js'), ['--import', probePreload], {
        BENCH_PROBE_FILE: probeFile
      })
      if (i > 0) records.push(JSON.parse(await readFile(probeFile, 'utf8')) as ProbeRecord)
    }
    return records
  } finally {
    await rm(probeDir, { recursive: true, force: true })
    await rm(probeFile, { force: true })
  }
}
