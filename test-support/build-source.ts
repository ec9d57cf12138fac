/**
 * Vitest global setup: bundles the current `src/` once per test run, so that every test that runs
 * the action as the runner does (a fresh node process) starts plain JavaScript instead of
 * compiling TypeScript again. The per-mode entries sit next to it, written as for dist/. The
 * bundle keeps the packages external: they load from this repository's node_modules, exactly the
 * versions `dist/` is built from. */
import { build } from 'esbuild'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { writeModeEntries } from '../bundling/mode-entries.js'
import { ACTION_COVERAGE_ENV, repoRoot, SOURCE_BUNDLE_ENV, sourceEntry } from './run-action.js'

export default async function setup(): Promise<() => Promise<void>> {
  // Coverage of the action's runs is computed from this bundle after the tests: it must outlive them.
  const coverage = process.env[ACTION_COVERAGE_ENV]
  const dir = coverage
    ? path.join(coverage, 'bundle')
    : path.join(repoRoot, 'node_modules', '.cache', `action-source-${process.pid}`)
  await mkdir(dir, { recursive: true })
  const outfile = path.join(dir, 'index.mjs')
  await build({
    entryPoints: [sourceEntry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Maps the runs' coverage back to src/; stack traces keep the bundle's lines.
    sourcemap: 'linked',
    logLevel: 'warning'
  })
  await writeModeEntries(outfile)
  // Test workers inherit the environment of the process that runs this setup.
  process.env[SOURCE_BUNDLE_ENV] = outfile
  return async () => {
    if (!coverage) await rm(dir, { recursive: true, force: true })
  }
}
