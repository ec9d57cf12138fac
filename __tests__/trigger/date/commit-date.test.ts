import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveLogicalDate, type CommitDateLookup } from '../../../src/trigger/date/commit-date.js'
import { commitDateLookups } from '../../../src/trigger/date/commit-sources.js'

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const none =
  (reason: string): CommitDateLookup =>
  async () => ({ reason })
const found =
  (date: string): CommitDateLookup =>
  async () => ({ date })

describe('resolveLogicalDate', () => {
  it('prefers the logical-date input and asks no source', async () => {
    const ask = async () => {
      throw new Error('no source may be asked')
    }
    const resolved = await resolveLogicalDate('2026-01-31T12:00:00Z', SHA, {
      git: ask,
      event: ask,
      api: ask
    })
    expect(resolved).toEqual({
      logicalDate: '2026-01-31T12:00:00Z',
      source: 'input',
      description: 'logical-date input'
    })
  })

  it('takes git first, normalized to UTC', async () => {
    const resolved = await resolveLogicalDate(undefined, SHA, {
      git: found('2026-01-31T13:00:00+01:00'),
      event: found('2000-01-01T00:00:00Z'),
      api: found('2000-01-01T00:00:00Z')
    })
    expect(resolved.logicalDate).toBe('2026-01-31T12:00:00Z')
    expect(resolved.source).toBe('git')
    expect(resolved.description).toBe('committer date of a1b2c3d from the local git checkout')
  })

  it('falls back to the event, then to the API', async () => {
    const fromEvent = await resolveLogicalDate(undefined, SHA, {
      git: none('not in checkout'),
      event: found('2026-01-31T12:00:00Z'),
      api: found('2000-01-01T00:00:00Z')
    })
    expect(fromEvent.source).toBe('event')
    const fromApi = await resolveLogicalDate(undefined, SHA, {
      git: none('not in checkout'),
      event: none('no head_commit'),
      api: found('2026-01-31T12:00:00Z')
    })
    expect(fromApi.source).toBe('api')
  })

  it('explains every source when none knows the commit', async () => {
    const attempt = resolveLogicalDate(undefined, SHA, {
      git: none('not in checkout'),
      event: none('no head_commit'),
      api: none('github-token is empty')
    })
    await expect(attempt).rejects.toThrow(/^Cannot derive the logical date of commit a1b2c3d/)
    await expect(attempt).rejects.toThrow(
      /local git checkout: not in checkout[\s\S]*push event payload: no head_commit[\s\S]*GitHub API: github-token is empty/
    )
  })

  it('needs GITHUB_SHA when no date is given', async () => {
    await expect(
      resolveLogicalDate(undefined, undefined, { git: none(''), event: none(''), api: none('') })
    ).rejects.toThrow(/GITHUB_SHA is not set/)
  })
})

describe('commit sources', () => {
  let repo: string
  let sha: string
  beforeAll(async () => {
    repo = await mkdtemp(path.join(tmpdir(), 'commit-date-'))
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: '2020-05-05T05:05:05+02:00',
          GIT_COMMITTER_DATE: '2026-01-31T13:14:15+01:00',
          GIT_AUTHOR_NAME: 'a',
          GIT_AUTHOR_EMAIL: 'a@example.com',
          GIT_COMMITTER_NAME: 'c',
          GIT_COMMITTER_EMAIL: 'c@example.com'
        }
      }).trim()
    git('init', '-q')
    await writeFile(path.join(repo, 'f'), 'x')
    git('add', 'f')
    git('commit', '-qm', 'one')
    sha = git('rev-parse', 'HEAD')
  })
  afterAll(() => rm(repo, { recursive: true, force: true }))

  it('reads the committer date (not the author date) from git', async () => {
    const lookups = commitDateLookups({ workspace: repo, timeoutMs: 5000 })
    expect(await lookups.git(sha)).toEqual({ date: '2026-01-31T12:14:15.000Z' })
  })

  it('says when the checkout lacks the commit', async () => {
    const lookups = commitDateLookups({ workspace: repo, timeoutMs: 5000 })
    expect(await lookups.git(SHA)).toEqual({ reason: expect.stringMatching(/not in the checkout/) })
  })

  it('reads head_commit of a push event only for the same commit', async () => {
    const eventPath = path.join(repo, 'event.json')
    await writeFile(
      eventPath,
      JSON.stringify({ head_commit: { id: sha, timestamp: '2026-01-31T13:14:15+01:00' } })
    )
    const lookups = commitDateLookups({ workspace: repo, eventPath, timeoutMs: 5000 })
    expect(await lookups.event(sha)).toEqual({ date: '2026-01-31T13:14:15+01:00' })
    expect(await lookups.event(SHA)).toEqual({ reason: expect.stringMatching(/not this commit/) })
  })

  it('says a release event has no head_commit', async () => {
    const eventPath = path.join(repo, 'release.json')
    await writeFile(eventPath, JSON.stringify({ action: 'published', release: { tag_name: 'v1' } }))
    const lookups = commitDateLookups({ workspace: repo, eventPath, timeoutMs: 5000 })
    expect(await lookups.event(sha)).toEqual({ reason: expect.stringMatching(/no head_commit/) })
  })

  it('does not call the API without a token', async () => {
    const lookups = commitDateLookups({ workspace: repo, repository: 'o/r', timeoutMs: 5000 })
    expect(await lookups.api(sha)).toEqual({ reason: 'github-token is empty' })
  })
})
