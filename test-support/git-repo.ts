import { execFileSync } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** A throwaway git checkout with one commit whose committer date is `committerDate`. */
export async function gitRepoWithCommit(
  committerDate: string
): Promise<{ dir: string; sha: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'checkout-'))
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'Author',
    GIT_AUTHOR_EMAIL: 'author@example.com',
    GIT_AUTHOR_DATE: '2001-02-03T04:05:06Z',
    GIT_COMMITTER_NAME: 'Committer',
    GIT_COMMITTER_EMAIL: 'committer@example.com',
    GIT_COMMITTER_DATE: committerDate
  }
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim()
  git('init', '-q')
  await writeFile(path.join(dir, 'README'), 'x')
  git('add', 'README')
  git('commit', '-qm', 'commit')
  return { dir, sha: git('rev-parse', 'HEAD') }
}
