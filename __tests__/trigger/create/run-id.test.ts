import { describe, expect, it } from 'vitest'
import { defaultRunId, runIdProblem } from '../../../src/trigger/config/run-id.js'

describe('run ids', () => {
  it('defaults to the prefix plus the logical date, which the server accepts', () => {
    const id = defaultRunId('github__', '2026-01-31T12:00:00Z')
    expect(id).toBe('github__2026-01-31T12:00:00Z')
    expect(runIdProblem(id)).toBeUndefined()
  })

  it('accepts every allowed character', () => {
    expect(runIdProblem('a-Z_0.9~:+')).toBeUndefined()
  })

  it('names the characters the server would refuse, such as a branch slash', () => {
    expect(runIdProblem('deploy/feature x')).toContain('"/ "')
  })

  it('refuses the scheduler prefix', () => {
    expect(runIdProblem('scheduled__2026-01-31T12:00:00Z')).toMatch(/scheduled__/)
  })

  it('refuses "::" at the start, which a step echoing the dag-run-id output would run as a command', () => {
    expect(runIdProblem('::stop-commands::x')).toMatch(/not to start with "::"/)
    expect(runIdProblem('a::b')).toBeUndefined()
    expect(runIdProblem(':a')).toBeUndefined()
  })

  it('refuses over-long ids', () => {
    expect(runIdProblem('a'.repeat(251))).toMatch(/at most 250/)
  })

  it('refuses ".." anywhere and "." alone, which a URL would resolve away', () => {
    expect(runIdProblem('a..b')).toBe('no "..", and not ".", got "a..b"')
    expect(runIdProblem('..')).toMatch(/no "\.\."/)
    expect(runIdProblem('.')).toMatch(/not "\."/)
    expect(runIdProblem('.a.')).toBeUndefined()
  })
})
