import { describe, expect, it } from 'vitest'
import { filesOfLeg, legLine, legOf, shardPath } from '../../../src/upload/files/shard.js'

/** A seeded generator (mulberry32): the same cases on every run, many of them. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

const WORDS = ['img', 'docs', 'media', '2026', 'catalogue', 'é', 'big file', 'a', 'p10', 'p2']

/** A set of distinct paths as `files` matches them, of varied depth and names. */
function fileSet(random: () => number, size: number): { display: string }[] {
  const paths = new Set<string>()
  while (paths.size < size) {
    const depth = 1 + Math.floor(random() * 4)
    const parts = Array.from({ length: depth }, () => WORDS[Math.floor(random() * WORDS.length)]!)
    paths.add(`${parts.join('/')}-${Math.floor(random() * 1e6)}.png`)
  }
  return [...paths].map(display => ({ display }))
}

const legsOf = (files: { display: string }[], count: number) =>
  Array.from({ length: count }, (_, i) => filesOfLeg(files, { index: i + 1, count }))

describe('shard: the legs of a job matrix', () => {
  it('puts every file in exactly one leg, for many file sets and numbers of legs', () => {
    const random = seeded(34)
    for (let round = 0; round < 200; round++) {
      const files = fileSet(random, Math.floor(random() * 300))
      const count = 1 + Math.floor(random() * (round % 10 === 0 ? 256 : 12))
      const legs = legsOf(files, count)
      const union = legs.flat().map(file => file.display)
      expect(union.length, `round ${round}: ${count} legs`).toBe(files.length)
      expect(new Set(union)).toEqual(new Set(files.map(file => file.display)))
      // Each leg keeps the order the files were matched in.
      for (const leg of legs) expect(leg).toEqual(files.filter(file => leg.includes(file)))
    }
  })

  it('splits the same set the same way every time, whatever the order it was matched in', () => {
    const files = fileSet(seeded(7), 500)
    const first = files.map(file => legOf(file.display, 8))
    const again = [...files]
      .reverse()
      .map(file => legOf(file.display, 8))
      .reverse()
    expect(again).toEqual(first)
    // Pinned: a change of the hash would move every user's files between legs.
    expect(['img/a.png', 'docs/b.jpg', 'p10.png', 'p2.png'].map(file => legOf(file, 4))).toEqual([
      4, 4, 4, 3
    ])
  })

  it('moves no other file when one is added, and few when a leg is added', () => {
    const random = seeded(99)
    for (let round = 0; round < 50; round++) {
      const files = fileSet(random, 400)
      const count = 2 + Math.floor(random() * 30)
      const before = new Map(files.map(file => [file.display, legOf(file.display, count)]))
      const added = [...files, ...fileSet(random, 1)]
      for (const [display, leg] of before) expect(legOf(display, count)).toBe(leg)
      expect(added.length).toBe(401)
      // One more leg takes about 1 in count+1 files, and only files move to it.
      const moved = files.filter(
        file => legOf(file.display, count + 1) !== before.get(file.display)
      )
      for (const file of moved) expect(legOf(file.display, count + 1)).toBe(count + 1)
      expect(moved.length).toBeLessThan((3 * files.length) / (count + 1))
    }
  })

  it('gives each leg about its share', () => {
    const files = fileSet(seeded(3), 10_000)
    for (const count of [2, 4, 17, 40]) {
      const sizes = Array<number>(count).fill(0)
      for (const file of files) sizes[legOf(file.display, count) - 1]!++
      const share = files.length / count
      for (const size of sizes) expect(Math.abs(size - share)).toBeLessThan(share * 0.2)
    }
  })

  it('chooses by the path with "/" between folders, the same on Windows', () => {
    expect(shardPath('img\\2026\\a.png', '\\')).toBe('img/2026/a.png')
    expect(shardPath('img/a\\b.png', '/')).toBe('img/a\\b.png')
    expect(legLine({ index: 2, count: 4 }, 31, 120)).toBe('leg 2 of 4: 31 of 120 matched files')
  })
})
