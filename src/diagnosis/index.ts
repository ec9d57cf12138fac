export { diagnose, type Answer } from './diagnose.js'
export type {
  Advice,
  AppProfile,
  AwsService,
  DiagnosisContext,
  Layer,
  ResponseSituation,
  Verdict
} from './types.js'
export { addDnsEvidence, addressChange } from './path-evidence.js'
export { clip, edgeNodeName, withoutFinalStop } from './text.js'
// AWS's errors, read alike for every AWS API; each mode words its service's refusals.
export { awsErrorType, CHECK_IDENTITY, commonAwsRemedies, readAwsRefusal } from './aws.js'
// The shared wording of remedies, for the remedies each mode brings for its own application.
export { leaveApiPathEmpty, note, rateLimited, route, tooLarge } from './remedies-shared.js'
