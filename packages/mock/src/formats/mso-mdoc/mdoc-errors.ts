import type { FailureCode } from "../../model/transitions/verification-transitions.js";

/**
 * Input from a wallet that is not a well-formed mdoc structure (malformed or oversized CBOR,
 * nesting deeper than any mdoc, a missing or mistyped field). A client error, never a crash:
 * callers answer it with a 4xx or end the verification `presentation_invalid`.
 */
export class MdocInputError extends Error {
  readonly status = 400;
  readonly code = "invalid_request";
  constructor(message: string) {
    super(message);
    this.name = "MdocInputError";
  }
}

/**
 * The rule an mdoc presentation broke, one word each (api-decisions.md, "Failure details"): the
 * `check` of a verification's `failure_detail`.
 */
export type MdocCheck =
  | "malformed"
  | "issuer_signature"
  | "issuer_not_trusted"
  | "digest"
  | "device_signature"
  | "transcript"
  | "doctype"
  | "credential_not_yet_valid"
  | "credential_expired"
  | "status_unknown"
  | "status_revoked"
  | "claim_missing"
  | "claim_value"
  | "decryption";

/** The verification's `failure_code` for each rule (the service's public codes). */
export const FAILURE_CODE_OF: Readonly<Record<MdocCheck, FailureCode>> = {
  malformed: "presentation_invalid",
  issuer_signature: "presentation_invalid",
  issuer_not_trusted: "presentation_invalid",
  digest: "presentation_invalid",
  device_signature: "presentation_invalid",
  transcript: "presentation_invalid",
  doctype: "presentation_invalid",
  credential_not_yet_valid: "presentation_invalid",
  credential_expired: "credential_expired",
  status_unknown: "presentation_invalid",
  status_revoked: "credential_revoked",
  claim_missing: "claims_missing",
  claim_value: "claims_not_satisfied",
  decryption: "presentation_invalid",
};

/**
 * Why an mdoc presentation was refused: the rule, its `failure_code`, what was expected (never a
 * claim value, key or personal data) and, for claims, the `[namespace, element]` concerned.
 */
export interface MdocFailure {
  check: MdocCheck;
  failureCode: FailureCode;
  message: string;
  path?: [string, string];
}

export const mdocFailure = (
  check: MdocCheck,
  message: string,
  path?: [string, string],
): MdocFailure => ({
  check,
  failureCode: FAILURE_CODE_OF[check],
  message,
  ...(path ? { path } : {}),
});
