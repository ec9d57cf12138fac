import type { DnsAnswer } from '../http/dns-records.js'
import { DNS_WAIT } from './remedies.js'
import type { Verdict } from './types.js'
import { counted } from '../log/words.js'

/** Records shown at most: a CDN may answer with many addresses. */
const MAX_RECORDS = 6

/** Resolvers and runners may keep an answer somewhat past its TTL; a minute covers most. */
const SLACK_S = 60

/** The records as one evidence line, or why there are none. */
export function dnsEvidence(answer: DnsAnswer): string {
  switch (answer.kind) {
    case 'address':
      return 'base-url names an IP address: no DNS lookup stands between the CDN and this runner'
    case 'unknown':
      return `the DNS records of ${answer.host} could not be read here (${answer.why})`
    case 'records': {
      const shown = answer.records
        .slice(0, MAX_RECORDS)
        .map(record => `${record.type} ${record.address} (TTL ${record.ttl} s)`)
      const more =
        answer.records.length > MAX_RECORDS
          ? `, and ${answer.records.length - MAX_RECORDS} more`
          : ''
      return `DNS of ${answer.host}, as this runner's resolver answers: ${shown.join(', ')}${more}`
    }
  }
}

/**
 * When a re-run can expect DNS to lead past the CDN, derived from what the resolver says: a
 * recursive resolver reports the time its answer has left, so the longest TTL seen (plus a
 * minute of slack) bounds the wait for this runner. Without records, the usual caution.
 */
export function dnsWaitAdvice(answer: DnsAnswer): string {
  if (answer.kind === 'address') {
    return "base-url names an IP address, which no DNS change moves: once the CDN is off, set base-url to the origin's own address or to the site's host name"
  }
  if (answer.kind === 'unknown') {
    return `the resolver could not tell how long ${answer.host}'s records are cached (${answer.why}), so wait about 10 minutes before re-running: DNS caches commonly keep answers that long`
  }
  const longest = Math.max(...answer.records.map(record => record.ttl))
  const minutes = Math.max(1, Math.ceil((longest + SLACK_S) / 60))
  return `DNS caches keep the old answer for up to its TTL: ${answer.host}'s records have ${longest} s left here, so wait about ${counted(minutes, 'minute')} before re-running; re-running earlier will likely meet the same block`
}

/**
 * Adds the DNS records to a CDN block's evidence and replaces the fixed "wait about 10 minutes"
 * with the wait they imply. In place: the verdict is shared by every file it decided.
 */
export function addDnsEvidence(verdict: Verdict, answer: DnsAnswer): void {
  verdict.evidence.push(dnsEvidence(answer))
  const advice = dnsWaitAdvice(answer)
  verdict.remedies = verdict.remedies.map(remedy => remedy.replace(DNS_WAIT, advice))
}

/** Said when more than one address answered in one step: the sign that DNS moved on. */
export function addressChange(peers: readonly string[]): string | undefined {
  if (peers.length < 2) return undefined
  return `The server's address changed during this step: ${peers.join(', then ')}. After a CDN was switched off, a new address is the sign that the DNS change has reached this runner.`
}
