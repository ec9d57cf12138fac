import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnosis/index.js'
import { cap, escapeHtml, formatBytes, inline, prose } from '../../src/summary/html.js'
import type { TriggerReport } from '../../src/trigger/backend/backend.js'
import { dagRunSummary } from '../../test-support/trigger-summary.js'
import { renderUploadSummary } from '../../src/upload/summary/summary.js'
import { MAX_FILE_ROWS } from '../../src/upload/summary/table.js'
import type { FileOutcome } from '../../src/upload/send/outcome.js'
import { airflowProfile } from '../../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

const UI = { base: new URL('https://airflow.example.com'), version: 3 } as const

const context = {
  app: wordpressProfile,
  method: 'POST',
  apiPath: '/cms-json/cms/v2',
  host: 'www.example.com'
} as const
const NGINX_405 =
  '<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
const cdnBlock = diagnose(
  {
    response: {
      status: 405,
      headers: {
        server: 'hcdn',
        'x-cdn-request-id': '0123456789abcdef0123456789abcdef-edge-ams-3',
        'content-type': 'text/html'
      },
      body: NGINX_405
    }
  },
  context
)

describe('escaping', () => {
  it('makes server text inert', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;'
    )
    expect(inline('a\n\n  b<br>', 200)).toBe('a b&lt;br&gt;')
    expect(cap('abcdef', 3)).toBe('abc… (3 more characters)')
    expect(prose('`server: hcdn` <b>')).toBe('<code>server: hcdn</code> &lt;b&gt;')
  })

  it('formats sizes', () => {
    // A no-break space keeps the number and its unit on one line.
    expect(formatBytes(0)).toBe('0\u00a0B')
    expect(formatBytes(1023)).toBe('1023\u00a0B')
    expect(formatBytes(1536)).toBe('1.5\u00a0KiB')
    expect(formatBytes(1024 ** 3)).toBe('1.0\u00a0GiB')
  })
})

function outcome(i: number, status: FileOutcome['status']): FileOutcome {
  return {
    file: `dist/images/a-rather-long-directory-name/screenshot-${i}.png`,
    size: 123_456,
    mediaType: 'image/png',
    status,
    attempts: status === 'not-attempted' ? 0 : 1,
    ...(status === 'uploaded'
      ? { id: i, url: `https://www.example.com/wp-content/uploads/2026/11/screenshot-${i}.png` }
      : {}),
    verdict: status === 'not-attempted' ? undefined : cdnBlock
  }
}

describe('the upload summary', () => {
  it('lists every file, the stop and the diagnosis', () => {
    const files = [outcome(1, 'uploaded'), outcome(2, 'blocked'), outcome(3, 'not-attempted')]
    const html = renderUploadSummary({
      target: 'www.example.com/cms-json/cms/v2/media',
      files,
      report: { files, stopReason: 'stopped <here>', verdict: cdnBlock }
    })
    expect(html).toContain('1 of 3 uploaded, 1 blocked, 1 not attempted')
    expect(html).toContain('stopped &lt;here&gt;')
    expect(html).toContain('<h3>Diagnosis</h3>')
    expect(html).toContain('edge-ams-3')
    expect(html).toContain('Preflight: skipped')
  })

  it('stays far below 1 MiB for thousands of files and still accounts for them', () => {
    // 1000 that failed for one reason, and 4000 each in its own words: 4001 rows.
    const failed = (i: number, message: string): FileOutcome => ({
      ...outcome(i, 'failed'),
      message
    })
    const files = Array.from({ length: 5000 }, (_, i) =>
      i < 1000 ? failed(i, 'refused') : failed(i, `could not be read (EACCES: screenshot-${i}.png)`)
    )
    const html = renderUploadSummary({
      target: 'www.example.com/cms-json/cms/v2/media',
      files,
      report: { files, verdict: cdnBlock }
    })
    expect(html.length).toBeLessThan(400 * 1024)
    // The 1000 files refused alike share one row; two header rows, the first table's and the folded one's.
    expect((html.match(/<tr>/g) ?? []).length).toBe(MAX_FILE_ROWS + 2)
    // Its first ten names shown, the next ones folded, the rest only counted.
    expect(html).toContain('<details><summary>990 more files</summary>')
    expect(html).toContain('… and 970 more: the <code>media</code> output lists every one.')
    expect(html).toContain(`… and ${4000 - (MAX_FILE_ROWS - 1)} more files (3501 failed)`)
  })

  it('cuts and escapes hostile file names', () => {
    const files = [{ ...outcome(1, 'uploaded'), file: `<script>${'x'.repeat(1000)}</script>.png` }]
    const html = renderUploadSummary({ target: 't', files, report: { files } })
    expect(html).not.toContain('<script>')
    expect(html).toContain('more characters')
  })
})

describe('the trigger summary', () => {
  const report: TriggerReport = {
    dagId: 'etl',
    dagRunId: 'github__2026-01-31T12:00:00Z',
    logicalDate: '2026-01-31T12:00:00Z',
    dateSource: { logicalDate: '2026-01-31T12:00:00Z', source: 'git', description: '' },
    outcome: 'failed',
    message: 'The server refused the run: HTTP 401.',
    serverAnswer: `{"detail":"<b>${'y'.repeat(5000)}"}`,
    verdict: diagnose(
      {
        response: {
          status: 401,
          headers: { 'content-type': 'application/problem+json' },
          body: '{"detail":"Not authenticated","status":401,"title":"Unauthorized","type":"x"}'
        }
      },
      { ...context, app: airflowProfile, apiPath: '/api/v2' }
    ),
    requests: [{ request: 'POST', result: 'HTTP 401', layer: 'origin' }]
  }

  it('shows the target, the source of the date with the short sha, and the diagnosis', () => {
    const html = dagRunSummary({ report, sha: '0123456789abcdef', ui: UI })
    expect(html).toContain('airflow.example.com/api/v2/dags/etl/dagRuns')
    expect(html).toContain('2026-01-31T12:00:00Z (from git, commit 0123456)')
    expect(html).toContain('<h3>Diagnosis</h3>')
    expect(html).toContain('&lt;b&gt;')
    expect(html).not.toContain('y'.repeat(2001))
  })

  it('has no diagnosis block for a created run', () => {
    const html = dagRunSummary({
      report: { ...report, outcome: 'created', message: 'Run created.' },
      ui: UI
    })
    expect(html).not.toContain('Diagnosis')
  })
})
