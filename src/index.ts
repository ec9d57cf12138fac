import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { run } from './main.js'

/** For the per-mode entries next to the bundle (trigger.js, upload.js), which fix the mode. */
export { run }

/** Whether this module is the file node was started with, rather than imported by another. */
function startedDirectly(): boolean {
  const started = process.argv[1]
  return started !== undefined && realpathSync(started) === fileURLToPath(import.meta.url)
}

// The root action.yml starts this file: the `mode` input decides.
if (startedDirectly()) await run()
