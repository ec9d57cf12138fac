import type { UploadConfig } from '../config/config.js'
import { keepAliveAgent } from '../http/agent.js'
import { endpoint, USER_AGENT } from '../http/endpoint.js'
import { send, type HttpResult } from '../http/request.js'
import { contentDisposition } from './content-disposition.js'

export interface LocalFile {
  /** Absolute path. */
  path: string
  /** Path relative to the workspace, as the user wrote the pattern. */
  display: string
  size: number
  mediaType: string
}

export interface MediaApi {
  mediaUrl: URL
  settingsUrl: URL
  getSettings(): Promise<HttpResult>
  postFile(file: LocalFile): Promise<HttpResult>
  close(): void
}

export function mediaApi(config: UploadConfig, authorization: string): MediaApi {
  const mediaUrl = endpoint(config.baseUrl, config.apiPath, 'media')
  const settingsUrl = endpoint(config.baseUrl, config.apiPath, 'settings')
  // One connection, reused file after file: a TLS handshake per file would dominate small files.
  const agent = keepAliveAgent(mediaUrl, 1)
  const headers = {
    Authorization: authorization,
    Accept: 'application/json',
    'User-Agent': USER_AGENT
  }
  return {
    mediaUrl,
    settingsUrl,
    getSettings: () =>
      send({ method: 'GET', url: settingsUrl, headers, timeoutMs: config.timeoutMs, agent }),
    postFile: file =>
      send({
        method: 'POST',
        url: mediaUrl,
        headers: {
          ...headers,
          'Content-Type': file.mediaType,
          'Content-Disposition': contentDisposition(file.display),
          'Content-Length': file.size
        },
        body: { path: file.path, size: file.size },
        timeoutMs: config.timeoutMs,
        agent
      }),
    close: () => agent.destroy()
  }
}
