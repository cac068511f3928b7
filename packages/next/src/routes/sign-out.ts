import type { ResolvedConfig } from "../config/resolve-config.js";
import { clearCookieHeader, readCookies } from "../cookies/cookie-header.js";
import { SESSION_COOKIE } from "../cookies/verified-session.js";
import { isCrossSite } from "../request/same-origin.js";
import { jsonResponse, RouteError } from "./route-error.js";

/** `DELETE session`: clears the session and this browser's pending bindings. Call it from the app's sign-out. */
export async function signOut(request: Request, config: ResolvedConfig): Promise<Response> {
  if (isCrossSite(request, config.allowedOrigins)) throw RouteError.crossSite();
  const secure = config.secureCookies;
  const pending = Object.keys(readCookies(request)).filter((n) =>
    n.startsWith("credport_pending_"),
  );
  return jsonResponse(200, { signedOut: true }, [
    clearCookieHeader(SESSION_COOKIE, { path: "/", secure }),
    ...pending.map((name) => clearCookieHeader(name, { path: config.basePath, secure })),
  ]);
}
