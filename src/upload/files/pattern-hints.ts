/**
 * The usual reasons a `files` line matches nothing although the files are there: a Windows path,
 * several patterns on one line. Said only about a line that matched nothing, since a name may
 * legitimately have a space, a comma or (outside Windows) a backslash.
 */
export function patternHints(
  pattern: string,
  platform: NodeJS.Platform = process.platform
): string[] {
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern
  const hints: string[] = []
  // On Windows both are what the glob library expects; elsewhere they name nothing.
  if (platform !== 'win32') {
    if (/^[A-Za-z]:[\\/]/.test(body)) {
      hints.push(
        'is a Windows path, but this runner is not Windows: give a path relative to the workspace, with "/" between directories'
      )
    } else if (body.includes('\\')) {
      hints.push(
        `has "\\": glob patterns separate directories with "/" ("\\" escapes the next character), e.g. ${JSON.stringify(body.replace(/\\/g, '/'))}`
      )
    }
  }
  // A comma inside braces is the glob's own list ({png,jpg}).
  const outsideBraces = body.replace(/\{[^{}]*\}/g, '')
  if (outsideBraces.includes(',')) {
    hints.push('has ",": give one pattern per line, not a comma-separated list')
  } else if (/\s/.test(body)) {
    hints.push('has a space: if it is several patterns, give one per line')
  }
  return hints
}

/** One line per hint, naming the pattern: for the message when a pattern matched nothing. */
export function hintLines(patterns: readonly string[], platform?: NodeJS.Platform): string[] {
  return patterns.flatMap(pattern =>
    patternHints(pattern, platform).map(hint => `- ${JSON.stringify(pattern)} ${hint}.`)
  )
}
