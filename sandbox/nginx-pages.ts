import { textReply, type Reply } from './http.js'

const TITLES = {
  404: '404 Not Found',
  405: '405 Not Allowed',
  413: '413 Request Entity Too Large'
} as const

/**
 * nginx's built-in error page with `server_tokens off`, byte for byte as nginx 1.22 sends it
 * (src/http/ngx_http_special_response.c: page head + ngx_http_error_tail, CRLF line ends).
 * The 405 page is 150 bytes. `footer` is `nginx/1.22.1` where `server_tokens` is on (an origin).
 */
export function nginxErrorPage(status: keyof typeof TITLES, footer = 'nginx'): string {
  const title = TITLES[status]
  return (
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
    `<center><h1>${title}</h1></center>\r\n` +
    `<hr><center>${footer}</center>\r\n</body>\r\n</html>\r\n`
  )
}

export function nginxErrorReply(status: keyof typeof TITLES, footer?: string): Reply {
  return textReply(status, nginxErrorPage(status, footer), 'text/html')
}
