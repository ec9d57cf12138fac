import { z } from 'zod'
import { fail, optional } from '../../inputs/fields.js'
import { shown } from '../../inputs/input-error.js'
import { normalizeLogicalDate } from '../date/logical-date.js'
import { runIdProblem } from './run-id.js'

/* The trigger mode's inputs that take more than a shared field's check, each read on its own. */

// Airflow's KEY_REGEX `^[\w.-]+$`, where Python's `\w` takes any Unicode letter or digit.
const DAG_ID_PATTERN = /^[\p{L}\p{N}\p{Mn}_.-]{1,250}$/u

/** Deeper than any real `conf`, and far below what would overflow the stack when it is sent. */
const MAX_CONF_DEPTH = 64

/** How deeply a parsed JSON value nests, counted without recursion. */
function depth(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [item, level] = stack.pop()!
    if (typeof item !== 'object' || item === null) continue
    deepest = Math.max(deepest, level)
    if (deepest > MAX_CONF_DEPTH) return deepest
    for (const child of Object.values(item)) stack.push([child, level + 1])
  }
  return deepest
}

export const conf = optional((value, ctx) => {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return fail(
      ctx,
      `expected a JSON object such as {"env": "prod"}, but it is not valid JSON (${reason})`
    )
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const seen =
      parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`
    return fail(ctx, `expected a JSON object such as {"env": "prod"}, got ${seen}`)
  }
  if (depth(parsed) > MAX_CONF_DEPTH) {
    return fail(
      ctx,
      `expected a JSON object nested at most ${MAX_CONF_DEPTH} levels deep, got one nested deeper`
    )
  }
  return parsed as Record<string, unknown>
})

export const logicalDate = optional((value, ctx) => {
  const result = normalizeLogicalDate(value)
  if (result.ok) return result.value
  const expected =
    'an ISO 8601 timestamp with a zone, e.g. 2026-01-31T12:00:00Z or 2026-01-31T13:00:00+01:00'
  const why =
    result.problem === 'no-zone'
      ? ' (it has no zone, and a zone is never guessed)'
      : result.problem === 'impossible'
        ? ' (no such date or time)'
        : ''
  return fail(ctx, `expected ${expected}, got ${shown(value)}${why}`)
})

/** A run id, or a prefix of one; `empty` is what an empty input stands for. */
export const runIdInput = <Empty extends string | undefined>(empty: Empty) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return empty
      const problem = runIdProblem(value)
      return problem ? fail(ctx, `expected ${problem}`) : value
    })

/** The DAG to run; empty only with MWAA Serverless, which the config's checks say. */
export const dagId = optional((value, ctx) => {
  if (!DAG_ID_PATTERN.test(value)) {
    return fail(ctx, `expected a DAG id of letters, digits, "_", "." and "-", got ${shown(value)}`)
  }
  // In a URL path, "." and ".." would be resolved away and the request sent to another endpoint;
  // Airflow refuses ".." in DAG ids too (validate_key, apache/airflow#63296).
  if (value === '.' || value.includes('..')) {
    return fail(ctx, `expected a DAG id without "..", and not ".", got ${shown(value)}`)
  }
  return value
})

/**
 * The run's note as written, placeholders and all (trigger's note-text.ts fills them in); empty:
 * no note. Any text goes: it is made one paragraph and cut to Airflow's length when it is sent.
 */
export const noteInput = z.string().trim()

/**
 * Airflow 3.2+'s `partition_key`, sent as given; empty: none. A control character cannot be meant
 * in a key a person types into a workflow, and could not be told apart once sent.
 */
export const partitionKey = optional((value, ctx) =>
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /[\u0000-\u001f\u007f]/.test(value)
    ? fail(ctx, 'expected one line of text, got a line break or another control character')
    : value
)
