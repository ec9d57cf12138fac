import { createHash } from 'node:crypto'
import path from 'node:path'
import { counted } from '../../log/words.js'
import type { LocalFile } from './local-file.js'

/** One leg of a job matrix: the `index`th of `count` legs, 1-based as `shard: 3/4` writes it. */
export interface Shard {
  index: number
  count: number
}

/** The most jobs one GitHub Actions matrix runs. */
export const MAX_LEGS = 256

/**
 * The path a file's leg is chosen by: as `files` matched it (relative to the workspace), with `/`
 * between folders, so that a Windows leg and a Linux leg of one matrix agree.
 */
export function shardPath(display: string, sep: string = path.sep): string {
  return sep === '/' ? display : display.split(sep).join('/')
}

/** MurmurHash3's 32-bit finalizer: every input bit moves about half of the output bits. */
function fmix32(value: number): number {
  let h = value ^ (value >>> 16)
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * The leg (1 to `count`) that sends the file at `file` (a `shardPath`), by rendezvous
 * (highest-random-weight) hashing: every leg gets a weight from the path and its own number, and
 * the heaviest takes the file. A file's leg thus depends on its path and `count` alone, never on
 * the other files: a re-run gives each leg the same files, adding or removing files moves none of
 * the others, and a change of `count` moves only the files the new or the gone leg wins (about 1
 * in `count`), where `hash mod count` would move nearly all. SHA-256, not a seeded or per-process
 * hash, so that every runner and Node version computes the same; one digest per file, each
 * leg's weight mixed from it, so 256 legs cost no more than one.
 */
export function legOf(file: string, count: number): number {
  const digest = createHash('sha256').update(file, 'utf8').digest()
  const high = digest.readUInt32BE(0)
  const low = digest.readUInt32BE(4)
  let best = 1
  let heaviest = -1
  for (let leg = 1; leg <= count; leg++) {
    const weight = fmix32(high ^ fmix32((low + Math.imul(leg, 0x9e3779b1)) >>> 0))
    if (weight > heaviest) [best, heaviest] = [leg, weight]
  }
  return best
}

/** The files of one leg, in the order they were matched. */
export function filesOfLeg<File extends Pick<LocalFile, 'display'>>(
  files: readonly File[],
  shard: Shard
): File[] {
  return files.filter(file => legOf(shardPath(file.display), shard.count) === shard.index)
}

/** `leg 2 of 4: 31 of 120 matched files`, for the log and the summary. */
export function legLine(shard: Shard, sent: number, matched: number): string {
  return `leg ${shard.index} of ${shard.count}: ${sent} of ${counted(matched, 'matched file')}`
}
