import { Resolver } from 'node:dns/promises'
import { isIP } from 'node:net'

/** One address record of a host, with the time to live the resolver reported. */
interface DnsRecord {
  type: 'A' | 'AAAA'
  address: string
  /** Seconds a resolver may keep the answer; a recursive resolver reports what it has left. */
  ttl: number
}

export type DnsAnswer =
  /** base-url names an IP address: no DNS stands between a change and the runner. */
  | { kind: 'address' }
  | { kind: 'records'; host: string; records: DnsRecord[] }
  /** The resolver could not tell (no answer, an error, out of time). */
  | { kind: 'unknown'; host: string; why: string }

/** What is asked of DNS: node:dns's Resolver, or a stand-in in tests. */
export interface TtlResolver {
  resolve4(host: string, options: { ttl: true }): Promise<{ address: string; ttl: number }[]>
  resolve6(host: string, options: { ttl: true }): Promise<{ address: string; ttl: number }[]>
  /** Drops the queries still out. */
  cancel?(): void
}

/** A lookup is evidence, not the job: it never holds the step long. */
const LOOKUP_MS = 3000

const CANCELLED = 'the step was cancelled'

/**
 * The host's A and AAAA records with their TTL, as the runner's resolver answers them (the
 * system's DNS servers, not /etc/hosts: the TTL only exists in DNS). A cancel of the step ends
 * the look-up at once, as its time-out does.
 */
export async function lookUpRecords(
  hostname: string,
  signal?: AbortSignal,
  resolver: TtlResolver = new Resolver({ timeout: LOOKUP_MS, tries: 1 })
): Promise<DnsAnswer> {
  const host = hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return { kind: 'address' }
  if (signal?.aborted) return { kind: 'unknown', host, why: CANCELLED }
  let timer: NodeJS.Timeout | undefined
  let cancel = () => {}
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_MS / 1000} s`)), LOOKUP_MS)
    cancel = () => reject(new Error(CANCELLED))
    signal?.addEventListener('abort', cancel, { once: true })
  })
  const ask = async (type: DnsRecord['type']): Promise<DnsRecord[] | Error> => {
    try {
      const found = await (type === 'A'
        ? resolver.resolve4(host, { ttl: true })
        : resolver.resolve6(host, { ttl: true }))
      return found.map(({ address, ttl }) => ({ type, address, ttl }))
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }
  try {
    const answers = await Promise.race([Promise.all([ask('A'), ask('AAAA')]), givenUp])
    const records = answers.flatMap(answer => (answer instanceof Error ? [] : answer))
    if (records.length > 0) return { kind: 'records', host, records }
    const why = answers
      .map(answer => (answer instanceof Error ? errorCode(answer) : 'no records'))
      .join(', ')
    return { kind: 'unknown', host, why }
  } catch (error) {
    return { kind: 'unknown', host, why: errorCode(error as Error) }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', cancel)
    resolver.cancel?.()
  }
}

function errorCode(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message
}
