import { readFile } from 'node:fs/promises'
import type { CommitDateLookup, CommitDateLookups } from './commit-date.js'

export interface CommitSourceSettings {
  /** The checkout to ask git in (GITHUB_WORKSPACE). */
  workspace: string
  /** The event payload file (GITHUB_EVENT_PATH). */
  eventPath?: string
  githubToken?: string
  /** owner/name (GITHUB_REPOSITORY). */
  repository?: string
  /** GITHUB_API_URL, for GitHub Enterprise Server. */
  apiUrl?: string
}

/** The committer timestamp as git stores it: seconds since the epoch, so no zone can be lost. */
function fromGit(workspace: string): CommitDateLookup {
  return async sha => {
    // Loaded here: a run whose date is given never starts a process.
    const { execFile } = await import('node:child_process')
    const { promisify } = await import('node:util')
    try {
      const { stdout } = await promisify(execFile)(
        'git',
        ['log', '-1', '--format=%ct', sha, '--'],
        {
          cwd: workspace,
          timeout: 10_000
        }
      )
      const seconds = Number(stdout.trim())
      if (!stdout.trim() || !Number.isFinite(seconds)) return { reason: 'git printed no date' }
      return { date: new Date(seconds * 1000).toISOString() }
    } catch (error) {
      const err = error as NodeJS.ErrnoException & { stderr?: string }
      if (err.code === 'ENOENT')
        return { reason: 'git is not installed or the workspace is missing' }
      return {
        reason: 'the commit is not in the checkout (no checkout, or a shallow one without it)'
      }
    }
  }
}

interface EventPayload {
  head_commit?: { id?: string; timestamp?: string } | null
}

/** A push event names its head commit; release and workflow_dispatch events have none. */
function fromEvent(eventPath: string | undefined): CommitDateLookup {
  return async sha => {
    if (!eventPath) return { reason: 'GITHUB_EVENT_PATH is not set' }
    let payload: EventPayload
    try {
      payload = JSON.parse(await readFile(eventPath, 'utf8')) as EventPayload
    } catch {
      return { reason: 'the event payload could not be read' }
    }
    const head = payload.head_commit
    if (!head?.id) return { reason: 'the event has no head_commit (only push events do)' }
    if (head.id !== sha) return { reason: `head_commit is ${head.id.slice(0, 7)}, not this commit` }
    if (!head.timestamp) return { reason: 'head_commit has no timestamp' }
    return { date: head.timestamp }
  }
}

function fromApi(settings: CommitSourceSettings): CommitDateLookup {
  return async sha => {
    if (!settings.githubToken) return { reason: 'github-token is empty' }
    const [owner, repo] = (settings.repository ?? '').split('/')
    if (!owner || !repo) return { reason: 'GITHUB_REPOSITORY is not set' }
    // Loaded only here: the API client is most of the bundle and rarely needed.
    const { getOctokit } = await import('@actions/github')
    const octokit = getOctokit(
      settings.githubToken,
      settings.apiUrl ? { baseUrl: settings.apiUrl } : {}
    )
    try {
      const { data } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha })
      return { date: data.committer.date }
    } catch (error) {
      const status = (error as { status?: number }).status
      const why = status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error)
      return { reason: `the commit lookup failed (${why}); the token needs "contents: read"` }
    }
  }
}

export function commitDateLookups(settings: CommitSourceSettings): CommitDateLookups {
  return {
    git: fromGit(settings.workspace),
    event: fromEvent(settings.eventPath),
    api: fromApi(settings)
  }
}
