import { readFile } from 'node:fs/promises'
import path from 'node:path'
import MarkdownIt from 'markdown-it'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { diagnose, type DiagnosisContext, type Verdict } from '../../src/diagnosis/index.js'
import { ACTION_NAME, renderStopSummary } from '../../src/summary/write.js'
import type { TriggerReport } from '../../src/trigger/backend/backend.js'
import { dagRunSummary } from '../../test-support/trigger-summary.js'
import type { Watched } from '../../src/trigger/watch/watch-run.js'
import { addSecret } from '../../src/log/secrets.js'
import { guardLinks, readMediaLinks } from '../../src/upload/wordpress/media-links.js'
import { MAX_PREVIEWS, renderUploadSummary } from '../../src/upload/summary/summary.js'
import { FIRST_ROWS } from '../../src/upload/summary/table.js'
import type { FileOutcome } from '../../src/upload/send/outcome.js'
import { repoRoot } from '../../test-support/run-action.js'
import { summaryProblems } from '../../test-support/untrusted.js'
import { airflowProfile } from '../../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

/** GitHub renders the job summary as GitHub-flavoured Markdown, raw HTML allowed. */
const gfm = new MarkdownIt({ html: true, linkify: true })

/** The section as GitHub shows it, checked to be one inert HTML block. */
function rendered(section: string): string {
  expect(summaryProblems(section)).toEqual([])
  return gfm.render(section)
}

/** The diagnosis (what to do) comes before the first table. */
function expectLeadsWithWhatToDo(html: string): void {
  const todo = html.indexOf('What to do')
  expect(todo).toBeGreaterThan(html.indexOf('</h2>'))
  expect(todo).toBeLessThan(html.indexOf('<table>'))
}

const wordpress: DiagnosisContext = {
  app: wordpressProfile,
  method: 'GET',
  apiPath: '/wp-json/wp/v2',
  host: 'www.example.com'
}
const airflow: DiagnosisContext = { ...wordpress, app: airflowProfile, apiPath: '/api/v2' }

const answer = (status: number, body: unknown, service: DiagnosisContext = wordpress): Verdict =>
  diagnose(
    {
      response: {
        status,
        headers: { 'content-type': 'application/json', 'x-wp-total': '0' },
        body: JSON.stringify(body)
      }
    },
    service
  )
const refusedCredentials = answer(401, {
  code: 'incorrect_password',
  message: 'The password is incorrect.',
  data: { status: 401 }
})
const stored = answer(201, { id: 4, source_url: 'https://www.example.com/a.png' })

function file(i: number, status: FileOutcome['status'], extra: Partial<FileOutcome> = {}) {
  const name = `img/photo-${i}.png`
  return {
    file: name,
    size: 2048,
    mediaType: 'image/png',
    status,
    attempts: status === 'uploaded' ? 1 : 0,
    ...(status === 'uploaded' || status === 'existing'
      ? {
          id: 100 + i,
          url: `https://www.example.com/wp-content/uploads/photo-${i}.png`,
          preview: {
            url: `https://www.example.com/wp-content/uploads/photo-${i}-150x150.png`,
            width: 150,
            height: 150
          }
        }
      : {}),
    ...(status === 'uploaded' ? { httpStatus: 201, verdict: stored } : {}),
    ...extra
  } satisfies FileOutcome
}

describe('the upload summary, as GitHub renders it', () => {
  const target = 'www.example.com/wp-json/wp/v2/media'

  it('success: the images as thumbnails, capped, sized, linked to their files; no diagnosis', () => {
    const files = Array.from({ length: 15 }, (_, i) => file(i, i % 3 ? 'uploaded' : 'existing'))
    const html = rendered(renderUploadSummary({ target, files, report: { files } }))
    expect(html).toContain('✅ 15 of 15 files in the library: 10 uploaded, 5 existing')
    expect(html).not.toContain('Diagnosis')
    const images = html.match(/<img [^>]*>/g) ?? []
    expect(images).toHaveLength(MAX_PREVIEWS)
    expect(images[0]).toBe(
      '<img src="https://www.example.com/wp-content/uploads/photo-0-150x150.png" alt="photo-0.png" width="96" height="96">'
    )
    expect(html).toContain(
      '<a href="https://www.example.com/wp-content/uploads/photo-0.png"><img src="https://www.example.com/wp-content/uploads/photo-0-150x150.png"'
    )
    expect(html).toContain('… and 3 more images')
    expect(html).toContain('♻️ already in the library')
    expect(html).toContain('<td>♻️ already in the library</td><td>—</td>')
  })

  it('with failures: the diagnosis first, problems first, the same ones in one row, the rest folded', () => {
    const blocked = diagnose(
      {
        response: {
          status: 405,
          headers: { server: 'hcdn', 'x-cdn-request-id': 'abc-edge-ams-3' },
          body: '<html><center>nginx</center></html>'
        }
      },
      { ...wordpress, method: 'POST' }
    )
    const notSent =
      'not sent: the run stopped (img/photo-12.png was still blocked after 3 attempts)'
    // Each unreadable file says why in its own words: rows that cannot be shared.
    const unreadable = (i: number) =>
      file(400 + i, 'failed', { message: `could not be read (EACCES: img/photo-${400 + i}.png)` })
    const files: FileOutcome[] = [
      ...Array.from({ length: 12 }, (_, i) => file(i, 'uploaded')),
      file(12, 'blocked', { attempts: 3, httpStatus: 405, message: 'refused', verdict: blocked }),
      ...Array.from({ length: 387 }, (_, i) => file(13 + i, 'not-attempted', { message: notSent })),
      ...Array.from({ length: 12 }, (_, i) => unreadable(i))
    ]
    const html = rendered(
      renderUploadSummary({
        target,
        files,
        report: { files, stopReason: 'img/photo-12.png was still blocked', verdict: blocked }
      })
    )
    expectLeadsWithWhatToDo(html)
    expect(html).not.toContain('✅ 12 of')
    // The problems come first: the files that failed, the blocked one, then the 387 not sent
    // in one row, and the 12 uploaded in one row last.
    const rows = html.match(/<tr>.*?<\/tr>/g) ?? []
    const header = 1
    expect(rows[header]).toContain('❌ failed')
    const blockedRow = rows.findIndex(row => row.includes('⛔ blocked (HTTP 405)'))
    const notSentRow = rows.findIndex(row => row.includes('<summary>377 more files</summary>'))
    const uploadedRow = rows.findIndex(row => row.includes('<summary>2 more files</summary>'))
    expect(blockedRow).toBeGreaterThan(header)
    expect(notSentRow).toBe(blockedRow + 1)
    expect(uploadedRow).toBe(notSentRow + 1)
    // Its reason said once, after the status, and no answer to name.
    expect(rows[notSentRow]).toContain(
      '<td>⏭️ not sent: the run stopped (img/photo-12.png was still blocked after 3 attempts)</td><td>—</td>'
    )
    expect(rows[notSentRow]).toContain(
      '… and 357 more: the <code>media</code> output lists every one.'
    )
    expect(rows[uploadedRow]).toContain('<td>✅ uploaded (HTTP 201)</td><td>WordPress</td>')
    // Who blocked it is named once, as the lead names it, and not again in the status.
    expect(rows[blockedRow]).toContain(
      '<td>⛔ blocked (HTTP 405) after 3 attempts: refused</td><td>Hostinger CDN (the CDN in front of WordPress)</td>'
    )
    // 15 rows: the first ten in the table, the other five (402 files) folded.
    expect(html).toMatch(/<details><summary>402 more files<\/summary><table>/)
    expect(rows).toHaveLength(15 + 2)
    expect(rows.slice(0, FIRST_ROWS + 1).join()).not.toContain('<details><summary>402 more')
  })

  it('a failed preflight with 400 files: one row for all of them, under the diagnosis', () => {
    const why = 'not sent: the preflight check failed'
    const files = Array.from({ length: 400 }, (_, i) => file(i, 'not-attempted', { message: why }))
    const html = rendered(
      renderUploadSummary({
        target,
        preflight: { ok: false, message: 'Preflight GET … failed', verdict: refusedCredentials },
        files
      })
    )
    expectLeadsWithWhatToDo(html)
    expect(html).toContain('❌ 0 of 400 uploaded, 400 not attempted')
    expect(html.match(/<tr>/g)).toHaveLength(2)
    expect(html).toContain('<summary>390 more files</summary>')
    expect(html).toContain('<td>⏭️ not sent: the preflight check failed</td><td>—</td>')
    expect(html).toContain('800.0\u00a0KiB')
    expect(html).not.toContain('<img')
    expect(html.length).toBeLessThan(12_000)
  })
})

describe('the thumbnails never carry a secret, nor anything but an http(s) address', () => {
  const basic = Buffer.from('ci:abcd efgh ijkl mnop').toString('base64')
  beforeAll(() => {
    // As the upload registers them; core.setSecret's `::add-mask::` lines are not printed here.
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    addSecret('abcd efgh ijkl mnop')
    addSecret(basic)
    stdout.mockRestore()
  })
  const kept = (url: string) => guardLinks({ url, preview: { url } })

  it.each([
    ['user and password in the address', 'https://ci:abcd%20efgh@www.example.com/a.png'],
    ['a user alone', 'https://ci@www.example.com/a.png'],
    ['the password as given', 'https://www.example.com/a.png?p=abcd efgh ijkl mnop'],
    ['the password percent-encoded', 'https://www.example.com/a.png?p=abcd%20efgh%20ijkl%20mnop'],
    ['the password with plus signs', 'https://www.example.com/a.png?p=abcd+efgh+ijkl+mnop'],
    ['the password without spaces', 'https://www.example.com/abcdefghijklmnop/a.png'],
    ['the Basic form', `https://www.example.com/a.png?auth=${basic}`],
    ['the Basic form encoded', `https://www.example.com/a.png?auth=${encodeURIComponent(basic)}`],
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:image/png;base64,AAAA'],
    ['an address too long', `https://www.example.com/${'a'.repeat(2100)}.png`],
    ['no address at all', 'not a url']
  ])('drops %s', (_name, url) => {
    expect(kept(url)).toEqual({})
  })

  it('keeps a plain https address', () => {
    const url = 'https://www.example.com/wp-content/uploads/a-150x150.png'
    expect(kept(url)).toEqual({ url, preview: { url } })
  })

  it("reads WordPress's thumbnail, else the medium size, never a large original", () => {
    const thumb = { source_url: 'https://x.example/a-150x150.png', width: 150, height: 150 }
    const medium = { source_url: 'https://x.example/a-300x200.png', width: 300, height: 200 }
    const item = (sizes: unknown, mime = 'image/png', width = 3000, height = 2000) => ({
      source_url: 'https://x.example/a.png',
      mime_type: mime,
      media_details: { width, height, sizes }
    })
    expect(readMediaLinks(item({ thumbnail: thumb, medium })).preview).toEqual({
      url: thumb.source_url,
      width: 150,
      height: 150
    })
    expect(readMediaLinks(item({ medium })).preview?.url).toBe(medium.source_url)
    // A 3000×2000 photo WordPress made no sizes of (it ran out of memory): its original may be
    // tens of MiB, so no preview at all; the file stays linked.
    expect(readMediaLinks(item([]))).toEqual({ url: 'https://x.example/a.png' })
    expect(
      readMediaLinks({ source_url: 'https://x.example/a.png', mime_type: 'image/png' })
    ).toEqual({ url: 'https://x.example/a.png' })
    // An image smaller than the sizes, which WordPress makes none of, is its own preview.
    expect(readMediaLinks(item([], 'image/png', 120, 80)).preview).toEqual({
      url: 'https://x.example/a.png',
      width: 120,
      height: 80
    })
    expect(readMediaLinks(item({}, 'application/pdf')).preview).toBeUndefined()
  })

  it('says why items lack their sizes: a CDN that refused those made on the runner, or WordPress', () => {
    const cdn = diagnose(
      {
        response: {
          status: 405,
          headers: { server: 'hcdn', 'x-cdn-request-id': '0123-edge-ams-3' },
          body: '<html><head><title>405 Not Allowed</title></head></html>'
        }
      },
      { ...wordpress, method: 'POST' }
    )
    const files = [
      file(1, 'uploaded', {
        sizes: 'missing',
        sizesBy: 'runner',
        verdict: cdn,
        message: 'its sizes were refused by the CDN at edge-ams-3 before reaching the server'
      }),
      file(2, 'uploaded', { sizes: 'missing', sizesBy: 'wordpress' })
    ]
    const text = rendered(renderUploadSummary({ target: 't', files, report: { files } }))
    expect(text).toContain(
      '1 item stored without its smaller image sizes (the <code>media</code> output says <code>"sizes": "missing"</code>): usable, but the CDN refused the sizes made on the runner'
    )
    expect(text).toContain('but WordPress ran out of resources making the sizes')
    expect(text).toContain(
      'its sizes were refused by the CDN at edge-ams-3 before reaching the server'
    )
  })

  it('shows no picture of an item without a small size: no original is loaded', () => {
    const files = [
      file(1, 'uploaded', { preview: undefined, sizes: 'missing' }),
      file(2, 'uploaded')
    ]
    const html = rendered(renderUploadSummary({ target: 't', files, report: { files } }))
    expect(html.match(/<img [^>]*>/g)).toEqual([
      '<img src="https://www.example.com/wp-content/uploads/photo-2-150x150.png" alt="photo-2.png" width="96" height="96">'
    ])
    expect(html).not.toContain('src="https://www.example.com/wp-content/uploads/photo-1.png"')
  })

  it('shows a hostile file name as alt text only, and a hostile address not at all', () => {
    const name = 'img/"><img src=x onerror=alert(1)>.png'
    const files = [
      file(1, 'uploaded', { file: name }),
      file(2, 'uploaded', { preview: { url: 'javascript:alert(1)' } })
    ]
    const html = rendered(renderUploadSummary({ target: 't', files, report: { files } }))
    expect(html.match(/<img /g)).toHaveLength(1)
    expect(html).toContain('alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.png"')
  })

  it('fits a picture into the box, keeping its shape, and never larger than it is', () => {
    const sized = (width: number, height: number) =>
      rendered(
        renderUploadSummary({
          target: 't',
          files: [
            file(1, 'existing', { preview: { url: 'https://x.example/a.png', width, height } })
          ]
        })
      ).match(/width="\d+" height="\d+"/)?.[0]
    expect(sized(300, 150)).toBe('width="96" height="48"')
    expect(sized(40, 80)).toBe('width="40" height="80"')
  })
})

describe('the trigger summary, as GitHub renders it', () => {
  const ui = { base: new URL('https://airflow.example.com'), version: 3 } as const
  const created = answer(200, { dag_run_id: 'r1', state: 'queued' }, airflow)
  const report: TriggerReport = {
    dagId: 'etl',
    dagRunId: 'r1',
    logicalDate: '2026-01-31T12:00:00Z',
    dateSource: { logicalDate: '2026-01-31T12:00:00Z', source: 'git', description: '' },
    outcome: 'created',
    message: 'Run r1 was created.',
    state: 'queued',
    serverAnswer: '{"dag_run_id":"r1","state":"queued"}',
    verdict: created,
    requests: [{ request: 'POST', result: 'HTTP 200', layer: 'origin' }]
  }
  const runUrl = 'https://airflow.example.com/dags/etl/runs/r1'

  it('created: a ✅ and no diagnosis', () => {
    const html = rendered(dagRunSummary({ report, runUrl, ui }))
    expect(html).toContain('<h2>Airflow trigger: ✅ Run created</h2>')
    expect(html).not.toContain('Diagnosis')
  })

  it('created, then failed: the failed tasks first, no ✅ anywhere, the last answer shown', () => {
    const watched: Watched = {
      wait: {
        end: { kind: 'finished' },
        state: 'failed',
        elapsedMs: 5000,
        failedPolls: 0,
        answer: '{"dag_run_id":"r1","state":"failed"}'
      },
      tasks: {
        kind: 'listed',
        total: 2,
        tasks: [
          { taskId: 'transform', state: 'failed', tryNumber: 2, duration: 3, mapIndex: -1 },
          { taskId: 'load', state: 'upstream_failed', tryNumber: 0, mapIndex: -1 }
        ]
      }
    }
    const html = rendered(dagRunSummary({ report, runUrl, ui, watched }))
    expect(html).toContain('<h2>Airflow trigger: ❌ Run failed</h2>')
    expect(html).not.toContain('✅')
    expectLeadsWithWhatToDo(html)
    expect(html).toContain(
      `<p>Run <code>r1</code> of <code>etl</code> failed after 5 s of waiting: 1 task failed, 1 task upstream_failed — <a href="${runUrl}">open it in Airflow</a>.</p>`
    )
    expect(html).toContain("The server's last answer about the run")
    expect(html).toContain('&quot;state&quot;: &quot;failed&quot;')
    expect(html).not.toContain('&quot;state&quot;: &quot;queued&quot;')
    expect(html).toContain(
      '<tr><td><code>load</code></td><td>upstream_failed — never ran</td><td></td><td></td><td></td></tr>'
    )
    expect(html).not.toContain('/tasks/load/logs')
  })

  it('without a UI address, a failed task keeps its try and duration, and no log link', () => {
    const watched: Watched = {
      wait: { end: { kind: 'finished' }, state: 'failed', elapsedMs: 5000, failedPolls: 0 },
      tasks: {
        kind: 'listed',
        total: 2,
        tasks: [
          { taskId: 'transform', state: 'failed', tryNumber: 2, duration: 3, mapIndex: -1 },
          { taskId: 'load', state: 'upstream_failed', tryNumber: 0, mapIndex: -1 }
        ]
      }
    }
    const html = rendered(dagRunSummary({ report, watched }))
    // No UI, no log links: the Log column is left out, as a column empty on every row.
    expect(html).toContain(
      '<tr><td><code>transform</code></td><td>failed</td><td>2</td><td>3 s</td></tr>'
    )
    expect(html).toContain('<td>upstream_failed — never ran</td>')
    expect(html).not.toContain('<td>failed — never ran</td>')
  })

  it('not created: the diagnosis first, naming the Airflow REST API path to check', () => {
    const notFound = answer(404, { detail: 'Not Found' }, { ...airflow, method: 'POST' })
    const failed = {
      ...report,
      outcome: 'failed' as const,
      message: 'The server refused the run: HTTP 404.',
      verdict: notFound,
      state: undefined
    }
    const html = rendered(dagRunSummary({ report: failed, ui }))
    expect(html).toContain('<h2>Airflow trigger: ❌ Run not created</h2>')
    expect(html).not.toContain('✅')
    expectLeadsWithWhatToDo(html)
    expect(html).toContain('<code>api-path</code>')
  })
})

describe('the early-stop summary', () => {
  it('names the action and the mode, and wraps a long message on its lines', async () => {
    const manifest = await readFile(path.join(repoRoot, 'action.yml'), 'utf8')
    expect(manifest).toMatch(new RegExp(`^name: ${ACTION_NAME}$`, 'm'))
    const long = `Input "conf" expected a JSON object, got ${'x'.repeat(300)}`
    const html = rendered(renderStopSummary(`${long}\nSecond line.`, 'trigger'))
    expect(html).toContain(
      `<h2>${ACTION_NAME.replace('&', '&amp;')}, trigger mode: ❌ Stopped</h2>`
    )
    expect(html).not.toContain('<pre>')
    expect(html).toContain(`${'x'.repeat(300)}<br>Second line.`)
    expect(rendered(renderStopSummary('Input "mode" expected …'))).toContain(
      `<h2>${ACTION_NAME.replace('&', '&amp;')}: ❌ Stopped</h2>`
    )
  })
})
