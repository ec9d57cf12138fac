/** Elements that have no end tag. */
const VOID = new Set(['br', 'img', 'hr', 'wbr'])

/**
 * What is wrong with the nesting of an HTML fragment the action wrote (its text is escaped, so
 * `<` only opens a tag): a tag cut short, an end tag that closes nothing open, an element left
 * open. Empty when the fragment is whole.
 */
export function htmlProblems(html: string): string[] {
  const problems: string[] = []
  const open: string[] = []
  let at = 0
  for (let start = html.indexOf('<'); start >= 0; start = html.indexOf('<', at)) {
    const end = html.indexOf('>', start)
    if (end < 0) {
      problems.push(`a tag cut short at ${start}`)
      break
    }
    at = end + 1
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/.exec(html.slice(start, end))
    if (!tag) continue
    const name = tag[2]!.toLowerCase()
    if (!tag[1]) {
      if (!VOID.has(name)) open.push(name)
    } else if (open.at(-1) === name) {
      open.pop()
    } else {
      problems.push(`</${name}> at ${start} closes ${open.at(-1) ?? 'nothing'}`)
    }
  }
  return [...problems, ...open.map(name => `<${name}> left open`)]
}
