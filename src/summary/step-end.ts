import { addDnsEvidence, addressChange, type Verdict } from '../diagnosis/index.js'
import { lookUpRecords } from '../http/dns-records.js'
import { log } from '../log/log.js'
import { answerer } from './answerer.js'
import { verdictLines } from './diagnosis-block.js'

/** An error annotation's title that names who answered: "Run not created: answered by Airflow". */
export function answeredBy(title: string, verdict: Verdict, app: string): string {
  return `${title}: answered by ${answerer(verdict, app)}`
}

/** Fails the step with `message`, the verdict and its first remedy, titled with who answered. */
export function failAnsweredBy(
  message: string,
  verdict: Verdict,
  title: string,
  app: string
): void {
  log.fail(`${message}\n${verdictLines(verdict)}`, answeredBy(title, verdict, app))
}

/** A CDN's block lifts for this runner only once DNS leads past it: say when that can be. */
export async function explainBlock(
  verdict: Verdict,
  baseUrl: URL | undefined,
  signal: AbortSignal | undefined
): Promise<void> {
  if (verdict.blocked && baseUrl) {
    addDnsEvidence(verdict, await lookUpRecords(baseUrl.hostname, signal))
  }
}

/** Says in the log when more than one address answered, and returns it for the summary. */
export function noteAddressChange(peers: readonly string[]): string | undefined {
  const moved = addressChange(peers)
  if (moved) log.info(moved)
  return moved
}
