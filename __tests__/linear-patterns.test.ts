import { describe, expect, it } from 'vitest'
import { diagnose, type DiagnosisContext } from '../src/diagnosis/index.js'
import { readAppAnswer, readPage, serverWords } from '../src/diagnosis/body.js'
import { splitRequestId } from '../src/diagnosis/detect.js'
import { clip } from '../src/diagnosis/text.js'
import { apiUnder, endpointUrl } from '../src/http/api-url.js'
import type { Headers } from '../src/http/headers.js'
import { inertLine, inertMessage } from '../src/log/inert.js'
import { inline, prose } from '../src/summary/html.js'
import { parseDagRun } from '../src/trigger/airflow/airflow-answers.js'
import { outputOf, workflowRun } from '../src/trigger/serverless/api/answers.js'
import { serverlessRefusals } from '../src/trigger/serverless/api/aws-refusals.js'
import { slugStem } from '../src/upload/files/content-key.js'
import { parseMedia } from '../src/upload/wordpress/media-api.js'
import { restRootApi, restRootLink } from '../src/upload/wordpress/rest-link.js'
import { forgedCommands } from '../test-support/untrusted.js'
import { airflowProfile } from '../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../src/upload/wordpress/remedies.js'

/**
 * Every pattern applied to a server's text runs in linear time. Each reader gets the worst inputs
 * for its patterns (long runs of the characters a pattern repeats, alone and behind the literal
 * that starts a match) at the largest size it is handed, and beyond its window; the assertions
 * are about what it reads. The only clock is vitest's time-out: a quadratic pattern takes minutes
 * at these sizes.
 */

/** The window readPage reads (SCAN_LIMIT). */
const PAGE_WINDOW = 64 * 1024
/** The longest body send() hands over (MAX_BODY_BYTES): no reader is given more. */
const BODY_MAX = 256 * 1024
/** The longest header block send() accepts (MAX_HEADER_BYTES). */
const HEADERS_MAX = 16 * 1024
/** restRootLink's window (MAX_HEADER_CHARS). */
const LINK_WINDOW = 8192
/** The window inertLine reads. */
const LOG_LINE_WINDOW = 64 * 1024

/** Characters `\s` repeats, as a page may spell them (`&nbsp;` is decoded before the scan). */
const SPACES = [' ', '\t', '\n', '\r\n', '\u00a0', '&nbsp;', '&#32;']

/** `head`, then `unit` repeated whole, then `tail`: at most `size` characters in all. */
function fill(head: string, unit: string, size: number, tail = ''): string {
  const room = Math.max(0, size - head.length - tail.length)
  return `${head}${unit.repeat(Math.floor(room / unit.length))}${tail}`
}

const HTML: Headers = { 'content-type': 'text/html' }
const CONTENT: DiagnosisContext = {
  app: wordpressProfile,
  method: 'POST',
  apiPath: '/wp-json/wp/v2',
  host: 'www.example.com'
}
const answer = (status: number, headers: Headers, body: string) =>
  diagnose({ response: { status, headers, body } }, CONTENT)

describe('readPage: the stock error pages’ footers', () => {
  const sizes = [PAGE_WINDOW, BODY_MAX]

  it.each(SPACES)('a footer left open after a run of %j names nobody', space => {
    for (const size of sizes) {
      for (const [head, tail] of [
        ['<hr><center>', 'x'],
        ['<hr><center>x', 'x'],
        ['<hr>', 'x'],
        ['<address>', 'x'],
        ['<address>Apache/2.4.57', 'x'],
        ['<address>Apache/2.4.57', 'Server'],
        ['<html><hr/><center>', '</centre>']
      ] as const) {
        const page = readPage(fill(head, space, size, tail), HTML)
        expect(page.kind).toBe('html')
        expect(page.footer).toBeUndefined()
        expect(page.text.length).toBeLessThanOrEqual(PAGE_WINDOW)
      }
    }
  })

  it.each(SPACES)('a footer padded with runs of %j is still read', space => {
    const run = space.repeat(Math.floor(PAGE_WINDOW / 4 / space.length))
    const nginx = `<html><hr>${run}<center>${run}nginx${run}</center></html>`
    expect(readPage(nginx, HTML).footer).toBe('nginx')
    const apache = `<address>${run}Apache/2.4.57 (Debian)${run}Server at example.com Port 443</address>`
    expect(readPage(apache, HTML).footer).toBe('Apache/2.4.57 (Debian)')
  })

  it('repeated openings of a footer, with or without a name, name nobody', () => {
    for (const unit of [
      '<hr><center>',
      '<hr><center> ',
      '<hr><center>x ',
      `<hr><center>x${' '.repeat(100)}`,
      '<address>',
      '<address>x ',
      `<address>x${' '.repeat(200)}`,
      '<hr',
      '<hr ',
      'Proudly powered by '
    ]) {
      for (const size of sizes)
        expect(readPage(fill('', unit, size, 'x'), HTML).footer).toBe(undefined)
    }
  })

  it('a name longer than a footer holds is no footer', () => {
    expect(readPage(`<hr><center>${'n'.repeat(81)}</center>`, HTML).footer).toBeUndefined()
    expect(readPage(`<hr><center>${'n'.repeat(80)}</center>`, HTML).footer).toBe('n'.repeat(80))
    expect(
      readPage(`<address>${'a'.repeat(121)} Server at x</address>`, HTML).footer
    ).toBeUndefined()
  })

  it('reads no further than its window', () => {
    const late = `${fill('<html>', ' <p>', PAGE_WINDOW)}<hr><center>nginx</center></html>`
    expect(readPage(late, HTML).footer).toBeUndefined()
    const early = fill('<html><hr><center>nginx</center>', ' <p>', BODY_MAX)
    expect(readPage(early, HTML).footer).toBe('nginx')
  })
})

describe('readPage: the title, entities and the page’s words', () => {
  it('reads a title behind long attributes, and none from a run of openings', () => {
    const attributes = `<title ${'a'.repeat(PAGE_WINDOW / 2)}>Blocked</title>`
    expect(readPage(attributes, HTML).title).toBe('Blocked')
    for (const unit of ['<title', '<title ', '<title<', '<title>', '<', '<>']) {
      for (const size of [PAGE_WINDOW, BODY_MAX]) {
        const page = readPage(fill('', unit, size, 'x'), HTML)
        expect(page.title).toBeUndefined()
      }
    }
  })

  it('decodes runs of entity starts as text', () => {
    for (const unit of ['&', '&#', '&#x', '&#1', '&a', '&amp']) {
      const page = readPage(fill('<p>', unit, BODY_MAX, 'x'), HTML)
      expect(page.text.startsWith(`<p>${unit}${unit}`)).toBe(true)
      expect(page.text.length).toBeLessThanOrEqual(PAGE_WINDOW)
    }
    // The window may end inside an entity, which then stays as written.
    expect(readPage(fill('<p>', '&amp;', BODY_MAX), HTML).text).toMatch(/^<p>&+(?:a(?:mp?)?)?$/)
  })

  it('quotes no markup from a run of tag openings', () => {
    for (const unit of ['<', '<a', '< ', '<>']) {
      const page = readPage(fill('', unit, BODY_MAX, 'x'), HTML)
      const said = serverWords(page, undefined)
      expect(said === undefined || !said.includes('<')).toBe(true)
    }
  })
})

describe('readAppAnswer: the first keys of a JSON body cut off by the cap', () => {
  const JSON_TYPE: Headers = { 'content-type': 'application/json' }
  const cut = (text: string) => readAppAnswer(readPage(text, JSON_TYPE))

  it.each([' ', '\t', '\n'])('runs of %j between keys and values decide nothing', space => {
    for (const size of [PAGE_WINDOW, BODY_MAX]) {
      for (const [head, tail] of [
        ['{"dag_run_id"', 'x'],
        ['{"dag_run_id":', 'x'],
        ['{"dag_run_id":"', ''],
        ['{"code"', 'x'],
        ['{"code":"c",', 'x'],
        ['{"id":', 'x'],
        ['{"detail"', 'x']
      ] as const) {
        expect(cut(fill(head, space, size, tail))).toBeUndefined()
      }
    }
  })

  it('reads the keys behind long runs of spaces, and not from runs of values', () => {
    const run = ' '.repeat(PAGE_WINDOW / 4)
    expect(cut(`{"dag_run_id"${run}:${run}"run_1", "x": "${'y'.repeat(BODY_MAX)}`)).toMatchObject({
      dagRunId: 'run_1'
    })
    expect(cut(fill('{"dag_run_id":"', 'r', BODY_MAX))).toBeUndefined()
    expect(cut(fill('{"id":', '1', BODY_MAX))).toBeUndefined()
  })
})

describe('diagnose: the CDNs’ pages and headers', () => {
  const RAY = 'cf-error-details Cloudflare Ray ID:'

  it('finds the Ray ID behind many tags, and none in a run of tag openings', () => {
    const tags = fill(`${RAY} `, '<span> ', PAGE_WINDOW - 100, '8a1b2c3d4e5f6a7b')
    expect(answer(403, HTML, tags)).toMatchObject({
      vendor: 'Cloudflare',
      requestId: '8a1b2c3d4e5f6a7b'
    })
    for (const unit of ['<', '< ', '<span', '<span ', '<>', 'Ray ID:<b ', 'Ray ID:<', 'Ray ID: ']) {
      const verdict = answer(403, HTML, fill(RAY, unit, BODY_MAX, 'x'))
      expect(verdict.vendor).toBe('Cloudflare')
      expect(verdict.requestId).toBeUndefined()
    }
  })

  it('reads the other vendors’ references from runs of their characters, bounded', () => {
    const pages = [
      ['Generated by cloudfront (CloudFront) Request ID: ', '=', 'Amazon CloudFront'],
      ['Generated by cloudfront (CloudFront) Request ID:', ' ', 'Amazon CloudFront'],
      ['Incapsula incident ID: ', '-', 'Imperva'],
      ['Incapsula incident ID:', ' ', 'Imperva'],
      ['errors.edgesuite.net Reference #', '0', 'Akamai'],
      ['errors.edgesuite.net Reference #1.', 'f', 'Akamai'],
      ['errors.edgesuite.net Reference #', '1.', 'Akamai']
    ] as const
    for (const [head, unit, vendor] of pages) {
      const verdict = answer(403, HTML, fill(head, unit, BODY_MAX, '!'))
      expect(verdict.vendor).toBe(vendor)
      expect((verdict.requestId ?? '').length).toBeLessThanOrEqual(120)
    }
  })

  it('reads WordPress’s link header from runs of its characters, up to the header cap', () => {
    const announcement = '<https://www.example.com/wp-json/>; rel="https://api.w.org/"'
    const said = (link: string) =>
      answer(404, { link }, '').evidence.some(line => line.includes("WordPress's REST API"))
    for (const unit of ['<', '<a', '< ', '<>', '<a>;', '<a> ; rel=', ' ']) {
      expect(said(fill('', unit, HEADERS_MAX - announcement.length, 'x'))).toBe(false)
      expect(said(fill('', unit, HEADERS_MAX - announcement.length - 2, `,${announcement}`))).toBe(
        true
      )
    }
    const spaced = `<https://www.example.com/wp-json/>${' '.repeat(HEADERS_MAX / 3)};${' '.repeat(HEADERS_MAX / 3)}rel="https://api.w.org/"`
    expect(said(spaced)).toBe(true)
  })

  it('splits request ids made of long runs', () => {
    for (const unit of ['0', 'a', '-', '0-', 'abcdef01-', 'z']) {
      const value = fill('', unit, HEADERS_MAX, '!')
      const parts = splitRequestId(value)
      expect(`${parts.requestId}${parts.edgeNode === undefined ? '' : `-${parts.edgeNode}`}`).toBe(
        value
      )
      const verdict = answer(403, { server: 'edgecdn', 'x-cdn-request-id': value }, '')
      expect((verdict.requestId ?? '').length).toBeLessThanOrEqual(120)
    }
  })
})

describe('the other readers of outside text', () => {
  it('restRootLink: runs of a link’s characters, up to its window and past it', () => {
    const rest = '<https://x.example/wp-json/>; rel="https://api.w.org/"'
    for (const unit of ['<', '<a', '<>', '<>;', '<a>; rel=', '<a>; rel="', ';', ' ']) {
      expect(restRootLink([fill('', unit, LINK_WINDOW, 'x')])).toBeUndefined()
      expect(restRootLink([fill('', unit, LINK_WINDOW - rest.length - 1, `,${rest}`)])).toBe(
        'https://x.example/wp-json/'
      )
      expect(restRootLink([fill('', unit, 2 * LINK_WINDOW, `,${rest}`)])).toBeUndefined()
    }
  })

  it('trailing-slash trims: runs of slashes in an announced route and in base-url', () => {
    const site = new URL('https://x.example/')
    const slashes = '/'.repeat(PAGE_WINDOW)
    const announced = restRootApi(`/?rest_route=${slashes}x`, site, site)
    expect(announced.ok && announced.api.searchParams.get('rest_route')).toBe(`${slashes}x/wp/v2`)
    const api = endpointUrl(new URL(`https://x.example/?rest_route=${slashes}`), 'media')
    expect(api.searchParams.get('rest_route')).toBe('/media')
    const under = apiUnder(new URL(`https://x.example${slashes}x${slashes}`), '/wp-json')
    expect(under.pathname).toBe(`${slashes}x/wp-json`)
  })

  it('media: a Location of long runs names no item', () => {
    for (const location of [
      fill('/wp-json/wp/v2/media/', '1', BODY_MAX, 'x'),
      fill('', '/media/', HEADERS_MAX, 'x'),
      fill('', '/media/1', HEADERS_MAX, '//')
    ]) {
      const response = { status: 201, headers: { location }, body: '', elapsedMs: 1 }
      expect(parseMedia(response, answer(201, {}, '')).id).toBeUndefined()
    }
  })

  it('Airflow: a state of a long run of letters is no state', () => {
    const verdict = answer(200, { 'content-type': 'application/json' }, '')
    const run = { ...verdict, json: { dag_run_id: 'r', state: fill('', 'queued_', BODY_MAX) } }
    expect(parseDagRun(run)?.dag_run_id).toBe('r')
    expect(parseDagRun(run)?.state).toBeUndefined()
  })

  it('file names: runs of separators make a slug', () => {
    expect(slugStem(fill('a', '-', PAGE_WINDOW, 'b.png'))).toBe('a-b')
    expect(slugStem(fill('', '.-_ ', PAGE_WINDOW, '.png'))).toBe('file')
  })

  it('log lines: runs of escape sequences, controls and command markers', () => {
    const huge = 2 * 1024 * 1024
    for (const unit of [
      '\u001b[',
      '\u001b[0',
      '\u001b]',
      '\u001b',
      '\u0007',
      '::',
      '#',
      '##[',
      ' '
    ]) {
      const line = inertLine(fill('', unit, huge, '::x::'))
      // The cap counts the text; each command marker then gains an invisible word joiner.
      expect(line.replace(/\u2060/g, '').length).toBeLessThanOrEqual(300)
      expect(forgedCommands(line)).toEqual([])
      expect(line.includes('\u001b')).toBe(false)
    }
    expect(inertLine(`\u001b[${'0'.repeat(LOG_LINE_WINDOW - 3)}m`)).toBe('')
    expect(inertLine(fill('', ' ', LOG_LINE_WINDOW, 'x'))).toBe('x')
    // Past the window nothing is read: the end of this sequence is not seen.
    expect(inertLine(`\u001b[${'0'.repeat(huge)}m`)).toMatch(/^0{299}…$/)
    const message = inertMessage(fill('', 'a\n', huge))
    expect(message.length).toBeLessThanOrEqual(1024 * 1024)
    expect(message.endsWith('…')).toBe(true)
  })

  it('summary and quotes: runs of spaces and backticks', () => {
    expect(inline(fill('', ' \t\n', PAGE_WINDOW - 1, 'x'))).toBe('x')
    expect(inline(fill('', 'ab', BODY_MAX), 10)).toBe(
      `ababababab… (${BODY_MAX - 10} more characters)`
    )
    expect(prose(fill('', '`', BODY_MAX, 'x'))).not.toContain('<code>')
    expect(prose(fill('`', 'a', BODY_MAX, '`'))).toMatch(/^<code>a+<\/code>$/)
    expect(clip(fill('', ' \t\u0000', PAGE_WINDOW, 'x'))).toBe('x')
    expect(clip(fill('', '`', BODY_MAX))).toBe(`${"'".repeat(119)}…`)
  })
})

describe("MWAA Serverless's answers: error members and outputs", () => {
  const serverless: DiagnosisContext = {
    app: airflowProfile,
    method: 'POST',
    apiPath: '/',
    host: 'airflow-serverless.eu-west-1.api.aws',
    aws: serverlessRefusals({
      region: 'eu-west-1',
      workflow: 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/e-A1b2C3d4E5',
      operation: 'StartWorkflowRun'
    })
  }
  const refusal = (type: string, members: Record<string, unknown>) =>
    diagnose(
      {
        response: {
          status: 400,
          headers: { 'content-type': 'application/x-amz-json-1.0' },
          body: JSON.stringify({ __type: type, Message: 'x', ...members }).slice(0, BODY_MAX)
        }
      },
      serverless
    )

  it('long runs of the characters a code or a field name repeats are read, or left out', () => {
    const long = fill('L-', 'A', BODY_MAX / 2, ' ')
    const quota = refusal('ServiceQuotaExceededException', { QuotaCode: long })
    expect(quota.remedies.join('\n')).not.toContain('AAAA')
    const fields = refusal('ValidationException', {
      FieldList: [{ Name: fill('a', '.', BODY_MAX / 2, ' ') }]
    })
    expect(fields.remedies[0]).toBe('AWS refused the request as invalid; its message says why.')
  })

  it('a long run id or state is not taken for one', () => {
    const body = JSON.stringify({
      RunId: fill('a', '-', BODY_MAX / 2, ' '),
      RunDetail: { RunState: fill('A', '_', BODY_MAX / 4, '1') }
    })
    const output = outputOf({
      response: { status: 200, headers: {}, body, elapsedMs: 0 }
    })
    expect(workflowRun(output)).toBeUndefined()
  })
})
