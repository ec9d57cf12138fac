import type { HttpFailure, HttpResult } from '../src/http/send.js'

/** An answer as the HTTP layer hands it on. */
export const answer = (
  status: number,
  headers: Record<string, string>,
  body: string,
  elapsedMs = 3
): HttpResult => ({ response: { status, headers, body, elapsedMs } })
/** A JSON answer as Airflow's uvicorn sends it. */
export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): HttpResult => ({
  response: {
    status,
    headers: { server: 'uvicorn', 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    elapsedMs: 4
  }
})

/** A request that got no answer; `reached`: whether it may have reached the server. */
export const lost = (
  code: string,
  reached: boolean,
  extra: Partial<HttpFailure> = {}
): HttpResult => ({
  failure: {
    code,
    message: `${code.toLowerCase()} on the way`,
    timedOut: false,
    mayHaveReachedServer: reached,
    permanent: false,
    elapsedMs: 4,
    ...extra
  }
})

/** nginx's own error page, as a CDN or a proxy sends it. */
export const html = (status: number, title: string): HttpResult => ({
  response: {
    status,
    headers: { server: 'nginx', 'content-type': 'text/html' },
    body: `<html><head><title>${title}</title></head><body><hr><center>nginx</center></body></html>`,
    elapsedMs: 4
  }
})

/** No answer: the connection was reset ("socket hang up") after the request may have reached the server. */
export const hungUp = (elapsedMs = 5): HttpResult => ({
  failure: {
    code: 'ECONNRESET',
    message: 'socket hang up',
    timedOut: false,
    mayHaveReachedServer: true,
    permanent: false,
    elapsedMs
  }
})
