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
export type { AttestationTrust, ResolvedAttestationTrust } from "./model/attestation-trust.js";
export { DEFINITION_LIFECYCLE } from "./model/definition-lifecycle.js";
export { ModelError } from "./model/errors.js";
export type { FaultKind, FaultRule } from "./model/faults.js";
export { ISSUANCE_TRANSITIONS } from "./model/issuance-transitions.js";
export type { Environment, ProjectKeys, Scope } from "./model/keys.js";
export { DEFAULT_MODEL_LIMITS, type ModelLimits } from "./model/limits.js";
export {
  createModel,
  type LoggedRequest,
  Model,
  type ModelOptions,
  PROTOCOL_PROFILES,
  type ProtocolProfile,
} from "./model/model.js";
export type { ModelNotice } from "./model/notices.js";
export { FAILURE_CODES, VERIFICATION_TRANSITIONS } from "./model/verification-transitions.js";
export type { VerifierIdentity } from "./model/verifier-identity.js";
export { signWebhookPayloadSync } from "./model/webhooks.js";
export { createHandlers, DEFAULT_MOCK_BASE_URL } from "./msw.js";
export { createRouter } from "./router.js";
