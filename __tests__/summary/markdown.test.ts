import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnosis/index.js'
import { renderDiagnosis } from '../../src/summary/diagnosis-block.js'
import { renderStopSummary, writeSummary } from '../../src/summary/write.js'
import type { TriggerReport } from '../../src/trigger/backend/backend.js'
import { dagRunSummary } from '../../test-support/trigger-summary.js'
import { renderUploadSummary } from '../../src/upload/summary/summary.js'
import type { FileOutcome } from '../../src/upload/send/outcome.js'
import { summaryProblems } from '../../test-support/untrusted.js'
import { airflowProfile } from '../../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

const UI = { base: new URL('https://airflow.example.com'), version: 3 } as const

/** Server answers and file names a hostile party controls. */
const HOSTILE = [
  'ok\n\n# Forged heading\n\n✅ Run created\n\n![pixel](https://evil.example/pixel.png)',
  'x\r\n\r\n<img src="https://evil.example/pixel.png">',
  '</pre></details>\n\n[click](https://evil.example)',
  '<script>alert(1)</script>',
  'a\u2028\u2028## after line separators',
  'tab\t\n \t\n* a list item after a whitespace-only line',
  '| a | b |\n|---|---|\n| c | d |',
  '\u001b]8;;https://evil.example\u0007osc 8 link\u001b]8;;\u0007 and \u001b[31mred\u001b[0m',
  '&#10;&#10;# entity-made blank lines',
  '`code` **bold** _em_ <https://evil.example> https://evil.example'
]
const hostile = HOSTILE.join('\n\n')

function expectNoLiveMarkdown(section: string): void {
  expect(summaryProblems(section)).toEqual([])
}

const airflow = {
  app: airflowProfile,
  method: 'POST',
  apiPath: '/api/v2',
  host: 'airflow.example.com'
} as const
const wordpress = { ...airflow, app: wordpressProfile, apiPath: '/wp-json/wp/v2' } as const

const hostileVerdict = (app: 'airflow' | 'wordpress') =>
  diagnose(
    {
      response: {
        status: 405,
        headers: {
          server: `hcdn ${HOSTILE[0]}`,
          'x-cdn-request-id': `0123456789abcdef-${HOSTILE[1]}`,
          'content-type': 'text/html'
        },
        body: `<html><head><title>${hostile}</title></head><hr><center>nginx</center></html>`
      }
    },
    app === 'wordpress' ? wordpress : airflow
  )

describe('the job summary keeps outside text inert', () => {
  it('in the trigger section: server answer, message, run id and state', () => {
    const report: TriggerReport = {
      dagId: 'etl',
      dagRunId: hostile,
      logicalDate: '2026-01-31T12:00:00Z',
      dateSource: { logicalDate: '2026-01-31T12:00:00Z', source: 'git', description: '' },
      outcome: 'failed',
      message: `The server refused the run: HTTP 405: ${hostile}.`,
      state: hostile,
      serverAnswer: hostile,
      verdict: hostileVerdict('airflow'),
      requests: [{ request: 'POST', result: hostile, layer: 'cdn' }],
      futureWarning: hostile
    }
    expectNoLiveMarkdown(dagRunSummary({ report, sha: 'abcdef0123', ui: UI }))
    // An answer in JSON is laid out before it is shown: its strings stay as inert.
    const json = JSON.stringify({ detail: hostile, [hostile]: [hostile, { title: hostile }] })
    const laidOut = dagRunSummary({ report: { ...report, serverAnswer: json }, ui: UI })
    expectNoLiveMarkdown(laidOut)
    expect(laidOut).toContain('<pre>{&#10;  &quot;detail&quot;: ')
  })

  it('in the upload section: file names, messages, media links, preflight', () => {
    const verdict = hostileVerdict('wordpress')
    const files: FileOutcome[] = HOSTILE.map((text, i) => ({
      file: `img/${text}.png`,
      size: i,
      mediaType: 'image/png',
      status: i % 2 ? 'uploaded' : 'failed',
      attempts: 1,
      ...(i % 2
        ? {
            id: i,
            url: i === 1 ? 'javascript:alert(1)' : `https://evil.example/${text}`,
            preview: { url: i === 3 ? 'javascript:alert(1)' : `https://evil.example/${text}` }
          }
        : { message: text, verdict })
    }))
    const html = renderUploadSummary({
      target: hostile,
      preflight: { ok: false, message: hostile, verdict },
      report: { files, stopReason: hostile, verdict },
      files
    })
    expectNoLiveMarkdown(html)
    expect(html).not.toContain('href="javascript:')
    expect(html).not.toContain('src="javascript:')
    expect(html).toContain('<img src="https://evil.example/')
  })

  it('in the diagnosis block and the stop section', () => {
    expectNoLiveMarkdown(renderDiagnosis(hostileVerdict('wordpress')))
    expectNoLiveMarkdown(renderStopSummary(`Input "conf" expected a JSON object, got ${hostile}`))
  })
})

describe('writeSummary', () => {
  let dir: string
  let file: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'summary-'))
    file = path.join(dir, 'summary.md')
    await writeFile(file, '')
    process.env.GITHUB_STEP_SUMMARY = file
  })
  afterEach(async () => {
    delete process.env.GITHUB_STEP_SUMMARY
    await rm(dir, { recursive: true, force: true })
  })

  it('never writes a blank line, whatever a section holds', async () => {
    await writeSummary('<h2>Title</h2>\n\n<p>a</p>\n \t \n<p>b</p>')
    const written = await readFile(file, 'utf8')
    expect(written).toBe('<h2>Title</h2>\n<p>a</p>\n<p>b</p>\n')
    expectNoLiveMarkdown(written)
  })
})
