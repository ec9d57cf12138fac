// Preloaded with `node --import` into the action's process when a test runs it with
// `instantPauses` (see run-action.ts). Every pause of the action (node:timers/promises' setTimeout:
// the back-off between attempts, a poll's interval) ends at once instead of after its time, and
// its length in ms is appended to $ACTION_PAUSES_FILE, one a line, for the test to assert. Time-outs
// (the global setTimeout) keep the real clock: what a slow server does still takes its time.
import { appendFileSync } from 'node:fs'
import { createRequire, syncBuiltinESMExports } from 'node:module'

const timers = createRequire(import.meta.url)('node:timers/promises')
const file = process.env.ACTION_PAUSES_FILE

timers.setTimeout = (ms, value, options) => {
  if (file) appendFileSync(file, `${ms}\n`)
  const signal = options?.signal
  if (signal?.aborted) return Promise.reject(signal.reason)
  return new Promise(resolve => setImmediate(() => resolve(value)))
}
// The action's ES modules see the replacement too, not only require().
syncBuiltinESMExports()
