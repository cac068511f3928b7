import type { Transition } from "./state-machine.js";

export type VerificationStatus =
  | "pending"
  | "in_progress"
  | "verified"
  | "failed"
  | "expired"
  | "canceled";

export type VerificationTrigger =
  | "request_fetched"
  | "presentation_verified"
  | "presentation_failed"
  | "cancel"
  | "expire";

export { FAILURE_CODES, type FailureCode, type KnownFailureCode } from "@credport/core/contract";

const OPEN: VerificationStatus[] = ["pending", "in_progress"];
const ENDED: VerificationStatus[] = ["verified", "failed", "expired", "canceled"];

/**
 * Verification transitions as in api-decisions.md ("Verifications"): pending → in_progress when the
 * wallet fetches the request → verified | failed | expired | canceled. failure_code is set only with
 * failed. A wallet may answer without fetching first only through the request it was given, so a
 * presentation is accepted in pending too.
 */
export const VERIFICATION_TRANSITIONS: readonly Transition<
  VerificationStatus,
  VerificationTrigger
>[] = [
  { from: ["pending"], trigger: "request_fetched", to: "in_progress" },
  { from: OPEN, trigger: "presentation_verified", to: "verified" },
  { from: OPEN, trigger: "presentation_failed", to: "failed" },
  { from: OPEN, trigger: "cancel", to: "canceled" },
  { from: OPEN, trigger: "expire", to: "expired" },
  { from: ENDED, trigger: "cancel", error: { status: 409, code: "verification_not_cancelable" } },
];

export const VERIFICATION_TERMINAL: readonly VerificationStatus[] = ENDED;
