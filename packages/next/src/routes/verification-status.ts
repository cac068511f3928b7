import type { ResolvedConfig } from "../config/resolve-config.js";
import { jsonResponse } from "./route-error.js";
import { requireBinding } from "./user-binding.js";
import { parseVerificationId } from "./verification-id.js";

/** `GET verifications/{id}/status`: the status, for the browser that holds this verification's binding only. */
export async function verificationStatus(
  request: Request,
  rawId: string,
  config: ResolvedConfig,
): Promise<Response> {
  let decoded: unknown;
  try {
    decoded = decodeURIComponent(rawId);
  } catch {
    decoded = undefined;
  }
  const verificationId = parseVerificationId(decoded);
  await requireBinding(request, verificationId, config);
  return jsonResponse(200, await config.credport.verifications.getStatus(verificationId));
}
