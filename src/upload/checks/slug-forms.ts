/**
 * The last suffix looked for. WordPress gives an upload whose slug is taken `-2`, `-3`, …
 * (wp_unique_post_slug); a key held by another item or post, a race of two runs, or a re-send
 * after a lost answer each take one more. Ten forms of a key fill a tenth of a look-up of 100
 * slugs, WordPress's largest page, so one request still asks for ten files. A key taken nine
 * times over is past anything these leave; what lies beyond `-10` is not seen.
 */
export const LAST_SUFFIX = 10

/** The slugs a file's items may have: its content key, then `{key}-2` … `{key}-10`. */
export function slugForms(key: string): string[] {
  return [key, ...Array.from({ length: LAST_SUFFIX - 1 }, (_, index) => `${key}-${index + 2}`)]
}

/** Each slug form of `keys`, with the key it is a form of. */
export function formsOf(keys: string[]): Map<string, string> {
  return new Map(keys.flatMap(key => slugForms(key).map(form => [form, key] as const)))
}
