import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import { patientReads } from '../../../src/upload/pace/patient-reads.js'
import { WaitBudget } from '../../../src/upload/pace/wait-budget.js'
import type { MediaApi } from '../../../src/upload/wordpress/media-api.js'
import { answer } from '../../../test-support/http-results.js'

/** A media API whose reads answer `answers` in turn, and whose upload must never be retried. */
function fakeApi(answers: HttpResult[]) {
  const asked: string[] = []
  const next = (what: string) => async () => {
    asked.push(what)
    return answers.shift() ?? answer(200, {}, '{}')
  }
  const api = {
    getSettings: next('settings'),
    currentUser: next('users/me'),
    findBySlugs: next('media?slug'),
    postFile: next('POST media')
  } as unknown as MediaApi
  const waits: number[] = []
  const lines: string[] = []
  // The clock moves on by each pause, as the action's does.
  let clock = Date.parse('2026-11-28T10:00:00Z')
  const deps = {
    sleep: async (ms: number) => {
      waits.push(ms)
      clock += ms
    },
    now: () => new Date(clock),
    random: () => 0,
    log: (line: string) => void lines.push(line)
  }
  return { api, asked, waits, lines, deps }
}

describe("the checks' reads on a busy host", () => {
  it('asks again after the back-off while the host answers 429, 503 or 508', async () => {
    const fake = fakeApi([answer(508, {}, ''), answer(503, {}, ''), answer(200, {}, '{}')])
    const result = await patientReads(fake.api, new WaitBudget(90_000), fake.deps).getSettings()
    expect('response' in result && result.response.status).toBe(200)
    expect(fake.asked).toEqual(['settings', 'settings', 'settings'])
    expect(fake.waits).toEqual([3000, 6000])
    expect(fake.lines[0]).toBe('Preflight: HTTP 508, the host is busy; asking again in 3.0 s.')
  })

  it("keeps asking past max-attempts while the run's budget for busy waits lasts, then gives up", async () => {
    const busy = (retryAfter?: string) =>
      answer(429, retryAfter ? { 'retry-after': retryAfter } : {}, '')
    // 3 + 6 + 9 + 12 s fit in 30 s; the fifth wait of 15 s does not.
    const paced = fakeApi(Array.from({ length: 10 }, () => busy()))
    const last = await patientReads(paced.api, new WaitBudget(30_000), paced.deps).findBySlugs([
      'a'
    ])
    expect('response' in last && last.response.status).toBe(429)
    expect(paced.waits).toEqual([3000, 6000, 9000, 12_000])
    expect(paced.asked).toHaveLength(5)
    // Retry-After is waited as asked, and one longer than the budget ends the asking at once.
    const asked = fakeApi([busy('7'), answer(200, {}, '{}')])
    await patientReads(asked.api, new WaitBudget(30_000), asked.deps).currentUser()
    expect(asked.waits).toEqual([7000])
    const long = fakeApi([busy('3600')])
    await patientReads(long.api, new WaitBudget(90_000), long.deps).currentUser()
    expect(long.asked).toEqual(['users/me'])
  })

  it('hands any other answer on at once, and never sends an upload again', async () => {
    const fake = fakeApi([answer(500, {}, ''), answer(508, {}, '')])
    const api = patientReads(fake.api, new WaitBudget(90_000), fake.deps)
    await api.getSettings()
    await api.postFile({ path: 'a.png', display: 'a.png', size: 1, mediaType: 'image/png' })
    expect(fake.asked).toEqual(['settings', 'POST media'])
    expect(fake.waits).toEqual([])
  })
})
