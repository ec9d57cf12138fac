import { readFile } from 'node:fs/promises'
import { throwIfCancelled } from '../../cancel/cancellation.js'
import type { CommitDateLookup, CommitDateLookups } from './commit-date.js'
import { runGit } from './run-git.js'

interface CommitSourceSettings {
  /** The checkout to ask git in (GITHUB_WORKSPACE). */
  workspace: string
  /** The event payload file (GITHUB_EVENT_PATH). */
  eventPath?: string
  githubToken?: string
  /** owner/name (GITHUB_REPOSITORY). */
  repository?: string
  /** GITHUB_API_URL, for GitHub Enterprise Server. */
  apiUrl?: string
  /** `timeout-seconds`: what git and the GitHub API have, as any request has. */
  timeoutMs: number
  /** The step's cancellation: git is ended, the API request abandoned, and the look-up throws. */
  signal?: AbortSignal
}

/**
 * git reads one commit of the local checkout in milliseconds: one that takes seconds is stuck (a
 * lock, a partial clone fetching), and the next source may know the date. Kept under the runner's
 * grace after a cancel (RUNNER_SIGINT_GRACE_MS, 7.5 s) even with a longer `timeout-seconds`.
 */
const GIT_MS = 5000

const inSeconds = (ms: number) => `${ms / 1000} s`

/** The committer timestamp as git stores it: seconds since the epoch, so no zone can be lost. */
function fromGit(settings: CommitSourceSettings): CommitDateLookup {
  return async sha => {
    const timeoutMs = Math.min(settings.timeoutMs, GIT_MS)
    const ran = await runGit(['log', '-1', '--format=%ct', sha, '--'], {
      cwd: settings.workspace,
      timeoutMs,
      signal: settings.signal
    })
    throwIfCancelled(settings.signal)
    if ('timedOut' in ran) return { reason: `git gave no answer within ${inSeconds(timeoutMs)}` }
    if ('missing' in ran) return { reason: 'git is not installed or the workspace is missing' }
    if (!('stdout' in ran)) {
      return {
        reason: 'the commit is not in the checkout (no checkout, or a shallow one without it)'
      }
    }
    const seconds = Number(ran.stdout.trim())
    if (!ran.stdout.trim() || !Number.isFinite(seconds)) return { reason: 'git printed no date' }
    return { date: new Date(seconds * 1000).toISOString() }
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

/** Why the API gave no date: no answer at all, or the HTTP status it answered. */
function apiFailure(error: unknown, host: string): string {
  const { status, response } = error as { status?: number; response?: unknown }
  // Octokit reports a request that got no answer as status 500 too: only a response has one.
  if (response && status) {
    return `the commit lookup failed (HTTP ${status}); the token needs "contents: read"`
  }
  return `no answer from ${host} (${error instanceof Error ? error.message : String(error)})`
}

function fromApi(settings: CommitSourceSettings): CommitDateLookup {
  return async sha => {
    if (!settings.githubToken) return { reason: 'github-token is empty' }
    const [owner, repo] = (settings.repository ?? '').split('/')
    if (!owner || !repo) return { reason: 'GITHUB_REPOSITORY is not set' }
    throwIfCancelled(settings.signal)
    // Loaded only here: the API client is most of the bundle and rarely needed.
    const { getOctokit } = await import('@actions/github')
    const baseUrl = settings.apiUrl || 'https://api.github.com'
    const octokit = getOctokit(settings.githubToken, { baseUrl })
    // Octokit's own fetch waits 300 s for an answer, and knows nothing of the step's cancel.
    const deadline = AbortSignal.timeout(settings.timeoutMs)
    const signal = settings.signal ? AbortSignal.any([settings.signal, deadline]) : deadline
    try {
      const { data } = await octokit.rest.git.getCommit({
        owner,
        repo,
        commit_sha: sha,
        request: { signal }
      })
      return { date: data.committer.date }
    } catch (error) {
      throwIfCancelled(settings.signal)
      const host = new URL(baseUrl).host
      if (deadline.aborted) {
        return { reason: `no answer within ${inSeconds(settings.timeoutMs)} from ${host}` }
      }
      return { reason: apiFailure(error, host) }
    }
  }
}

export function commitDateLookups(settings: CommitSourceSettings): CommitDateLookups {
  return {
    git: fromGit(settings),
    event: fromEvent(settings.eventPath),
    api: fromApi(settings)
  }
}
