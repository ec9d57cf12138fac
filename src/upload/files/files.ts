import { realpath, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { INPUT } from '../../inputs/names.js'
import type { LocalFile } from './local-file.js'
import { mediaTypeOf } from './media-type.js'
import { hintLines, patternHints } from './pattern-hints.js'
import { counted } from '../../log/words.js'

const GLOB_CHARACTERS = /[*?[\]{}]/

/**
 * Natural order, as people number files (p2 before p10): runs of digits compare as numbers, all
 * else character by character, as a plain sort does (a locale's collation would mix cases).
 */
export function naturalOrder(a: string, b: string): number {
  const runs = (text: string) => text.match(/\d+|\D+/g) ?? []
  const [left, right] = [runs(a), runs(b)]
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i]!, right[i]!]
    if (x === y) continue
    if (/^\d/.test(x) && /^\d/.test(y) && Number(x) !== Number(y)) return Number(x) - Number(y)
    return x < y ? -1 : 1
  }
  return left.length - right.length
}

/**
 * A literal path as the glob library reads it: `[`, `?` and `*` in a directory name (a runner's
 * work folder may have them) match only themselves, in the library's own escape syntax.
 */
function globEscape(literal: string): string {
  // On Windows `\` separates directories; elsewhere the library reads it as an escape.
  return (process.platform === 'win32' ? literal : literal.replace(/\\/g, '\\\\'))
    .replace(/\[/g, '[[]')
    .replace(/\?/g, '[?]')
    .replace(/\*/g, '[*]')
}

/**
 * A pattern as the glob library reads it, anchored in the workspace when relative: the library
 * roots a relative pattern in the current directory, and a local run may start anywhere.
 */
function anchored(pattern: string, workspace: string): string {
  const negated = pattern.startsWith('!')
  const body = negated ? pattern.slice(1) : pattern
  const absolute = body.startsWith('~')
    ? path.join(globEscape(os.homedir()), body.slice(1))
    : path.isAbsolute(body)
      ? body
      : path.join(globEscape(workspace), body)
  return `${negated ? '!' : ''}${absolute}`
}

const isRelative = (pattern: string) => !path.isAbsolute(pattern) && !pattern.startsWith('~')

/**
 * The directory a pattern lets files come from: the workspace for a relative pattern; for an
 * absolute one (`${{ runner.temp }}/out/*.png`, the user's explicit choice), its part before the
 * first glob character.
 */
function root(pattern: string, workspace: string): string {
  if (isRelative(pattern)) return workspace
  const segments = anchored(pattern, workspace).split(path.sep)
  const literal = segments.findIndex(segment => GLOB_CHARACTERS.test(segment))
  // A pattern without glob characters names a file: its directory is the root.
  const kept = literal === -1 ? segments.slice(0, -1) : segments.slice(0, literal)
  return kept.join(path.sep) || path.sep
}

const inside = (dir: string, file: string) => {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

/** Why a matched path must not be sent, or undefined when it may. */
async function refusal(file: string, roots: string[]): Promise<string | undefined> {
  let real: string
  try {
    real = await realpath(file)
  } catch {
    // A file that vanished since matching is reported when its turn comes, not here.
    return undefined
  }
  // The roots of the patterns that matched this path; their real paths, as links may lead there.
  const own = await Promise.all(
    roots.filter(dir => inside(dir, file)).map(dir => realpath(dir).catch(() => dir))
  )
  if (!own.some(dir => inside(dir, real))) {
    const where = roots.length === 1 ? roots[0] : 'the directories its patterns are rooted in'
    return real === file
      ? `lies outside ${where}`
      : `is a link to ${real}, outside ${where}: a link must not carry a file from elsewhere into a public media library`
  }
  const info = await stat(real)
  if (!info.isFile()) return 'is not a regular file (a device, socket or pipe)'
  if (info.size === 0) return 'is empty (0 bytes): WordPress refuses an empty upload'
  return undefined
}

/** What to say when the patterns matched no file: which, where, and the likely mistakes. */
export function noMatchMessage(patterns: readonly string[], workspace: string): string {
  return [
    `Input "${INPUT.files}" expected glob patterns that match at least one file, but none matched in ${workspace}: ${patterns.map(p => JSON.stringify(p)).join(', ')}.`,
    ...hintLines(patterns)
  ].join('\n')
}

type Create = (typeof import('@actions/glob'))['create']

async function glob(create: Create, patterns: string[]): Promise<string[]> {
  try {
    const globber = await create(patterns.join('\n'), { matchDirectories: false })
    return [...new Set(await globber.glob())].sort(naturalOrder)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Input "${INPUT.files}" has a pattern the glob library refuses: ${reason}`)
  }
}

/**
 * Warns about each line that looks mistaken (a Windows path, several patterns on one line) and
 * matched nothing by itself, while other lines did: the files it meant would silently be missing.
 */
async function warnUnmatched(
  create: Create,
  patterns: string[],
  workspace: string,
  warn: (message: string) => void
): Promise<void> {
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue
    const hints = patternHints(pattern)
    if (hints.length === 0) continue
    if ((await glob(create, [anchored(pattern, workspace)])).length > 0) continue
    warn(
      `Input "${INPUT.files}": the line ${JSON.stringify(pattern)} matched no file, while other lines did. It ${hints.join('; it ')}.`
    )
  }
}

/**
 * Resolves the `files` patterns to regular files, in a stable order, each once (none when nothing
 * matched: `noMatchMessage` says why); refuses, before anything is sent, a match that is empty,
 * not a regular file, or a link that leads out of the directory its pattern is rooted in.
 */
export async function findFiles(
  patterns: string[],
  workspace: string,
  warn: (message: string) => void = () => {}
): Promise<LocalFile[]> {
  const { create } = await import('@actions/glob')
  const paths = await glob(
    create,
    patterns.map(pattern => anchored(pattern, workspace))
  )
  if (paths.length === 0) return []
  await warnUnmatched(create, patterns, workspace, warn)
  const roots = [
    ...new Set(
      patterns.filter(pattern => !pattern.startsWith('!')).map(pattern => root(pattern, workspace))
    )
  ]
  const display = (file: string) => {
    const relative = path.relative(workspace, file)
    return relative.startsWith('..') ? file : relative
  }
  const refused = (
    await Promise.all(
      paths.map(async file => {
        const why = await refusal(file, roots)
        return why ? [`- ${display(file)} ${why}`] : []
      })
    )
  ).flat()
  if (refused.length > 0) {
    const listed = refused.slice(0, 20)
    if (refused.length > listed.length)
      listed.push(`- … and ${refused.length - listed.length} more`)
    throw new Error(
      [
        `Input "${INPUT.files}" matched ${counted(refused.length, 'file')} that will not be sent; nothing was sent:`,
        ...listed,
        'Narrow the patterns, or remove these files before the step.'
      ].join('\n')
    )
  }
  return Promise.all(
    paths.map(async file => ({
      path: file,
      display: display(file),
      size: await stat(file).then(
        info => info.size,
        () => 0
      ),
      mediaType: mediaTypeOf(file)
    }))
  )
}
