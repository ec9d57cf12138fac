import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/server.js'
import type { InputName } from '../../../src/inputs/names.js'
import { apiUnder } from '../../../src/http/api-url.js'
import { apiClient } from '../../../src/http/client.js'
import {
  DEFAULT_WORDPRESS_API_PATH,
  parseUploadConfig,
  type UploadConfig
} from '../../../src/upload/config.js'
import { findFiles } from '../../../src/upload/files/files.js'
import { mediaApi } from '../../../src/upload/wordpress/media-api.js'
import { uploadFiles } from '../../../src/upload/send/upload-files.js'
import { dropDebugCommands } from '../../../test-support/debug-commands.js'
import { GIF } from '../../../test-support/images.js'

dropDebugCommands()

let sandbox: Sandbox
let workspace: string

beforeAll(async () => {
  sandbox = await startSandbox()
  workspace = await mkdtemp(path.join(tmpdir(), 'unreadable-'))
})
afterAll(async () => {
  await sandbox.close()
  await rm(workspace, { recursive: true, force: true })
})

function config(): UploadConfig {
  const inputs: Record<string, string> = {
    'base-url': sandbox.url,
    files: '*.gif',
    username: 'demo',
    'app-password': 'abcd efgh ijkl mnop qrst uvwx'
  }
  return parseUploadConfig(name => inputs[name as InputName] ?? '')
}

// Whether a file can be made unreadable here: root reads files whatever their mode.
const isRoot = process.getuid?.() === 0

describe('files that cannot be read', () => {
  it('reports a file that vanished after matching, sends nothing for it, and goes on', async () => {
    await writeFile(path.join(workspace, 'a.gif'), GIF)
    await writeFile(path.join(workspace, 'gone.gif'), GIF)
    await writeFile(path.join(workspace, 'z.gif'), GIF)
    const matched = await findFiles(
      ['*.gif'].map(p => path.join(workspace, p)),
      workspace
    )
    await rm(path.join(workspace, 'gone.gif'))
    const settings = config()
    const api = mediaApi(
      apiClient(settings),
      settings,
      {
        api: apiUnder(settings.baseUrl, DEFAULT_WORDPRESS_API_PATH),
        apiPath: DEFAULT_WORDPRESS_API_PATH,
        source: 'default'
      },
      () => {}
    )
    try {
      const report = await uploadFiles(matched, settings, {
        api,
        sleep: async () => {},
        now: () => new Date(),
        random: () => 0,
        log: () => {},
        warn: () => {}
      })
      expect(report.files.map(f => [f.file, f.status, f.attempts])).toEqual([
        ['a.gif', 'uploaded', 1],
        ['gone.gif', 'failed', 0],
        ['z.gif', 'uploaded', 1]
      ])
      expect(report.files[1]!.message).toBe('could not be read (ENOENT); nothing was sent')
      expect(sandbox.requests.filter(r => r.method === 'POST')).toHaveLength(2)
    } finally {
      api.close()
    }
  })

  it.skipIf(isRoot)('reports a file without read permission', async () => {
    sandbox.reset()
    const locked = path.join(workspace, 'locked.gif')
    await writeFile(locked, GIF)
    await chmod(locked, 0o000)
    const settings = config()
    const api = mediaApi(
      apiClient(settings),
      settings,
      {
        api: apiUnder(settings.baseUrl, DEFAULT_WORDPRESS_API_PATH),
        apiPath: DEFAULT_WORDPRESS_API_PATH,
        source: 'default'
      },
      () => {}
    )
    try {
      const report = await uploadFiles(
        [{ path: locked, display: 'locked.gif', size: GIF.length, mediaType: 'image/gif' }],
        settings,
        {
          api,
          sleep: async () => {},
          now: () => new Date(),
          random: () => 0,
          log: () => {},
          warn: () => {}
        }
      )
      expect(report.files[0]).toMatchObject({
        status: 'failed',
        attempts: 0,
        message: 'could not be read (EACCES); nothing was sent'
      })
      expect(sandbox.requests).toHaveLength(0)
    } finally {
      api.close()
    }
  })
})
