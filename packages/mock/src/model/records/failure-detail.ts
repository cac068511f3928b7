import type { FailureCheck, FailureDetail } from "@credport/core/contract";

export type { FailureCheck, FailureDetail } from "@credport/core/contract";

/**
 * A `failure_detail`: the check that failed, what it expected and the claim path concerned. The
 * message is written by the service (never echoes a claim value, key, token or personal data).
 */
export const failureDetail = (
  check: FailureCheck,
  message: string,
  path?: readonly string[],
): FailureDetail => ({ check, message, ...(path ? { path: [...path] } : {}) });
