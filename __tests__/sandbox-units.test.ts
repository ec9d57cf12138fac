import { describe, expect, it } from 'vitest'
import { isoUtc, parseAwareDate, pythonUtc } from '../sandbox/airflow-dates.js'
import { nginxErrorPage } from '../sandbox/nginx-pages.js'
import {
  filenameFromDisposition,
  isJsonMediaType,
  sanitizeFileName,
  uniqueFileName,
  uploadType
} from '../sandbox/wp-upload.js'

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
