// `npm run sizes` (scripts/check-sizes.ts) run as a developer runs it, on a src/ of small
// TypeScript files written for each case, in a directory of its own.
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../test-support/run-action.js'

const script = path.join(repoRoot, 'scripts', 'check-sizes.ts')
const dirs: string[] = []

afterAll(async () => {
  await Promise.all(dirs.map(dir => rm(dir, { recursive: true, force: true })))
})

/** `count` lines of statements, each indented by `indent`. */
function statements(count: number, indent = '  '): string[] {
  return Array.from({ length: count }, (_, i) => `${indent}void ${i}`)
}

/** A function declaration of exactly `lines` lines. */
function declaration(name: string, lines: number): string[] {
  return [`function ${name}(): void {`, ...statements(lines - 2), '}']
}

/** Runs the checker in a fresh directory holding `files` under src/. */
async function checkSizes(files: Record<string, string[]>, ...args: string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'sizes-'))
  dirs.push(dir)
  for (const [name, lines] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, 'src', name)), { recursive: true })
    await writeFile(path.join(dir, 'src', name), `${lines.join('\n')}\n`)
  }
  const run = spawnSync(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), script, ...args],
    {
      cwd: dir,
      encoding: 'utf8'
    }
  )
  return { status: run.status, lines: run.stdout.split('\n').filter(Boolean), stderr: run.stderr }
}

describe('check-sizes', () => {
  it('lists functions over 80 lines and files over 300, sorted, and fails', async () => {
    const { status, lines, stderr } = await checkSizes({
      'b/long.ts': [...declaration('fits', 80), ...declaration('tooLong', 81)],
      // The parent counts its nested function's lines; the nested one is measured on its own too.
      'b/nested.ts': [
        'export function outer(): void {',
        ...statements(3),
        ...declaration('inner', 85).map(line => `  ${line}`),
        '}'
      ],
      'a/callback.ts': [
        "describe('a table', () => {",
        ...statements(90),
        '})',
        'export const short = [1].map(n => n + 1)'
      ],
      'a/method.ts': [
        'export class Store {',
        '  load(): void {',
        ...statements(82, '    '),
        '  }',
        '  get size(): number {',
        '    return 0',
        '  }',
        '}'
      ],
      'c/big.ts': statements(301, '')
    })
    expect(lines).toEqual([
      'src/a/callback.ts:1 (arrow passed to describe) 92 lines (limit 80)',
      'src/a/method.ts:2 Store.load 84 lines (limit 80)',
      'src/b/long.ts:81 tooLong 81 lines (limit 80)',
      'src/b/nested.ts:1 outer 90 lines (limit 80)',
      'src/b/nested.ts:5 inner 85 lines (limit 80)',
      'src/c/big.ts:1 (file) 301 lines (limit 300)'
    ])
    expect(stderr).toContain('6 over the limits')
    expect(status).toBe(1)
  })

  it('passes when a size-exception comment gives the reason, directly above or at the top of the file', async () => {
    const { status, lines } = await checkSizes({
      'table.ts': [
        '/** Cases. */',
        '// size-exception: one table of cases reads best whole',
        ...declaration('cases', 81)
      ],
      'arrow.ts': [
        '// size-exception: the steps follow the protocol, one after the other',
        'export const handshake = async (): Promise<void> => {',
        ...statements(85),
        '}'
      ],
      'generated.ts': [
        '// size-exception: the list of status codes, one a line',
        '',
        ...statements(310, '')
      ]
    })
    expect(lines).toEqual([
      'src/arrow.ts:2 handshake 87 lines (limit 80), excepted: the steps follow the protocol, one after the other',
      'src/generated.ts:1 (file) 312 lines (limit 300), excepted: the list of status codes, one a line',
      'src/table.ts:3 cases 81 lines (limit 80), excepted: one table of cases reads best whole'
    ])
    expect(status).toBe(0)
  })

  it('fails on an exception without a reason, and one not directly above', async () => {
    const { status, lines } = await checkSizes({
      'bare.ts': ['// size-exception:', ...declaration('bare', 81)],
      'apart.ts': ['void 0', '', '// size-exception: far above', '', ...declaration('apart', 81)],
      // The first function's exception is not the file's.
      'first.ts': [
        '// size-exception: a long one',
        ...declaration('first', 81),
        ...statements(230, '')
      ]
    })
    expect(lines).toEqual([
      'src/apart.ts:5 apart 81 lines (limit 80)',
      'src/bare.ts:2 bare 81 lines (limit 80): the size-exception: comment gives no reason',
      'src/first.ts:1 (file) 312 lines (limit 300)',
      'src/first.ts:2 first 81 lines (limit 80), excepted: a long one'
    ])
    expect(status).toBe(1)
  })

  it('reports functions over 60 lines and files over 250 with --report, and does not fail', async () => {
    const { status, lines } = await checkSizes(
      {
        'near.ts': [
          ...declaration('near', 61),
          ...declaration('under', 60),
          ...statements(190, '')
        ],
        'full.ts': [...declaration('over', 100), ...statements(150, '')]
      },
      '--report'
    )
    expect(lines).toEqual([
      'src/full.ts:1 over 100 lines (limit 80)',
      'src/near.ts:1 (file) 311 lines (limit 300)',
      'src/near.ts:1 near 61 lines (limit 80)'
    ])
    expect(status).toBe(0)
  })
})
