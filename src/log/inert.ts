/* eslint-disable no-control-regex -- finding control characters is the point of this module */

/** ESC-introduced sequences: ANSI colours and cursor moves (CSI), OSC 8 links and titles, others. */
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])/g
/** Controls other than tab and the line breaks, and the C1 controls some terminals obey. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
/** Unicode's line and paragraph separators end a line for some readers. */
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g
/**
 * The runner executes `::command::` and the older `##[command]` wherever they stand in a line of a
 * step's output. A word joiner between the two characters leaves the text readable and inert.
 */
const COMMAND_MARKERS = /:(?=:)|#(?=#\[)/g
const WORD_JOINER = '\u2060'
/**
 * How much of a text is read for one line, and for a whole message: far more than a line or a
 * message of the log ever shows, and a bound on the work whatever the text.
 */
const LINE_WINDOW = 64 * 1024
const MESSAGE_WINDOW = 1024 * 1024

/** Removes escape sequences and control characters (tab and line breaks stay). */
export function withoutControls(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '')
}

function defuse(line: string): string {
  return line.replace(COMMAND_MARKERS, match => `${match}${WORD_JOINER}`)
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * Text from outside (a server's answer, a file name, an input) made safe to stand inside one line
 * of the log: escape sequences and controls removed, line breaks and tabs become spaces, workflow
 * command markers made inert, length capped.
 */
export function inertLine(text: string, max = 300): string {
  const line = withoutControls(text.slice(0, LINE_WINDOW))
    .replace(LINE_BREAKS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return defuse(cap(line, max))
}

/**
 * A whole message for the log, kept on its lines: each line is made inert as `inertLine` does, so
 * no line of it can be taken for a workflow command, whatever it quotes.
 */
export function inertMessage(text: string, maxLine = 2000): string {
  return withoutControls(cap(text, MESSAGE_WINDOW))
    .split(LINE_BREAKS)
    .map(line => defuse(cap(line.replace(/\t/g, ' '), maxLine)))
    .join('\n')
}

/**
 * A value from outside for an output that workflows may paste into a shell (`${{ … }}` in `run:`):
 * only letters, digits and `._:-`, anything else replaced by `_`, length capped.
 */
export function outputWord(text: string, max = 100): string {
  return text.slice(0, max).replace(/[^A-Za-z0-9._:-]/g, '_')
}
