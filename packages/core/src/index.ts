export {
  INVALID_API_KEY_FORMAT,
  type KeyEnvironment,
  parsePublishableKey,
  parseSecretKey,
} from "./api-keys.js";
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
  redactSecrets,
} from "./errors.js";
export { errorFromStatus, readWireError, type WireError } from "./http-errors.js";
export {
  type ApiResponse,
  createRequestPipeline,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type RequestPipeline,
  type RequestPipelineOptions,
  type RequestSpec,
} from "./request-pipeline.js";
export {
  type BackoffOptions,
  backoffDelay,
  DEFAULT_BACKOFF,
  parseRetryAfter,
} from "./retry-policy.js";
