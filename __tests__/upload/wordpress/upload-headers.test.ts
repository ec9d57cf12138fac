import { describe, expect, it } from 'vitest'
import {
  asciiFileName,
  contentDisposition
} from '../../../src/upload/wordpress/content-disposition.js'
import { mediaTypeOf } from '../../../src/upload/files/media-type.js'
import { basicAuthorization } from '../../../src/http/client.js'

/** WordPress's own reading of the header (wp-includes/rest-api/endpoints/class-wp-rest-attachments-controller.php). */
function wordpressFileName(header: string): string | undefined {
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const key = part.slice(0, at).trim().toLowerCase()
    let value = part.slice(at + 1).trim()
    if (key !== 'filename') continue
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    return value
  }
  return undefined
}

describe('contentDisposition', () => {
  it.each([
    ['logo.png', 'attachment; filename="logo.png"', 'logo.png'],
    ['dist/img/my logo.png', 'attachment; filename="my logo.png"', 'my logo.png'],
    ['Café.jpg', `attachment; filename="Cafe.jpg"; filename*=UTF-8''Caf%C3%A9.jpg`, 'Cafe.jpg'],
    ['a"b;c.png', `attachment; filename="a_b_c.png"; filename*=UTF-8''a%22b%3Bc.png`, 'a_b_c.png'],
    [
      'back\\slash.gif',
      `attachment; filename="back_slash.gif"; filename*=UTF-8''back%5Cslash.gif`,
      'back_slash.gif'
    ],
    [
      '日本語.webp',
      `attachment; filename="file.webp"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.webp`,
      'file.webp'
    ],
    ["it's (1).png", `attachment; filename="it's (1).png"`, "it's (1).png"]
  ])('%s', (name, header, parsed) => {
    expect(contentDisposition(name)).toBe(header)
    expect(wordpressFileName(header)).toBe(parsed)
  })

  it('never lets a control character into the header', () => {
    expect(asciiFileName('a\r\nb\t.png')).toBe('a__b_.png')
  })
})

describe('mediaTypeOf', () => {
  it.each([
    ['a.jpg', 'image/jpeg'],
    ['a.JPEG', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.webp', 'image/webp'],
    ['a.gif', 'image/gif'],
    ['a.svg', 'image/svg+xml'],
    ['a.pdf', 'application/pdf'],
    ['a.zip', 'application/zip'],
    ['build.bin.unknownext', 'application/octet-stream'],
    ['Makefile', 'application/octet-stream']
  ])('%s → %s', (name, type) => {
    expect(mediaTypeOf(name)).toBe(type)
  })
})

describe('basicAuthorization', () => {
  it('encodes user:password in UTF-8 base64', () => {
    expect(basicAuthorization('ci', 'abcd efgh')).toBe(
      `Basic ${Buffer.from('ci:abcd efgh').toString('base64')}`
    )
    expect(basicAuthorization('jörg', 'pw')).toBe('Basic asO2cmc6cHc=')
  })
})
