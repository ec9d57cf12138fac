import { redact } from '../../log/secrets.js'
import { escapeHtml, link as htmlLink } from '../../summary/html.js'

/**
 * The longest note Airflow keeps: its `dag_run_note.content` column and the PATCH bodies' `note`
 * (DAGRunPatchBody, `maxLength: 1000`) hold 1000 characters.
 */
export const MAX_NOTE_LENGTH = 1000

/** The GitHub run a trigger comes from, as the runner's variables tell it; any may be missing. */
export interface GithubRun {
  serverUrl?: string
  repository?: string
  sha?: string
  workflow?: string
  runId?: string
  runNumber?: string
  runAttempt?: string
}

export function githubRunOf(env: NodeJS.ProcessEnv): GithubRun {
  return {
    serverUrl: env.GITHUB_SERVER_URL,
    repository: env.GITHUB_REPOSITORY,
    sha: env.GITHUB_SHA,
    workflow: env.GITHUB_WORKFLOW,
    runId: env.GITHUB_RUN_ID,
    runNumber: env.GITHUB_RUN_NUMBER,
    runAttempt: env.GITHUB_RUN_ATTEMPT
  }
}

/** A piece of the note; a link is never cut, so that no half of one shows as raw Markdown. */
interface Piece {
  text: string
  whole?: true
}

/**
 * Characters that Markdown reads as markup within a line: GitHub's text (a workflow's name) is
 * shown as it is. Without `[` and `]` no link forms, so parentheses may stay.
 */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>~]/g, char => `\\${char}`)
}

const WORD_JOINER = '\u2060'

/**
 * Web addresses that GFM links by themselves (`https://…`, `www.…`) kept as text: a word joiner
 * before `://` and after `www` leaves them readable and unlinked. A backslash escape would not do:
 * GitHub honours it, but remark-gfm (Airflow's UI renders notes with it) links the address once
 * escapes are undone.
 */
function unlinked(text: string): string {
  return text.replace(/(?=:\/\/)|(?<=www)(?=\.)/gi, WORD_JOINER)
}

/** One line of text, at most `max` characters, secrets replaced before anything else is done. */
function plain(text: string, max = MAX_NOTE_LENGTH): string {
  return redact(text).replace(/\s+/g, ' ').slice(0, max)
}

/** GitHub's own address, when the runner gave a usable one: links are made only on it. */
function serverOf(run: GithubRun): string | undefined {
  try {
    const url = new URL(run.serverUrl || 'https://github.com')
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    return url.href.replace(/(?<!\/)\/+$/, '')
  } catch {
    return undefined
  }
}

const REPOSITORY = /^[\w.-]{1,100}\/[\w.-]{1,100}$/
const SHA = /^[0-9a-f]{7,64}$/i
const RUN_ID = /^\d{1,20}$/

function link(text: string, url: string | undefined): Piece {
  return url
    ? { text: `[${escapeMarkdown(text)}](${url})`, whole: true }
    : { text: escapeMarkdown(text) }
}

/** What each placeholder stands for; `(unknown)` where the runner did not say. */
function placeholders(run: GithubRun): Record<string, Piece> {
  const server = serverOf(run)
  const repository = run.repository && REPOSITORY.test(run.repository) ? run.repository : undefined
  const base = server && repository ? `${server}/${repository}` : undefined
  const sha = run.sha && SHA.test(run.sha) ? run.sha.toLowerCase() : undefined
  const runId = run.runId && RUN_ID.test(run.runId) ? run.runId : undefined
  const number = run.runNumber && RUN_ID.test(run.runNumber) ? run.runNumber : runId
  const attempt = run.runAttempt && RUN_ID.test(run.runAttempt) ? Number(run.runAttempt) : 1
  const runText = number ? `run #${number}${attempt > 1 ? `, attempt ${attempt}` : ''}` : 'a run'
  return {
    repository: { text: escapeMarkdown(repository ?? '(unknown)') },
    commit: sha
      ? link(sha.slice(0, 7), base && `${base}/commit/${sha}`)
      : { text: escapeMarkdown('(unknown)') },
    workflow: { text: unlinked(escapeMarkdown(plain(run.workflow || '(unknown)', 200))) },
    run: link(runText, base && runId && `${base}/actions/runs/${runId}`)
  }
}

/** The template cut into its text and its placeholders, each placeholder filled in. */
function pieces(template: string, run: GithubRun): Piece[] {
  const values = placeholders(run)
  const found: Piece[] = []
  let from = 0
  for (const match of template.matchAll(/\{(repository|commit|workflow|run)\}/g)) {
    found.push({ text: plain(template.slice(from, match.index)) }, values[match[1]!]!)
    from = match.index + match[0].length
  }
  found.push({ text: plain(template.slice(from)) })
  return found
}

/** The pieces joined up to `max` characters, cut in a piece's text (never in a link) with `…`. */
function joined(parts: Piece[], max: number): string {
  let note = ''
  for (const part of parts) {
    if (note.length + part.text.length <= max) {
      note += part.text
      continue
    }
    const room = max - 1 - note.length
    // A cut between the two halves of a surrogate pair would leave half a character.
    if (!part.whole && room > 0) note += part.text.slice(0, room).replace(/[\uD800-\uDBFF]$/, '')
    return `${note.trimEnd()}…`
  }
  return note
}

/**
 * The note sent with a run: `template` with `{repository}`, `{commit}` (the short sha, linked to
 * the commit), `{workflow}` and `{run}` (`run #57`, linked to the workflow run) filled in from
 * `run`; other braces stay as written. It is one paragraph of Markdown: line breaks become spaces,
 * and a first character that would open a heading, quote or list is escaped. At most
 * `MAX_NOTE_LENGTH` characters; secrets are replaced by `***` before any of that. Empty when the
 * template leaves nothing.
 */
export function noteText(template: string, run: GithubRun): string {
  // One character is kept for the escape of the first one.
  const note = joined(pieces(redact(template), run), MAX_NOTE_LENGTH - 1).trim()
  return note.replace(/^(?:[#>+*=|`~-]|\d{1,9}(?=[.)]))/, start =>
    /^\d/.test(start) ? `${start}\\` : `\\${start}`
  )
}

/** Markdown's backslash escapes undone: `\*` reads `*`. */
function unescaped(text: string): string {
  return text.replace(/\\([\\`*_[\]<>~#+=|.)-])/g, '$1')
}

/**
 * The note as the summary shows it (HTML): its links as links, its escapes undone, everything
 * else as the text it is, so that no Markdown shows raw.
 */
export function noteHtml(note: string): string {
  const parts: string[] = []
  let from = 0
  for (const match of note.matchAll(/\[((?:\\.|[^\\[\]])*)\]\((https?:\/\/[^\s()]+)\)/g)) {
    parts.push(escapeHtml(unescaped(note.slice(from, match.index))))
    parts.push(htmlLink(match[2]!, escapeHtml(unescaped(match[1]!))))
    from = match.index + match[0].length
  }
  parts.push(escapeHtml(unescaped(note.slice(from))))
  return parts.join('')
}
