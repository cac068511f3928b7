/** Every error code of the Credport packages: `code` of a {@link ModelError} is one. */
export type { CredportErrorCode } from "@credport/core";
export type { Incoming } from "./http/incoming.js";
export type { EventStream, Reply, Route, RouteContext } from "./http/route.js";
export {
  DROP_CONNECTION,
  type Router,
  type RouterOptions,
  type RouterOutcome,
} from "./http/router.js";
export { ModelError } from "./model/infrastructure/errors.js";
export type { FaultKind, FaultRule } from "./model/infrastructure/faults.js";
export { DEFAULT_MODEL_LIMITS, type ModelLimits } from "./model/infrastructure/limits.js";
export type { ModelNotice } from "./model/infrastructure/notices.js";
export type { Environment, ProjectKeys, Scope } from "./model/keys.js";
export {
  createModel,
  type LoggedRequest,
  Model,
  type ModelOptions,
  PROTOCOL_PROFILES,
  type ProtocolProfile,
} from "./model/model.js";
export type { AttestationTrust, ResolvedAttestationTrust } from "./model/pki/attestation-trust.js";
export {
  type TrustedIssuerRoot,
  TrustedIssuers,
  type TrustedRootSummary,
} from "./model/pki/trusted-issuers.js";
export type { VerifierIdentity } from "./model/pki/verifier-identity.js";
export { DEFINITION_LIFECYCLE } from "./model/transitions/definition-lifecycle.js";
export { ISSUANCE_TRANSITIONS } from "./model/transitions/issuance-transitions.js";
export {
  FAILURE_CODES,
  VERIFICATION_TRANSITIONS,
} from "./model/transitions/verification-transitions.js";
export { signWebhookPayloadSync } from "./model/webhooks.js";
export { createHandlers, DEFAULT_MOCK_BASE_URL } from "./msw.js";
export { createRouter } from "./router.js";
