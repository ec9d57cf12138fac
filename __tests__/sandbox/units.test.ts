import { describe, expect, it } from 'vitest'
import { isoUtc, parseAwareDate, pythonUtc } from '../../sandbox/airflow-dates.js'
import {
  taskInstanceAnswer,
  taskInstances,
  toDagRun,
  type StoredRun
} from '../../sandbox/airflow-runs.js'
import { applyFields } from '../../sandbox/wp-fields.js'
import { nginxErrorPage } from '../../sandbox/nginx-pages.js'
import {
  filenameFromDisposition,
  isJsonMediaType,
  sanitizeFileName,
  uniqueFileName,
  uploadType
} from '../../sandbox/wp-upload.js'

describe('filenameFromDisposition (WordPress parsing)', () => {
  it.each([
    ['attachment; filename="a.jpg"', 'a.jpg'],
    ['attachment; filename=a.jpg', 'a.jpg'],
    ['attachment;filename = "spaced.png" ', 'spaced.png'],
    // The disposition type is never checked, only that a `;` follows it.
    ['inline; filename=x.png', 'x.png'],
    // filename* is ignored entirely.
    ["attachment; filename*=UTF-8''%C3%A9.jpg", null],
    ['attachment; filename="a.jpg"; filename*=UTF-8\'\'b.jpg', 'a.jpg'],
    // A `;` inside quotes splits the value; the quote is then not stripped.
    ['attachment; filename="a;b.jpg"', '"a'],
    // No backslash escapes: the outer quotes go, the backslash stays.
    ['attachment; filename="a\\"b.jpg"', 'a\\"b.jpg'],
    // Only the first `=` splits.
    ['attachment; filename=a=b.jpg', 'a=b.jpg'],
    ['attachment', null],
    ['filename="a.jpg"', null],
    ['attachment; FILENAME="a.jpg"', null],
    ['attachment; filename=""', ''],
    // PHP's empty('0') is true.
    ['attachment; filename=0', null]
  ])('%s → %j', (header, expected) => {
    expect(filenameFromDisposition([header])).toBe(expected)
  })
})

describe('file names', () => {
  it('sanitizes like sanitize_file_name', () => {
    expect(sanitizeFileName('my photo (1).JPG')).toBe('my-photo-1.JPG')
    expect(sanitizeFileName('  __a  b__.png')).toBe('a-b__.png')
    expect(sanitizeFileName('x..y.png')).toBe('x.y.png')
  })

  it('numbers duplicates and lower-cases the extension', () => {
    const taken = new Set(['a.jpg', 'a-1.jpg'])
    expect(uniqueFileName('a.JPG', name => taken.has(name))).toBe('a-2.jpg')
    expect(uniqueFileName('b.jpg', name => taken.has(name))).toBe('b.jpg')
  })

  it('allows a type only when both the header and the extension are allowed', () => {
    expect(uploadType('image/png', 'a.png')).toBe('image/png')
    expect(uploadType('IMAGE/JPEG; charset=binary', 'a.jpeg')).toBe('image/jpeg')
    expect(uploadType('application/octet-stream', 'a.png')).toBeNull()
    expect(uploadType('image/png', 'a.exe')).toBeNull()
    expect(uploadType('image/svg+xml', 'a.svg')).toBeNull()
  })

  it('recognises JSON media types', () => {
    expect(isJsonMediaType('application/json')).toBe(true)
    expect(isJsonMediaType('application/ld+json; charset=utf-8')).toBe(true)
    expect(isJsonMediaType('image/png')).toBe(false)
  })
})

describe('dates', () => {
  it('requires a zone and compares instants', () => {
    expect(parseAwareDate('2024-01-01T00:00:00Z')).toEqual({ ms: Date.UTC(2024, 0, 1) })
    expect(parseAwareDate('2024-01-01T02:00:00+02:00')).toEqual({ ms: Date.UTC(2024, 0, 1) })
    expect(parseAwareDate('2024-01-01T00:00:00')).toEqual({ error: 'naive' })
    expect(parseAwareDate('2024-02-31T00:00:00Z')).toEqual({ error: 'invalid' })
    expect(parseAwareDate('yesterday')).toEqual({ error: 'invalid' })
  })

  it('formats as Airflow and Python do', () => {
    expect(isoUtc(Date.UTC(2022, 10, 3, 6, 35, 14))).toBe('2022-11-03T06:35:14Z')
    expect(pythonUtc(Date.UTC(2022, 10, 3, 6, 35, 14))).toBe('2022-11-03 06:35:14+00:00')
    expect(pythonUtc(Date.UTC(2022, 10, 3, 6, 35, 14, 250))).toBe(
      '2022-11-03 06:35:14.250000+00:00'
    )
  })
})

describe('nginx pages', () => {
  it('sends the 150-byte stock 405 page', () => {
    const page = nginxErrorPage(405)
    expect(Buffer.byteLength(page)).toBe(150)
    expect(page).toBe(
      '<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n' +
        '<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
    )
  })
})

describe('task instances of a run', () => {
  const stored = (fails: boolean): StoredRun => ({
    dag: { pausedAt: null, unpausedAt: 0 },
    dagId: 'etl',
    runId: 'r',
    logicalMs: 0,
    conf: {},
    note: null,
    createdAt: 0,
    runStartMs: 100,
    runDurationMs: 500,
    fails,
    tasks: ['a', 'b', 'c', 'd'],
    failingTask: 'b',
    heldTask: null,
    partitionKey: null,
    release: '3.0.6'
  })
  const states = (run: StoredRun, now: number) =>
    taskInstances(run, now).map(ti => `${ti.task_id}:${ti.state}:${ti.try_number}`)

  it('run one after another in equal slots, and the run ends with the last', () => {
    const run = stored(false)
    expect(states(run, 50)).toEqual(['a:null:0', 'b:null:0', 'c:null:0', 'd:null:0'])
    expect(states(run, 250)).toEqual(['a:success:1', 'b:running:1', 'c:null:0', 'd:null:0'])
    expect(toDagRun(run, 499).state).toBe('running')
    expect(states(run, 500)).toEqual(['a:success:1', 'b:success:1', 'c:success:1', 'd:success:1'])
    expect(toDagRun(run, 500).state).toBe('success')
  })

  it('in a failing run: the failing task retries, fails, and the run ends with it', () => {
    const run = stored(true)
    expect(states(run, 210)).toEqual(['a:success:1', 'b:running:1', 'c:null:0', 'd:null:0'])
    expect(states(run, 260)).toEqual(['a:success:1', 'b:running:2', 'c:null:0', 'd:null:0'])
    expect(toDagRun(run, 299).state).toBe('running')
    expect(states(run, 300)).toEqual([
      'a:success:1',
      'b:failed:2',
      'c:upstream_failed:0',
      'd:upstream_failed:0'
    ])
    expect(toDagRun(run, 300)).toMatchObject({
      state: 'failed',
      end_date: '1970-01-01T00:00:00.300Z'
    })
  })

  it('wait in a held state first, and hold up the tasks after them and the run', () => {
    const run = {
      ...stored(false),
      heldTask: { taskId: 'b', state: 'awaiting_input', forMs: 1000 }
    }
    expect(states(run, 250)).toEqual(['a:success:1', 'b:awaiting_input:1', 'c:null:0', 'd:null:0'])
    expect(states(run, 1250)).toEqual(['a:success:1', 'b:running:1', 'c:null:0', 'd:null:0'])
    expect(toDagRun(run, 1499).state).toBe('running')
    expect(toDagRun(run, 1500).state).toBe('success')
    const forGood = { ...run, heldTask: { ...run.heldTask, forMs: null } }
    expect(states(forGood, 1e9)).toEqual([
      'a:success:1',
      'b:awaiting_input:1',
      'c:null:0',
      'd:null:0'
    ])
    expect(toDagRun(forGood, 1e9)).toMatchObject({ state: 'running', end_date: null })
  })

  it("are answered in each version's own shape", () => {
    const run = stored(false)
    const [first] = taskInstances(run, 500)
    const v2 = taskInstanceAnswer(run, first!, 2)
    const v3 = taskInstanceAnswer(run, first!, 3)
    expect(v2).toMatchObject({ execution_date: '1970-01-01T00:00:00+00:00', sla_miss: null })
    expect(v2).not.toHaveProperty('id')
    expect(v3).toMatchObject({ logical_date: '1970-01-01T00:00:00Z', task_display_name: 'a' })
    expect(v3.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(v3.start_date).toBe('1970-01-01T00:00:00.100000Z')
  })
})

describe("the sandbox's _fields", () => {
  const item = { id: 4, title: { raw: 'a', rendered: 'A' }, media_details: { width: 1 } }

  it('keeps a dotted part of a nested field, and a parent named whole', () => {
    expect(applyFields(item, 'id,title.rendered')).toEqual({ id: 4, title: { rendered: 'A' } })
    expect(applyFields(item, 'title.rendered,title')).toEqual({ title: item.title })
    expect(applyFields(item, 'title,title.rendered')).toEqual({ title: item.title })
    expect(applyFields(item, null)).toBe(item)
  })

  it('computes media_details only when it is named whole', () => {
    expect(applyFields(item, 'id,media_details.width')).toEqual({ id: 4 })
    expect(applyFields(item, 'media_details')).toEqual({ media_details: { width: 1 } })
  })
})
