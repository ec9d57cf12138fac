// The entry of trigger/action.yml: the action in trigger mode, whatever a `mode` input says.
import { run } from './index.js'

await run({ mode: 'trigger' })
