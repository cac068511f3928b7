/**
 * Every error code a Credport package produces, in one list: `error.code` of every
 * `CredportError` (and of the mock's `ModelError`), and `code` of every JSON error body of
 * the app's routes (`/api/credport/*`). Codes are snake_case, as the service's are, except the two
 * the service description spells in capitals: `INVALID_API_KEY_FORMAT` and
 * `VERIFICATION_BINDING_REQUIRED`.
 */
export const CREDPORT_ERROR_CODES = [
  // The service's (the mock and the emulator send them as it does); a newer service may send more.
  "validation_error",
  "invalid_policy",
  "missing_api_key",
  "invalid_api_key",
  "api_key_revoked",
  "insufficient_scope",
  "missing_token",
  "invalid_token",
  "key_mismatch",
  "not_found",
  "route_not_found",
  "method_not_allowed",
  "host_not_allowed",
  "request_too_large",
  "unsupported_media_type",
  "credential_definition_not_found",
  "credential_definition_conflict",
  "credential_definition_not_publishable",
  "published_credential_definition_immutable",
  "archived_credential_definition_immutable",
  "global_credential_definition_read_only",
  "preset_policy_read_only",
  "idempotency_key_reused",
  "invalid_lifecycle_transition",
  "issuance_invalid_state",
  "issuance_not_cancelable",
  "issuance_not_revocable",
  "verification_not_cancelable",
  "verification_not_finished",
  "verification_invalid_state",
  "limit_exceeded",
  "rate_limited",
  "realtime_unavailable",
  "internal_error",
  "service_unavailable",
  // The clients' own: the network, the response, a local check.
  "server_error",
  "invalid_response",
  "unexpected_redirect",
  "unexpected_status",
  "response_too_large",
  "request_timeout",
  "request_aborted",
  "connection_failed",
  "invalid_start_response",
  "result_token_invalid",
  "result_token_mismatch",
  "verification_not_verified",
  "claims_not_accepted",
  "session_coordination_unsupported",
  "verification_start_failed",
  "session_finalization_failed",
  // The browser flow's Digital Credentials API path (`present()`).
  "dc_api_unavailable",
  "dc_api_failed",
  "sign_out_failed",
  "webhook_signature_missing",
  "webhook_signature_malformed",
  "webhook_signature_mismatch",
  "webhook_timestamp_out_of_tolerance",
  "webhook_event_replayed",
  "webhook_body_too_large",
  "webhook_payload_not_raw",
  "webhook_payload_invalid",
  // `CredportConfigurationError`: an option or environment variable is missing or wrong.
  "INVALID_API_KEY_FORMAT",
  "invalid_option",
  "invalid_base_url",
  "insecure_base_url",
  "missing_base_url",
  "missing_session_secret",
  "missing_webhook_secret",
  "webhook_secret_invalid",
  "invalid_jwks",
  "missing_provider",
  "missing_dependency",
  "data_file_unreadable",
  "data_file_corrupt",
  "data_file_newer_version",
  "data_file_over_limit",
  "data_file_not_writable",
  // The mock's test wallet (`@credport/mock/wallet`): a protocol step it could not finish.
  "test_wallet_failed",
  // The JSON error bodies of the app's routes (`@credport/session`, `@credport/next`).
  "VERIFICATION_BINDING_REQUIRED",
  "configuration_error",
  "cross_site_request",
  "invalid_host",
  "body_already_read",
  "state_store_unavailable",
  "session_mode_manual",
  "session_too_large",
  "verification_already_finalized",
  "verified_session_required",
  "webhooks_not_configured",
  "webhook_event_in_progress",
] as const;

/**
 * An error code of any Credport package (see {@link CREDPORT_ERROR_CODES}).
 *
 * @example
 * if (isCredportError(error) && error.code === "state_store_unavailable") retryLater();
 */
export type CredportErrorCode = (typeof CREDPORT_ERROR_CODES)[number];

/** Whether `value` is one of {@link CREDPORT_ERROR_CODES}. */
export function isCredportErrorCode(value: unknown): value is CredportErrorCode {
  return (CREDPORT_ERROR_CODES as readonly unknown[]).includes(value);
}
