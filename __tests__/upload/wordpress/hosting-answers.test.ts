import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import type { HttpResult } from '../../../src/http/send.js'
import { storedAttachment } from '../../../src/upload/wordpress/media-api.js'
import type { LocalFile } from '../../../src/upload/files/local-file.js'
import { POST_PROCESS_TRIES } from '../../../src/upload/send/post-process.js'
import { refusalKind } from '../../../src/upload/wordpress/refusals.js'
import { uploadFiles } from '../../../src/upload/send/upload-files.js'
import { mediaOutput } from '../../../src/upload/send/outcome.js'
import { checkUserRights } from '../../../src/upload/checks/user-rights.js'
import { slugForms } from '../../../src/upload/checks/slug-forms.js'
import { scriptedMediaApi, type MediaScript } from '../../../test-support/fake-apis.js'
import { GIF } from '../../../test-support/images.js'
import { answer, hungUp } from '../../../test-support/http-results.js'
import { wordpressProfile } from '../../../src/upload/wordpress/remedies.js'

// The answers of WordPress 6.1 under shared hosting's limits, as measured (see e2e/README.md).

const LINK = '<http://127.0.0.1:8081/wp-json/>; rel="https://api.w.org/"'
const CONTEXT = {
  app: wordpressProfile,
  method: 'POST',
  apiPath: '/wp-json/wp/v2',
  host: '127.0.0.1:8081'
}

const wpError = (status: number, code: string, message: string) =>
  answer(
    status,
    { link: LINK, 'content-type': 'application/json; charset=UTF-8' },
    JSON.stringify({ code, message, data: { status } })
  )

/** WP_Fatal_Error_Handler's page, through wp_die()'s default HTML template. */
const CRITICAL_HTML = `<!DOCTYPE html>
<html lang="en-US">
<head>
	<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
	<meta name="viewport" content="width=device-width">
	<meta name='robots' content='max-image-preview:large, noindex, follow' />
	<title>WordPress &rsaquo; Error</title>
</head>
<body id="error-page">
	<div class="wp-die-message"><p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/support/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p></div></body>
</html>`

/** The same fatal when the request looks like JSON (wp_is_json_request: `Accept: application/json`). */
const CRITICAL_JSON = JSON.stringify({
  code: 'internal_server_error',
  message:
    '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/support/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
  data: { status: 500 },
  additional_errors: []
})

const storedThen500 = (form: 'html' | 'json', id = '10') =>
  answer(
    500,
    {
      link: LINK,
      'content-type':
        form === 'html' ? 'text/html; charset=UTF-8' : 'application/json; charset=UTF-8',
      'x-wp-upload-attachment-id': id
    },
    form === 'html' ? CRITICAL_HTML : CRITICAL_JSON
  )

const nginxPage = (title: string, footer: string) =>
  `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>${footer}</center>\r\n</body>\r\n</html>\r\n`

const CDN = { server: 'hcdn', 'x-cdn-request-id': '0f1e2d3c4b5a69788796a5b4c3d2e1f0-edge-e2e-1' }
const originTooLarge = answer(
  413,
  { server: 'nginx/1.22.1', 'content-type': 'text/html', connection: 'close' },
  nginxPage('413 Request Entity Too Large', 'nginx/1.22.1')
)
const originTooLargeViaCdn = answer(
  413,
  { ...CDN, 'content-type': 'text/html', connection: 'keep-alive' },
  nginxPage('413 Request Entity Too Large', 'nginx/1.22.1')
)
const cdnTooLarge = answer(
  413,
  { ...CDN, 'content-type': 'text/html' },
  nginxPage('413 Request Entity Too Large', 'nginx')
)
const typeRefused = wpError(
  500,
  'rest_upload_sideload_error',
  'Sorry, you are not allowed to upload this file type.'
)
const notMovable = wpError(
  500,
  'rest_upload_sideload_error',
  'The uploaded file could not be moved to wp-content/uploads/2026/11.'
)
const noDirectory = wpError(
  500,
  'rest_upload_sideload_error',
  'Unable to create directory wp-content/uploads/2026/11. Is its parent directory writable by the server?'
)
const CANNOT_CREATE = 'Sorry, you are not allowed to create posts as this user.'

describe('each answer shape of WordPress under hosting limits', () => {
  it.each(['html', 'json'] as const)(
    'the %s critical-error page with the header says the file is stored, and the remedy is PHP memory',
    form => {
      const result = storedThen500(form)
      if (!('response' in result)) throw new Error('an answer')
      expect(storedAttachment(result.response)).toEqual({ id: 10 })
      const verdict = diagnose(result, CONTEXT)
      expect(verdict.layer).toBe('origin')
      expect(verdict.remedies.join(' ')).toContain('memory_limit')
      expect(refusalKind(500, verdict)).toBeUndefined()
    }
  )

  it('a fatal error on a site in another language is known by its code alone', () => {
    // WordPress translates the message (de_DE here); only the code says it is the fatal handler.
    const result = wpError(
      500,
      'internal_server_error',
      '<p>Es gab einen kritischen Fehler auf deiner Website.</p>'
    )
    const verdict = diagnose(result, CONTEXT)
    expect(verdict.layer).toBe('origin')
    expect(verdict.remedies.join(' ')).toContain('memory_limit')
  })

  it.each([
    ['4, 5', 'two values'],
    ['0', 'zero'],
    ['-3', 'a negative number'],
    ['10/../../settings', 'a path'],
    ['1234567890123456789', 'an id too large to be exact'],
    ['', 'empty']
  ])('an X-WP-Upload-Attachment-ID of %j (%s) means stored, id unknown', value => {
    const result = storedThen500('json', value)
    if (!('response' in result)) throw new Error('an answer')
    expect(storedAttachment(result.response)).toEqual({})
  })

  it('an answer without the header says nothing was stored', () => {
    const result = wpError(500, 'internal_server_error', 'critical')
    if (!('response' in result)) throw new Error('an answer')
    expect(storedAttachment(result.response)).toBeUndefined()
  })

  it('a refused type, an unwritable uploads folder (both messages), 401 and 403 are told apart', () => {
    const kind = (result: HttpResult) =>
      refusalKind('response' in result ? result.response.status : 0, diagnose(result, CONTEXT))
    expect(kind(typeRefused)).toBe('type')
    expect(kind(notMovable)).toBe('uploads-folder')
    expect(kind(noDirectory)).toBe('uploads-folder')
    expect(kind(wpError(401, 'rest_cannot_create', CANNOT_CREATE))).toBe('credentials')
    expect(kind(wpError(403, 'rest_cannot_create', CANNOT_CREATE))).toBe('permission')
    expect(diagnose(notMovable, CONTEXT).remedies.join(' ')).toMatch(/write permission/)
    expect(diagnose(typeRefused, CONTEXT).remedies.join(' ')).toMatch(/extension/)
  })

  it("names the layer of a 413: the origin's nginx, the same page through the CDN, the CDN's own", () => {
    const origin = diagnose(originTooLarge, CONTEXT)
    expect(origin.layer).toBe('origin')
    expect(origin.remedies[0]).toContain('client_max_body_size')
    const relayed = diagnose(originTooLargeViaCdn, CONTEXT)
    expect(relayed.layer).toBe('origin')
    expect(relayed.blocked).toBe(false)
    expect(relayed.remedies[0]).toContain('client_max_body_size')
    const edge = diagnose(cdnTooLarge, CONTEXT)
    expect(edge.layer).toBe('cdn')
    expect(edge.blocked).toBe(true)
    expect(edge.remedies.join(' ')).toContain('body size limit')
    // Raw-body uploads are not limited by PHP's form settings: no remedy sends the user there.
    for (const verdict of [origin, relayed, edge]) {
      expect(verdict.remedies.join(' ')).toMatch(/post_max_size.*do not apply/)
    }
  })
})

let dir: string
const local: LocalFile[] = []

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hosting-'))
  for (const [name, size] of [
    ['a.gif', GIF.length],
    ['b.gif', GIF.length],
    ['c.gif', GIF.length]
  ] as const) {
    await writeFile(path.join(dir, name), GIF)
    local.push({
      path: path.join(dir, name),
      display: name,
      size,
      mediaType: 'image/gif',
      key: `${name.slice(0, 1)}-0123456789ab`
    })
  }
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const item = (id: number, extra: Record<string, unknown> = {}) =>
  answer(
    200,
    { link: LINK, 'content-type': 'application/json' },
    JSON.stringify({
      id,
      slug: `a-0123456789ab`,
      source_url: `http://127.0.0.1:8081/wp-content/uploads/a-${id}.gif`,
      mime_type: 'image/gif',
      ...extra
    })
  )
const created = (id: number) =>
  answer(
    201,
    { link: LINK, 'x-wp-upload-attachment-id': String(id) },
    JSON.stringify({ id, source_url: `http://127.0.0.1:8081/wp-content/uploads/${id}.gif` })
  )
const reset = hungUp()
const list = (entries: object[]) =>
  answer(200, { link: LINK, 'content-type': 'application/json' }, JSON.stringify(entries))

/** The user the action runs as (users/me). */
const ME = 1
/** a.gif as the look-up lists it: the user's own item, of the file's type and size. */
const listed = (id: number) => ({
  id,
  slug: 'a-0123456789ab',
  source_url: 'http://x/a.gif',
  author: ME,
  mime_type: 'image/gif',
  media_details: { filesize: GIF.length }
})
/** The look-up of a.gif's content key and its suffixed forms. */
const LOOK_UP = `GET ?slug=${slugForms('a-0123456789ab').join(',')}`

const scripted = (script: MediaScript) => scriptedMediaApi(script, 'http://127.0.0.1:8081')

async function run(fake: ReturnType<typeof scripted>, files = local.slice(0, 1), maxAttempts = 3) {
  const warnings: string[] = []
  const report = await uploadFiles(
    files,
    { maxAttempts, concurrency: 1, timeoutMs: 30_000 },
    {
      api: fake.api,
      sleep: async () => {},
      now: () => new Date('2026-11-24T12:00:00Z'),
      random: () => 0,
      log: () => {},
      warn: (message, title) => warnings.push(`${title}: ${message}`)
    },
    { existing: new Map(), fields: {}, me: ME }
  )
  for (const queue of Object.values(fake.script)) expect(queue).toEqual([])
  return { report, warnings, output: JSON.parse(mediaOutput(report.files)) as object[] }
}

describe('stored, then failed', () => {
  it.each(['html', 'json'] as const)(
    'a %s 500 with the header is uploaded with that id, never sent again, its sizes finished',
    async form => {
      const fake = scripted({
        posts: [storedThen500(form)],
        items: [item(10, { media_details: [] })],
        postProcess: [
          wpError(500, 'internal_server_error', 'critical'),
          item(10, { missing_image_sizes: [] })
        ]
      })
      const { report, warnings, output } = await run(fake)
      expect(fake.calls).toEqual(['POST a.gif', 'GET 10', 'post-process 10', 'post-process 10'])
      expect(output).toEqual([
        {
          file: 'a.gif',
          id: 10,
          url: 'http://127.0.0.1:8081/wp-content/uploads/a-10.gif',
          status: 'uploaded',
          attempts: 1,
          sizes: 'complete',
          sizesBy: 'wordpress',
          post: null
        }
      ])
      expect(report.files[0]!.message).toContain(
        'stored as item 10 although WordPress answered HTTP 500'
      )
      expect(warnings).toEqual([])
    }
  )

  it('keeps the item when its sizes cannot be made, warns with the cause, and says so in the output', async () => {
    const failing = Array.from({ length: POST_PROCESS_TRIES }, () =>
      wpError(500, 'internal_server_error', 'critical')
    )
    const fake = scripted({
      posts: [storedThen500('html')],
      items: [item(10)],
      postProcess: failing
    })
    const { warnings, output } = await run(fake)
    expect(fake.calls.filter(call => call.startsWith('post-process'))).toHaveLength(5)
    expect(output[0]).toMatchObject({ id: 10, status: 'uploaded', sizes: 'missing' })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^Uploaded without its image sizes: a\.gif: stored as item 10/)
    expect(warnings[0]).toContain('memory_limit')
  })

  it('stops asking when WordPress refuses the post-process itself (a Contributor: 403)', async () => {
    const fake = scripted({
      posts: [storedThen500('json')],
      items: [item(10)],
      postProcess: [
        wpError(403, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.')
      ]
    })
    const { output } = await run(fake)
    expect(output[0]).toMatchObject({ id: 10, status: 'uploaded', sizes: 'missing' })
  })

  it('reports an unusable header as stored, id unknown, and reads nothing by it', async () => {
    const fake = scripted({ posts: [storedThen500('json', '10, 11')] })
    const { warnings, output } = await run(fake)
    expect(fake.calls).toEqual(['POST a.gif'])
    expect(output[0]).toMatchObject({ id: null, status: 'uploaded', attempts: 1 })
    expect(warnings[0]).toMatch(/^Uploaded, id unknown/)
  })
})

describe('a lost answer is settled by the look-up', () => {
  it('found: uploaded with the id found, no second POST', async () => {
    const fake = scripted({
      posts: [reset],
      lookUps: [list([listed(7)])],
      items: [item(7)],
      postProcess: [item(7, { missing_image_sizes: [] })]
    })
    const { output } = await run(fake)
    expect(fake.calls.filter(call => call.startsWith('POST'))).toHaveLength(1)
    expect(output[0]).toMatchObject({ id: 7, status: 'uploaded', attempts: 1, sizes: 'complete' })
  })

  /** The re-sent item, as the look-up after the re-send lists it. */
  const resentItem = list([listed(8)])

  it('not found, at once nor after the back-off: sent again, once, then looked up once more', async () => {
    const fake = scripted({
      posts: [reset, created(8)],
      lookUps: [list([]), list([]), resentItem]
    })
    const { output } = await run(fake)
    expect(fake.calls).toEqual(['POST a.gif', LOOK_UP, LOOK_UP, 'POST a.gif', LOOK_UP])
    expect(output[0]).toMatchObject({ id: 8, status: 'uploaded', attempts: 2 })
  })

  it('a 5xx without the header is settled the same way', async () => {
    const fake = scripted({
      posts: [wpError(500, 'internal_server_error', 'critical'), created(8)],
      lookUps: [list([]), list([]), resentItem]
    })
    const { output } = await run(fake)
    expect(output[0]).toMatchObject({ id: 8, status: 'uploaded', attempts: 2 })
  })

  // A success status that names no item is as open as a lost answer: the look-up settles it.
  it.each([
    ['200 {}', answer(200, { link: LINK, 'content-type': 'application/json' }, '{}')],
    ['202 with a page', answer(202, { 'content-type': 'text/html' }, '<html>Queued</html>')],
    ['204', answer(204, { link: LINK }, '')]
  ])('%s, and the file is in the library: uploaded, not sent again', async (_name, success) => {
    const fake = scripted({
      posts: [success],
      lookUps: [list([listed(7)])],
      items: [item(7)],
      postProcess: [item(7, { missing_image_sizes: [] })]
    })
    const { report, output } = await run(fake)
    expect(fake.calls.filter(call => call.startsWith('POST'))).toHaveLength(1)
    expect(output[0]).toMatchObject({ id: 7, status: 'uploaded', attempts: 1 })
    expect(report.files[0]!.message).toContain('stored as item 7 (found by its content key')
  })

  it.each([
    ['200 {}', answer(200, { link: LINK, 'content-type': 'application/json' }, '{}')],
    ['204', answer(204, { link: LINK }, '')]
  ])(
    '%s, and the file is not in the library: failed, said truly, not sent again',
    async (_name, success) => {
      const fake = scripted({ posts: [success], lookUps: [list([])] })
      const { report } = await run(fake)
      expect(fake.calls).toEqual(['POST a.gif', LOOK_UP])
      expect(report.files[0]).toMatchObject({ status: 'failed', attempts: 1 })
      expect(report.files[0]!.message).toContain(
        'without a media id, and the look-up by content key found it not stored: it was not stored'
      )
    }
  )

  it('without a content key (skip-existing: false) it is never sent again', async () => {
    const fake = scripted({ posts: [reset] })
    const { report } = await run(fake, [{ ...local[0]!, key: undefined }])
    expect(report.files[0]).toMatchObject({ status: 'failed', attempts: 1 })
    expect(report.files[0]!.message).toContain('it may have been stored')
  })
})

describe('refusals named, not retried, not repeated', () => {
  it('a refused type is sent once, names the extension, and the next file still goes', async () => {
    const fake = scripted({ posts: [typeRefused, created(5)] })
    const { report } = await run(fake, local.slice(0, 2))
    expect(fake.calls).toEqual(['POST a.gif', 'POST b.gif'])
    expect(report.files[0]!.message).toMatch(/does not accept this file type \(extension "\.gif"/)
    expect(report.files[1]!.status).toBe('uploaded')
  })

  it('an unwritable month folder (could not be moved) stops the run after one file', async () => {
    const fake = scripted({ posts: [notMovable] })
    const { report } = await run(fake, local)
    expect(fake.calls).toEqual(['POST a.gif'])
    expect(report.files.map(file => file.status)).toEqual([
      'failed',
      'not-attempted',
      'not-attempted'
    ])
    expect(report.files[0]!.message).toContain('uploads folder')
  })

  it('Unable to create directory, twice for the same file sent alone, stops the run', async () => {
    const fake = scripted({ posts: [noDirectory, noDirectory] })
    const { report } = await run(fake, local)
    expect(fake.calls).toEqual(['POST a.gif', 'POST a.gif'])
    expect(report.files.map(file => [file.status, file.attempts])).toEqual([
      ['failed', 2],
      ['not-attempted', 0],
      ['not-attempted', 0]
    ])
    expect(report.files[0]!.message).toContain('sent once more alone and refused again')
    expect(report.stopReason).toContain('a.gif was refused after 2 attempts')
  })

  it('Unable to create directory once is the race for the month folder: sent again, the run goes on', async () => {
    const fake = scripted({ posts: [noDirectory, created(4), created(5), created(6)] })
    const { report } = await run(fake, local)
    expect(fake.calls).toEqual(['POST a.gif', 'POST a.gif', 'POST b.gif', 'POST c.gif'])
    expect(report.files.map(file => [file.status, file.attempts])).toEqual([
      ['uploaded', 2],
      ['uploaded', 1],
      ['uploaded', 1]
    ])
    expect(report.stopReason).toBeUndefined()
  })

  it('an image type WordPress cannot process is named with its remedy; no other file of it is sent', async () => {
    const avif = (name: string) => ({
      ...local[0]!,
      display: `img/${name}`,
      mediaType: 'image/avif'
    })
    const files = [avif('a.avif'), local[1]!, avif('c.avif')]
    const refusal = wpError(
      400,
      'rest_upload_image_type_not_supported',
      'The web server cannot generate responsive image sizes for this image. Convert it to JPEG or PNG before uploading.'
    )
    const fake = scripted({ posts: [refusal, created(5)] })
    const { report, output } = await run(fake, files)
    expect(fake.calls).toEqual(['POST img/a.avif', 'POST b.gif'])
    expect(report.files[0]).toMatchObject({ status: 'failed', attempts: 1, refusal: 'image-type' })
    expect(report.files[0]!.message).toMatch(
      /cannot make image sizes from image\/avif on this server: .*\(rest_upload_image_type_not_supported\)\. Convert the image to JPEG or PNG, or have the host give PHP an image library that reads image\/avif/
    )
    expect(report.files[2]).toMatchObject({ status: 'failed', attempts: 0, refusal: 'image-type' })
    expect(report.files[2]!.message).toBe(
      'not sent: WordPress refused img/a.avif, of the same type (image/avif), as an image it cannot make sizes from on this server; convert it to JPEG or PNG'
    )
    expect(output.map(entry => (entry as { status: string }).status)).toEqual([
      'failed',
      'uploaded',
      'failed'
    ])
    expect(report.stopReason).toBeUndefined()
    expect(report.verdict?.remedies.join(' ')).toContain('convert the images to JPEG or PNG')
  })

  it.each([
    [401, 'the credentials were refused'],
    [403, 'the user may not upload files']
  ])('a %i rest_cannot_create says which it is', async (status, said) => {
    const fake = scripted({ posts: [wpError(status, 'rest_cannot_create', CANNOT_CREATE)] })
    const { report } = await run(fake, local)
    expect(report.files[0]!.message).toContain(said)
    expect(report.files.slice(1).map(file => file.status)).toEqual([
      'not-attempted',
      'not-attempted'
    ])
  })

  it('a file at least as large as one the CDN refused with 413 is not sent; a smaller one is', async () => {
    const [a, b, c] = local as [LocalFile, LocalFile, LocalFile]
    const files = [
      { ...a, size: 3_000_000 },
      { ...b, size: 4_000_000 },
      { ...c, size: 100 }
    ]
    const fake = scripted({ posts: [cdnTooLarge, created(9)] })
    const { report } = await run(fake, files)
    expect(fake.calls).toEqual(['POST a.gif', 'POST c.gif'])
    expect(report.files[0]!.message).toMatch(
      /^too large: 2\.9\sMiB refused with HTTP 413 by Hostinger CDN \(the CDN in front of WordPress\)/
    )
    expect(report.files[1]).toMatchObject({ status: 'blocked', attempts: 0, httpStatus: 413 })
    expect(report.files[1]!.message).toContain('at least as large as a.gif')
    expect(report.files[2]!.status).toBe('uploaded')
  })
})

describe('the user’s right to upload, asked first', () => {
  const CONTRIBUTOR = { edit_posts: true, read: true, level_1: true, contributor: true }
  const noData = wpError(400, 'rest_upload_no_data', 'No data supplied.')
  const cannotCreate = wpError(403, 'rest_cannot_create', CANNOT_CREATE)
  /** users/me answers with these roles and capabilities; the empty upload, with `probe`. */
  const me = (roles: string[], capabilities: Record<string, boolean>, probe?: HttpResult) => {
    const probes: string[] = []
    const api = {
      ...scripted({ posts: [] }).api,
      currentUser: async () =>
        answer(
          200,
          { link: LINK, 'content-type': 'application/json' },
          JSON.stringify({ id: 3, name: 'c', roles, capabilities })
        ),
      probeWrite: async () => {
        probes.push('POST (empty)')
        if (!probe) throw new Error('no empty upload was expected')
        return probe
      }
    }
    return { api, probes }
  }

  it.each([
    ['a Contributor', ['contributor'], CONTRIBUTOR],
    ['a Subscriber', ['subscriber'], { read: true, level_0: true, subscriber: true }],
    ['an Author whose role was stripped of it', ['author'], { edit_posts: true, author: true }],
    ['a user denied it outright', ['author'], { upload_files: false, author: true }]
  ])('%s, refused by WordPress itself: may not upload', async (_name, roles, capabilities) => {
    const { api, probes } = me(roles, capabilities, cannotCreate)
    const rights = await checkUserRights(api)
    expect(rights.kind).toBe('may-not-upload')
    if (rights.kind !== 'may-not-upload') return
    expect(rights.message).toContain(`role ${roles[0]}`)
    expect(rights.message).toContain('refused it an empty upload (HTTP 403 rest_cannot_create)')
    expect(rights.remedy).toContain('Author role or higher')
    expect(probes).toHaveLength(1)
  })

  // WordPress grants upload_files beyond the list: a plugin's user_has_cap or map_meta_cap filter,
  // or a network super admin, who may do anything on every site (with a role there or none).
  it.each([
    ['a Contributor a plugin lets upload', ['contributor'], CONTRIBUTOR],
    ['a super admin with a Subscriber role on this site', ['subscriber'], { read: true }],
    ['a super admin without a role on this site', [], { read: true }],
    ['a role a plugin made', ['shop_worker'], { read: true, shop_worker: true }]
  ])('%s, whom WordPress lets upload: goes ahead', async (_name, roles, capabilities) => {
    const { api } = me(roles, capabilities, noData)
    const rights = await checkUserRights(api)
    expect(rights.kind).toBe('may-upload')
    expect(rights.message).toContain('yet WordPress lets it upload')
  })

  it.each([
    [
      'a CDN blocks the empty upload',
      answer(405, { ...CDN, 'content-type': 'text/html' }, nginxPage('405 Not Allowed', 'nginx'))
    ],
    ['the empty upload gets a 5xx', wpError(500, 'internal_server_error', 'critical error')],
    ['a 403 that is not WordPress refusing the user', wpError(403, 'rest_forbidden', 'No.')],
    ['the empty upload is lost', reset]
  ])('a list without it, and %s: the uploads decide', async (_name, probe) => {
    const { api } = me(['contributor'], CONTRIBUTOR, probe)
    const rights = await checkUserRights(api)
    expect(rights.kind).toBe('unknown')
    expect(rights.message).toContain('the uploads will tell')
  })

  it('an Author may, without any empty upload', async () => {
    const { api, probes } = me(['author'], { upload_files: true, author: true })
    expect((await checkUserRights(api)).kind).toBe('may-upload')
    expect(probes).toEqual([])
  })

  it('an answer whose capabilities are emptied (a plugin may strip them) refuses nothing', async () => {
    const { api, probes } = me(['author'], {})
    expect((await checkUserRights(api)).kind).toBe('unknown')
    expect(probes).toEqual([])
  })

  it('a site without the route goes on as before', async () => {
    const api = {
      ...scripted({ posts: [] }).api,
      currentUser: async () => wpError(404, 'rest_no_route', 'No route was found.')
    }
    expect((await checkUserRights(api)).kind).toBe('unknown')
  })
})
