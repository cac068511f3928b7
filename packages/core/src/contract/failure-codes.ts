/**
 * `failure_code` values of a failed verification (api-decisions.md). Receivers must accept others.
 * Free of zod, so that code bound for browsers can share the list.
 */
export const FAILURE_CODES = [
  "presentation_invalid",
  "claims_missing",
  /** A presented claim does not have a value the policy requires (a field's `values`). */
  "claims_not_satisfied",
  "credential_revoked",
  "credential_expired",
  "wallet_rejected",
] as const;

/** One of {@link FAILURE_CODES}: the failure codes this version knows. */
export type KnownFailureCode = (typeof FAILURE_CODES)[number];

/**
 * A failed verification's `failure_code`: one of {@link FAILURE_CODES}, or a code a newer service
 * added (receivers must accept those; handle a default case). `string & {}` keeps the known codes
 * in editors' completion.
 */
export type FailureCode = KnownFailureCode | (string & {});
