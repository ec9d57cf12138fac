import { headerValue, type Headers } from '../http/headers.js'
import {
  note,
  apiGlob,
  adviceApart,
  DNS_WAIT,
  rateLimited,
  route,
  tooLarge
} from './remedies-shared.js'
import { clip } from './text.js'
import type { Advice, DiagnosisContext, ResponseSituation } from './types.js'

// The entry point for the rest of the diagnosis: what it needs of the shared wording, too.
export { adviceApart, DNS_WAIT }

function redirected(headers: Headers): string {
  const location = headerValue(headers, 'location')
  const target = location ? ` to \`${clip(location)}\`` : ''
  return `The server redirected${target}: a POST is not sent again across a redirect, so use the final address as \`base-url\` (https instead of http, or the canonical host name).`
}

function notCredentials(context: DiagnosisContext, who: string): Advice {
  return note(context.app.credentialsRuledOut.refusedBy(who))
}

function cdnRefusal({ context, status, headers, cdn }: ResponseSituation): Advice[] {
  const method = context.method.toUpperCase()
  const vendor = cdn?.vendor
  const who = vendor?.ownerRules
    ? vendor.name
    : cdn?.kind === 'proxy'
      ? 'the proxy or CDN'
      : 'the CDN'
  const where = vendor?.ownerRules
    ? `in the hosting panel or ${vendor.name}'s dashboard`
    : 'in the hosting panel'
  const allow = vendor?.ownerRules
    ? `add a rule in ${vendor.name} that lets ${method} on ${apiGlob(context)} through (skip its security rules for that path); if the hosting provider runs ${vendor.name} for you, ask them to`
    : `ask the hosting provider to allow ${method} on ${apiGlob(context)} at ${who}: their control panel offers no custom CDN rules, so this takes a support request`
  const specific: Advice[] = [
    ...(status === 405
      ? [
          note(
            'Retries do not help: retrying a 405 only covers occasional throttling, not a standing block.'
          )
        ]
      : []),
    ...(status === 429 ? [rateLimited(who, headers)] : [])
  ]
  // A size limit is about this file, not a rule against uploads: its own remedy comes first.
  if (status === 413) {
    return [tooLarge(who, 'cdn'), notCredentials(context, who)]
  }
  if (context.app.cdnBypass === 'disable-for-host') {
    return [
      `Disable ${who} for ${context.host} ${where}. It takes effect at once, but ${DNS_WAIT}.`,
      `Or ${allow}.`,
      notCredentials(context, who),
      ...specific
    ]
  }
  return [
    `${allow.charAt(0).toUpperCase()}${allow.slice(1)}.`,
    `Or serve the ${context.app.name} REST API at ${context.host} without the CDN (a DNS-only record, or a separate host name for the API); ${DNS_WAIT}.`,
    notCredentials(context, who),
    ...specific
  ]
}

function cdnGateway({ context, status, cdn }: ResponseSituation): Advice[] {
  const who = cdn?.vendor?.ownerRules ? cdn.vendor.name : 'the CDN'
  const { name: app, item } = context.app
  return [
    `${who} got no valid answer from the origin server behind ${context.host}: check that ${app} and its web server are up and reachable from ${who}, and read their logs around the time of this run.`,
    ...([504, 522, 524].includes(status)
      ? [
          `A ${status} means the origin was too slow or unreachable for ${who}; the request may still have been processed, so look for the new ${item} before re-running.`
        ]
      : []),
    'Re-run the job once the origin answers again.',
    note('This is neither a CDN rule nor a credentials problem.')
  ]
}

function webServer(situation: ResponseSituation, software: string): Advice[] {
  const { context, status, headers, cdn } = situation
  const method = context.method.toUpperCase()
  const app = context.app.name
  if (status >= 500) {
    return [
      `The web server could not get a valid answer from ${app} behind it (${context.app.backend}): check that it runs, and read the web server's error log.`
    ]
  }
  if (status === 401) {
    const challenge = headerValue(headers, 'www-authenticate')
    const asked = challenge ? ` (\`www-authenticate: ${clip(challenge, 60)}\`)` : ''
    return [
      `The web server itself asks for credentials${asked}: HTTP authentication in front of the site cannot carry ${app}'s own credentials as well; exempt ${apiGlob(context)} from it.`
    ]
  }
  const cause =
    status === 404
      ? context.app.wrongPath(context, situation.restRoot)
      : status === 413
        ? tooLarge('the web server', 'web-server')
        : `The web server at ${context.host} (${software}) refused ${method} on ${apiGlob(context)} before ${app} saw it: look for rules that deny the method or the path (nginx \`limit_except\` or \`deny\`, Apache \`<Limit>\` or \`Require\`, ModSecurity) and read its error log.`
  return [
    cause,
    ...(cdn
      ? []
      : [
          `If a CDN or proxy sits in front of ${context.host} without identifying headers, it may be the one refusing: ask the hosting provider to allow ${method} on ${apiGlob(context)}.`
        ]),
    note(context.app.credentialsRuledOut.unseen)
  ]
}

function plugin({ context }: ResponseSituation, name: string): string[] {
  return [
    `${name} inside ${context.app.name} at ${context.host} blocked the request: find the reason in its firewall log (Wordfence: Tools → Live Traffic), then allowlist the runner's IP address or relax the rule that fired for ${apiGlob(context)}.`,
    'GitHub-hosted runners change IP addresses between jobs; a self-hosted runner with a fixed address is easier to allowlist.'
  ]
}

function unknown({ context, status }: ResponseSituation): string[] {
  const method = context.method.toUpperCase()
  const { name: app, item } = context.app
  if (status < 400) {
    return [
      `Check in ${app} whether the ${item} exists: the answer did not look like ${app}'s own.`
    ]
  }
  return [
    `Nothing in the answer shows that ${app} saw the request: send the same ${method} to ${route(context)} from another machine and compare which server answers.`,
    `If a CDN or proxy is in front of ${context.host}, ask the hosting provider whether it blocks ${method} on ${apiGlob(context)}.`
  ]
}

export function responseRemedies(situation: ResponseSituation): Advice[] {
  const { finding, status } = situation
  if (status >= 300 && status < 400) return [redirected(situation.headers)]
  switch (finding.kind) {
    case 'cdn-refusal':
      return cdnRefusal(situation)
    case 'cdn-gateway':
      return cdnGateway(situation)
    case 'web-server':
      return webServer(situation, finding.software)
    case 'plugin':
      return plugin(situation, finding.plugin)
    case 'application':
      if (status < 300) return []
      return situation.context.app.remedies(situation)
    case 'unknown':
      return unknown(situation)
  }
}
