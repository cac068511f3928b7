export {
  CredportAPIError,
  CredportAuthenticationError,
  CredportConfigurationError,
  CredportConflictError,
  CredportConnectionError,
  CredportError,
  type CredportErrorType,
  CredportInvalidResponseError,
  CredportNotFoundError,
  CredportPermissionError,
  CredportRateLimitError,
  CredportSignatureVerificationError,
  CredportTimeoutError,
  CredportValidationError,
  INVALID_API_KEY_FORMAT,
  isCredportError,
  type KnownCredportError,
} from "@credport/core";
export { Credport, type CredportOptions } from "./client.js";
export { Page } from "./page.js";
export type * from "./types.js";
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  signWebhookPayload,
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookInput,
  type WebhookVerifyOptions,
} from "./webhooks.js";
