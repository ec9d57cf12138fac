import { redact } from '../log/secrets.js'

/** A bad input: the message names the input, what was expected and what was seen. */
export class InputError extends Error {
  override name = 'InputError'
}

/**
 * Quotes a seen value (an input, a server's field) for a message, cut so a blob cannot flood the
 * log; a secret in it is redacted first, so the cut never leaves part of one.
 */
export function shown(value: string, max = 80): string {
  const whole = redact(value)
  const cut = whole.length > max ? `${whole.slice(0, max)}…` : whole
  return JSON.stringify(cut)
}
