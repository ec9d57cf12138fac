// The entry of upload/action.yml: the action in upload mode, whatever a `mode` input says.
import { run } from './index.js'

await run({ mode: 'upload' })
