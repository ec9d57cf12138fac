import type { Verdict } from '../diagnosis/index.js'
import { withoutFinalStop } from '../diagnosis/text.js'

/** What `answerer` reads of a verdict: the layer and what names it. */
export type Answered = Pick<Verdict, 'layer' | 'vendor' | 'host' | 'originPart'>

/**
 * Who answered, to open a sentence or end an annotation's title, for both modes: the CDN by name,
 * AWS, the origin's web server or a plugin inside the application, or `app` (`Airflow`,
 * `WordPress`) itself. A CDN that only passed the application's answer through is not named.
 */
export function answerer(verdict: Answered | undefined, app: string): string {
  const where = verdict?.host ?? app
  switch (verdict?.layer) {
    case 'cdn':
      return verdict.vendor
        ? `${verdict.vendor} (the CDN in front of ${where})`
        : `The CDN or proxy in front of ${where}`
    case 'aws':
      return verdict.vendor ? `AWS (${verdict.vendor})` : 'AWS'
    case 'origin': {
      const part = verdict.originPart
      if (part?.kind === 'web-server') return `The web server in front of ${app} (${part.name})`
      if (part?.kind === 'plugin') return `${part.name} (a security plugin inside ${app})`
      return app
    }
    case 'network':
      return 'The network'
    default:
      return verdict?.host ? `The server at ${verdict.host}` : 'The server'
  }
}

/**
 * The sentence that leads a refusal, naming who answered and quoting its words: `WordPress
 * refused the upload: HTTP 403 (Sorry, you are not allowed to upload files).` `what` is what was
 * refused (`the upload`). Undefined when no error answer came (a network failure, a success).
 */
export function refusalLine(
  verdict: Verdict | undefined,
  app: string,
  what: string
): string | undefined {
  const status = verdict?.status
  if (!verdict || status === undefined || status < 400) return undefined
  const words = verdict.said ? ` (${withoutFinalStop(verdict.said)})` : ''
  const who = answerer(verdict, app)
  const said =
    status >= 500 ? `answered ${what} with HTTP ${status}` : `refused ${what}: HTTP ${status}`
  return `${who} ${said}${words}${neverReached(verdict, app)}.`
}

/** `; it never reached Airflow`, when a layer in front refused the request itself; else nothing. */
export function neverReached(verdict: { blocked?: boolean } | undefined, app: string): string {
  return verdict?.blocked ? `; it never reached ${app}` : ''
}
