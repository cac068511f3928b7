import {
  type FailureCheck,
  type FailureDetail,
  failureDetail,
} from "../../model/records/failure-detail.js";
import type { FailureCode } from "../../model/transitions/verification-transitions.js";
import type { MdocFailure } from "./mdoc-errors.js";
import { type MdocVerifyContext, verifyDeviceResponse } from "./verify-device-response.js";

export type MdocPresentationOutcome =
  | { ok: true; claims: Record<string, Record<string, unknown>> }
  | { ok: false; failureCode: FailureCode; reason: string; failure: MdocFailure };

/**
 * Checks one `vp_token` entry for an mdoc (OpenID4VP 1.0 Appendix B.2.5: a base64url
 * `DeviceResponse`) with {@link verifyDeviceResponse}; the outcome in the shape the verifier
 * records, the typed failure beside it for `failure_detail`.
 */
export function verifyMdocPresentation(
  presentation: unknown,
  context: MdocVerifyContext,
): MdocPresentationOutcome {
  if (typeof presentation !== "string" || !/^[A-Za-z0-9_-]+$/.test(presentation)) {
    const failure: MdocFailure = {
      check: "malformed",
      failureCode: "presentation_invalid",
      message: "an mdoc presentation is a base64url DeviceResponse",
    };
    return { ok: false, failureCode: failure.failureCode, reason: failure.message, failure };
  }
  const outcome = verifyDeviceResponse(
    new Uint8Array(Buffer.from(presentation, "base64url")),
    context,
  );
  if (outcome.ok) return { ok: true, claims: outcome.claims };
  return {
    ok: false,
    failureCode: outcome.failure.failureCode,
    reason: outcome.failure.message,
    failure: outcome.failure,
  };
}

/**
 * The checks of `verifyDeviceResponse`, in the order it makes them (the timeline's order); a
 * malformed structure (`format`) can be found all along.
 */
export const MDOC_CHECKS: readonly FailureCheck[] = [
  "format",
  "doctype",
  "issuer_signature",
  "issuer_not_trusted",
  "digest",
  "device_signature",
  "transcript",
  "credential_not_yet_valid",
  "credential_expired",
  "status_unknown",
  "status_revoked",
  "claim_missing",
  "claim_value",
];

/** An mdoc refusal as a verification's `failure_detail` (`malformed` is the vocabulary's `format`). */
export const mdocFailureDetail = (failure: MdocFailure): FailureDetail =>
  failureDetail(
    failure.check === "malformed" ? "format" : failure.check,
    failure.message,
    failure.path,
  );
