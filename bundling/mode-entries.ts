/**
 * The entries of the per-mode actions (trigger/action.yml, upload/action.yml,
 * upload/merge/action.yml): a small module per mode next to the bundle, which imports the bundle's `run` and fixes the mode. Every form of the
 * action thus runs the one bundle. Written next to dist/ by `npm run bundle`
 * (scripts/write-mode-entries.ts) and next to the tests' bundle of src/ (test-support/build-source.ts).
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ActionMode, Mode } from '../src/inputs/common.js'

/** The modes of the root action's `mode` input, each with an action of its own. */
export const MODES: readonly Mode[] = ['trigger', 'upload']

/** Every entry next to the bundle: each mode's, and upload/merge's. */
export const ENTRY_MODES: readonly ActionMode[] = [...MODES, 'merge']

/** The folder of a mode's action.yml. */
export const actionFolder = (mode: ActionMode): string => (mode === 'merge' ? 'upload/merge' : mode)

/** The entry of `mode`'s action, importing `bundle`, a file in the same folder. */
export function modeEntry(mode: ActionMode, bundle: string): string {
  return [
    `// The entry of ${actionFolder(mode)}/action.yml: the action in ${mode} mode, whatever a \`mode\` input says.`,
    `import { run } from './${bundle}'`,
    '',
    `await run({ mode: '${mode}' })`,
    ''
  ].join('\n')
}

/** Writes each mode's entry next to `bundle` (trigger.js beside index.js); returns their paths. */
export async function writeModeEntries(bundle: string): Promise<string[]> {
  const { dir, base, ext } = path.parse(bundle)
  return Promise.all(
    ENTRY_MODES.map(async mode => {
      const entry = path.join(dir, `${mode}${ext}`)
      await writeFile(entry, modeEntry(mode, base))
      return entry
    })
  )
}
