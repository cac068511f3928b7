export {
  CredportAPIError,
  CredportAuthenticationError,
  CredportConfigurationError,
  CredportConflictError,
  CredportConnectionError,
  CredportError,
  CredportInvalidResponseError,
  CredportNotFoundError,
  CredportPermissionError,
  CredportRateLimitError,
  CredportSignatureVerificationError,
  CredportTimeoutError,
  CredportValidationError,
  INVALID_API_KEY_FORMAT,
} from "@credport/core";
export { Credport, type CredportOptions } from "./client.js";
export { Page } from "./page.js";
export type * from "./types.js";
export {
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
