import * as core from '@actions/core'
import { inertOutput } from './inert.js'
import { redact } from './secrets.js'

/**
 * The action's only way to its outputs. Later steps paste them into shells and echo them, so
 * each value passes `inertOutput`: no secret, one line, no workflow command.
 */
export function setOutput(name: string, value: string | number): void {
  core.setOutput(name, inertOutput(String(value)))
}

/**
 * A JSON output whose every string is redacted before it is written, and in which nothing a
 * reader takes for a line break or an old-style `##[command]` is left: those characters are
 * written as JSON escapes, which every JSON reader turns back into the same text.
 */
export function jsonOutput(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? redact(item) : item
  ).replace(
    /#(?=#\[)|[\u007f-\u009f\u2028\u2029]/g,
    char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
