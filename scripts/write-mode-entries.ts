/**
 * Writes the per-mode entries next to the bundle, as part of `npm run bundle`.
 *
 *   tsx scripts/write-mode-entries.ts <bundle, e.g. dist/index.js>
 */
import { writeModeEntries } from '../bundling/mode-entries.js'

const [bundle] = process.argv.slice(2)
if (!bundle) throw new Error('usage: tsx scripts/write-mode-entries.ts <bundle>')
for (const entry of await writeModeEntries(bundle)) console.error(`${entry}: written`)
