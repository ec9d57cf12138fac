/** `{base-url}{api-path}/{path}`; the base URL may itself carry a path (a site under /blog). */
export function endpoint(baseUrl: URL, apiPath: string, path: string): URL {
  return new URL(`${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}${apiPath}/${path}`)
}

export const USER_AGENT = 'airflow-wordpress-cdn-action'
