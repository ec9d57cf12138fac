/* eslint-disable no-control-regex -- finding control characters is the point of this module */
import { redact } from './secrets.js'

/** ESC-introduced sequences: ANSI colours and cursor moves (CSI), OSC 8 links and titles, others. */
const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])/g
/** Controls other than tab and the line breaks, and the C1 controls some terminals obey. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g
/** Unicode's line and paragraph separators end a line for some readers. */
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029\u0085]/g
/**
 * Where the runner finds a workflow command (ActionCommand in actions/runner): `::name::` only at
 * the start of a line once the white space before it is trimmed, and only with a second `::` after
 * it (TryParseV2); the older `##[name]` anywhere in a line (TryParse). A word joiner between the
 * two characters leaves the text readable and inert; text anywhere else (an ARN's
 * `arn:aws:sts::…`, `[::1]`) stays as it is, so what a user copies from the log works.
 */
const COMMAND_START = /^[\s\u0085]*:(?=:)/
const OLD_COMMAND = /#(?=#\[)/g
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

/** `always`: a leading `::` is defused even without a second one, which text after it may add. */
function defuse(line: string, always = false): string {
  const start = COMMAND_START.exec(line)?.[0]
  const lead =
    start && (always || line.includes('::', start.length + 1))
      ? `${start}${WORD_JOINER}${line.slice(start.length)}`
      : line
  return lead.replace(OLD_COMMAND, `#${WORD_JOINER}`)
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * Text from outside (a server's answer, a file name, an input) made safe to stand inside one line
 * of the log: secrets redacted first, then escape sequences and controls removed, line breaks and
 * tabs made spaces, workflow commands made inert, length capped.
 */
export function inertLine(text: string, max = 300): string {
  const line = withoutControls(redact(text).slice(0, LINE_WINDOW))
    .replace(LINE_BREAKS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return defuse(cap(line, max))
}

/**
 * A whole message for the log, kept on its lines: secrets redacted first, then each line made
 * inert as `inertLine` does, so no line of it can be taken for a workflow command.
 */
export function inertMessage(text: string, maxLine = 2000): string {
  return withoutControls(cap(redact(text), MESSAGE_WINDOW))
    .split(LINE_BREAKS)
    .map(line => defuse(cap(line.replace(/\t/g, ' '), maxLine)))
    .join('\n')
}

/**
 * A value from outside for an output that workflows may paste into a shell (`${{ … }}` in `run:`):
 * secrets redacted, then only letters, digits and `._-` kept, anything else replaced by `_`,
 * length capped. No such word can start a workflow command, wherever a later step echoes it.
 */
export function outputWord(text: string, max = 100): string {
  return redact(text)
    .slice(0, max)
    .replace(/[^A-Za-z0-9._-]/g, '_')
}

/**
 * Any output value as a later step may echo it, alone or followed by other text: secrets
 * redacted, one line, no `::` at its start and no `##[`. A value the action built itself passes
 * unchanged.
 */
export function inertOutput(value: string): string {
  return defuse(withoutControls(redact(value)).replace(LINE_BREAKS, ' '), true)
}
