import MarkdownIt from 'markdown-it'
import { describe, expect, it } from 'vitest'
import { diagnose, type DiagnosisContext, type Verdict } from '../../src/diagnosis/index.js'
import type { TriggerReport } from '../../src/trigger/backend/backend.js'
import type { TaskInstance } from '../../src/trigger/backend/backend.js'
import type { AirflowApiLocation } from '../../src/trigger/airflow/locate-api.js'
import { dagRunSummary, type DagRunPlace } from '../../test-support/trigger-summary.js'
import type { TriggerSummaryInput } from '../../src/trigger/summary/input.js'
import type { Watched } from '../../src/trigger/watch/watch-run.js'
import type { FileOutcome } from '../../src/upload/send/outcome.js'
import { renderUploadSummary } from '../../src/upload/summary/summary.js'
import type { UploadSummaryInput } from '../../src/upload/summary/input.js'
import { summaryProblems } from '../../test-support/untrusted.js'
import { airflowProfile } from '../../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

// What a user sees first of each kind of summary, rendered as GitHub renders it: the heading,
// the one sentence under it and its link; then what the rest says at a glance.

const gfm = new MarkdownIt({ html: true, linkify: true })

/** The section rendered, with its heading and its first paragraph, the sentence read first. */
function seen(section: string): { html: string; heading: string; first: string } {
  expect(summaryProblems(section)).toEqual([])
  const html = gfm.render(section)
  const top = /^<h2>(.*)<\/h2>\n<p>(.*)<\/p>\n/.exec(html)
  expect(top, html).not.toBeNull()
  return { html, heading: top![1]!, first: top![2]! }
}

const airflow: DiagnosisContext = {
  app: airflowProfile,
  method: 'POST',
  apiPath: '/api/v2',
  host: 'airflow.example.com'
}
const json = (status: number, body: unknown, context: DiagnosisContext): Verdict =>
  diagnose(
    {
      response: {
        status,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body)
      }
    },
    context
  )

describe('the trigger summary: one sentence and the main link first', () => {
  const ui = { base: new URL('https://airflow.example.com'), version: 3 } as const
  const runUrl = 'https://airflow.example.com/dags/deploy_site/runs/github__1'
  const dagUrl = 'https://airflow.example.com/dags/deploy_site'
  const answer = '{"dag_run_id":"github__1","dag_id":"deploy_site","state":"queued"}'
  const report: TriggerReport = {
    dagId: 'deploy_site',
    dagRunId: 'github__1',
    logicalDate: '2026-01-31T12:00:00Z',
    dateSource: { logicalDate: '2026-01-31T12:00:00Z', source: 'git', description: '' },
    outcome: 'created',
    message: 'Run github__1 was created.',
    state: 'queued',
    serverAnswer: answer,
    verdict: json(200, JSON.parse(answer), airflow),
    requests: [
      { request: 'GET', result: 'HTTP 200', layer: 'origin' },
      { request: 'POST', result: 'HTTP 200', layer: 'origin' }
    ]
  }
  const api: AirflowApiLocation = {
    api: new URL('https://airflow.example.com/api/v2'),
    apiPath: '/api/v2',
    version: 3,
    release: '3.0.6',
    source: 'found',
    how: 'the server answered GET /api/v2/version with version 3.0.6'
  }
  const trigger = (input: Partial<TriggerSummaryInput> & DagRunPlace = {}) =>
    seen(dagRunSummary({ report, ui, runUrl, api, sha: '0123456789', ...input }))
  const waited = (wait: Partial<NonNullable<Watched['wait']>>, tasks?: Watched['tasks']) =>
    trigger({
      watched: {
        wait: { end: { kind: 'finished' }, elapsedMs: 140_000, failedPolls: 0, ...wait },
        ...(tasks ? { tasks } : {})
      }
    })

  it('a reused run, waited for, says it was triggered before', () => {
    const { heading, first } = trigger({
      report: { ...report, outcome: 'reused', existing: true },
      watched: {
        wait: {
          end: { kind: 'finished' },
          state: 'success',
          elapsedMs: 4000,
          runDurationMs: 5000,
          failedPolls: 0
        }
      }
    })
    expect(heading).toBe('Airflow trigger: ✅ Run succeeded')
    expect(first).toBe(
      `Run <code>github__1</code> of <code>deploy_site</code>, triggered before and reused, succeeded in 5 s — <a href="${runUrl}">open it in Airflow</a>.`
    )
  })

  it('a refusal with a diagnosis: the first line says what happened, the diagnosis what to do', () => {
    const verdict = json(403, { detail: 'Forbidden' }, airflow)
    expect(verdict.remedies.length).toBeGreaterThan(0)
    const { html, first } = trigger({
      report: {
        ...report,
        outcome: 'failed',
        verdict,
        message:
          'Airflow refused the run of DAG deploy_site (HTTP 403: Forbidden). Nothing was triggered. Give the user "Can create" on DAG Runs.'
      },
      runUrl: undefined
    })
    expect(first).toBe('Airflow refused the run of DAG deploy_site (HTTP 403: Forbidden).')
    expect(html).toContain('<h3>Diagnosis</h3>')
  })

  it('a created run: what happened, and the link to the run', () => {
    const { heading, first } = trigger()
    expect(heading).toBe('Airflow trigger: ✅ Run created')
    expect(first).toBe(
      `Run <code>github__1</code> of <code>deploy_site</code> was created (state queued) — <a href="${runUrl}">open it in Airflow</a>.`
    )
  })

  it('a run that succeeded says so in its first line, with how long it took', () => {
    const { heading, first } = waited({ state: 'success', runDurationMs: 130_000 })
    expect(heading).toBe('Airflow trigger: ✅ Run succeeded')
    expect(first).toBe(
      `Run <code>github__1</code> of <code>deploy_site</code> succeeded in 2 min 10 s — <a href="${runUrl}">open it in Airflow</a>.`
    )
  })

  it('folds the target, the Airflow found, the requests and the answer, laid out, into Details', () => {
    const { html } = trigger()
    const details = html.indexOf('<details><summary>Details</summary>')
    expect(details).toBeGreaterThan(0)
    for (const fact of [
      'airflow.example.com/api/v2/dags/deploy_site/dagRuns',
      'Airflow 3.0.6, REST API <code>/api/v2</code> (the server answered GET /api/v2/version',
      'GET → HTTP 200<br>POST → HTTP 200',
      // The answer's JSON laid out one field a line, as a reader reads it.
      '<pre>{&#10;  &quot;dag_run_id&quot;: &quot;github__1&quot;,&#10;  &quot;dag_id&quot;'
    ]) {
      expect(html.indexOf(fact), fact).toBeGreaterThan(details)
    }
  })

  it('a run created on a paused DAG: no ✅ anywhere, the pause in the first line, the DAG linked, unpause offered', () => {
    const paused = { ...report, dagPaused: true as const }
    const { html, heading, first } = trigger({ report: paused })
    expect(html).not.toContain('✅')
    expect(heading).toBe('Airflow trigger: ⚠️ Run created, but it will wait')
    expect(first).toBe(
      `Run <code>github__1</code> was created but it will wait: DAG <code>deploy_site</code> is paused — <a href="${dagUrl}">open the DAG in Airflow</a>.`
    )
    expect(html).toContain('<li>Or set <code>unpause: true</code>')
  })

  it('a dry run on a paused DAG: no ✅ either', () => {
    const wouldCreate = { ...report, outcome: 'would-create' as const, dagPaused: true as const }
    const { html, heading, first } = trigger({
      report: wouldCreate,
      dryRun: true,
      runUrl: undefined
    })
    expect(html).not.toContain('✅')
    expect(heading).toBe('Airflow trigger, dry run: ⚠️ Run would be created, but it would wait')
    expect(first).toContain(
      'would be created but it would wait: DAG <code>deploy_site</code> is paused'
    )
    expect(html).toContain('<code>unpause: true</code>')
  })

  it('a duplicate leads with the run it found and its state, linked; the 400 waits in Details', () => {
    const duplicate = json(
      400,
      {
        detail: "DAGRun with DAG ID: 'deploy_site' and logical date already exists",
        status: 400,
        title: 'Bad Request',
        type: 'x'
      },
      airflow
    )
    const found: TriggerReport = {
      ...report,
      outcome: 'failed',
      message: 'This commit was already triggered: run github__1, state running.',
      state: 'running',
      existing: true,
      verdict: duplicate,
      serverAnswer: '{"detail":"… already exists","status":400}'
    }
    // The look-up found this commit's run, so the step links it as any run.
    const { html, heading, first } = trigger({ report: found })
    expect(heading).toBe('Airflow trigger: ❌ Run not created')
    expect(first).toBe(
      `Already triggered: run <code>github__1</code> (state running) — <a href="${runUrl}">open it in Airflow</a>.`
    )
    // The look-up knows which run it is: no guess at it, and no diagnosis of the 400 first.
    expect(html).not.toContain('does not always say which')
    expect(html).not.toContain('Diagnosis')
    expect(html).toContain('<li>Set <code>on-duplicate: reuse</code>')
    expect(html.indexOf('already exists')).toBeGreaterThan(
      html.indexOf('<summary>Details</summary>')
    )
  })

  it('a failed run\'s tasks: those that never ran share a row, the rest linked to the run, never "finished" beside them', () => {
    const never = (i: number): TaskInstance => ({
      taskId: `load_${i}`,
      state: 'upstream_failed',
      tryNumber: 0,
      mapIndex: -1
    })
    const tasks: TaskInstance[] = [
      { taskId: 'transform', state: 'failed', tryNumber: 2, duration: 3, mapIndex: -1 },
      ...Array.from({ length: 27 }, (_, i) => never(i))
    ]
    const { html, heading, first } = waited(
      { state: 'failed', runDurationMs: 4000, progress: { finished: 28, total: 28 } },
      { kind: 'listed', tasks, total: 28 }
    )
    expect(heading).toBe('Airflow trigger: ❌ Run failed')
    expect(first).toBe(
      `Run <code>github__1</code> of <code>deploy_site</code> failed after 4 s: 1 task failed, 27 tasks upstream_failed — <a href="${runUrl}">open it in Airflow</a>.`
    )
    const rows = html.match(/<tr>.*?<\/tr>/g) ?? []
    const taskRows = rows.filter(
      row => row.includes('upstream_failed') || row.includes('transform')
    )
    expect(taskRows).toHaveLength(2)
    expect(taskRows[1]).toContain('<summary>27\u00a0tasks</summary>')
    expect(taskRows[1]).toContain('upstream_failed — never ran')
    expect(html).not.toContain('of 28 finished')
    expect(html).toContain('28 tasks in all; 27 of them never ran')
  })

  it('the tasks not shown are counted and linked to the run', () => {
    const failed = (i: number): TaskInstance => ({
      taskId: `shard_${i}`,
      state: 'failed',
      tryNumber: 1,
      duration: 1,
      mapIndex: -1
    })
    const { html } = waited(
      { state: 'failed' },
      { kind: 'listed', tasks: Array.from({ length: 100 }, (_, i) => failed(i)), total: 300 }
    )
    expect(html).toContain(
      `<p><a href="${runUrl}">280 more tasks</a> not shown: the run in Airflow lists all of them.</p>`
    )
  })

  it('without a UI address, the first line says how to get the link', () => {
    const { first } = trigger({ ui: undefined, runUrl: undefined })
    expect(first).toContain('was created (state queued) — give <code>ui-url</code>')
  })
})

describe('the upload summary: one sentence and the media library first', () => {
  const wordpress: DiagnosisContext = {
    ...airflow,
    app: wordpressProfile,
    apiPath: '/wp-json/wp/v2',
    host: 'www.example.com'
  }
  const stored = json(201, { id: 4, source_url: 'https://www.example.com/a.png' }, wordpress)
  const site = {
    name: 'www.example.com',
    library: 'https://www.example.com/wp-admin/upload.php',
    edit: (id: number) => `https://www.example.com/wp-admin/post.php?post=${id}&action=edit`
  }
  const file = (i: number, status: FileOutcome['status']): FileOutcome => ({
    file: `img/photo-${i}.png`,
    size: 1024,
    mediaType: 'image/png',
    status,
    attempts: status === 'uploaded' ? 1 : 0,
    ...(status === 'uploaded' || status === 'existing' ? { id: 100 + i } : {}),
    ...(status === 'uploaded' ? { httpStatus: 201, verdict: stored } : {})
  })
  const upload = (files: FileOutcome[], input: Partial<UploadSummaryInput> = {}) =>
    seen(
      renderUploadSummary({
        target: 'www.example.com/wp-json/wp/v2/media',
        site,
        files,
        report: { files },
        ...input
      })
    )
  const library = `<a href="${site.library}">open the media library</a>`

  it('uploaded: where the files are, and the link to the media library; each item to its edit page', () => {
    const { heading, first, html } = upload([file(1, 'uploaded'), file(2, 'uploaded')])
    expect(heading).toBe('WordPress upload: ✅ 2 of 2 files uploaded')
    expect(first).toBe(
      `All 2 files are in the media library of <code>www.example.com</code> — ${library}.`
    )
    expect(html).toContain(
      '<a href="https://www.example.com/wp-admin/post.php?post=101&amp;action=edit">#101</a>'
    )
  })

  const HEADER = '<tr><th>File</th><th>Size</th><th>Status</th><th>Answered\u00a0by</th></tr>'
  const rowsOf = (html: string) => html.match(/<tr>.*?<\/tr>/g) ?? []

  it('one table shape for any number of files: the same columns for one, five and fifteen', () => {
    const edit = (id: number) =>
      `<a href="https://www.example.com/wp-admin/post.php?post=${id}&amp;action=edit">#${id}</a>`
    const one = rowsOf(upload([file(0, 'uploaded')]).html)
    expect(one).toEqual([
      HEADER,
      `<tr><td><code>img/photo-0.png</code>\u00a0${edit(100)}</td><td>1.0\u00a0KiB</td><td>✅ uploaded (HTTP 201)</td><td>WordPress</td></tr>`
    ])
    // Five that say the same thing share one row, every name in sight with its item beside it.
    const five = rowsOf(upload(Array.from({ length: 5 }, (_, i) => file(i, 'uploaded'))).html)
    expect(five).toHaveLength(2)
    expect(five[0]).toBe(HEADER)
    expect(five[1]).toContain(
      `<code>img/photo-0.png</code>\u00a0${edit(100)}<br><code>img/photo-1.png</code>\u00a0${edit(101)}`
    )
    expect(five[1]).not.toContain('<details>')
    expect(five[1]).toContain('<td>✅ uploaded (HTTP 201)</td><td>WordPress</td>')
    // Fifteen: the first ten names in sight, the other five folded in the same cell.
    const fifteen = rowsOf(upload(Array.from({ length: 15 }, (_, i) => file(i, 'uploaded'))).html)
    expect(fifteen).toHaveLength(2)
    expect(fifteen[0]).toBe(HEADER)
    expect(fifteen[1]).toContain(
      `<code>img/photo-9.png</code>\u00a0${edit(109)}<details><summary>5 more files</summary><code>img/photo-10.png</code>`
    )
    expect(upload([file(0, 'uploaded'), file(1, 'uploaded')]).html).not.toContain('Every file was')
  })

  it('a dry run: the files it would upload in one row', () => {
    const files = Array.from({ length: 12 }, (_, i) => file(i, 'would-upload'))
    const probe = { outcome: { kind: 'reaches', verdict: stored } } as UploadSummaryInput['dryRun']
    const { heading, first, html } = upload(files, { dryRun: probe, report: undefined })
    expect(heading).toBe('WordPress upload, dry run: ✅ 12 files would be uploaded')
    expect(first).toBe(
      `Dry run: nothing was uploaded; 12 files would be uploaded to the media library of <code>www.example.com</code> — ${library}.`
    )
    expect(rowsOf(html)).toEqual([
      HEADER,
      expect.stringContaining(
        '<code>img/photo-9.png</code><details><summary>2 more files</summary><code>img/photo-10.png</code><br><code>img/photo-11.png</code></details>'
      )
    ])
    // Nothing was sent, and the row says so once: no answer to name.
    expect(html).toContain('<td>📤 would be uploaded</td><td>—</td>')
  })

  it('a dry run of a re-run: nothing to upload, said so', () => {
    const files = Array.from({ length: 9 }, (_, i) => file(i, 'existing'))
    const probe = { outcome: { kind: 'reaches', verdict: stored } } as UploadSummaryInput['dryRun']
    const { heading, first } = upload(files, { dryRun: probe, report: undefined })
    expect(heading).toBe('WordPress upload, dry run: ✅ no file would be uploaded, 9 existing')
    expect(first).toBe(
      `Dry run: nothing was uploaded; 9 files are in the media library of <code>www.example.com</code> already — ${library}.`
    )
  })

  it('says an HTTP status once: a remark that quotes it takes its place', () => {
    const said =
      'stored as item 101 although WordPress answered HTTP 500; its image sizes are complete'
    const stored500 = { ...file(1, 'uploaded'), httpStatus: 500, message: said }
    const { html } = upload([stored500])
    expect(html).toContain(`<td>✅ uploaded: ${said}</td><td>WordPress</td>`)
    expect(html.match(/HTTP 500/g)).toHaveLength(1)
  })

  it('attach-to: the post named once, linked to its edit page; a dry run too', () => {
    const post = {
      kind: 'found',
      message: 'Files go to post 1 "Hello world!"; the user may edit it.',
      verdict: stored,
      id: 1,
      type: 'post',
      route: 'posts',
      title: 'Hello world!'
    } as const
    const linked = `<a href="https://www.example.com/wp-admin/post.php?post=1&amp;action=edit">post 1 &quot;Hello world!&quot;</a>`
    const { html } = upload([file(1, 'uploaded'), file(2, 'uploaded')], {
      post,
      featuredId: 101,
      placement: [
        '2 files uploaded into post 1 "Hello world!".',
        'Featured image: item 101 (img/photo-1.png) set as the featured image of post 1 "Hello world!".'
      ]
    })
    expect(html).toContain(
      `<p>📌 2 files uploaded into ${linked}. Featured image: item 101 (img/photo-1.png) set as the featured image of the post.</p>`
    )
    expect(html.match(/Hello world!/g)).toHaveLength(1)
    expect(html).toContain('#101</a> (the featured image)')
    const probe = { outcome: { kind: 'reaches', verdict: stored } } as UploadSummaryInput['dryRun']
    const dry = upload([file(1, 'would-upload')], {
      post,
      dryRun: probe,
      report: undefined,
      placement: [
        '1 file would be uploaded into post 1 "Hello world!".',
        'Featured image: img/photo-1.png would be set once uploaded (now: none).'
      ]
    }).html
    expect(dry).toContain(`<p>📌 1 file would be uploaded into ${linked}.`)
    expect(dry.match(/Hello world!/g)).toHaveLength(1)
    // Where the post is read, beside where it is edited, when WordPress gave its page.
    const viewed = upload([file(1, 'uploaded')], {
      post: { ...post, view: 'https://www.example.com/2026/11/hello-world/' },
      placement: ['1 file uploaded into post 1 "Hello world!".']
    }).html
    expect(viewed).toContain(
      `<p>📌 1 file uploaded into ${linked} (<a href="https://www.example.com/2026/11/hello-world/">view it</a>).</p>`
    )
  })

  it('a re-run: the files already there in one row', () => {
    const files = Array.from({ length: 9 }, (_, i) => file(i, 'existing'))
    const { heading, html } = upload(files)
    expect(heading).toBe('WordPress upload: ✅ All 9 files were already in the library')
    expect(html.match(/<tr>/g)).toHaveLength(2)
    expect(html).toContain('<td>♻️ already in the library</td><td>—</td>')
    expect(html).not.toContain('<details><summary>1 more')
  })

  it("a CDN's block: what to do names blocked-wait-seconds, and the re-run's reassurance stands apart", () => {
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
    const files: FileOutcome[] = [
      file(1, 'uploaded'),
      { ...file(2, 'blocked'), attempts: 3, httpStatus: 405, verdict: blocked }
    ]
    const { first, html } = upload(files, {
      report: { files, verdict: blocked },
      block: { waitSeconds: 0, skipExisting: true }
    })
    expect(first).toBe(
      `Hostinger CDN (the CDN in front of www.example.com) refused the upload: HTTP 405 (nginx); it never reached WordPress. 1 of 2 files is in the media library of <code>www.example.com</code>; 1 is not — ${library}.`
    )
    const actions = /<p>What to do:<\/p><ul>(.*?)<\/ul>\n<p>(.*?)<\/p>/.exec(html)
    expect(actions?.[1]).toContain('<li>Or set <code>blocked-wait-seconds</code>')
    // Reassurances are sentences of their own, after the list of actions.
    expect(actions?.[1]).not.toContain('not the cause')
    expect(actions?.[1]).not.toContain('re-run sends only')
    expect(actions?.[2]).toContain('The credentials are not the cause')
    expect(actions?.[2]).toContain(
      'A re-run sends only the files that are missing: those already in the library are found by their content and not sent again.'
    )
    expect(html).not.toContain('edge edge-')
  })

  it('counts in words: never "file(s)"', () => {
    const one = upload([file(1, 'uploaded')])
    expect(one.heading).toBe('WordPress upload: ✅ 1 of 1 file uploaded')
    expect(one.first).toContain('The file is in the media library')
    for (const { html } of [one, upload([file(1, 'existing'), file(2, 'would-fail')])]) {
      expect(html).not.toContain('(s)')
    }
  })
})
