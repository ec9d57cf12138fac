/** A bad input: the message names the input, what was expected and what was seen. */
export class InputError extends Error {
  override name = 'InputError'
}

/** Quotes a seen value for a message, cut so a pasted secret or blob cannot flood the log. */
export function shown(value: string, max = 80): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value
  return JSON.stringify(cut)
}
