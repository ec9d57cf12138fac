// What the WordPress versions of the stack (E2E_WORDPRESS) answer differently, read from the real
// servers with the tests' own requests: what the action relies on, or will.
import { beforeAll, describe, expect, it } from 'vitest'
import { basicAuth, loadStackEnv, wordpressAtLeast, type StackEnv } from './stack-env.js'

let env: StackEnv
beforeAll(() => {
  env = loadStackEnv()
})

const SIDELOAD = '/wp/v2/media/(?P<id>[\\d]+)/sideload'
const FINALIZE = '/wp/v2/media/(?P<id>[\\d]+)/finalize'

interface RestIndex {
  image_sizes?: Record<string, { width: number; height: number; crop: boolean }>
  image_size_threshold?: number
  routes: Record<string, { methods: string[] }>
}

async function restIndex(baseUrl: string, authorized: boolean): Promise<RestIndex> {
  const response = await fetch(`${baseUrl}/wp-json/`, {
    headers: authorized ? { authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) } : {}
  })
  expect(response.status).toBe(200)
  return (await response.json()) as RestIndex
}

describe.runIf(wordpressAtLeast(loadStackEnv(), 7, 1))('WordPress 7.1: client-side media', () => {
  it('the REST index, read as the user over https, lists the image sizes and the routes to send them', async () => {
    for (const baseUrl of [env.ORIGIN_URL, env.CDN_PASS_URL]) {
      const index = await restIndex(baseUrl, true)
      expect(index.image_sizes).toEqual({
        thumbnail: { width: 150, height: 150, crop: true },
        medium: { width: 300, height: 300, crop: false },
        medium_large: { width: 768, height: 0, crop: false },
        large: { width: 1024, height: 1024, crop: false },
        '1536x1536': { width: 1536, height: 1536, crop: false },
        '2048x2048': { width: 2048, height: 2048, crop: false }
      })
      expect(index.image_size_threshold).toBe(2560)
      expect(index.routes[SIDELOAD]?.methods).toEqual(['POST'])
      expect(index.routes[FINALIZE]?.methods).toEqual(['POST'])
    }
  })

  it('anonymous, the index names the routes but not the sizes', async () => {
    const index = await restIndex(env.ORIGIN_URL, false)
    expect(index.image_sizes).toBeUndefined()
    expect(index.image_size_threshold).toBeUndefined()
    expect(Object.keys(index.routes)).toContain(SIDELOAD)
  })
})

describe.skipIf(wordpressAtLeast(loadStackEnv(), 7, 1))('before WordPress 7.1', () => {
  it('the REST index lists neither image sizes nor the sideload and finalize routes', async () => {
    const index = await restIndex(env.ORIGIN_URL, true)
    expect(index.image_sizes).toBeUndefined()
    expect(Object.keys(index.routes)).not.toContain(SIDELOAD)
    expect(Object.keys(index.routes)).not.toContain(FINALIZE)
  })
})

describe('an image type the server cannot make sizes of (GD reads neither TIFF nor HEIC)', () => {
  const bytes = (type: string) => new Blob(['not an image a decoder could read'], { type })
  const auth = () => ({ authorization: basicAuth(env.WP_USER, env.WP_APP_PASSWORD) })
  const multipart = async (type: string, name: string, query = '') => {
    const form = new FormData()
    form.append('file', bytes(type), name)
    const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}${query}`, {
      method: 'POST',
      headers: auth(),
      body: form
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const notSupported = {
    status: 400,
    body: {
      code: 'rest_upload_image_type_not_supported',
      message:
        'The web server cannot generate responsive image sizes for this image. Convert it to JPEG or PNG before uploading.'
    }
  }
  // Past that check, the bytes meet the file type test, which no fake image passes.
  const typeRefused = {
    status: 500,
    body: {
      code: 'rest_upload_unknown_error',
      message: 'Sorry, you are not allowed to upload this file type.'
    }
  }

  it.runIf(wordpressAtLeast(loadStackEnv(), 6, 8))(
    'from 6.8 a multipart upload is refused by its declared type, before the file is read',
    async () => {
      expect(await multipart('image/tiff', 'scan.tiff')).toMatchObject(notSupported)
    }
  )

  it.runIf(wordpressAtLeast(loadStackEnv(), 6, 8) && !wordpressAtLeast(loadStackEnv(), 7, 1))(
    '6.8 refuses HEIC so too',
    async () => {
      expect(await multipart('image/heic', 'photo.heic')).toMatchObject(notSupported)
    }
  )

  it.runIf(wordpressAtLeast(loadStackEnv(), 7, 1))(
    '7.1 lets a still HEIC through, and any type with generate_sub_sizes=false (sizes made elsewhere)',
    async () => {
      expect(await multipart('image/heic', 'photo.heic')).toMatchObject(typeRefused)
      expect(await multipart('image/tiff', 'scan.tiff', '?generate_sub_sizes=false')).toMatchObject(
        typeRefused
      )
    }
  )

  it('a raw-body upload (as the action sends) meets no such check: the type test refuses it', async () => {
    const response = await fetch(`${env.ORIGIN_URL}${env.WP_MEDIA_PATH}`, {
      method: 'POST',
      headers: {
        ...auth(),
        'content-type': 'image/tiff',
        'content-disposition': 'attachment; filename="scan.tiff"'
      },
      body: bytes('image/tiff')
    })
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({
      code: 'rest_upload_sideload_error',
      message: 'Sorry, you are not allowed to upload this file type.'
    })
  })
})
