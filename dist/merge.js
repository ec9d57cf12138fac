// The entry of upload/merge/action.yml: the action in merge mode, whatever a `mode` input says.
import { run } from './index.js'

await run({ mode: 'merge' })
