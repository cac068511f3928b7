import type { ResolvedConfig } from "../config/resolve-config.js";
import { parseVerificationId } from "./browser-input.js";
import { jsonResponse, RouteError } from "./route-error.js";
import { requireBinding } from "./user-binding.js";

/** `GET verifications/{id}/status`: the status, for the browser that holds this verification's binding only. */
export async function verificationStatus(
  request: Request,
  rawId: string,
  config: ResolvedConfig,
): Promise<Response> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawId);
  } catch {
    throw RouteError.validation("verificationId", "must be percent-encoded UTF-8");
  }
  const verificationId = parseVerificationId(decoded);
  await requireBinding(request, verificationId, config);
  return jsonResponse(200, await config.credport.verifications.getStatus(verificationId));
}
