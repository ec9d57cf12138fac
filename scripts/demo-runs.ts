// The demo's runs that `npm run demo` prints and `npm run summaries` pictures: one place, so that
// the README's pictures show what the demo shows.
import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SandboxOptions } from '../sandbox/types.js'
import { png } from '../test-support/images.js'
import { repoRoot, runAction, type ActionRun } from '../test-support/run-action.js'

/** A WordPress that announces its REST API, as a real one does, behind a CDN that starts blocking. */
export const CMS_BEHIND_CDN: SandboxOptions = {
  wordpress: { permalinks: 'pretty' },
  cdn: { name: 'hcdn', edge: 'edge-ams-3', passPosts: 2 }
}

/** The images the upload sends: small, and each of its own colour, so a thumbnail shows it. */
export const DEMO_IMAGES: Record<string, Buffer> = {
  'logo.png': png(48, 48, [31, 111, 235]),
  'banner.png': png(48, 48, [26, 127, 55]),
  'hero image.png': png(48, 48, [191, 135, 0]),
  'icon.png': png(48, 48, [207, 34, 46])
}

export function headCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore']
    }).trim()
  } catch {
    return undefined
  }
}

/** The trigger's inputs and environment: the logical date from this commit when there is one. */
export function demoTrigger(airflowUrl: string, sha: string | undefined) {
  return {
    inputs: {
      mode: 'trigger',
      'base-url': airflowUrl,
      'dag-id': 'example_dag',
      token: 'sandbox-token',
      conf: '{"source": "demo"}',
      // Without a git checkout there is no commit to derive the date from.
      ...(sha ? {} : { 'logical-date': new Date().toISOString() })
    },
    env: sha ? { GITHUB_SHA: sha } : ({} as Record<string, string>)
  }
}

/** Runs of the bundle (`dist/`), or of the current source with `source`. */
export interface DemoRunOptions {
  source?: boolean
}

/** 1. A trigger for this commit. */
export async function triggerForCommit(
  airflowUrl: string,
  sha: string | undefined,
  { source = false }: DemoRunOptions = {}
): Promise<ActionRun> {
  return runAction({ ...demoTrigger(airflowUrl, sha), cwd: repoRoot, source })
}

/** 5. An upload of the demo's images, in `workspace`, through the CDN of `CMS_BEHIND_CDN`. */
export async function uploadThroughCdn(
  cmsUrl: string,
  workspace: string,
  { source = false }: DemoRunOptions = {}
): Promise<ActionRun> {
  for (const [name, bytes] of Object.entries(DEMO_IMAGES)) {
    await writeFile(path.join(workspace, name), bytes)
  }
  return runAction({
    inputs: {
      mode: 'upload',
      'base-url': cmsUrl,
      files: '*.png',
      username: 'demo',
      'app-password': 'abcd efgh ijkl mnop qrst uvwx'
    },
    cwd: workspace,
    source
  })
}
