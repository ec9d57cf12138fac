import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDnsEvidence, addressChange, diagnose } from '../../src/diagnosis/index.js'
import { dnsEvidence, dnsWaitAdvice } from '../../src/diagnosis/path-evidence.js'
import type { DiagnosisContext } from '../../src/diagnosis/types.js'
import { lookUpRecords, type TtlResolver } from '../../src/http/dns-records.js'
import { wordpressProfile } from '../../src/upload/wordpress/remedies.js'

const NGINX_405 =
  '<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

const CONTENT: DiagnosisContext = {
  app: wordpressProfile,
  method: 'POST',
  apiPath: '/wp-json/wp/v2',
  host: 'www.example.com'
}

const blocked = () =>
  diagnose(
    {
      response: {
        status: 405,
        headers: { server: 'hcdn', 'x-hcdn-request-id': 'abc-edge-ams-3' },
        body: NGINX_405,
        peer: '203.0.113.7:443'
      }
    },
    CONTENT
  )

/** A resolver that answers from a table, and records what it was asked. */
function resolver(answers: {
  A?: { address: string; ttl: number }[] | Error
  AAAA?: { address: string; ttl: number }[] | Error
}) {
  const asked: string[] = []
  const answer = (type: 'A' | 'AAAA', host: string) => {
    asked.push(`${type} ${host}`)
    const found = answers[type] ?? Object.assign(new Error('no data'), { code: 'ENODATA' })
    return found instanceof Error ? Promise.reject(found) : Promise.resolve(found)
  }
  const stub: TtlResolver = {
    resolve4: host => answer('A', host),
    resolve6: host => answer('AAAA', host)
  }
  return { asked, stub }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the address that answered', () => {
  it('is in the evidence of the diagnosis', () => {
    const verdict = blocked()
    expect(verdict.peer).toBe('203.0.113.7:443')
    expect(verdict.evidence).toContain('answered from 203.0.113.7:443')
  })
})

describe("the host's DNS records", () => {
  it('are read with their TTL, both families', async () => {
    const { asked, stub } = resolver({
      A: [
        { address: '203.0.113.7', ttl: 300 },
        { address: '203.0.113.8', ttl: 120 }
      ],
      AAAA: [{ address: '2001:db8::7', ttl: 60 }]
    })
    const answer = await lookUpRecords('www.example.com', undefined, stub)
    expect(asked).toEqual(['A www.example.com', 'AAAA www.example.com'])
    expect(answer).toEqual({
      kind: 'records',
      host: 'www.example.com',
      records: [
        { type: 'A', address: '203.0.113.7', ttl: 300 },
        { type: 'A', address: '203.0.113.8', ttl: 120 },
        { type: 'AAAA', address: '2001:db8::7', ttl: 60 }
      ]
    })
    expect(dnsEvidence(answer)).toBe(
      "DNS of www.example.com, as this runner's resolver answers: A 203.0.113.7 (TTL 300 s), A 203.0.113.8 (TTL 120 s), AAAA 2001:db8::7 (TTL 60 s)"
    )
  })

  it('are not asked for an IP address', async () => {
    const { asked, stub } = resolver({})
    expect(await lookUpRecords('203.0.113.7', undefined, stub)).toEqual({ kind: 'address' })
    expect(await lookUpRecords('[2001:db8::1]', undefined, stub)).toEqual({ kind: 'address' })
    expect(asked).toEqual([])
  })

  it('say why they are unknown when the resolver fails', async () => {
    const refused = Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' })
    const { stub } = resolver({ A: refused })
    const answer = await lookUpRecords('www.example.com', undefined, stub)
    expect(answer).toEqual({ kind: 'unknown', host: 'www.example.com', why: 'ESERVFAIL, ENODATA' })
  })

  it('never hold the step: a resolver that does not answer is given up after 3 s', async () => {
    vi.useFakeTimers()
    const silent: TtlResolver = {
      resolve4: () => new Promise(() => {}),
      resolve6: () => new Promise(() => {})
    }
    const pending = lookUpRecords('www.example.com', undefined, silent)
    await vi.advanceTimersByTimeAsync(3000)
    expect(await pending).toEqual({
      kind: 'unknown',
      host: 'www.example.com',
      why: 'no answer within 3 s'
    })
  })

  it('end at once when the step is cancelled, and drop the queries still out', async () => {
    let dropped = 0
    const silent: TtlResolver = {
      resolve4: () => new Promise(() => {}),
      resolve6: () => new Promise(() => {}),
      cancel: () => dropped++
    }
    const cancel = new AbortController()
    const pending = lookUpRecords('www.example.com', cancel.signal, silent)
    cancel.abort()
    expect(await pending).toEqual({
      kind: 'unknown',
      host: 'www.example.com',
      why: 'the step was cancelled'
    })
    expect(dropped).toBe(1)
    const { asked, stub } = resolver({})
    expect(await lookUpRecords('www.example.com', cancel.signal, stub)).toMatchObject({
      why: 'the step was cancelled'
    })
    expect(asked).toEqual([])
  })

  it('show at most six, and how many more', () => {
    const records = Array.from({ length: 9 }, (_, i) => ({
      type: 'A' as const,
      address: `198.51.100.${i}`,
      ttl: 30
    }))
    expect(dnsEvidence({ kind: 'records', host: 'h.example', records })).toMatch(
      /198\.51\.100\.5 \(TTL 30 s\), and 3 more$/
    )
  })
})

describe('when to re-run after a CDN block', () => {
  it.each([
    [300, 'wait about 6 minutes'],
    [30, 'wait about 2 minutes'],
    [0, 'wait about 1 minute'],
    [3600, 'wait about 61 minutes']
  ])('follows the longest TTL left (%i s) plus a minute', (ttl, wait) => {
    const advice = dnsWaitAdvice({
      kind: 'records',
      host: 'www.example.com',
      records: [
        { type: 'A', address: '203.0.113.7', ttl },
        { type: 'AAAA', address: '2001:db8::7', ttl: Math.floor(ttl / 2) }
      ]
    })
    expect(advice).toContain(`records have ${ttl} s left here`)
    expect(advice).toContain(wait)
  })

  it('says when the resolver could not tell, and keeps the usual caution', () => {
    expect(dnsWaitAdvice({ kind: 'unknown', host: 'h.example', why: 'ETIMEOUT' })).toBe(
      "the resolver could not tell how long h.example's records are cached (ETIMEOUT), so wait about 10 minutes before re-running: DNS caches commonly keep answers that long"
    )
  })

  it('replaces the fixed ten minutes in the remedy and adds the records to the evidence', () => {
    const verdict = blocked()
    expect(verdict.remedies[0]).toContain('wait about 10 minutes')
    addDnsEvidence(verdict, {
      kind: 'records',
      host: 'www.example.com',
      records: [{ type: 'A', address: '203.0.113.7', ttl: 240 }]
    })
    expect(verdict.remedies[0]).toMatch(
      /^Disable the CDN for www\.example\.com .*It takes effect at once, but DNS caches keep the old answer for up to its TTL: www\.example\.com's records have 240 s left here, so wait about 5 minutes before re-running/
    )
    expect(verdict.remedies.join('\n')).not.toContain('wait about 10 minutes')
    expect(verdict.evidence.at(-1)).toContain('A 203.0.113.7 (TTL 240 s)')
  })
})

describe('an address that changes during the step', () => {
  it('is said, with every address in order', () => {
    expect(addressChange(['203.0.113.7:443'])).toBeUndefined()
    expect(addressChange(['203.0.113.7:443', '198.51.100.2:443'])).toBe(
      "The server's address changed during this step: 203.0.113.7:443, then 198.51.100.2:443. After a CDN was switched off, a new address is the sign that the DNS change has reached this runner."
    )
  })
})
