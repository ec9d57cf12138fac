import { describe, expect, it } from 'vitest'
import { inertLine, inertMessage } from '../src/log/inert.js'

/** What the runner would take for a workflow command anywhere in a line. */
const COMMAND = /::[A-Za-z-]+(?: [^:]*)?::|##\[/

const HOSTILE = [
  'x\n::stop-commands::t',
  'x\r::add-mask::secret',
  '::error::forged',
  'a::set-output name=dag-run-id::evil',
  '##[set-output name=x;]y',
  'img/::error::x.png',
  'text\u2028::warning::after a line separator',
  'text\u0085::warning::after NEL',
  '\u001b[31m::error::\u001b[0m red',
  '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007',
  ':\u0000:error::with a NUL between the colons',
  '#\u0007#[command]with a bell between',
  '::::::',
  '#####[[['
]

describe('inertLine: outside text inside one log line', () => {
  it.each(HOSTILE)('%j runs no command and stays on one line', text => {
    const line = inertLine(text)
    expect(line).not.toMatch(COMMAND)
    expect(line).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
    // eslint-disable-next-line no-control-regex -- the assertion is about control characters
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
  })

  it('keeps the text readable', () => {
    expect(inertLine('HTTP 405: Method Not Allowed')).toBe('HTTP 405: Method Not Allowed')
    expect(inertLine('a\n\n  b\tc')).toBe('a b c')
    expect(inertLine('\u001b[1mbold\u001b[0m')).toBe('bold')
    expect(inertLine('\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007')).toBe('click')
    expect(inertLine('x::y').replace(/\u2060/g, '')).toBe('x::y')
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
    for (const line of lines) expect(line).not.toMatch(COMMAND)
  })
})
