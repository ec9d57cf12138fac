export { diagnose, isCdnBlock } from './diagnose.js'
export {
  CDN_FINGERPRINTS,
  CDN_PAGE_FINGERPRINTS,
  ORIGIN_PAGE_FINGERPRINTS,
  isOriginServerName,
  type CdnFingerprint,
  type CdnPageFingerprint,
  type CdnVendor,
  type HeaderSource,
  type OriginPageFingerprint
} from './fingerprints.js'
export { splitRequestId, type RequestIdParts } from './request-id.js'
export type {
  DiagnosisContext,
  Layer,
  Observation,
  ObservedNetworkError,
  ObservedResponse,
  Verdict
} from './types.js'
