// The per-mode actions (trigger/action.yml, upload/action.yml) as the runner starts them: their
// entry next to the bundle, with INPUT_* variables for their own inputs and for any other given.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { GIF } from '../../test-support/images.js'
import { mediaOutput, runAction } from '../../test-support/run-action.js'
import { summaryAsText } from '../../test-support/summary-text.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'

const kit = useSandbox()

const paths = () =>
  kit.sandbox.requests.map(r => `${r.method} ${new URL(r.path, 'http://x').pathname}`)

describe('the trigger action', () => {
  it('creates the run, and a `mode: upload` given to it changes nothing', async () => {
    const run = await runAction({
      source: true,
      action: 'trigger',
      inputs: {
        mode: 'upload',
        'base-url': kit.sandbox.url,
        'dag-id': 'example_dag',
        token: 'sandbox-token',
        'logical-date': '2026-01-31T12:00:00Z'
      },
      cwd: kit.workspace
    })
    expect(run.stdout).not.toContain('::error')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toEqual({
      'logical-date': '2026-01-31T12:00:00Z',
      'dag-run-id': 'github__2026-01-31T12:00:00Z',
      'dag-run-url': `${kit.sandbox.url}/dags/example_dag/runs/github__2026-01-31T12%3A00%3A00Z`,
      'dag-run-state': 'queued',
      diagnosis: 'origin'
    })
    expect(kit.sandbox.runs.get('example_dag')?.map(r => r.dag_run_id)).toEqual([
      'github__2026-01-31T12:00:00Z'
    ])
    expect(paths()).toEqual([
      'GET /api/v2/version',
      'GET /api/v2/dags/example_dag',
      'POST /api/v2/dags/example_dag/dagRuns'
    ])
    expect(summaryAsText(run.summary)).toContain('Run created')
  })
})

describe('the upload action', () => {
  it('uploads the files, and a `mode: trigger` given to it changes nothing', async () => {
    await writeFile(path.join(kit.workspace, 'a.gif'), GIF)
    const run = await runAction({
      source: true,
      action: 'upload',
      inputs: {
        mode: 'trigger',
        'base-url': kit.sandbox.url,
        files: '*.gif',
        username: 'demo',
        'app-password': 'abcd efgh ijkl mnop qrst uvwx'
      },
      cwd: kit.workspace
    })
    expect(run.stdout).not.toContain('::error')
    expect(run.exitCode).toBe(0)
    expect(mediaOutput(run)).toEqual([
      {
        file: 'a.gif',
        id: 4,
        url: `${kit.sandbox.url}/uploads/a.gif`,
        status: 'uploaded',
        attempts: 1,
        sizes: 'complete',
        sizesBy: 'wordpress',
        post: null
      }
    ])
    expect(paths().filter(line => line.startsWith('POST'))).toEqual(['POST /cms-json/cms/v2/media'])
  })
})
