import MarkdownIt from 'markdown-it'
import { describe, expect, it } from 'vitest'
import { NOTE_TEMPLATE } from '../../../src/inputs/names.js'
import { addSecret } from '../../../src/log/secrets.js'
import { MAX_NOTE_LENGTH, noteText, type GithubRun } from '../../../src/trigger/create/note-text.js'

const markdown = new MarkdownIt({ linkify: true })

const SHA = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b'
const RUN: GithubRun = {
  serverUrl: 'https://github.com',
  repository: 'octo/site',
  sha: SHA,
  workflow: 'deploy',
  runId: '9876543210',
  runNumber: '57',
  runAttempt: '1'
}

describe('the note of a run', () => {
  it('says by default which repository, commit and workflow run made it, with links', () => {
    expect(noteText(NOTE_TEMPLATE, RUN)).toBe(
      `Triggered by octo/site@[1a2b3c4](https://github.com/octo/site/commit/${SHA}) — workflow "deploy" [run #57](https://github.com/octo/site/actions/runs/9876543210)`
    )
  })

  it('names a re-run attempt, and links on a GitHub Enterprise server', () => {
    const note = noteText('{run}', {
      ...RUN,
      serverUrl: 'https://ghe.example.com/',
      runAttempt: '2'
    })
    expect(note).toBe(
      '[run #57, attempt 2](https://ghe.example.com/octo/site/actions/runs/9876543210)'
    )
  })

  it('keeps the text around the placeholders, and braces that are not one', () => {
    expect(noteText('Deploy of {commit} ({"env": "prod"})', RUN)).toBe(
      `Deploy of [1a2b3c4](https://github.com/octo/site/commit/${SHA}) ({"env": "prod"})`
    )
  })

  it('shows what the runner did not say as unknown, and makes no link it cannot make', () => {
    expect(noteText(NOTE_TEMPLATE, {})).toBe(
      'Triggered by (unknown)@(unknown) — workflow "(unknown)" a run'
    )
    expect(noteText('{commit} {run}', { ...RUN, serverUrl: 'javascript:alert(1)' })).toBe(
      '1a2b3c4 run #57'
    )
    expect(noteText('{repository} {commit}', { ...RUN, repository: 'x/y](evil)', sha: 'zz' })).toBe(
      '(unknown) (unknown)'
    )
  })

  it("shows a workflow's name as text, not as Markdown", () => {
    expect(noteText('{workflow}', { ...RUN, workflow: 'Deploy [prod](https://x) *now*' })).toBe(
      'Deploy \\[prod\\](https\u2060://x) \\*now\\*'
    )
  })

  it("leaves no web address in a workflow's name for Markdown to link, and keeps it readable", () => {
    const workflow = 'Deploy https://evil.example/x, HTTP://evil.example and WWW.evil.example'
    const note = noteText('{workflow} from https://ci.example', { ...RUN, workflow })
    expect(note).toBe(
      'Deploy https\u2060://evil.example/x, HTTP\u2060://evil.example and WWW\u2060.evil.example from https://ci.example'
    )
    // GFM (markdown-it with linkify) links only the template's own address.
    expect([...markdown.render(note).matchAll(/href="([^"]*)"/g)].map(m => m[1])).toEqual([
      'https://ci.example'
    ])
    expect(note.replace(/\u2060/g, '')).toBe(`${workflow} from https://ci.example`)
  })

  it('is one paragraph: line breaks become spaces, and no heading, quote or list starts it', () => {
    expect(noteText('  first line\n\nsecond\r\n  third  ', RUN)).toBe('first line second third')
    expect(noteText('# Deploy', RUN)).toBe('\\# Deploy')
    expect(noteText('> quoted', RUN)).toBe('\\> quoted')
    expect(noteText('- item', RUN)).toBe('\\- item')
    expect(noteText('1. item', RUN)).toBe('1\\. item')
  })

  it(`is cut at ${MAX_NOTE_LENGTH} characters with an ellipsis, never inside a link`, () => {
    const long = noteText(`${'word '.repeat(300)}`, RUN)
    expect(long.length).toBeLessThanOrEqual(MAX_NOTE_LENGTH)
    expect(long.endsWith('…')).toBe(true)
    const beforeLink = noteText(`${'x'.repeat(980)} {commit} tail`, RUN)
    expect(beforeLink).toBe(`${'x'.repeat(980)}…`)
    const emoji = noteText(`${'x'.repeat(997)}😀😀`, RUN)
    expect(emoji).toBe(`${'x'.repeat(997)}…`)
  })

  it('carries no secret: one in the text is replaced before anything else', () => {
    addSecret('s3cr3t-value-for-note')
    expect(noteText('token s3cr3t-value-for-note here', RUN)).toBe('token *** here')
  })

  it('is empty when nothing is left', () => {
    expect(noteText('   \n  ', RUN)).toBe('')
  })
})
