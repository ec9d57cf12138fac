import { describe, expect, it } from 'vitest'
import { headerSecrets, MAX_HEADER_LINES, parseHeaders } from '../../src/inputs/headers.js'
import { parseTriggerConfig } from '../../src/trigger/config/config.js'
import { parseUploadConfig } from '../../src/upload/config.js'

const SECRET = 'zq-7f3c9e1d-not-to-be-shown'

describe('the headers input', () => {
  it('reads one "Name: value" a line, skipping blank lines and comments', () => {
    const parsed = parseHeaders(
      [
        '# Cloudflare Access service token',
        'CF-Access-Client-Id: 1a2b.access',
        '',
        `  CF-Access-Client-Secret:   ${SECRET}  `,
        'X-Route: a:b:c'
      ].join('\n')
    )
    expect(parsed).toEqual({
      headers: {
        'CF-Access-Client-Id': '1a2b.access',
        'CF-Access-Client-Secret': SECRET,
        'X-Route': 'a:b:c'
      },
      problems: []
    })
  })

  it('takes Windows line ends', () => {
    expect(parseHeaders('A: 1\r\nB: 2\r\n').headers).toEqual({ A: '1', B: '2' })
  })

  it.each([
    'Authorization',
    'authorization',
    'CONTENT-TYPE',
    'Content-Disposition',
    'content-length',
    'Host'
  ])('refuses %s, which the action sets itself', name => {
    expect(parseHeaders(`${name}: ${SECRET}`).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^line 1 \\("${name}"\\) names a header the action sets itself`)
      )
    ])
  })

  it.each([
    'Transfer-Encoding',
    'connection',
    'Keep-Alive',
    'TE',
    'Trailer',
    'Upgrade',
    'Expect',
    'Proxy-Authorization',
    'proxy-connection'
  ])('refuses %s, a framing or hop-by-hop header', name => {
    expect(parseHeaders(`${name}: ${SECRET}`).problems).toEqual([
      `line 1 ("${name}") names a framing or hop-by-hop header, which only the HTTP layer may set`
    ])
  })

  it.each([
    [`X-Token: a\rb${SECRET}`, /^line 1 \("X-Token"\) has a control character/],
    [`X-Token: a\tb${SECRET}`, /^line 1 \("X-Token"\) has a control character/],
    [`X-Token: a\u0000${SECRET}`, /^line 1 \("X-Token"\) has a control character/],
    [`X-Token: é${SECRET}`, /^line 1 \("X-Token"\) has a character outside printable ASCII/],
    ['X-Token:', /^line 1 \("X-Token"\) has an empty value \(is the secret/],
    [`X-Token ${SECRET}`, /^line 1 is not "Name: value" \(it has no ":"\)/],
    [`X Token: ${SECRET}`, /^line 1: the text before ":" is not a header name/],
    [`X-Token=${SECRET}: x`, /^line 1: the text before ":" is not a header name/],
    [`: ${SECRET}`, /^line 1: the text before ":" is not a header name/],
    [`X-Token : ${SECRET}`, /^line 1: the text before ":" is not a header name/]
  ])('refuses %j without showing the value', (text, problem) => {
    const { problems } = parseHeaders(text)
    expect(problems).toEqual([expect.stringMatching(problem)])
    expect(problems.join('\n')).not.toContain(SECRET)
  })

  it('refuses a header given twice, in any spelling, naming both lines', () => {
    expect(parseHeaders(`X-Key: 1\n# again\nx-key: ${SECRET}`).problems).toEqual([
      'line 3 ("x-key") repeats the header of line 1 (names ignore case)'
    ])
  })

  it(`refuses more than ${MAX_HEADER_LINES} headers`, () => {
    const lines = (count: number) =>
      Array.from({ length: count }, (_, i) => `X-H${i}: v`).join('\n')
    expect(parseHeaders(lines(MAX_HEADER_LINES)).problems).toEqual([])
    expect(parseHeaders(lines(MAX_HEADER_LINES + 1)).problems).toEqual([
      `has ${MAX_HEADER_LINES + 1} headers; at most ${MAX_HEADER_LINES} are accepted`
    ])
  })

  it('names every bad line at once, each with its number', () => {
    expect(
      parseHeaders(['Host: x', 'Good: 1', 'nocolon', 'Connection: close'].join('\n')).problems
    ).toEqual([
      expect.stringMatching(/^line 1 /),
      expect.stringMatching(/^line 3 /),
      expect.stringMatching(/^line 4 /)
    ])
  })

  it('masks every value, and a line without ":" whole, valid or not', () => {
    expect(headerSecrets(`# note: not a secret\nA: one\nB:\n${SECRET}\nHost: two: three`)).toEqual([
      'one',
      SECRET,
      'two: three'
    ])
  })
})

describe('headers in each mode', () => {
  const common = { headers: `CF-Access-Client-Id: id\nCF-Access-Client-Secret: ${SECRET}` }
  const read = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? ''

  it('reaches the config of both modes', () => {
    const trigger = parseTriggerConfig(
      read({ 'base-url': 'https://a.example', 'dag-id': 'd', token: 't', ...common })
    )
    const upload = parseUploadConfig(
      read({
        'base-url': 'https://w.example',
        files: '*.png',
        username: 'u',
        'app-password': 'p',
        ...common
      })
    )
    const expected = { 'CF-Access-Client-Id': 'id', 'CF-Access-Client-Secret': SECRET }
    expect(trigger.headers).toEqual(expected)
    expect(upload.headers).toEqual(expected)
  })

  it('is refused naming the input, before anything else runs', () => {
    expect(() =>
      parseTriggerConfig(
        read({
          'base-url': 'https://a.example',
          'dag-id': 'd',
          token: 't',
          headers: `Authorization: Bearer ${SECRET}`
        })
      )
    ).toThrow(/^Input "headers" line 1 \("Authorization"\) names a header the action sets itself/)
  })
})
