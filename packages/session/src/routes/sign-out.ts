import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, readCookies } from "../cookies/cookie-header.js";
import { credportCookies, sessionCookie } from "../cookies/cookie-names.js";
import { requireSameOrigin } from "./require-same-origin.js";
import { jsonResponse } from "./route-error.js";

/**
 * `DELETE session`: clears the session and this browser's pending bindings, under the names of
 * either kind (`__Host-` and the plain names of earlier versions). Call it from the app's sign-out.
 */
export async function signOut(request: Request, config: ResolvedConfig): Promise<Response> {
  requireSameOrigin(request, config);
  const session = sessionCookie(config.secureCookies);
  const sent = credportCookies(
    Object.keys(readCookies(request)),
    config.secureCookies,
    config.basePath,
  );
  const toClear = [session, ...sent.filter((c) => c.name !== session.name)];
  return jsonResponse(
    200,
    { signedOut: true },
    toClear.map((c) => clearCookieHeader(c.name, c)),
  );
}
