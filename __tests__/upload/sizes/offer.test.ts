import { describe, expect, it } from 'vitest'
import { readSizesOffer } from '../../../src/upload/sizes/offer.js'
import { FINALIZE_ROUTE, SIDELOAD_ROUTE } from '../../../src/upload/wordpress/client-media.js'

const ROUTES = { [SIDELOAD_ROUTE]: { methods: ['POST'] }, [FINALIZE_ROUTE]: { methods: ['POST'] } }
const SIZES = {
  thumbnail: { width: 150, height: 150, crop: true },
  banner: { width: 1200, height: 400, crop: ['left', 'top'] },
  medium_large: { width: 768, height: 0, crop: false }
}

describe('what the REST index offers', () => {
  it('WordPress 7.1 as the uploading user reads it: sizes on the runner', () => {
    const offer = readSizesOffer({
      image_sizes: SIZES,
      image_size_threshold: 2560,
      image_strip_meta: true,
      routes: ROUTES
    })
    expect(offer).toEqual({
      on: 'runner',
      site: { registered: SIZES, threshold: 2560, stripMeta: true },
      how: 'WordPress offers client-side image sizes (3 sizes: thumbnail, banner, medium_large; images above 2560 px get a -scaled copy)'
    })
  })

  it('a threshold of 0 (big_image_size_threshold turned off) and metadata kept', () => {
    const offer = readSizesOffer({
      image_sizes: SIZES,
      image_size_threshold: 0,
      image_strip_meta: false,
      routes: ROUTES
    })
    expect(offer).toMatchObject({ on: 'runner', site: { threshold: false, stripMeta: false } })
  })

  it.each([
    ['WordPress before 7.1, or not over https', { routes: ROUTES }, /does not offer/],
    [
      'a plugin removed the routes',
      { image_sizes: SIZES, routes: { [SIDELOAD_ROUTE]: {} } },
      /not the media sideload and finalize routes/
    ],
    [
      'a size that is not a size',
      { image_sizes: { ...SIZES, odd: { width: '150', height: 150, crop: true } }, routes: ROUTES },
      /cannot be read/
    ],
    [
      'a crop position WordPress has not',
      { image_sizes: { odd: { width: 10, height: 10, crop: ['middle', 'top'] } }, routes: ROUTES },
      /cannot be read/
    ],
    [
      'more sizes than one finalize records',
      {
        image_sizes: Object.fromEntries(
          Array.from({ length: 101 }, (_, n) => [`s${n}`, { width: n + 1, height: 0, crop: false }])
        ),
        routes: ROUTES
      },
      /cannot be read/
    ],
    ['not an object at all', ['image_sizes'], /does not offer/]
  ])('%s: WordPress makes the sizes, and why is said', (_, index, why) => {
    const offer = readSizesOffer(index)
    expect(offer.on).toBe('server')
    expect(offer.on === 'server' && offer.why).toMatch(why)
  })
})
