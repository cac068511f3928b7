import { isExpectedOrigin } from "@credport/core";
import { EXPECTED_ORIGINS_MAX } from "@credport/core/contract";
import { allowedOriginsOf } from "./same-origin.js";

/**
 * The origins a verification's Digital Credentials API requests are bound to (`expected_origins`):
 * the app's own, as the same-origin check trusts them — `allowedOrigins` when configured, else the
 * origin of `request.url` (built from the checked `Host`, never from `X-Forwarded-*`, `Forwarded`
 * or `Origin`). Only those a wallet accepts (`https:`, or `http:` on this machine), at most five,
 * in the configured order. `undefined` when none is left: the verification then has no DC API
 * requests, and the QR code and link work as before.
 */
export function expectedOriginsFor(
  request: Request,
  configured: Set<string> | undefined,
): string[] | undefined {
  const origins = allowedOriginsOf(request, configured)
    .filter(isExpectedOrigin)
    .slice(0, EXPECTED_ORIGINS_MAX);
  return origins.length > 0 ? origins : undefined;
}
