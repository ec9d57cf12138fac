import { answer } from './http-results.js'

/** WordPress's discovery header: where its REST API is (rel="https://api.w.org/"). */
export const restLink = (origin = 'https://www.example.com') =>
  `<${origin}/wp-json/>; rel="https://api.w.org/"`
/** The headers of any answer of WordPress's REST API. */
export const WP_HEADERS: Record<string, string> = {
  link: restLink(),
  'content-type': 'application/json; charset=UTF-8'
}
/** The page nginx answers a method it does not allow with: a CDN's refusal of a POST. */
export const NGINX_405 =
  '<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

/** WordPress's answer with `body` as JSON. */
export const wpJson = (status: number, body: unknown) =>
  answer(status, WP_HEADERS, JSON.stringify(body))
/** A WP_Error as the REST API sends it: `{code, message, data: {status}}`. */
export const wpError = (status: number, code: string, message: string) =>
  wpJson(status, { code, message, data: { status } })
/** A CDN edge refusing a POST with nginx's 405 page. */
export const cdn405 = answer(
  405,
  {
    server: 'hcdn',
    'x-cdn-request-id': '0123456789abcdef-edge-ams-3',
    'content-type': 'text/html'
  },
  NGINX_405
)
