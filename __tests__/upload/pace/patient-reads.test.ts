import { describe, expect, it } from 'vitest'
import type { HttpResult } from '../../../src/http/send.js'
import { patientReads } from '../../../src/upload/pace/patient-reads.js'
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
  const deps = {
    sleep: async (ms: number) => void waits.push(ms),
    now: () => new Date('2026-11-28T10:00:00Z'),
    random: () => 0,
    log: (line: string) => void lines.push(line)
  }
  return { api, asked, waits, lines, deps }
}

describe("the checks' reads on a busy host", () => {
  it('asks again after the back-off while the host answers 429, 503 or 508', async () => {
    const fake = fakeApi([answer(508, {}, ''), answer(503, {}, ''), answer(200, {}, '{}')])
    const result = await patientReads(fake.api, 3, fake.deps).getSettings()
    expect('response' in result && result.response.status).toBe(200)
    expect(fake.asked).toEqual(['settings', 'settings', 'settings'])
    expect(fake.waits).toEqual([3000, 6000])
    expect(fake.lines[0]).toBe('Preflight: HTTP 508: retrying in 3.0 s (attempt 2 of 3).')
  })

  it('waits as Retry-After asks, and gives up at max-attempts or a wait too long to be worth it', async () => {
    const busy = (retryAfter?: string) =>
      answer(429, retryAfter ? { 'retry-after': retryAfter } : {}, '')
    const paced = fakeApi([busy('7'), busy(), busy()])
    const last = await patientReads(paced.api, 3, paced.deps).findBySlugs(['a'])
    expect('response' in last && last.response.status).toBe(429)
    expect(paced.waits).toEqual([7000, 6000])
    const long = fakeApi([busy('3600')])
    await patientReads(long.api, 3, long.deps).currentUser()
    expect(long.asked).toEqual(['users/me'])
  })

  it('hands any other answer on at once, and never sends an upload again', async () => {
    const fake = fakeApi([answer(500, {}, ''), answer(508, {}, '')])
    const api = patientReads(fake.api, 3, fake.deps)
    await api.getSettings()
    await api.postFile({ path: 'a.png', display: 'a.png', size: 1, mediaType: 'image/png' })
    expect(fake.asked).toEqual(['settings', 'POST media'])
    expect(fake.waits).toEqual([])
  })
})
