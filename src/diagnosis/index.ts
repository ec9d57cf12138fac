export { diagnose, type Answer } from './diagnose.js'
export type {
  Advice,
  AppProfile,
  DiagnosisContext,
  Layer,
  ResponseSituation,
  Verdict
} from './types.js'
export { addDnsEvidence, addressChange } from './path-evidence.js'
export { edgeNodeName } from './text.js'
// The shared wording of remedies, for the remedies each mode brings for its own application.
export { leaveApiPathEmpty, note, rateLimited, route, tooLarge } from './remedies-shared.js'
