import { describe, expect, it } from 'vitest'
import { inertLine, inertMessage, inertOutput, outputWord } from '../../src/log/inert.js'
import { forgedCommands } from '../../test-support/untrusted.js'

const HOSTILE = [
  'x\n::stop-commands::t',
  'x\r::add-mask::secret',
  '::error::forged',
  '   ::error::after spaces',
  '\t::warning::after a tab',
  '\u00a0\u3000::notice::after a no-break and an ideographic space',
  '##[set-output name=x;]y',
  'in the middle ##[error]of a line',
  'img/::error::x.png\n  ::error::on the next line',
  'text\u2028::warning::after a line separator',
  'text\u0085::warning::after NEL',
  '\u001b[31m::error::\u001b[0m red',
  '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007',
  ':\u0000:error::with a NUL between the colons',
  '#\u0007#[command]with a bell between',
  '::::::',
  '#####[[['
]

/** What the runner would take for a command wherever the text stands: at a line's start too. */
const runs = (text: string) => forgedCommands(text)

describe('inertLine: outside text inside one log line', () => {
  it.each(HOSTILE)('%j runs no command and stays on one line', text => {
    const line = inertLine(text)
    expect(runs(line)).toEqual([])
    expect(runs(`  ${line}`)).toEqual([])
    expect(line).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
    // eslint-disable-next-line no-control-regex -- the assertion is about control characters
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
  })

  it('keeps the text readable', () => {
    expect(inertLine('HTTP 405: Method Not Allowed')).toBe('HTTP 405: Method Not Allowed')
    expect(inertLine('a\n\n  b\tc')).toBe('a b c')
    expect(inertLine('\u001b[1mbold\u001b[0m')).toBe('bold')
    expect(inertLine('\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007')).toBe('click')
    expect(inertLine('::stop-commands::x').replace(/\u2060/g, '')).toBe('::stop-commands::x')
  })

  it('caps the length', () => {
    const line = inertLine('y'.repeat(10_000), 100)
    expect(line).toHaveLength(100)
    expect(line.endsWith('…')).toBe(true)
  })
})

describe('inertMessage: a message of several lines', () => {
  it('keeps its lines, and no line of it runs a command', () => {
    const message = inertMessage(`first line\n${HOSTILE.join('\n')}\nlast line`)
    const lines = message.split('\n')
    expect(lines[0]).toBe('first line')
    expect(lines.at(-1)).toBe('last line')
    expect(runs(message)).toEqual([])
  })

  it('defuses only where the runner parses: a line that starts a command, and `##[` anywhere', () => {
    expect(inertMessage('ok\n  ::stop-commands::x')).toBe('ok\n  :\u2060:stop-commands::x')
    expect(inertMessage('see ##[error] here')).toBe('see #\u2060#[error] here')
  })

  it.each([
    [
      'an ARN, to paste into a policy',
      'User: arn:aws:sts::111122223333:assumed-role/ci/1 is denied'
    ],
    ['an IPv6 address', 'connect ECONNREFUSED ::1:8080'],
    ['a URL with one', 'GET http://[::1]:8080/api/v2'],
    ['a line that is only an address', '::1'],
    ['a C++ name', 'std::vector::size'],
    ['a command in the middle of a line', 'the server said ::error::x'],
    ['three colons at the start', ':::x']
  ])('leaves %s as it is', (_name, text) => {
    expect(inertMessage(text)).toBe(text)
    expect(inertLine(text)).toBe(text)
  })
})

describe('outputs from outside text', () => {
  it.each([
    '::stop-commands::x',
    '  ::error::x',
    'a\n::error::x',
    'a\r\n  ::warning::x',
    'a\u2028::notice::x',
    '##[error]x',
    'x ##[set-output name=a;]b'
  ])('%j never starts a command, wherever a later step echoes it', value => {
    for (const out of [inertOutput(value), outputWord(value)]) {
      expect(out).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
      expect(runs(out)).toEqual([])
      expect(runs(`  ${out}`)).toEqual([])
    }
  })

  it('never starts with "::", which text a later step echoes after it could complete', () => {
    expect(inertOutput('::1')).toBe(':\u2060:1')
    expect(runs(`${inertOutput(' ::error')}::x`)).toEqual([])
  })

  it('keeps to letters, digits and ._- for a word: an edge node from a request id', () => {
    expect(outputWord('-::stop-commands::x')).toBe('-__stop-commands__x')
    expect(outputWord('edge-ams-3')).toBe('edge-ams-3')
  })

  it('passes a value the action built itself unchanged', () => {
    for (const value of ['github__2026-01-31T12:00:00Z', 'https://x.example/a?b=c', '[]']) {
      expect(inertOutput(value)).toBe(value)
    }
  })
})
