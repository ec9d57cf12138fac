import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findFiles, naturalOrder, noMatchMessage } from '../../../src/upload/files/files.js'
import { patternHints } from '../../../src/upload/files/pattern-hints.js'
import { dropDebugCommands } from '../../../test-support/debug-commands.js'
import { GIF } from '../../../test-support/images.js'

dropDebugCommands()

let base: string
let workspace: string
let outside: string
let secret: string

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'files-'))
  workspace = path.join(base, 'workspace')
  outside = path.join(base, 'home')
  await mkdir(path.join(workspace, 'img'), { recursive: true })
  await mkdir(path.join(outside, '.ssh'), { recursive: true })
  secret = path.join(outside, '.ssh', 'id_ed25519')
  await writeFile(secret, 'PRIVATE KEY')
  await writeFile(path.join(workspace, 'img', 'real.png'), GIF)
})
afterEach(() => rm(base, { recursive: true, force: true }))

const find = (patterns: string[]) => findFiles(patterns, workspace)
const names = async (patterns: string[]) => (await find(patterns)).map(file => file.display)

describe('files that stay where their pattern is rooted', () => {
  it('takes regular files, and links that stay inside the workspace', async () => {
    await symlink(path.join(workspace, 'img', 'real.png'), path.join(workspace, 'img', 'alias.png'))
    await mkdir(path.join(workspace, 'assets'))
    await symlink(path.join(workspace, 'assets'), path.join(workspace, 'img', 'linked-dir'))
    await writeFile(path.join(workspace, 'assets', 'in-linked-dir.png'), GIF)
    expect(await names(['img/**/*.png'])).toEqual([
      'img/alias.png',
      'img/linked-dir/in-linked-dir.png',
      'img/real.png'
    ])
  })

  it('matches relative patterns in the workspace, wherever the process started', async () => {
    const files = await find(['img/*.png'])
    expect(files.map(file => file.path)).toEqual([path.join(workspace, 'img', 'real.png')])
  })

  it('matches in a workspace whose path has glob characters, which match only themselves', async () => {
    // A sibling the brackets would match as a character class: it must not be searched instead.
    for (const dir of ['work [1]*?', 'work 1']) {
      await mkdir(path.join(base, dir, 'img'), { recursive: true })
      await writeFile(
        path.join(base, dir, 'img', `${dir === 'work 1' ? 'other' : 'real'}.png`),
        GIF
      )
    }
    const files = await findFiles(['img/*.png'], path.join(base, 'work [1]*?'))
    expect(files.map(file => file.path)).toEqual([path.join(base, 'work [1]*?', 'img', 'real.png')])
  })

  it('takes an absolute pattern outside the workspace: the user chose that directory', async () => {
    const out = path.join(base, 'runner-temp', 'out')
    await mkdir(out, { recursive: true })
    await writeFile(path.join(out, 'chart.png'), GIF)
    expect(await names([`${out}/*.png`])).toEqual([path.join(out, 'chart.png')])
  })
})

describe('files refused before anything is sent', () => {
  const refusedWith = async (patterns: string[], ...expected: RegExp[]) => {
    const attempt = find(patterns)
    await expect(attempt).rejects.toThrow(/^Input "files" matched \d+ files? that will not be sent/)
    for (const pattern of expected) await expect(attempt).rejects.toThrow(pattern)
  }

  it.each([
    ['a link to a file outside the workspace', 'img/logo.png', () => secret],
    ['a link to a directory outside the workspace', 'img/keys', () => path.join(outside, '.ssh')],
    ['a relative link that climbs out', 'img/up.png', () => '../../home/.ssh/id_ed25519'],
    ['a link to the home directory itself', 'img/home', () => outside]
  ])('%s', async (_name, link, target) => {
    await symlink(target(), path.join(workspace, link))
    await refusedWith(['img/**'], /is a link to .*home.*, outside .*workspace/)
  })

  it('a link out of the directory of an absolute pattern', async () => {
    const out = path.join(base, 'runner-temp', 'out')
    await mkdir(out, { recursive: true })
    await symlink(secret, path.join(out, 'chart.png'))
    await refusedWith([`${out}/*.png`], /chart\.png is a link to .*id_ed25519, outside .*out/)
  })

  it('a pattern that climbs out of the workspace with ..', async () => {
    await refusedWith(['../home/.ssh/*'], /home\/\.ssh\/id_ed25519 lies outside .*workspace/)
  })

  it('an empty file', async () => {
    await writeFile(path.join(workspace, 'img', 'empty.png'), '')
    await refusedWith(['img/*'], /img\/empty\.png is empty \(0 bytes\)/)
  })

  it('a named pipe, which would never end', async () => {
    execFileSync('mkfifo', [path.join(workspace, 'img', 'pipe.png')])
    await refusedWith(['img/*'], /img\/pipe\.png is not a regular file/)
  })

  it('lists every refused file at once', async () => {
    await writeFile(path.join(workspace, 'img', 'empty.png'), '')
    await symlink(secret, path.join(workspace, 'img', 'logo.png'))
    await refusedWith(['img/*'], /matched 2 files/, /empty\.png/, /logo\.png/)
  })
})

describe('patterns', () => {
  it('names the input when the glob library refuses a pattern', async () => {
    await expect(find(['img/a\u0000b.png'])).rejects.toThrow(
      /^Input "files" has a pattern the glob library refuses/
    )
  })

  it('finds nothing when nothing matches; the message names the input and the workspace', async () => {
    expect(await find(['none/*.png'])).toEqual([])
    expect(noMatchMessage(['none/*.png'], workspace)).toBe(
      `Input "files" expected glob patterns that match at least one file, but none matched in ${workspace}: "none/*.png".`
    )
  })

  it('points out the slips in patterns that matched nothing', async () => {
    const patterns = ['img\\real.png', 'img/*.png, img/*.jpg']
    expect(await find(patterns)).toEqual([])
    expect(noMatchMessage(patterns, workspace).split('\n').slice(1)).toEqual([
      '- "img\\\\real.png" has "\\": glob patterns separate directories with "/" ("\\" escapes the next character), e.g. "img/real.png".',
      '- "img/*.png, img/*.jpg" has ",": give one pattern per line, not a comma-separated list.'
    ])
  })

  it('warns about a line with a slip that matched nothing while others matched', async () => {
    const warnings: string[] = []
    const found = await findFiles(
      ['img/*.png', 'img/a.gif img/b.gif', 'none/*.png', 'img/real.png, img/other.png'],
      workspace,
      message => warnings.push(message)
    )
    expect(found.map(file => file.display)).toEqual(['img/real.png'])
    expect(warnings).toEqual([
      'Input "files": the line "img/a.gif img/b.gif" matched no file, while other lines did. It has a space: if it is several patterns, give one per line.',
      'Input "files": the line "img/real.png, img/other.png" matched no file, while other lines did. It has ",": give one pattern per line, not a comma-separated list.'
    ])
  })

  it('says nothing about a line with a space or comma that matched its file', async () => {
    await writeFile(path.join(workspace, 'img', 'my photo, final.png'), GIF)
    const warnings: string[] = []
    await findFiles(['img/my photo, final.png'], workspace, message => warnings.push(message))
    expect(warnings).toEqual([])
  })
})

describe('hints about a pattern', () => {
  it.each([
    ['C:\\out\\*.png', /is a Windows path, but this runner is not Windows/],
    ['D:/out/*.png', /is a Windows path/],
    ['out\\*.png', /has "\\".*e\.g\. "out\/\*\.png"/],
    ['*.png,*.jpg', /has ",": give one pattern per line/],
    ['dist/*.png dist/*.jpg', /has a space: if it is several patterns/]
  ])('%s', (pattern, hint) => {
    expect(patternHints(pattern, 'linux')).toEqual([expect.stringMatching(hint)])
  })

  it.each(['dist/**/*.png', 'img/*.{png,jpg}', '!img/skip.png'])('none for %s', pattern => {
    expect(patternHints(pattern, 'linux')).toEqual([])
  })

  it('takes Windows paths and backslashes as they are on a Windows runner', () => {
    expect(patternHints('C:\\out\\*.png', 'win32')).toEqual([])
    expect(patternHints('out\\*.png', 'win32')).toEqual([])
  })
})

describe('natural order', () => {
  it('numbers files as people do, and keeps a plain sort otherwise', () => {
    const names = [
      'p10.png',
      'p2.png',
      'p1.png',
      'B.png',
      'a.png',
      'img2/x.png',
      'img10/x.png',
      'p02.png'
    ]
    expect([...names].sort(naturalOrder)).toEqual([
      'B.png',
      'a.png',
      'img2/x.png',
      'img10/x.png',
      'p1.png',
      'p02.png',
      'p2.png',
      'p10.png'
    ])
  })
})
