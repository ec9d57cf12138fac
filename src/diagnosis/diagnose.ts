import { STATUS_CODES } from 'node:http'
import { headerValue } from '../http/headers.js'
import { redact } from '../log/secrets.js'
import type { HttpResponse, HttpResult } from '../http/send.js'
import { jsonList, jsonObject, readAppAnswer, readPage, serverWords, type Page } from './body.js'
import { detectCdn, detectOrigin, type CdnSigns, type OriginSigns } from './detect.js'
import { isOriginServerName } from './fingerprints.js'
import { diagnoseNetworkFailure } from './network.js'
import { awsErrorType } from './aws.js'
import { adviceApart, responseRemedies } from './remedies.js'
import { clip, edgeNodeName } from './text.js'
import type { DiagnosisContext, Finding, Layer, Verdict } from './types.js'

/** An answer as the diagnosis reads it: what send() gives, less its timing. */
export type Answer = Pick<HttpResponse, 'status' | 'headers' | 'body' | 'peer'>

const LAYERS: Record<Finding['kind'], Layer> = {
  application: 'origin',
  plugin: 'origin',
  'web-server': 'origin',
  'cdn-refusal': 'cdn',
  'cdn-gateway': 'cdn',
  unknown: 'unknown'
}

function statusText(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? ''}`.trim()
}

/** One answer as the diagnosis reads it: what decides the layer that made it. */
interface Situation {
  context: DiagnosisContext
  /** the answer with every known secret replaced */
  response: Answer
  page: Page
  origin: OriginSigns
  cdn: CdnSigns | undefined
}

/** A situation with the layer it was put down to: what the headline and evidence describe. */
interface Judged extends Situation {
  finding: Finding
}

function htmlOrEmpty(page: Page): boolean {
  return page.kind === 'html' || page.kind === 'empty'
}

/**
 * Decides which layer made the answer. Origin markers win over CDN markers, because CDNs pass the
 * origin's answers through with their own headers. A CDN refusal needs CDN markers, no origin
 * marker, and an error page (HTML or empty) the CDN can have made.
 *
 * Without any CDN or proxy header, a stock error page from a known web server (nginx, Apache, …)
 * is put down to the origin's web server: nothing supports blaming a CDN, and the page shows
 * the application never saw the request. The headline says so, and the remedies still mention a
 * proxy that hides itself.
 */
function classify({ response, page, origin, cdn }: Situation): Finding {
  const { status, headers } = response
  if (origin.page?.plugin) return { kind: 'plugin', plugin: origin.page.by }
  if (origin.evidence.length > 0) return { kind: 'application' }
  if (status < 400) return { kind: 'unknown' }
  const footer = page.footer && isOriginServerName(page.footer) ? page.footer : undefined
  if (cdn) {
    const cdnAnswer: Finding =
      status >= 500 && !cdn.page?.refusal ? { kind: 'cdn-gateway' } : { kind: 'cdn-refusal' }
    if (cdn.page) return cdnAnswer
    // A stock page signed by a web server the CDN's own pages never name came from the origin; so
    // did one that shows its version (`nginx/1.22.1`): a CDN's own pages hide it (`nginx`).
    const ownFooter = cdn.vendor?.stockPageFooter
    if (footer && ownFooter && (!ownFooter.test(footer) || /\/\d/.test(footer))) {
      return { kind: 'web-server', software: productToken(footer) }
    }
    return htmlOrEmpty(page) ? cdnAnswer : { kind: 'unknown' }
  }
  // A `server` value naming neither a web server nor a known CDN was set by something unknown.
  const server = headerValue(headers, 'server')
  if (server && !isOriginServerName(server)) return { kind: 'unknown' }
  const software = footer ?? (server ? clip(server, 60) : undefined)
  return software && htmlOrEmpty(page)
    ? { kind: 'web-server', software: productToken(software) }
    : { kind: 'unknown' }
}

/** `Apache/2.4.57 (Debian)` → `Apache/2.4.57`: the comment only clutters a sentence. */
function productToken(software: string): string {
  return software.split(' ')[0] ?? software
}

function describeBody(page: Page, cdn: CdnSigns | undefined, app: string): string {
  switch (page.kind) {
    case 'empty':
      return 'empty body'
    case 'html': {
      const title = page.title ? ` titled \`${page.title}\`` : ''
      const footer = page.footer ? ` with the footer \`${page.footer}\`` : ''
      const made = cdn?.page ? `: ${cdn.page.marker}` : ''
      return `HTML body${title}${footer}${made}`
    }
    case 'json':
      return `JSON body in no shape ${app} uses: \`${clip(page.text, 80)}\``
    case 'text':
      return `text body \`${clip(page.text, 80)}\``
  }
}

function absence(context: DiagnosisContext, conclusion: string): string {
  return `${context.app.absentMarks}: ${conclusion}`
}

/** `Cloudflare (edge node AMS)`, or what little is known about an unnamed CDN or proxy. */
function cdnPhrase(cdn: CdnSigns): string {
  const edge = cdn.edgeNode ? ` (${edgeNodeName(cdn.edgeNode)})` : ''
  if (cdn.vendor) return `${cdn.vendor.name}${edge}`
  return cdn.kind === 'cdn'
    ? `a CDN of unknown vendor${edge}`
    : `a proxy or cache of unknown vendor${edge}`
}

function headline({ finding, response, context, origin, cdn }: Judged): string {
  const app = context.app.name
  const method = context.method.toUpperCase()
  const status = statusText(response.status)
  const host = context.host
  const through = cdn ? `, passed through ${cdnPhrase(cdn)}` : ''
  const front = cdn?.kind === 'proxy' ? 'A proxy or CDN' : 'The CDN'
  const named = cdn
    ? [cdn.vendor?.name ?? 'vendor unknown', cdn.edgeNode ? `edge node ${cdn.edgeNode}` : '']
        .filter(Boolean)
        .join(', ')
    : ''
  switch (finding.kind) {
    case 'cdn-refusal':
      return `${front} in front of ${host} (${named}) refused the ${method} with ${status}; the request never reached ${app}.`
    case 'cdn-gateway':
      return `${front} in front of ${host} (${named}) answered the ${method} with ${status} because it got no valid answer from the origin server; ${app} may or may not have received the request.`
    case 'web-server':
      return response.status >= 500
        ? `The web server at ${host} (${finding.software}) answered the ${method} with ${status}: it got no valid answer from ${app} behind it${through}.`
        : `The web server at ${host} (${finding.software}) refused the ${method} with ${status} before ${app} saw it${through}.`
    case 'plugin':
      return `${finding.plugin}, a security plugin inside ${app} at ${host}, refused the ${method} with ${status}${through}.`
    case 'application': {
      const answer = origin.app
      if (response.status < 300) {
        const run = answer?.dagRunId ? ` (dag run ${clip(answer.dagRunId, 80)})` : ''
        return `${app} at ${host} accepted the ${method} with ${status}${run}${through}.`
      }
      // Airflow's problem titles repeat the status text: `409 Conflict (Conflict: …)`.
      const summary = answer?.summary?.replace(`${STATUS_CODES[response.status] ?? ''}: `, '')
      const said = summary ? ` (${summary})` : ''
      return `${app} at ${host} answered the ${method} with ${status}${said}${through}.`
    }
    case 'unknown':
      if (response.status < 400) {
        return `${host} answered the ${method} with ${status}${through}, but nothing in the response shows it came from ${app}.`
      }
      return cdn
        ? `${host} answered the ${method} with ${status}${through}, but the body is neither a CDN error page nor ${app}'s: the layer that made it is unknown.`
        : `${host} answered the ${method} with ${status}, but the response names neither a CDN nor ${app}: the layer that made it is unknown.`
  }
}

function evidence({ finding, response, context, page, origin, cdn }: Judged): string[] {
  const app = context.app.name
  const body = describeBody(page, cdn, app)
  const cdnLines = cdn?.evidence ?? []
  switch (finding.kind) {
    case 'application':
    case 'plugin':
      return [
        ...origin.evidence,
        ...(finding.kind === 'plugin' ? [body] : []),
        ...cdnLines,
        ...(cdn ? [`origin markers win: ${cdnPhrase(cdn)} only passed the answer through`] : [])
      ]
    case 'cdn-refusal':
      return [...cdnLines, body, absence(context, `the request did not reach ${app}`)]
    case 'cdn-gateway':
      return [...cdnLines, body, absence(context, `${app} did not answer`)]
    case 'web-server': {
      const seen = cdn
        ? `the stock page names \`${finding.software}\`, which ${cdn.vendor?.name ?? 'the CDN'}'s own pages never do: the origin's web server made it`
        : `\`${finding.software}\` is a web server, and no CDN or proxy header was seen`
      return [seen, body, ...cdnLines, absence(context, `the request did not reach ${app}`)]
    }
    case 'unknown': {
      const server = headerValue(response.headers, 'server')
      const stranger =
        !cdn && server && !isOriginServerName(server)
          ? [`\`server: ${clip(server, 80)}\` names neither a known web server nor a known CDN`]
          : []
      return [
        ...stranger,
        body,
        ...cdnLines,
        ...(response.status >= 400
          ? [absence(context, `nothing shows the request reached ${app}`)]
          : [])
      ]
    }
  }
}

/**
 * The answer as it may be quoted: every known secret replaced in its headers and body before any
 * of them is split, decoded or cut (an edge node taken from a request id could hold half of one).
 */
function redacted(response: Answer): Answer {
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(redact) : value && redact(value)
    ])
  )
  return { ...response, headers, body: redact(response.body) }
}

function diagnoseResponse(answer: Answer, context: DiagnosisContext): Verdict {
  const response = redacted(answer)
  const page = readPage(response.body, response.headers)
  // What a mode reads (ids, links, a token) comes from the answer as sent.
  const data = response.body === answer.body ? page : readPage(answer.body, answer.headers)
  const app = readAppAnswer(page)
  const origin = detectOrigin(response.headers, page, app)
  const cdn = detectCdn(response.headers, page)
  const situation: Situation = { context, response, page, origin, cdn }
  const finding = classify(situation)
  const judged: Judged = { ...situation, finding }
  const said = serverWords(page, app)
  const json = jsonObject(data)
  const items = jsonList(data)
  return {
    layer: LAYERS[finding.kind],
    ...(cdn?.vendor ? { vendor: cdn.vendor.name } : {}),
    ...(cdn?.requestId ? { requestId: cdn.requestId } : {}),
    ...(cdn?.edgeNode ? { edgeNode: cdn.edgeNode } : {}),
    blocked: finding.kind === 'cdn-refusal',
    host: context.host,
    status: response.status,
    ...(finding.kind === 'web-server'
      ? { originPart: { kind: 'web-server', name: finding.software } }
      : finding.kind === 'plugin'
        ? { originPart: { kind: 'plugin', name: finding.plugin } }
        : {}),
    headline: headline(judged),
    evidence: [
      ...evidence(judged),
      // The connection's far end: the CDN's edge, the origin, or a proxy on the way.
      ...(response.peer ? [`answered from ${response.peer}`] : [])
    ],
    ...(response.peer ? { peer: response.peer } : {}),
    ...adviceApart(
      responseRemedies({
        finding,
        context,
        status: response.status,
        headers: response.headers,
        ...(app ? { app } : {}),
        ...(cdn ? { cdn } : {}),
        ...(origin.restRoot ? { restRoot: origin.restRoot } : {}),
        bodyStart: page.text
      })
    ),
    ...(said ? { said } : {}),
    ...(app?.code ? { code: app.code } : {}),
    ...(json ? { json } : {}),
    ...(items ? { items } : {})
  }
}

/** Decides which layer produced an answer (or the failure to get one): CDN, origin, network. */
export function diagnose(
  result: HttpResult | { response: Answer },
  context: DiagnosisContext
): Verdict {
  if ('failure' in result) return diagnoseNetworkFailure(result.failure, context)
  const { response } = result
  // Through MWAA, Airflow's answers arrive unwrapped: an AWS error type left is AWS's own refusal,
  // as every error of MWAA Serverless is.
  const { aws } = context
  const served = aws?.answered?.(response)
  if (served) return served
  const type =
    aws && response.status >= 300 ? awsErrorType(response.headers, response.body) : undefined
  if (!type || !aws) return diagnoseResponse(response, context)
  return aws.refused(redacted(response), type, context.method)
}
