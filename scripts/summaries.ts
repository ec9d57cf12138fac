// `npm run summaries`: the README's pictures of a job summary, from the demo's own runs (see
// scripts/demo-runs.ts): a trigger that succeeds, and an upload a CDN starts blocking, each
// rendered to a PNG in docs/. Not part of `npm test` or CI.
//
// It needs a Chromium or Chrome (CHROMIUM=/path, else /usr/bin/chromium and the like) and GitHub's
// Markdown stylesheet (the npm package github-markdown-css, installed into node_modules/.cache on
// first use); without them it says what is missing and exits 2. `--source` runs the current src/
// instead of dist/, as `npm test` does, for a change not yet bundled.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startSandbox } from '../sandbox/server.js'
import { repoRoot, type ActionRun } from '../test-support/run-action.js'
import { CMS_BEHIND_CDN, headCommit, triggerForCommit, uploadThroughCdn } from './demo-runs.js'
import { findChromium, markdownCss, MissingTool, renderPng, summaryPage } from './render-summary.js'

/** Wide enough for the tables, narrow enough to stay small; a README shows it about this wide. */
const WIDTH = 900

async function picture(run: ActionRun, name: string, css: string): Promise<void> {
  if (!run.summary.trim()) throw new Error(`${name}: the run wrote no summary (${run.stderr})`)
  const output = path.join(repoRoot, 'docs', name)
  await renderPng(summaryPage(run.summary, css, 'job summary'), output, WIDTH)
  const { size } = await stat(output)
  console.log(`${path.relative(repoRoot, output)}: ${(size / 1024).toFixed(0)} KiB`)
}

async function main(): Promise<void> {
  // What is missing is said before any server starts.
  findChromium()
  const css = await markdownCss()
  const source = process.argv.includes('--source')
  const airflow = await startSandbox()
  const cms = await startSandbox(CMS_BEHIND_CDN)
  const workspace = await mkdtemp(path.join(tmpdir(), 'summaries-'))
  try {
    const sha = headCommit()
    const success = await triggerForCommit(airflow.url, sha, { source })
    if (success.exitCode !== 0) throw new Error(`the trigger failed: ${success.stdout}`)
    await picture(success, 'summary-success.png', css)
    const blocked = await uploadThroughCdn(cms.url, workspace, { source })
    if (blocked.exitCode === 0) throw new Error('the CDN did not block the upload')
    // While the sandbox still serves the thumbnails the summary shows.
    await picture(blocked, 'summary-failure.png', css)
  } finally {
    await Promise.all([
      airflow.close(),
      cms.close(),
      rm(workspace, { recursive: true, force: true })
    ])
  }
}

try {
  await main()
} catch (error) {
  if (!(error instanceof MissingTool)) throw error
  console.error(`npm run summaries: ${error.message}`)
  process.exitCode = 2
}
