import type { Headers } from '../http/headers.js'
import type { AppAnswer, JsonObject } from './body.js'
import type { CdnSigns } from './detect.js'

/** Which layer produced an HTTP answer (or failed to produce one). */
export type Layer = 'cdn' | 'origin' | 'network' | 'aws' | 'unknown'

export interface DiagnosisContext {
  /** the application behind the origin, as the mode that talks to it describes it */
  app: AppProfile
  method: string
  /** the API path prefix, e.g. /cms-json/cms/v2, used in remedies */
  apiPath: string
  /**
   * How the prefix was chosen: `given` in api-path, `found` on the server, or the `default`
   * because the server did not say; a wrong path is remedied differently in each case.
   */
  apiSource?: 'given' | 'found' | 'default'
  host: string
  /** Set when the requests go to an AWS API, which may refuse them itself. */
  aws?: AwsService
}

/**
 * What the diagnosis knows of the application behind the origin, brought by the mode that talks to
 * it: the words its sentences need, and the reading of the application's own answers. The
 * diagnosis knows the layers (CDN, web server, network); each mode knows its application.
 */
export interface AppProfile {
  /** the application's name in sentences: `WordPress`, `Airflow` */
  name: string
  /** what one thing a request creates is called: `media item`, `dag run` */
  item: string
  /** the collection the requests go to, under the API path: `/media` */
  collection: string
  /** what runs the application behind its web server, named when the web server got no answer */
  backend: string
  /** the application's own marks, as an answer without them lists their absence */
  absentMarks: string
  /**
   * How a CDN in front is got out of the way: turned off for the host (a site served whole through
   * it), or the API served without it (an API that needs no CDN).
   */
  cdnBypass: 'disable-for-host' | 'serve-api-apart'
  /** The note that rules the credentials out when the application never checked them. */
  credentialsRuledOut: {
    /** `who`, a layer in front, refused the request before the application could check them */
    refusedBy(who: string): string
    /** the application never saw the request */
    unseen: string
  }
  /** The remedy for a path where the application's API is not. */
  wrongPath(context: DiagnosisContext, restRoot: string | undefined): string
  /** What to do about a refusal or failure the application itself answered. */
  remedies(situation: ResponseSituation): Advice[]
}

/** Which layer made a response, as far as the evidence goes. */
export type Finding =
  /** the application itself answered (its headers or JSON are there) */
  | { kind: 'application' }
  /** a security plugin inside the application answered */
  | { kind: 'plugin'; plugin: string }
  /** the CDN answered with its own refusal */
  | { kind: 'cdn-refusal' }
  /** the CDN answered 5xx because the origin gave it no valid answer */
  | { kind: 'cdn-gateway' }
  /** the web server at the origin answered before the application saw the request */
  | { kind: 'web-server'; software: string }
  | { kind: 'unknown' }

export interface ResponseSituation {
  finding: Finding
  context: DiagnosisContext
  status: number
  headers: Headers
  app?: AppAnswer
  cdn?: CdnSigns
  /** WordPress's REST API root, from its `link` header */
  restRoot?: string
  /** the start of the body (an HTML page's entities decoded), for words a page says */
  bodyStart?: string
}

/**
 * A sentence that rules a cause out ("the credentials are not the cause") or warns off a move,
 * rather than asks for one: said on its own after the list of what to do, never as an item of it.
 */
export interface Note {
  note: string
}

/** One piece of advice: an action (a sentence to do), or a note. */
export type Advice = string | Note

/**
 * An AWS API the requests go to, which may refuse them itself. AWS's error is read here, in the
 * AWS layer; what it means for the service, and what to do, is brought by the mode that calls it.
 */
export interface AwsService {
  /** AWS refused the request with an error of this `type`; the answer's secrets are replaced. */
  refused(response: AwsAnswer, type: string, method: string): Verdict
  /** The service's own answer to a call it took; undefined reads it as any other answer. */
  answered?(response: AwsAnswer): Verdict | undefined
}

type AwsAnswer = { status: number; headers: Headers; body: string }

export interface Verdict {
  layer: Layer
  /** the CDN or proxy seen, also when it only passed the origin's answer through */
  vendor?: string
  requestId?: string
  edgeNode?: string
  /** the address and port that answered, e.g. `203.0.113.7:443` */
  peer?: string
  /** true when the CDN itself refused the request, which therefore never reached the origin */
  blocked: boolean
  /** the host the request went to, as the diagnosis named it */
  host?: string
  /** the answer's HTTP status; absent when no answer came */
  status?: number
  /**
   * The part of the origin that answered instead of the application: its web server, before the
   * application saw the request, or a security plugin inside the application.
   */
  originPart?: { kind: 'web-server' | 'plugin'; name: string }
  /** one sentence */
  headline: string
  /** one line each; values quoted from the server are short and single-line */
  evidence: string[]
  /** what to do, one action each */
  remedies: string[]
  /** sentences that rule a cause out ("the credentials are not the cause"), said apart from the remedies */
  notes?: string[]
  /** the server's own words, one line and bounded; absent when no answer or an empty body came */
  said?: string
  /** WordPress's error code, when its JSON error named one */
  code?: string
  /** the body, when it is a complete JSON object: the fields a mode reads (still untrusted) */
  json?: JsonObject
  /** the body, when it is a complete JSON list (still untrusted) */
  items?: unknown[]
}
