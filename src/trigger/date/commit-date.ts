import { normalizeLogicalDate } from './logical-date.js'

type DateSource = 'input' | 'git' | 'event' | 'api'

export interface ResolvedDate {
  /** `YYYY-MM-DDTHH:MM:SSZ` */
  logicalDate: string
  source: DateSource
  /** A sentence for the log and summary, e.g. "committer date of abc1234 from the local git checkout". */
  description: string
}

/** One way to learn a commit's committer timestamp: a zoned ISO string, or why it could not. */
export type CommitDateLookup = (sha: string) => Promise<{ date: string } | { reason: string }>

export interface CommitDateLookups {
  git: CommitDateLookup
  event: CommitDateLookup
  api: CommitDateLookup
}

const SOURCE_NAMES: Record<Exclude<DateSource, 'input'>, string> = {
  git: 'the local git checkout',
  event: 'the push event payload',
  api: 'the GitHub API'
}

export const shortSha = (sha: string) => sha.slice(0, 7)

/**
 * Decides the logical date: the `logical-date` input when given, else the committer timestamp of
 * the commit from the first source that knows it. Every source reads the same commit field, so a
 * re-run of the same commit derives the same date whichever source answers.
 */
export async function resolveLogicalDate(
  given: string | undefined,
  sha: string | undefined,
  lookups: CommitDateLookups
): Promise<ResolvedDate> {
  if (given !== undefined) {
    return { logicalDate: given, source: 'input', description: 'logical-date input' }
  }
  if (!sha) {
    throw new Error(
      'Cannot derive the logical date: GITHUB_SHA is not set and no logical-date input was given. Set "logical-date" (ISO 8601 with a zone).'
    )
  }
  const reasons: string[] = []
  for (const source of ['git', 'event', 'api'] as const) {
    const found = await lookups[source](sha)
    if ('reason' in found) {
      reasons.push(`${SOURCE_NAMES[source]}: ${found.reason}`)
      continue
    }
    const normalized = normalizeLogicalDate(found.date)
    if (!normalized.ok) {
      reasons.push(`${SOURCE_NAMES[source]}: unusable timestamp ${JSON.stringify(found.date)}`)
      continue
    }
    return {
      logicalDate: normalized.value,
      source,
      description: `committer date of ${shortSha(sha)} from ${SOURCE_NAMES[source]}`
    }
  }
  throw new Error(
    [
      `Cannot derive the logical date of commit ${shortSha(sha)}: no source knows it.`,
      ...reasons.map(reason => `- ${reason}`),
      'Fetch the commit (actions/checkout), grant "contents: read" to github-token, or set "logical-date".'
    ].join('\n')
  )
}
