import { readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { ScenarioResult } from './context.js'
import { runTimed } from './proc.js'
import { table } from './stats.js'

export interface Machine {
  cpus: number
  model: string
  memory: string
  os: string
  /** The Node.js running the benchmark harness. */
  node: string
  /** The Node.js running the action and the Node baselines. */
  measuredNode: string
  measuredNodePath: string
  curl?: string
}

export async function machine(nodeUnderTest: string, curl?: string): Promise<Machine> {
  const measuredNode = (
    await runTimed(nodeUnderTest, ['--version'], { env: process.env, timeoutMs: 5000 })
  ).stdout.trim()
  const cpus = os.cpus()
  const curlVersion = curl
    ? (await runTimed(curl, ['--version'], { env: process.env, timeoutMs: 5000 })).stdout
        .split('\n')[0]
        ?.split(' ')
        .slice(0, 2)
        .join(' ')
    : undefined
  return {
    cpus: cpus.length,
    model: cpus[0]?.model.trim() ?? 'unknown',
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    measuredNode,
    measuredNodePath: nodeUnderTest,
    curl: curlVersion
  }
}

export const RESULTS_START = '<!-- bench:results:start -->'
export const RESULTS_END = '<!-- bench:results:end -->'

export interface ReportInput {
  results: ScenarioResult[]
  machine: Machine
  command: string
  seconds: number
  quick: boolean
  /** The doc to write the results section into, if any. */
  write?: string
}

/** Renders the results as markdown and, when asked, replaces the doc's results section with it. */
export async function writeResults(input: ReportInput): Promise<string> {
  const { machine: m } = input
  const targets = input.results.flatMap(r => r.targets)
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${input.command}\` (${input.seconds.toFixed(0)} s${input.quick ? ', quick mode: fewer runs, smaller files' : ''}).`,
    '',
    `Machine: ${m.cpus} × ${m.model}, ${m.memory} RAM, ${m.os}${m.curl ? `; ${m.curl}` : ''}.`,
    '',
    `Node.js running the action and the Node baselines: ${m.measuredNode} (\`${path.relative(process.cwd(), m.measuredNodePath) || m.measuredNodePath}\`); the harness runs on ${m.node}.`,
    '',
    '### Targets',
    '',
    table(
      ['target', 'result'],
      targets.map(t => [t.name, t.detail])
    ),
    ...input.results.flatMap(r => ['', `### ${r.title}`, '', r.markdown])
  ]
  const markdown = lines.join('\n')
  if (input.write) await replaceSection(input.write, RESULTS_START, RESULTS_END, markdown)
  return markdown
}

/** Replaces what lies between two marker comments in a markdown file. */
export async function replaceSection(
  file: string,
  startMarker: string,
  endMarker: string,
  markdown: string
): Promise<void> {
  const doc = await readFile(file, 'utf8')
  const start = doc.indexOf(startMarker)
  const end = doc.indexOf(endMarker)
  if (start < 0 || end < start)
    throw new Error(`${file} lacks the ${startMarker} … ${endMarker} markers`)
  const text = `${doc.slice(0, start + startMarker.length)}\n\n${markdown}\n\n${doc.slice(end)}`
  // Formatted as `npm run lint` expects (prettier aligns the tables).
  const prettier = await import('prettier')
  const options = await prettier.resolveConfig(file)
  await writeFile(file, await prettier.format(text, { ...options, filepath: file }))
}
