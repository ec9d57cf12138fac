import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import type { DiagnosisContext } from '../../../src/diagnosis/types.js'
import type { HttpResult } from '../../../src/http/send.js'
import { planDryRun } from '../../../src/upload/dry-run.js'
import {
  describeWindow,
  probePauseMs,
  waitOutBlock
} from '../../../src/upload/send/wait-out-block.js'
import {
  classifyProbe,
  probePhrase,
  type WriteProbe
} from '../../../src/upload/checks/write-probe.js'
import { answer, hungUp } from '../../../test-support/http-results.js'
import { cdn405, WP_HEADERS as WP, wpError } from '../../../test-support/wordpress-answers.js'
import { wordpressProfile } from '../../../src/upload/wordpress/remedies.js'

const CONTENT: DiagnosisContext = {
  app: wordpressProfile,
  method: 'POST',
  apiPath: '/wp-json/wp/v2',
  host: 'www.example.com'
}
const probeOf = (result: HttpResult): WriteProbe => ({
  outcome: classifyProbe(result, diagnose(result, CONTENT))
})

describe('an empty POST to the media route', () => {
  it.each([
    ['reaches', wpError(400, 'rest_upload_no_data', 'No data supplied.')],
    ['blocked', cdn405],
    ['refused', wpError(401, 'rest_cannot_create', 'Sorry, you are not allowed.')],
    ['refused', wpError(403, 'rest_cannot_create', 'Sorry, you are not allowed.')],
    ['stored', answer(201, { ...WP, 'x-wp-upload-attachment-id': '12' }, '{"id":12}')],
    ['stored', answer(500, { ...WP, 'x-wp-upload-attachment-id': '13' }, '{}')],
    ['unclear', wpError(500, 'internal_server_error', 'There has been a critical error.')],
    ['unclear', hungUp(1)]
  ] as const)('is read as %s', (kind, result) => {
    expect(probeOf(result).outcome.kind).toBe(kind)
  })

  it('is said in a phrase for each outcome', () => {
    expect(probePhrase(probeOf(wpError(400, 'rest_upload_no_data', 'x')).outcome)).toBe(
      'reaches WordPress (it refused the empty body with rest_upload_no_data, storing nothing)'
    )
    expect(probePhrase(probeOf(cdn405).outcome)).toBe('is blocked by Hostinger CDN, edge-ams-3')
    expect(probePhrase(probeOf(wpError(403, 'rest_cannot_create', 'x')).outcome)).toBe(
      'is refused: the user may not upload (HTTP 403)'
    )
  })
})

describe('the pauses between probes', () => {
  it('grow from tens of seconds to a minute on a long wait', () => {
    const pauses = [1, 2, 3, 4, 5, 6, 7].map(n => probePauseMs(n, 600_000))
    expect(pauses).toEqual([10_000, 15_000, 22_500, 33_750, 50_625, 60_000, 60_000])
  })

  it('keep their shape on a short wait, so that it still probes several times', () => {
    expect([1, 2, 3, 4, 5].map(n => probePauseMs(n, 5000))).toEqual([500, 750, 1125, 1667, 1667])
  })
})

/** A wait on a fake clock: pauses advance it, each probe takes `probeMs` and answers in turn. */
function fakeWait(answers: HttpResult[], probeMs = 100) {
  let now = Date.UTC(2026, 10, 24, 12, 0, 0)
  const lines: string[] = []
  let probes = 0
  const deps = {
    probe: async () => {
      now += probeMs
      const answer = answers[Math.min(probes++, answers.length - 1)]!
      return { ...probeOf(answer), peer: '203.0.113.7:443' }
    },
    now: () => new Date(now),
    sleep: async (ms: number) => {
      now += ms
    },
    log: (line: string) => lines.push(line)
  }
  return { deps, lines, elapsed: (from: number) => now - from, start: now }
}

describe('waiting for a block to lift', () => {
  const reaches = wpError(400, 'rest_upload_no_data', 'No data supplied.')

  it('probes until WordPress answers, one line a probe', async () => {
    const { deps, lines } = fakeWait([cdn405, cdn405, reaches])
    const window = await waitOutBlock(600_000, deps)
    expect(window).toMatchObject({ probes: 3, lifted: true })
    expect(lines).toEqual([
      '[10.1 s] Probe 1: the write path is blocked by Hostinger CDN, edge-ams-3, answered from 203.0.113.7:443.',
      '[25.2 s] Probe 2: the write path is blocked by Hostinger CDN, edge-ams-3, answered from 203.0.113.7:443.',
      '[47.8 s] Probe 3: the write path reaches WordPress (it refused the empty body with rest_upload_no_data, storing nothing), answered from 203.0.113.7:443.'
    ])
    expect(describeWindow(window, 600_000)).toBe(
      'The CDN block lifted: blocked from 2026-11-24T12:00:00.000Z to 2026-11-24T12:00:47.800Z, 3 probes; the remaining files were then sent.'
    )
  })

  it('starts no probe once the time is spent: it ends within the wait plus one probe', async () => {
    const { deps, elapsed, start } = fakeWait([cdn405], 30_000)
    const window = await waitOutBlock(120_000, deps)
    expect(window.lifted).toBe(false)
    expect(elapsed(start)).toBeLessThanOrEqual(120_000 + 30_000)
    expect(window.probes).toBe(3)
    expect(describeWindow(window, 120_000)).toMatch(
      /^The CDN block did not lift within blocked-wait-seconds \(120 s\): blocked from .*, 3 probes; the last probe: the write path is blocked by Hostinger CDN/
    )
  })

  it('keeps probing through an unclear answer, and stops, unlifted, at one that looks stored', async () => {
    const reset = hungUp(1)
    const stored = answer(201, WP, '{"id":5}')
    const { deps } = fakeWait([reset, stored, reaches])
    const window = await waitOutBlock(600_000, deps)
    expect(window).toMatchObject({ probes: 2, lifted: false })
    expect(window.last?.outcome.kind).toBe('stored')
  })

  it('ends at once when the step is cancelled', async () => {
    const { deps } = fakeWait([cdn405])
    const window = await waitOutBlock(600_000, { ...deps, signal: AbortSignal.abort() })
    expect(window).toMatchObject({ probes: 0, lifted: false })
  })
})

describe('a dry run’s plan', () => {
  it('says for each file what the real run would do', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'plan-'))
    try {
      await writeFile(path.join(dir, 'a.png'), 'a')
      await writeFile(path.join(dir, 'b.png'), 'b')
      const file = (name: string, key?: string) => ({
        path: path.join(dir, name),
        display: name,
        size: 1,
        mediaType: 'image/png',
        ...(key ? { key } : {})
      })
      const files = [file('a.png', 'a-1'), file('b.png', 'b-2'), file('gone.png')]
      const existing = new Map([
        ['a-1', { id: 7, slug: 'a-1', url: 'https://x.example/a.png', others: [] }]
      ])
      const open = await planDryRun(files, existing, probeOf(reaches))
      expect(open.map(f => [f.file, f.status, f.message])).toEqual([
        ['a.png', 'existing', undefined],
        ['b.png', 'would-upload', undefined],
        ['gone.png', 'would-fail', 'could not be read (ENOENT)']
      ])
      const shut = await planDryRun(files, existing, probeOf(cdn405))
      expect(shut.map(f => [f.status, f.message])).toEqual([
        ['existing', undefined],
        ['would-fail', 'the write path is blocked by Hostinger CDN, edge-ams-3'],
        ['would-fail', 'could not be read (ENOENT)']
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
  const reaches = wpError(400, 'rest_upload_no_data', 'No data supplied.')
})
