/**
 * Measures the functions and the length of a TypeScript file, for `scripts/check-sizes.ts`. A
 * function's length runs from its first line to its last, nested functions included; each nested
 * function is measured on its own as well. A function or file may go over its limit when a comment
 * `// size-exception: <why>` says why: directly above the function (in the comments touching its
 * first line), or among the comments that open the file.
 */
import ts from 'typescript'

export const EXCEPTION_MARKER = 'size-exception:'

export interface Measure {
  path: string
  line: number
  /** The function's name, or `(file)` for the file itself. */
  name: string
  lines: number
  /** The reason the comment gives; `''` for a marker without one; absent without a marker. */
  exception?: string
}

export interface Limits {
  function: number
  file: number
}

export const LIMITS: Limits = { function: 80, file: 300 }
/** What `--report` lists: what is close to the limits as well as over them. */
export const REPORT_LIMITS: Limits = { function: 60, file: 250 }

const FILE_NAME = '(file)'

const EXCEPTION = /^\/\/\s*size-exception:(.*)$/

interface Comment {
  pos: number
  reason: string
}

type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.Node }

function isMeasured(node: ts.Node): node is FunctionNode {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  )
}

function nameText(name: ts.Node | undefined, source: ts.SourceFile): string | undefined {
  if (!name) return undefined
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text
  return name.getText(source)
}

/** `f` for `f(…)` and `a.b.f(…)`, `new C` for `new C(…)`. */
function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  const callee = ts.isPropertyAccessExpression(call.expression)
    ? call.expression.name.text
    : ts.isIdentifier(call.expression)
      ? call.expression.text
      : 'a call'
  return ts.isNewExpression(call) ? `new ${callee}` : callee
}

function functionName(node: FunctionNode, source: ts.SourceFile): string {
  const kind = ts.isArrowFunction(node) ? 'arrow' : 'function'
  const own = ts.isConstructorDeclaration(node) ? 'constructor' : nameText(node.name, source)
  const parent = node.parent
  if (ts.isClassLike(parent) && own) return `${nameText(parent.name, source) ?? '(class)'}.${own}`
  if (own) return own
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    const holder = nameText(parent.name, source)
    if (holder) return holder
  }
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== node) {
    return `(${kind} passed to ${calleeName(parent)})`
  }
  return `(${kind})`
}

function markerOf(text: string, range: ts.CommentRange): Comment | undefined {
  if (range.kind !== ts.SyntaxKind.SingleLineCommentTrivia) return undefined
  const match = EXCEPTION.exec(text.slice(range.pos, range.end))
  return match ? { pos: range.pos, reason: (match[1] ?? '').trim() } : undefined
}

/** The comments before `pos` that touch it: each ends on the line above the next, or on its line. */
function touchingComments(text: string, pos: number, start: number): ts.CommentRange[] {
  const ranges = ts.getLeadingCommentRanges(text, pos) ?? []
  const touching: ts.CommentRange[] = []
  let next = start
  for (const range of ranges.reverse()) {
    const gap = text.slice(range.end, next)
    if ((gap.match(/\n/g) ?? []).length > 1) break
    touching.unshift(range)
    next = range.pos
  }
  return touching
}

/** The outermost node that starts on the function's first line: the comment above belongs to it. */
function anchorOf(node: ts.Node, source: ts.SourceFile): ts.Node {
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line
  let anchor = node
  while (
    !ts.isSourceFile(anchor.parent) &&
    !ts.isBlock(anchor.parent) &&
    source.getLineAndCharacterOfPosition(anchor.parent.getStart(source)).line === line
  ) {
    anchor = anchor.parent
  }
  return anchor
}

function exceptionAbove(anchor: ts.Node, source: ts.SourceFile): Comment | undefined {
  const text = source.text
  return touchingComments(text, anchor.getFullStart(), anchor.getStart(source))
    .map(range => markerOf(text, range))
    .find(comment => comment !== undefined)
}

function lineCount(text: string): number {
  if (text === '') return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** The file's own measure and one per function in it, in the order they start. */
export function measureSource(path: string, text: string): Measure[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const functions: Measure[] = []
  const claimed = new Set<number>()
  const visit = (node: ts.Node): void => {
    if (isMeasured(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const comment = exceptionAbove(anchorOf(node, source), source)
      if (comment) claimed.add(comment.pos)
      functions.push({
        path,
        line: first + 1,
        name: functionName(node, source),
        lines: last - first + 1,
        ...(comment && { exception: comment.reason })
      })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  // A marker directly above the file's first function is that function's, not the file's.
  const fileComment = (ts.getLeadingCommentRanges(text, 0) ?? [])
    .map(range => markerOf(text, range))
    .find(comment => comment !== undefined && !claimed.has(comment.pos))
  const file: Measure = {
    path,
    line: 1,
    name: FILE_NAME,
    lines: lineCount(text),
    ...(fileComment && { exception: fileComment.reason })
  }
  return [file, ...functions]
}

/** The measures over their limit, sorted by path, then line (a file before its functions). */
export function overLimits(measures: Measure[], limits: Limits): Measure[] {
  return measures
    .filter(measure => measure.lines > (measure.name === FILE_NAME ? limits.file : limits.function))
    .sort(
      (a, b) =>
        (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
        a.line - b.line ||
        Number(b.name === FILE_NAME) - Number(a.name === FILE_NAME)
    )
}

/** A measure over its limit with no reason given for it. */
export function isUnexcused(measure: Measure): boolean {
  return !measure.exception
}

/**
 * `path:line name N lines (limit L)`, L the limit the check holds it to (also in a report of what
 * is close to it), and the exception's reason, or that it gives none.
 */
export function formatMeasure(measure: Measure): string {
  const limit = measure.name === FILE_NAME ? LIMITS.file : LIMITS.function
  const base = `${measure.path}:${measure.line} ${measure.name} ${measure.lines} lines (limit ${limit})`
  if (measure.exception === undefined) return base
  if (measure.exception === '') return `${base}: the ${EXCEPTION_MARKER} comment gives no reason`
  return `${base}, excepted: ${measure.exception}`
}
