// A headless Chromium render of a job summary, roughly as a run's Summary page shows it: the
// Markdown rendered as GitHub renders a summary (raw HTML allowed), GitHub's own stylesheet
// (github-markdown-css) in a bordered card, cropped to the card. Used by `npm run summaries`; no
// test or CI job needs it, so neither Chromium nor the stylesheet is a dependency of the project.
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import MarkdownIt from 'markdown-it'
import { repoRoot } from '../test-support/run-action.js'

/** Where `npm run summaries` installs the stylesheet when the project has none. */
export const CACHE = path.join(repoRoot, 'node_modules', '.cache', 'summaries')
const STYLESHEET = 'github-markdown-css'
const STYLESHEET_VERSION = '5.9.0'
const STYLESHEET_FILE = `${STYLESHEET}/github-markdown-light.css`

const BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
]

/** What the render needs and cannot find, said so that the reader knows what to do. */
export class MissingTool extends Error {}

/** The browser: `CHROMIUM`, else the usual places. */
export function findChromium(): string {
  const given = process.env.CHROMIUM
  if (given) {
    if (existsSync(given)) return given
    throw new MissingTool(`CHROMIUM=${given}: no such file.`)
  }
  const found = BROWSERS.find(file => existsSync(file))
  if (found) return found
  throw new MissingTool(
    'No Chromium or Chrome found (looked for ' +
      BROWSERS.join(', ') +
      '). Install one (Debian, Ubuntu: apt-get install chromium fonts-noto-color-emoji) or set CHROMIUM=/path/to/it.'
  )
}

/**
 * GitHub's Markdown stylesheet: from node_modules when a package brought it, else installed once
 * into node_modules/.cache/summaries with npm (one package of a few CSS files, no dependencies).
 */
export async function markdownCss(): Promise<string> {
  const from = (base: string) => {
    try {
      return createRequire(path.join(base, 'package.json')).resolve(STYLESHEET_FILE)
    } catch {
      return undefined
    }
  }
  let file = from(repoRoot) ?? from(CACHE)
  if (!file) {
    console.log(`Installing ${STYLESHEET}@${STYLESHEET_VERSION} into ${CACHE} …`)
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const args = ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', CACHE]
    try {
      await promisify(execFile)(npm, [...args, `${STYLESHEET}@${STYLESHEET_VERSION}`])
    } catch (error) {
      throw new MissingTool(
        `Could not install ${STYLESHEET} (${(error as Error).message.split('\n')[0]}). Install it by hand: npm ${args.join(' ')} ${STYLESHEET}@${STYLESHEET_VERSION}`
      )
    }
    file = from(CACHE)
    if (!file)
      throw new MissingTool(`${STYLESHEET} was installed, but ${STYLESHEET_FILE} is missing.`)
  }
  return readFile(file, 'utf8')
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, char => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[char]};`)

/** The page: the summary rendered as GitHub renders it, in the card of a run's Summary page. */
export function summaryPage(summary: string, css: string, title: string): string {
  const body = new MarkdownIt({ html: true, linkify: true }).render(summary)
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
body { margin: 0; padding: 8px; background: #f6f8fa; }
.card { border: 1px solid #d1d9e0; border-radius: 6px; background: #fff; }
.card > header { padding: 16px 24px; font: 600 14px -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; border-bottom: 1px solid #d1d9e0; }
.card > .markdown-body { padding: 16px 24px 24px; }
</style></head><body><div class="card"><header>${escape(title)}</header><article class="markdown-body">${body}</article></div></body></html>`
}

/** A DevTools protocol connection: commands answered by id, events by name. */
class DevTools {
  private next = 0
  private readonly waiting = new Map<number, (message: Record<string, unknown>) => void>()
  private readonly listeners = new Map<string, () => void>()

  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', event => {
      const message = JSON.parse(String(event.data)) as Record<string, unknown>
      if (typeof message.id === 'number') this.waiting.get(message.id)?.(message)
      else if (typeof message.method === 'string') this.listeners.get(message.method)?.()
    })
  }

  static async connect(url: string): Promise<DevTools> {
    const socket = new WebSocket(url)
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true })
      socket.addEventListener('error', reject, { once: true })
    })
    return new DevTools(socket)
  }

  async send<T = unknown>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = ++this.next
    const answer = new Promise<Record<string, unknown>>(resolve => this.waiting.set(id, resolve))
    this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
    const message = await answer
    this.waiting.delete(id)
    if (message.error) throw new Error(`${method}: ${JSON.stringify(message.error)}`)
    return message.result as T
  }

  /** Settles on the next event of this name. */
  once(method: string): Promise<void> {
    return new Promise(resolve => this.listeners.set(method, resolve))
  }

  close(): void {
    this.socket.close()
  }
}

/** Starts the browser headless, and reads the address of its DevTools endpoint. */
async function startBrowser(chromium: string, profile: string) {
  const args = [
    '--headless=new',
    '--disable-gpu',
    '--hide-scrollbars',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    // Chromium's sandbox refuses to run as root (a container's user).
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    'about:blank'
  ]
  const browser = spawn(chromium, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  const endpoint = await new Promise<string>((resolve, reject) => {
    let said = ''
    browser.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(said)
      if (match) resolve(match[1]!)
    })
    browser.on('error', reject)
    browser.on('exit', code => reject(new Error(`${chromium} ended (${code}): ${said.trim()}`)))
  })
  return { browser, endpoint }
}

/**
 * Renders the page to a PNG `width` CSS pixels wide, as tall as the card, once every picture in
 * it has loaded (the load event).
 */
export async function renderPng(page: string, output: string, width: number): Promise<void> {
  const chromium = findChromium()
  const work = await mkdtemp(path.join(tmpdir(), 'summary-render-'))
  const { browser, endpoint } = await startBrowser(chromium, path.join(work, 'profile'))
  try {
    const html = path.join(work, 'summary.html')
    await writeFile(html, page)
    const tools = await DevTools.connect(endpoint)
    try {
      const { targetId } = await tools.send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank'
      })
      const { sessionId } = await tools.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true
      })
      const send = <T = unknown>(method: string, params: object = {}) =>
        tools.send<T>(method, params, sessionId)
      await send('Emulation.setDeviceMetricsOverride', {
        width,
        height: 600,
        deviceScaleFactor: 1,
        mobile: false
      })
      await send('Page.enable')
      const loaded = tools.once('Page.loadEventFired')
      await send('Page.navigate', { url: pathToFileURL(html).href })
      await loaded
      const { result } = await send<{ result: { value: number } }>('Runtime.evaluate', {
        expression: 'document.body.getBoundingClientRect().height',
        returnByValue: true
      })
      const height = Math.ceil(result.value)
      const { data } = await send<{ data: string }>('Page.captureScreenshot', {
        format: 'png',
        clip: { x: 0, y: 0, width, height, scale: 1 },
        captureBeyondViewport: true
      })
      await writeFile(output, Buffer.from(data, 'base64'))
    } finally {
      tools.close()
    }
  } finally {
    browser.kill()
    await new Promise(resolve =>
      browser.exitCode === null ? browser.once('exit', resolve) : resolve(undefined)
    )
    await rm(work, { recursive: true, force: true })
  }
}
