import { createHash } from 'node:crypto'

/** StartWorkflowRun's ClientToken: 1 to 128 characters of `[\x21-\x7E]` (IdempotencyTokenString). */
const MAX_CLIENT_TOKEN_LENGTH = 128

/** The readable part's digest suffix: `-` and 24 hex digits. */
const DIGEST_LENGTH = 25

/**
 * The ClientToken of this commit's run of this workflow: the same for every re-run of the commit,
 * so that the service gives that run back instead of starting another. The prefix and the
 * logical date in ISO 8601's basic form make it readable (`github__20260131T120000Z-…`); a
 * digest of the workflow, the date and the prefix makes it differ for another workflow or
 * prefix. A run id prefix is printable ASCII already (create/run-id.ts), as the token must be.
 */
export function clientToken(workflowArn: string, logicalDate: string, prefix: string): string {
  const digest = createHash('sha256')
    .update(`${workflowArn}\n${logicalDate}\n${prefix}`)
    .digest('hex')
    .slice(0, DIGEST_LENGTH - 1)
  const readable = `${prefix}${logicalDate.replace(/[-:]/g, '')}`
  return `${readable.slice(0, MAX_CLIENT_TOKEN_LENGTH - DIGEST_LENGTH)}-${digest}`
}
