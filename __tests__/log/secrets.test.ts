import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { clip } from '../../src/diagnosis/text.js'
import { diagnose } from '../../src/diagnosis/index.js'
import { shown } from '../../src/inputs/input-error.js'
import { inertLine, inertMessage, inertOutput, outputWord } from '../../src/log/inert.js'
import { jsonOutput } from '../../src/log/output.js'
import { addSecret, containsSecret, redact } from '../../src/log/secrets.js'
import { cap, escapeHtml, inline, prose } from '../../src/summary/html.js'
import { renderStopSummary } from '../../src/summary/write.js'
import { guardLinks } from '../../src/upload/wordpress/media-links.js'
import { secretTraces } from '../../test-support/untrusted.js'
import { airflowProfile } from '../../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

/** A password with `::`, `'`, `<`, a backtick and runs of spaces: every rewriting has a go at it. */
const PASSWORD = "Zq7::pa'ss <w0rd>  `x`   end"
/**
 * A gateway's secret as `headers` carries it: printable ASCII, and shaped so that a request id
 * (`<hex groups>-<edge node>`) holding it would be split inside it.
 */
const HEADER_SECRET = 'c0ffee99d00d-Cf9sEcReT-edge'
/** An application password as WordPress shows it, in groups. */
const APP_PASSWORD = 'Wp4x abcd efgh ijkl'

let stdout: MockInstance<typeof process.stdout.write>
let masked: string[]

beforeAll(() => {
  // core.setSecret writes `::add-mask::…` to stdout: read it instead of printing it.
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  // A `headers` value as a line gives it, with spaces around.
  for (const secret of [PASSWORD, ` ${HEADER_SECRET}  `, APP_PASSWORD]) addSecret(secret)
  masked = stdout.mock.calls.map(([line]) => String(line))
})
afterAll(() => stdout.mockRestore())

/** Each secret starts with three characters found nowhere else, which no rewriting changes. */
const traces = (text: string) =>
  [PASSWORD, HEADER_SECRET, APP_PASSWORD].flatMap(secret => [
    ...secretTraces(text, secret),
    ...(text.includes(secret.slice(0, 3)) ? [secret.slice(0, 3)] : [])
  ])

describe('the secret registry', () => {
  it('tells the runner to mask each secret, and each form of it, once', () => {
    expect(masked).toContain(`::add-mask::${PASSWORD}${'\n'}`)
    expect(masked).toContain(`::add-mask::Wp4xabcdefghijkl${'\n'}`)
    addSecret(PASSWORD)
    addSecret('   ')
    expect(stdout.mock.calls).toHaveLength(masked.length)
  })

  it.each([
    ['as given', PASSWORD],
    ['trimmed, from a value with spaces around it', HEADER_SECRET],
    ['without its spaces', 'Wp4xabcdefghijkl'],
    ['percent-encoded', encodeURIComponent(PASSWORD)],
    ['form-encoded', new URLSearchParams({ p: APP_PASSWORD }).toString().slice(2)],
    ['in a JSON string', JSON.stringify(PASSWORD).slice(1, -1)],
    ['HTML-escaped as the summary does', escapeHtml(PASSWORD)],
    [
      'HTML-escaped as PHP does',
      PASSWORD.replace(/'/g, '&#039;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    ],
    [
      'JSON-escaped as .NET does',
      String.raw`Zq7::pa\u0027ss \u003Cw0rd\u003E  \u0060x\u0060   end`
    ],
    [
      'JSON-escaped in lower-case hex',
      String.raw`Zq7::pa\u0027ss \u003cw0rd\u003e  \u0060x\u0060   end`
    ],
    [
      'with every character but letters and digits JSON-escaped',
      String.raw`Wp4x\u0020abcd\u0020efgh\u0020ijkl`
    ],
    ['percent-encoded in lower-case hex', "Zq7%3a%3apa'ss%20%3cw0rd%3e%20%20%60x%60%20%20%20end"]
  ])('replaces a secret %s', (_name, form) => {
    const text = `before ${form} after`
    expect(redact(text)).toBe('before *** after')
    expect(containsSecret(text)).toBe(true)
  })

  it("replaces an AWS key's \\u-escaped and lower-case percent-encoded forms", () => {
    addSecret('wJalrXUtnFEMI/K7MDENG+bPxRfiCY=')
    for (const form of [
      String.raw`wJalrXUtnFEMI\u002FK7MDENG\u002BbPxRfiCY\u003D`,
      String.raw`wJalrXUtnFEMI\u002fK7MDENG\u002bbPxRfiCY\u003d`,
      String.raw`wJalrXUtnFEMI/K7MDENG\u002BbPxRfiCY=`,
      'wJalrXUtnFEMI%2fK7MDENG%2bbPxRfiCY%3d'
    ]) {
      expect(redact(`{"message":"key ${form}"}`)).toBe('{"message":"key ***"}')
    }
  })

  it('replaces the longest first, so no part of a longer secret is left', () => {
    addSecret('Lq2-short')
    addSecret('Lq2-short-and-longer')
    expect(redact('a Lq2-short-and-longer b Lq2-short c')).toBe('a *** b *** c')
  })

  it('leaves a value too short to be told from ordinary text to the runner alone', () => {
    addSecret('prod')
    expect(stdout.mock.calls.map(([line]) => String(line))).toContain('::add-mask::prod\n')
    expect(redact('Input "stage" expected prod')).toBe('Input "stage" expected prod')
    expect(guardLinks({ url: 'https://prod.example.com/a.png' })).toEqual({
      url: 'https://prod.example.com/a.png'
    })
  })

  it('leaves text without a secret alone', () => {
    const text = "arn:aws:sts::111122223333:assumed-role/ci/1 can't <do> that"
    expect(redact(text)).toBe(text)
    expect(containsSecret(text)).toBe(false)
  })
})

describe('every rewriting of outside text redacts first, so no rewritten form of a secret is left', () => {
  /** The secret where a cut or a reshaping would fall on it. */
  const around = (secret: string, at: number) => `${'y'.repeat(Math.max(0, at - 4))}${secret}\nz`
  const rewritings: [string, (text: string) => string][] = [
    ['inertLine (log)', text => inertLine(text, 60)],
    ['inertMessage (log)', text => inertMessage(text, 60)],
    ['escapeHtml (summary)', escapeHtml],
    ['inline (summary)', text => inline(text, 60)],
    ['cap (summary)', text => cap(text, 60)],
    ['prose (summary)', prose],
    ['renderStopSummary (summary)', renderStopSummary],
    ['clip (diagnosis)', text => clip(text, 60)],
    ['shown (messages)', text => shown(text, 60)],
    ['outputWord (outputs)', text => outputWord(text, 60)],
    ['inertOutput (outputs)', inertOutput],
    ['jsonOutput (outputs)', text => jsonOutput({ text })]
  ]
  it.each(rewritings)('%s', (_name, rewrite) => {
    for (const secret of [PASSWORD, HEADER_SECRET, APP_PASSWORD]) {
      for (const at of [0, 30, 58]) expect(traces(rewrite(around(secret, at)))).toEqual([])
    }
  })

  it('the diagnosis quotes an answer from a redacted copy: a request id cannot split a secret', () => {
    const verdict = diagnose(
      {
        response: {
          status: 403,
          headers: {
            server: 'cloudflare',
            'cf-ray': `8a1b2c3d4e5f6789-${HEADER_SECRET}`,
            'content-type': 'text/html'
          },
          body: `<html><title>Denied for ${escapeHtml(PASSWORD)}</title><body>${PASSWORD}</body></html>`
        }
      },
      { app: wordpressProfile, method: 'POST', apiPath: '/wp-json/wp/v2', host: 'example.com' }
    )
    expect(traces(JSON.stringify(verdict))).toEqual([])
    expect(verdict.edgeNode).toBe('***')
  })

  it('the diagnosis still reads the data of an answer as sent', () => {
    const body = JSON.stringify({ access_token: HEADER_SECRET })
    const verdict = diagnose(
      { response: { status: 200, headers: { 'content-type': 'application/json' }, body } },
      { app: airflowProfile, method: 'POST', apiPath: '/auth', host: 'example.com' }
    )
    expect(verdict.json?.access_token).toBe(HEADER_SECRET)
  })
})

describe('media links that carry a secret are dropped', () => {
  const kept = (url: string) => guardLinks({ url, preview: { url } })
  it.each([
    ['a headers value in the query', `https://www.example.com/a.png?cf=${HEADER_SECRET}`],
    [
      'a headers value encoded',
      `https://www.example.com/a.png?cf=${encodeURIComponent(HEADER_SECRET)}`
    ],
    [
      'a headers value with a letter percent-encoded',
      `https://www.example.com/a.png?cf=%63${HEADER_SECRET.slice(1)}`
    ],
    [
      'the password percent-encoded',
      `https://www.example.com/a.png?p=${encodeURIComponent(PASSWORD)}`
    ],
    [
      'the application password with plus signs',
      'https://www.example.com/a.png?p=Wp4x+abcd+efgh+ijkl'
    ]
  ])('drops %s', (_name, url) => {
    expect(kept(url)).toEqual({})
  })
})

describe('JSON outputs', () => {
  it('read back as the same data, with no line break or old-style command left in the text', () => {
    const data = [{ file: 'a\u2028##[stop-commands]x\u0085.png', url: null, n: 1 }]
    const text = jsonOutput(data)
    expect(JSON.parse(text)).toEqual(data)
    expect(text).not.toMatch(/##\[|[\n\r\u2028\u2029\u0085]/)
  })

  it('redact every string before it is written', () => {
    expect(JSON.parse(jsonOutput({ url: `https://x.example/?p=${PASSWORD}` }))).toEqual({
      url: 'https://x.example/?p=***'
    })
  })
})
