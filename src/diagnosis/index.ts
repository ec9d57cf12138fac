export { diagnose, type Answer } from './diagnose.js'
export { isDuplicateRun } from './body.js'
export type { DiagnosisContext, Layer, Verdict } from './types.js'
export { addDnsEvidence, addressChange } from './path-evidence.js'
