export {
  INVALID_API_KEY_FORMAT,
  type KeyEnvironment,
  parsePublishableKey,
  parseSecretKey,
} from "./api-keys.js";
export {
  isLoopbackUrl,
  normalizeBaseUrl,
  normalizeServerBaseUrl,
  requireSecureTransport,
} from "./base-url.js";
export { claimAt, claimLocations } from "./claim-path.js";
export {
  FAILURE_CHECKS,
  type FailureCheck,
  type FailureDetail,
  type KnownFailureCheck,
  TIMELINE_STEPS,
  type TimelineEntry,
  type TimelineStep,
} from "./contract/failure-checks.js";
// The zod-free parts of the wire contract, for code bound for browsers.
export {
  FAILURE_CODES,
  type FailureCode,
  type KnownFailureCode,
} from "./contract/failure-codes.js";
export {
  OPERATION_ROUTES,
  type OperationId,
  type OperationRoute,
} from "./contract/routes.js";
export {
  CREDPORT_ERROR_CODES,
  type CredportErrorCode,
  isCredportErrorCode,
} from "./error-codes.js";
export {
  CredportAPIError,
  CredportAuthenticationError,
  CredportConfigurationError,
  CredportConflictError,
  CredportConnectionError,
  CredportError,
  type CredportErrorOptions,
  type CredportErrorType,
  CredportInvalidResponseError,
  CredportInvalidTokenError,
  CredportKeyMismatchError,
  CredportMissingTokenError,
  CredportNotFoundError,
  CredportPermissionError,
  CredportRateLimitError,
  CredportSignatureVerificationError,
  CredportTimeoutError,
  CredportValidationError,
  isCredportError,
  type KnownCredportError,
} from "./errors.js";
export { EXPECTED_ORIGIN_RULE, isExpectedOrigin } from "./expected-origin.js";
export { errorFromStatus, readWireError, type WireError } from "./http-errors.js";
export {
  type CredportLogger,
  debugFromEnv,
  isCredportLogger,
  type LogFields,
  type ResolvedLogger,
  resolveLogger,
} from "./logger.js";
// Types only: the pipeline itself is `@credport/core/pipeline`, which browser code never loads.
export type {
  ApiResponse,
  RequestPipeline,
  RequestPipelineOptions,
  RequestSpec,
} from "./pipeline/request-pipeline.js";
export { readEnv } from "./read-env.js";
export { redactSecrets } from "./redact.js";
export {
  type BackoffOptions,
  backoffDelay,
  DEFAULT_BACKOFF,
  parseRetryAfter,
} from "./retry-policy.js";
export { safeReturnPath } from "./safe-return-path.js";
export {
  type CredportTelemetry,
  errorType,
  inSpan,
  markFailed,
  meterFor,
  SPAN_KIND,
  SPAN_STATUS_ERROR,
  type TelemetryAttributes,
  type TelemetryAttributeValue,
  type TelemetryCounter,
  type TelemetryHistogram,
  type TelemetryMeter,
  type TelemetryMeterProvider,
  type TelemetryScope,
  type TelemetrySpan,
  type TelemetrySpanOptions,
  type TelemetryTracer,
  type TelemetryTracerProvider,
  tracerFor,
} from "./telemetry.js";
export {
  formatWebhookSignature,
  hmacSha256Hex,
  parseWebhookSignature,
  signWebhookPayload,
  type WebhookSignatureHeader,
  webhookSignedContent,
} from "./webhook-signature.js";
