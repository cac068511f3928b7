import type { ResolvedConfig } from "../config/resolve-config.js";
import type { RouteNote } from "../telemetry/session-observer.js";
import { parseVerificationId } from "./browser-input.js";
import { jsonResponse, RouteError } from "./route-error.js";
import { requireBinding } from "./user-binding.js";

/** `GET verifications/{id}/status`: the status, for the browser that holds this verification's binding only. */
export async function verificationStatus(
  request: Request,
  rawId: string,
  config: ResolvedConfig,
  note: RouteNote = {},
): Promise<Response> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawId);
  } catch {
    throw RouteError.validation("verificationId", "must be percent-encoded UTF-8");
  }
  const verificationId = parseVerificationId(decoded);
  const binding = await requireBinding(request, verificationId, config);
  const status = await config.credport.verifications.getStatus(verificationId);
  note.policyId = binding.policyId;
  note.outcome = status.status;
  // The browser flow stops reading at a final status: a failure is counted once per browser.
  if (status.status === "failed") {
    note.failureCode = status.failureCode;
    config.telemetry?.count("failed", {
      "credport.policy_id": binding.policyId,
      "credport.failure_code": status.failureCode,
    });
  }
  return jsonResponse(200, status);
}
