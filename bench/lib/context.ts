import { performance } from 'node:perf_hooks'

export interface BenchContext {
  /** BENCH_QUICK=1: fewer runs and smaller files, for a smoke run. */
  quick: boolean
  repoRoot: string
  distDir: string
  /** dist/index.js */
  action: string
  /** A temp dir for this run's files; removed at the end. */
  tmp: string
  /** curl's path, when installed. */
  curl?: string
  log(message: string): void
}

export interface Target {
  name: string
  met: boolean
  /** The measured value against the target, one line. */
  detail: string
}

export interface ScenarioResult {
  title: string
  /** Markdown: tables and short notes. */
  markdown: string
  targets: Target[]
  /** Machine-readable figures for anyone post-processing the run. */
  data: Record<string, unknown>
}

export interface Variant<R> {
  name: string
  run(round: number): Promise<R>
}

export interface InterleaveOptions {
  rounds: number
  warmup: number
  /** Stops starting new rounds after this long (at least `minRounds` are run). */
  budgetMs: number
  minRounds?: number
  log(message: string): void
}

/**
 * Runs the variants in rounds, A B C D then B C D A and so on, so drift in the machine's speed
 * spreads evenly over all of them; warm-up rounds are run and dropped.
 */
export async function interleave<R>(
  variants: Variant<R>[],
  options: InterleaveOptions
): Promise<Map<string, R[]>> {
  const results = new Map<string, R[]>(variants.map(v => [v.name, []]))
  const started = performance.now()
  const minRounds = options.minRounds ?? Math.min(3, options.rounds)
  const total = options.warmup + options.rounds
  for (let round = 0; round < total; round++) {
    const measured = round - options.warmup
    if (measured >= minRounds && performance.now() - started > options.budgetMs) {
      options.log(`  time budget reached after ${measured} measured rounds`)
      break
    }
    const order = variants.map((_, i) => variants[(i + round) % variants.length]!)
    for (const variant of order) {
      const result = await variant.run(round)
      if (measured >= 0) results.get(variant.name)!.push(result)
    }
    if ((round + 1) % 5 === 0 || round === total - 1)
      options.log(`  round ${round + 1}/${total}${round < options.warmup ? ' (warm-up)' : ''}`)
  }
  return results
}
