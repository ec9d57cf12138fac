/**
 * `npm run test:coverage`: coverage of src/ by the whole test suite, the action's own processes
 * included. Most behaviour is tested by running the action as the runner does, in a child process,
 * where the test runner's in-process coverage sees nothing. So:
 *
 * 1. vitest runs the suite with its V8 coverage (in-process), written as Istanbul JSON;
 * 2. every action process the tests start gets NODE_V8_COVERAGE, and runs the source bundle made
 *    by the tests' global setup, with its source map;
 * 3. this script maps those processes' V8 coverage back to src/ with the converter vitest itself
 *    uses (ast-v8-to-istanbul, vitest's parser), and credits their hits to vitest's statements,
 *    branches and functions (see `credit`), then reports lines and branches.
 *
 * No threshold: it reports what it is. Reports: coverage/index.html, coverage/coverage-summary.json.
 */
import astV8ToIstanbul from 'ast-v8-to-istanbul'
import libCoverage from 'istanbul-lib-coverage'
import libReport from 'istanbul-lib-report'
import reports from 'istanbul-reports'
import { spawnSync } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseAstAsync } from 'vitest/node'
import { ACTION_COVERAGE_ENV, repoRoot } from '../test-support/run-action.js'

const root = path.join(repoRoot, 'coverage')
const inProcessDir = path.join(root, 'in-process')
// Inside the repository, so that the bundle kept there finds node_modules.
const actionsDir = path.join(root, 'actions')

interface V8Dump {
  result: {
    url: string
    functions: Parameters<typeof astV8ToIstanbul>[0]['coverage']['functions']
  }[]
}

/** The action processes' coverage of the source bundle, as Istanbul coverage of src/. */
async function actionCoverage(): Promise<libCoverage.CoverageMap> {
  const bundle = path.join(actionsDir, 'bundle', 'index.mjs')
  const url = pathToFileURL(bundle).href
  const code = await readFile(bundle, 'utf8')
  const sourceMap = JSON.parse(await readFile(`${bundle}.map`, 'utf8')) as Parameters<
    typeof astV8ToIstanbul
  >[0]['sourceMap']
  const map = libCoverage.createCoverageMap({})
  const dumps = (await readdir(actionsDir)).filter(name => name.endsWith('.json'))
  for (const name of dumps) {
    const dump = JSON.parse(await readFile(path.join(actionsDir, name), 'utf8')) as V8Dump
    const script = dump.result.find(entry => entry.url === url)
    // A run of dist/index.js (the bundle test) has no map back to src/.
    if (!script) continue
    map.merge(
      await astV8ToIstanbul({
        code,
        sourceMap,
        // The converter may annotate the tree: a fresh one each time.
        ast: await parseAstAsync(code),
        coverage: { url, functions: script.functions },
        wrapperLength: 0
      })
    )
  }
  console.error(`coverage: ${dumps.length} action processes`)
  // As JSON, as vitest's is: an end column of Infinity becomes null in both.
  return libCoverage.createCoverageMap(JSON.parse(JSON.stringify(map.toJSON())))
}

const at = (loc: { start: { line: number; column: number } }) =>
  `${loc.start.line}:${loc.start.column}`

/**
 * Adds the action processes' hits to vitest's coverage of the same file. The two converters read
 * different compilations of the file (vite's, esbuild's bundle), so an item is matched by where it
 * starts in src/; the reference items, and so the totals, stay vitest's. A statement esbuild's map
 * places elsewhere takes the hits of its line; a branch or function that finds no match keeps its
 * in-process count only, which can only under-report.
 */
function credit(target: libCoverage.FileCoverageData, child: libCoverage.FileCoverage): void {
  const lines = child.getLineCoverage()
  const statements = new Map(
    Object.entries(child.statementMap).map(([id, loc]) => [at(loc), child.s[id]!])
  )
  for (const [id, loc] of Object.entries(target.statementMap))
    target.s[id]! += statements.get(at(loc)) ?? lines[loc.start.line] ?? 0

  const branches = new Map(
    Object.entries(child.branchMap).map(([id, branch]) => [
      `${branch.type}@${at(branch.loc)}`,
      child.b[id]!
    ])
  )
  for (const [id, branch] of Object.entries(target.branchMap)) {
    const hits = branches.get(`${branch.type}@${at(branch.loc)}`)
    if (hits?.length === target.b[id]!.length)
      target.b[id] = target.b[id]!.map((n, i) => n + hits[i]!)
  }

  // esbuild's map may start a function's name a few columns late: its end is where both agree.
  const ends = (fn: { decl: { end: { line: number; column: number } } }) =>
    `${fn.decl.end.line}:${fn.decl.end.column}`
  const functions = new Map(Object.entries(child.fnMap).map(([id, fn]) => [ends(fn), child.f[id]!]))
  for (const [id, fn] of Object.entries(target.fnMap)) target.f[id]! += functions.get(ends(fn)) ?? 0
}

async function main(): Promise<void> {
  await rm(root, { recursive: true, force: true })
  const vitest = spawnSync(
    'vitest',
    [
      'run',
      '--coverage.enabled',
      '--coverage.provider=v8',
      '--coverage.include=src/**',
      '--coverage.reporter=json',
      `--coverage.reportsDirectory=${inProcessDir}`,
      ...process.argv.slice(2)
    ],
    { stdio: 'inherit', env: { ...process.env, [ACTION_COVERAGE_ENV]: actionsDir } }
  )
  if (vitest.status !== 0) process.exitCode = vitest.status ?? 1

  const inProcess = JSON.parse(
    await readFile(path.join(inProcessDir, 'coverage-final.json'), 'utf8')
  ) as libCoverage.CoverageMapData
  const inProcessTotal = libCoverage.createCoverageMap(inProcess).getCoverageSummary()
  const actions = await actionCoverage()
  for (const file of actions.files()) {
    // vitest covers every file of src/, run or not; anything else is not ours to report.
    if (inProcess[file]) credit(inProcess[file], actions.fileCoverageFor(file))
  }
  const map = libCoverage.createCoverageMap(inProcess)

  const context = libReport.createContext({ dir: root, coverageMap: map })
  for (const reporter of ['text', 'html', 'json-summary'] as const)
    reports.create(reporter).execute(context)
  const line = (label: string, total: libCoverage.CoverageSummary) =>
    console.log(
      `${label}: lines ${total.lines.pct}% (${total.lines.covered}/${total.lines.total}), ` +
        `branches ${total.branches.pct}% (${total.branches.covered}/${total.branches.total})`
    )
  console.log('')
  line('src/, in-process only', inProcessTotal)
  line('src/, with the action processes', map.getCoverageSummary())
}

await main()
