import type { ResolvedConfig } from "../config/resolve-config.js";
import { readCookies } from "../cookies/cookie-header.js";
import { readVerifiedSession } from "../cookies/verified-session.js";
import { requireSameOrigin } from "./require-same-origin.js";
import { jsonResponse } from "./route-error.js";

/**
 * `GET session`: `{ verified: true, expiresAt }` when this browser holds a verified session (for
 * the app's current user, when sessions are bound to users), else `{ verified: false }`. Never the
 * session's claims, user or verification: client code learns whether, not who or what.
 */
export async function sessionStatus(request: Request, config: ResolvedConfig): Promise<Response> {
  requireSameOrigin(request, config);
  const user = config.bindsUsers ? { userRef: await config.userRefFor(request) } : undefined;
  const session = await readVerifiedSession(
    readCookies(request),
    config.keyring,
    user,
    config.secureCookies,
  );
  return jsonResponse(
    200,
    session ? { verified: true, expiresAt: session.expiresAt } : { verified: false },
  );
}
