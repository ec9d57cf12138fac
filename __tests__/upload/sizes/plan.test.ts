import { describe, it, expect } from 'vitest'
import {
  constrainDimensions,
  phpRound,
  planSizes,
  resizeDimensions,
  type PlannedFile,
  type RegisteredSize,
  type SizesInput
} from '../../../src/upload/sizes/plan.js'

/*
 * Every expected value below is what WordPress 7.1.4's own PHP (wp_constrain_dimensions,
 * image_resize_dimensions and the upload flow of wp_create_image_subsizes and _wp_make_subsizes,
 * run under PHP 8.2) answered for the same input; none was worked out by hand. The one place the
 * plan departs from it, a size with a side of 0 pixels, says so.
 */

/** WordPress's default sizes, as the REST index lists them. */
const DEFAULTS = {
  thumbnail: { width: 150, height: 150, crop: true },
  medium: { width: 300, height: 300, crop: false },
  medium_large: { width: 768, height: 0, crop: false },
  large: { width: 1024, height: 1024, crop: false },
  '1536x1536': { width: 1536, height: 1536, crop: false },
  '2048x2048': { width: 2048, height: 2048, crop: false }
} satisfies Record<string, RegisteredSize>
const ALL = Object.keys(DEFAULTS)

function input(over: Partial<SizesInput>): SizesInput {
  return {
    width: 0,
    height: 0,
    orientation: 1,
    threshold: 2560,
    registered: DEFAULTS,
    missing: ALL,
    storedName: 'photo.jpg',
    outputType: 'image/jpeg',
    sourceType: 'image/jpeg',
    ...over
  }
}

/** A planned file as `names WxH left,top,width,height fileName`: one string says it all. */
const line = ({ names, width, height, source, fileName }: PlannedFile) =>
  `${names.join('+')} ${width}x${height} ${source.left},${source.top},${source.width},${source.height} ${fileName}`

describe('phpRound', () => {
  it.each([
    [0.285 * 100, 29], // 28.499999999999996: Math.round says 28
    [1.4999999999999998, 2],
    [0.49999999999999994, 1],
    [2.5, 3],
    [1.5, 2],
    [-2.5, -3], // half away from zero: Math.round says -2
    [-0.5, -1],
    [9.996, 10],
    [1919.9999999999998, 1920],
    [682.6666666666666, 683]
  ])('round(%s) is %d, as PHP 8.2 answers', (value, rounded) => {
    expect(phpRound(value)).toBe(rounded)
  })
})

describe('constrainDimensions', () => {
  it.each([
    [465, 700, 177, 177, '118x177'],
    [1025, 1026, 1024, 1024, '1024x1024'], // 1023 wide, bumped up to the limit
    [2561, 2562, 2560, 2560, '2560x2560'],
    [212, 159, 150, 150, '150x113'], // 112.49999999999999 rounds up, as PHP 8.2 rounds it
    [4000, 3000, 300, 300, '300x225'],
    [4000, 3000, 768, 0, '768x576'],
    [3000, 4000, 0, 500, '375x500'],
    [1000, 333, 300, 300, '300x100'],
    [2561, 10, 2560, 2560, '2560x10'],
    [10, 2561, 2560, 2560, '10x2560'],
    [100, 75, 150, 150, '100x75'], // never upscaled
    [800, 600, 0, 0, '800x600'],
    [5000, 1, 100, 100, '100x1'], // never below one pixel
    [1199, 800, 1200, 0, '1199x800']
  ])('%d×%d in %d×%d is %s', (w, h, maxW, maxH, expected) => {
    expect(constrainDimensions(w, h, maxW, maxH).join('x')).toBe(expected)
  })
})

describe('resizeDimensions', () => {
  it.each([
    [[4000, 3000, 150, 150, true], '150x150 500,0,3000,3000'],
    [[4000, 3000, 300, 300, false], '300x225 0,0,4000,3000'],
    [[1200, 900, 600, 200, ['left', 'top']], '600x200 0,0,1200,400'],
    [[1200, 900, 300, 100, ['right', 'bottom']], '300x100 0,500,1200,400'],
    [[900, 1200, 300, 100, ['right', 'bottom']], '300x100 0,900,900,300'],
    [[600, 300, 400, 400, true], '400x300 100,0,400,300'], // only the larger side is cropped
    [[152, 150, 150, 150, false], '150x148 0,0,152,150'],
    [[1000, 333, 300, 100, true], '300x100 0,0,999,333'],
    [[4000, 10, 100, 0, true], '100x0 0,5,4000,0'], // a zero side: planSizes leaves it out
    [[100, 75, 150, 150, true], false], // smaller both ways: no upscaling
    [[300, 100, 400, 400, true], false],
    [[150, 150, 150, 150, true], false], // the same size
    [[151, 150, 150, 150, false], false], // within a pixel of it
    [[2561, 10, 2560, 2560, false], false],
    [[800, 600, 0, 0, false], false],
    [[0, 600, 100, 100, false], false],
    [[700, 1000, 768, 0, false], false]
  ] as const)('%j makes %j', ([w, h, destW, destH, crop], expected) => {
    const resize = resizeDimensions(w, h, destW, destH, crop)
    const made =
      resize &&
      `${resize.width}x${resize.height} ${resize.source.left},${resize.source.top},${resize.source.width},${resize.source.height}`
    expect(made).toBe(expected)
  })
})

describe('planSizes with the default sizes', () => {
  it.each<[string, Partial<SizesInput>, string, string | undefined, string[]]>([
    [
      '4000×3000: -scaled, sizes from the original',
      { width: 4000, height: 3000 },
      '4000x3000',
      'scaled 2560x1920 photo-scaled.jpg',
      [
        'medium 300x225 0,0,4000,3000 photo-300x225.jpg',
        'large 1024x768 0,0,4000,3000 photo-1024x768.jpg',
        'thumbnail 150x150 500,0,3000,3000 photo-150x150.jpg',
        'medium_large 768x576 0,0,4000,3000 photo-768x576.jpg',
        '1536x1536 1536x1152 0,0,4000,3000 photo-1536x1152.jpg',
        '2048x2048 2048x1536 0,0,4000,3000 photo-2048x1536.jpg'
      ]
    ],
    [
      '3000×4000: medium_large and large are one file',
      { width: 3000, height: 4000 },
      '3000x4000',
      'scaled 1920x2560 photo-scaled.jpg',
      [
        'medium 225x300 0,0,3000,4000 photo-225x300.jpg',
        'large+medium_large 768x1024 0,0,3000,4000 photo-768x1024.jpg',
        'thumbnail 150x150 0,500,3000,3000 photo-150x150.jpg',
        '1536x1536 1152x1536 0,0,3000,4000 photo-1152x1536.jpg',
        '2048x2048 1536x2048 0,0,3000,4000 photo-1536x2048.jpg'
      ]
    ],
    [
      '2000×1500: under the threshold, no 2048',
      { width: 2000, height: 1500 },
      '2000x1500',
      undefined,
      [
        'medium 300x225 0,0,2000,1500 photo-300x225.jpg',
        'large 1024x768 0,0,2000,1500 photo-1024x768.jpg',
        'thumbnail 150x150 250,0,1500,1500 photo-150x150.jpg',
        'medium_large 768x576 0,0,2000,1500 photo-768x576.jpg',
        '1536x1536 1536x1152 0,0,2000,1500 photo-1536x1152.jpg'
      ]
    ],
    [
      '1200×800',
      { width: 1200, height: 800 },
      '1200x800',
      undefined,
      [
        'medium 300x200 0,0,1200,800 photo-300x200.jpg',
        'large 1024x683 0,0,1200,800 photo-1024x683.jpg',
        'thumbnail 150x150 200,0,800,800 photo-150x150.jpg',
        'medium_large 768x512 0,0,1200,800 photo-768x512.jpg'
      ]
    ],
    [
      '800×600: no large',
      { width: 800, height: 600 },
      '800x600',
      undefined,
      [
        'medium 300x225 0,0,800,600 photo-300x225.jpg',
        'thumbnail 150x150 100,0,600,600 photo-150x150.jpg',
        'medium_large 768x576 0,0,800,600 photo-768x576.jpg'
      ]
    ],
    [
      '300×200: medium would be the original again',
      { width: 300, height: 200 },
      '300x200',
      undefined,
      ['thumbnail 150x150 50,0,200,200 photo-150x150.jpg']
    ],
    [
      '150×150: the thumbnail is the original',
      { width: 150, height: 150 },
      '150x150',
      undefined,
      []
    ],
    ['100×75: smaller than every size', { width: 100, height: 75 }, '100x75', undefined, []],
    [
      '2561×10: the resize fails, so -scaled keeps the size',
      { width: 2561, height: 10 },
      '2561x10',
      'scaled 2561x10 photo-scaled.jpg',
      [
        'medium 300x1 0,0,2561,10 photo-300x1.jpg',
        'large 1024x4 0,0,2561,10 photo-1024x4.jpg',
        'thumbnail 150x10 1205,0,150,10 photo-150x10.jpg',
        'medium_large 768x3 0,0,2561,10 photo-768x3.jpg',
        '1536x1536 1536x6 0,0,2561,10 photo-1536x6.jpg',
        '2048x2048 2048x8 0,0,2561,10 photo-2048x8.jpg'
      ]
    ],
    [
      '2562×10: two pixels over, -scaled shrinks',
      { width: 2562, height: 10 },
      '2562x10',
      'scaled 2560x10 photo-scaled.jpg',
      [
        'medium 300x1 0,0,2562,10 photo-300x1.jpg',
        'large 1024x4 0,0,2562,10 photo-1024x4.jpg',
        'thumbnail 150x10 1206,0,150,10 photo-150x10.jpg',
        'medium_large 768x3 0,0,2562,10 photo-768x3.jpg',
        '1536x1536 1536x6 0,0,2562,10 photo-1536x6.jpg',
        '2048x2048 2048x8 0,0,2562,10 photo-2048x8.jpg'
      ]
    ],
    [
      'orientation 6, 4000×3000: upright 3000×4000',
      {
        width: 4000,
        height: 3000,
        orientation: 6,
        missing: ['thumbnail', 'medium', 'medium_large', 'large', '1536x1536', '2048x2048']
      },
      '3000x4000',
      'scaled 1920x2560 photo-scaled.jpg',
      [
        'medium 225x300 0,0,3000,4000 photo-225x300.jpg',
        'large+medium_large 768x1024 0,0,3000,4000 photo-768x1024.jpg',
        'thumbnail 150x150 0,500,3000,3000 photo-150x150.jpg',
        '1536x1536 1152x1536 0,0,3000,4000 photo-1152x1536.jpg',
        '2048x2048 1536x2048 0,0,3000,4000 photo-1536x2048.jpg'
      ]
    ],
    [
      'orientation 6, 1200×900: -rotated',
      {
        width: 1200,
        height: 900,
        orientation: 6,
        missing: ['thumbnail', 'medium', 'medium_large', 'large']
      },
      '900x1200',
      'original 900x1200 photo-rotated.jpg',
      [
        'medium 225x300 0,0,900,1200 photo-225x300.jpg',
        'large+medium_large 768x1024 0,0,900,1200 photo-768x1024.jpg',
        'thumbnail 150x150 0,150,900,900 photo-150x150.jpg'
      ]
    ],
    [
      'orientation 8, 2561×10: medium_large fits the stored width, not the upright one',
      {
        width: 2561,
        height: 10,
        orientation: 8,
        missing: ['thumbnail', 'medium', 'medium_large', 'large', '1536x1536', '2048x2048']
      },
      '10x2561',
      'scaled 10x2561 photo-scaled.jpg',
      [
        'medium 1x300 0,0,10,2561 photo-1x300.jpg',
        'large 4x1024 0,0,10,2561 photo-4x1024.jpg',
        'thumbnail 10x150 0,1205,10,150 photo-10x150.jpg',
        '1536x1536 6x1536 0,0,10,2561 photo-6x1536.jpg',
        '2048x2048 8x2048 0,0,10,2561 photo-8x2048.jpg'
      ]
    ],
    [
      'orientation 3, 1200×900: turned half round, not transposed',
      { width: 1200, height: 900, orientation: 3 },
      '1200x900',
      'original 1200x900 photo-rotated.jpg',
      [
        'medium 300x225 0,0,1200,900 photo-300x225.jpg',
        'large 1024x768 0,0,1200,900 photo-1024x768.jpg',
        'thumbnail 150x150 150,0,900,900 photo-150x150.jpg',
        'medium_large 768x576 0,0,1200,900 photo-768x576.jpg'
      ]
    ],
    [
      'orientation 6 on a TIFF: WordPress turns only JPEGs',
      {
        width: 1200,
        height: 900,
        orientation: 6,
        storedName: 'photo.tif',
        sourceType: 'image/tiff',
        outputType: 'image/tiff'
      },
      '1200x900',
      undefined,
      [
        'medium 300x225 0,0,1200,900 photo-300x225.tif',
        'large 1024x768 0,0,1200,900 photo-1024x768.tif',
        'thumbnail 150x150 150,0,900,900 photo-150x150.tif',
        'medium_large 768x576 0,0,1200,900 photo-768x576.tif'
      ]
    ],
    [
      'orientation 6, 700×1000: only the missing sizes, though medium_large would fit upright',
      { width: 700, height: 1000, orientation: 6, missing: ['thumbnail', 'medium'] },
      '1000x700',
      'original 1000x700 photo-rotated.jpg',
      [
        'medium 300x210 0,0,1000,700 photo-300x210.jpg',
        'thumbnail 150x150 150,0,700,700 photo-150x150.jpg'
      ]
    ],
    [
      'no threshold',
      { width: 4000, height: 3000, threshold: 0 },
      '4000x3000',
      undefined,
      [
        'medium 300x225 0,0,4000,3000 photo-300x225.jpg',
        'large 1024x768 0,0,4000,3000 photo-1024x768.jpg',
        'thumbnail 150x150 500,0,3000,3000 photo-150x150.jpg',
        'medium_large 768x576 0,0,4000,3000 photo-768x576.jpg',
        '1536x1536 1536x1152 0,0,4000,3000 photo-1536x1152.jpg',
        '2048x2048 2048x1536 0,0,4000,3000 photo-2048x1536.jpg'
      ]
    ],
    [
      'threshold 1000, orientation 6: scaled then turned',
      {
        width: 1500,
        height: 1200,
        threshold: 1000,
        orientation: 6,
        missing: ['thumbnail', 'medium', 'medium_large', 'large']
      },
      '1200x1500',
      'scaled 800x1000 photo-scaled.jpg',
      [
        'medium 240x300 0,0,1200,1500 photo-240x300.jpg',
        'large 819x1024 0,0,1200,1500 photo-819x1024.jpg',
        'thumbnail 150x150 0,150,1200,1200 photo-150x150.jpg',
        'medium_large 768x960 0,0,1200,1500 photo-768x960.jpg'
      ]
    ],
    [
      'missing narrower than registered',
      { width: 4000, height: 3000, missing: ['thumbnail', 'large', 'gone'] },
      '4000x3000',
      'scaled 2560x1920 photo-scaled.jpg',
      [
        'large 1024x768 0,0,4000,3000 photo-1024x768.jpg',
        'thumbnail 150x150 500,0,3000,3000 photo-150x150.jpg'
      ]
    ],
    [
      'photo-1.jpeg keeps its extension',
      { width: 1200, height: 800, storedName: 'photo-1.jpeg' },
      '1200x800',
      undefined,
      [
        'medium 300x200 0,0,1200,800 photo-1-300x200.jpeg',
        'large 1024x683 0,0,1200,800 photo-1-1024x683.jpeg',
        'thumbnail 150x150 200,0,800,800 photo-1-150x150.jpeg',
        'medium_large 768x512 0,0,1200,800 photo-1-768x512.jpeg'
      ]
    ],
    [
      'photo-1.JPEG: the extension lower-cased',
      { width: 1200, height: 800, storedName: 'photo-1.JPEG' },
      '1200x800',
      undefined,
      [
        'medium 300x200 0,0,1200,800 photo-1-300x200.jpeg',
        'large 1024x683 0,0,1200,800 photo-1-1024x683.jpeg',
        'thumbnail 150x150 200,0,800,800 photo-1-150x150.jpeg',
        'medium_large 768x512 0,0,1200,800 photo-1-768x512.jpeg'
      ]
    ],
    [
      'JPEG written as WebP: converted with no suffix',
      { width: 1200, height: 800, storedName: 'photo-1.jpeg', outputType: 'image/webp' },
      '1200x800',
      'original 1200x800 photo-1.webp',
      [
        'medium 300x200 0,0,1200,800 photo-1-300x200.webp',
        'large 1024x683 0,0,1200,800 photo-1-1024x683.webp',
        'thumbnail 150x150 200,0,800,800 photo-1-150x150.webp',
        'medium_large 768x512 0,0,1200,800 photo-1-768x512.webp'
      ]
    ],
    [
      'JPEG written as WebP, scaled',
      { width: 4000, height: 3000, storedName: 'photo-1.jpeg', outputType: 'image/webp' },
      '4000x3000',
      'scaled 2560x1920 photo-1-scaled.webp',
      [
        'medium 300x225 0,0,4000,3000 photo-1-300x225.webp',
        'large 1024x768 0,0,4000,3000 photo-1-1024x768.webp',
        'thumbnail 150x150 500,0,3000,3000 photo-1-150x150.webp',
        'medium_large 768x576 0,0,4000,3000 photo-1-768x576.webp',
        '1536x1536 1536x1152 0,0,4000,3000 photo-1-1536x1152.webp',
        '2048x2048 2048x1536 0,0,4000,3000 photo-1-2048x1536.webp'
      ]
    ],
    [
      'JPEG written as WebP, orientation 6: converted and turned, still no suffix',
      {
        width: 1200,
        height: 900,
        orientation: 6,
        storedName: 'photo-1.jpeg',
        outputType: 'image/webp',
        missing: ['thumbnail', 'medium', 'medium_large', 'large']
      },
      '900x1200',
      'original 900x1200 photo-1.webp',
      [
        'medium 225x300 0,0,900,1200 photo-1-225x300.webp',
        'large+medium_large 768x1024 0,0,900,1200 photo-1-768x1024.webp',
        'thumbnail 150x150 0,150,900,900 photo-1-150x150.webp'
      ]
    ]
  ])('%s', (_, over, upright, main, files) => {
    const plan = planSizes(input(over))
    expect(`${plan.upright.width}x${plan.upright.height}`).toBe(upright)
    expect(
      plan.main && `${plan.main.kind} ${plan.main.width}x${plan.main.height} ${plan.main.fileName}`
    ).toBe(main)
    expect(plan.subSizes.map(line)).toEqual(files)
  })
})

describe('planSizes with sizes of its own', () => {
  it.each<[string, Record<string, RegisteredSize>, Partial<SizesInput>, string[]]>([
    [
      'crop positions',
      {
        banner: { width: 600, height: 200, crop: ['left', 'top'] },
        card: { width: 400, height: 400, crop: ['right', 'bottom'] },
        hero: { width: 1000, height: 300, crop: true },
        wide: { width: 300, height: 100, crop: ['right', 'bottom'] }
      },
      { width: 1200, height: 900 },
      [
        'banner 600x200 0,0,1200,400 photo-600x200.jpg',
        'card 400x400 300,0,900,900 photo-400x400.jpg',
        'hero 1000x300 0,270,1200,360 photo-1000x300.jpg',
        'wide 300x100 0,500,1200,400 photo-300x100.jpg'
      ]
    ],
    [
      'a width or a height of 0',
      {
        tall: { width: 0, height: 500, crop: false },
        strip: { width: 500, height: 0, crop: true },
        narrow: { width: 0, height: 300, crop: ['right', 'top'] }
      },
      { width: 1200, height: 900 },
      [
        'tall 667x500 0,0,1200,900 photo-667x500.jpg',
        'strip 500x375 0,0,1200,900 photo-500x375.jpg',
        'narrow 400x300 0,0,1200,900 photo-400x300.jpg'
      ]
    ],
    [
      'equal dimensions share a file, in priority order',
      {
        ...DEFAULTS,
        card: { width: 300, height: 150, crop: true },
        big: { width: 1024, height: 0, crop: false }
      },
      { width: 2000, height: 1000 },
      [
        'medium+card 300x150 0,0,2000,1000 photo-300x150.jpg',
        'large+big 1024x512 0,0,2000,1000 photo-1024x512.jpg',
        'thumbnail 150x150 500,0,1000,1000 photo-150x150.jpg',
        'medium_large 768x384 0,0,2000,1000 photo-768x384.jpg',
        '1536x1536 1536x768 0,0,2000,1000 photo-1536x768.jpg'
      ]
    ],
    [
      // Both names give photo-300x100.jpg; WordPress writes it twice, the crop last.
      'one file name from two crops: the last one made',
      {
        medium: { width: 300, height: 300, crop: false },
        banner: { width: 300, height: 100, crop: true }
      },
      { width: 1000, height: 333 },
      ['medium+banner 300x100 0,0,999,333 photo-300x100.jpg']
    ],
    [
      'a side rounded to 0 is left out',
      { strip: { width: 100, height: 0, crop: true }, medium: DEFAULTS.medium },
      { width: 4000, height: 10, threshold: false },
      ['medium 300x1 0,0,4000,10 photo-300x1.jpg']
    ]
  ])('%s', (_, registered, over, files) => {
    const plan = planSizes(input({ registered, missing: Object.keys(registered), ...over }))
    expect(plan.subSizes.map(line)).toEqual(files)
  })
})

describe('planSizes: the whole plan', () => {
  it('rotates a JPEG upright and names the main file -rotated', () => {
    expect(
      planSizes(
        input({
          width: 1200,
          height: 900,
          orientation: 6,
          registered: { thumbnail: DEFAULTS.thumbnail },
          missing: ['thumbnail']
        })
      )
    ).toEqual({
      upright: { width: 900, height: 1200 },
      orientation: 6,
      main: {
        kind: 'original',
        names: ['original'],
        width: 900,
        height: 1200,
        source: { left: 0, top: 0, width: 900, height: 1200 },
        fileName: 'photo-rotated.jpg'
      },
      subSizes: [
        {
          names: ['thumbnail'],
          width: 150,
          height: 150,
          source: { left: 0, top: 150, width: 900, height: 900 },
          fileName: 'photo-150x150.jpg'
        }
      ]
    })
  })

  it('gives the scaled main file the whole upright image as its source', () => {
    const { main } = planSizes(input({ width: 4000, height: 3000, orientation: 6 }))
    expect(main).toMatchObject({
      kind: 'scaled',
      names: ['scaled'],
      source: { left: 0, top: 0, width: 3000, height: 4000 }
    })
  })

  it.each([
    ['image/jpeg', 6, 6],
    ['image/jpeg', 2, 2],
    ['image/jpeg', 9, 1],
    ['image/jpeg', 0, 1],
    ['image/tiff', 6, 1],
    ['image/png', 8, 1]
  ])('a %s with orientation %d is turned by %d', (type, orientation, applied) => {
    const plan = planSizes(
      input({ width: 1200, height: 900, orientation, sourceType: type, outputType: type })
    )
    expect(plan.orientation).toBe(applied)
    expect(plan.main === undefined).toBe(applied === 1)
  })

  it.each([0, false] as const)('threshold %j scales nothing', threshold => {
    expect(planSizes(input({ width: 9000, height: 9000, threshold })).main).toBeUndefined()
  })
})
