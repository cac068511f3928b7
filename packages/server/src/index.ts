export {
  CREDPORT_ERROR_CODES,
  CredportAPIError,
  CredportAuthenticationError,
  CredportConfigurationError,
  CredportConflictError,
  CredportConnectionError,
  CredportError,
  type CredportErrorCode,
  type CredportErrorType,
  CredportInvalidResponseError,
  type CredportLogger,
  CredportNotFoundError,
  CredportPermissionError,
  CredportRateLimitError,
  CredportSignatureVerificationError,
  CredportTimeoutError,
  CredportValidationError,
  INVALID_API_KEY_FORMAT,
  isCredportError,
  isCredportErrorCode,
  type KnownCredportError,
  type LogFields,
} from "@credport/core";
export type { ClientTelemetry } from "@credport/core/pipeline";
export {
  type ClaimRequirements,
  type ClaimsResult,
  type ClaimValue,
  PRESET_CLAIM_REQUIREMENTS,
  requireClaims,
} from "./claim-requirements.js";
export { Credport, type CredportOptions } from "./client.js";
export { Page, type PagePromise, type ToArrayOptions } from "./page.js";
export { type JsonWebKeySet, parseJwks } from "./pinned-jwks.js";
export {
  RESULT_TOKEN_TYPE,
  type VerifiedResultToken,
  type VerifyResultTokenOptions,
  verifyResultToken,
} from "./result-token.js";
export { createMemoryStateStore, type MemoryStateStoreOptions } from "./state/memory-store.js";
export {
  STATE_STORE_UNAVAILABLE,
  type StateCount,
  type StateStore,
  stateStoreUnavailable,
} from "./state/state-store.js";
export type * from "./types.js";
export { type GetVerifiedResultOptions, getVerifiedResult } from "./verified-result.js";
export {
  createMemoryWebhookEventStore,
  type MemoryWebhookEventStoreOptions,
  WEBHOOK_EVENT_IN_PROGRESS_SECONDS,
  type WebhookEventClaim,
  type WebhookEventLedger,
  type WebhookEventStore,
  webhookEventKey,
  webhookEventLedger,
  webhookEventScope,
  webhookEventStoreOver,
} from "./webhook-event-store.js";
export {
  DEFAULT_WEBHOOK_EVENT_TTL_SECONDS,
  DEFAULT_WEBHOOK_MAX_BODY_BYTES,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  type IssuanceWebhookEvent,
  signWebhookPayload,
  type VerificationWebhookEvent,
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookInput,
  type WebhookVerifyOptions,
} from "./webhooks.js";
