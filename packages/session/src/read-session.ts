import { sessionKeyring } from "./config/session-secrets.js";
import { parseCookieHeader } from "./cookies/cookie-header.js";
import { readVerifiedSession, type VerifiedSession } from "./cookies/verified-session.js";
import { defaultSecureCookies, relabelled, SESSION_LABEL } from "./environment.js";

export interface GetVerifiedSessionOptions {
  /** Defaults to CREDPORT_SESSION_SECRET. */
  sessionSecret?: string | string[] | undefined;
  /**
   * The app's current user (`undefined` when signed out), when the handlers bind sessions to users
   * (`getUserRef`): the session is returned only for the user who verified. A session bound to a
   * user is never returned when this is left out.
   */
  userRef?: string | undefined;
  /** The same `secureCookies` as the handlers'. Default: on, except when NODE_ENV is `development`. */
  secureCookies?: boolean | undefined;
}

/**
 * The verified session carried by a request (or its headers), or `null`: unexpired, sealed by
 * these secrets, and bound to `userRef` when sessions are bound to users.
 *
 * @example
 * const session = await getVerifiedSession(request, { userRef: currentUser?.id });
 * if (!session) return Response.redirect(new URL("/verify", request.url), 307);
 */
export async function getVerifiedSession(
  request: Request | Headers,
  options: GetVerifiedSessionOptions = {},
  /** @internal How messages name the adapter in use. */
  label = SESSION_LABEL,
): Promise<VerifiedSession | null> {
  const headers = request instanceof Headers ? request : request.headers;
  // The raw Cookie header, one parser for every reader: a repeated name reads as absent everywhere.
  const all = parseCookieHeader(headers.get("cookie"));
  const user = "userRef" in options ? { userRef: options.userRef || undefined } : undefined;
  const secure = options.secureCookies ?? defaultSecureCookies();
  const keyring = relabelled(() => sessionKeyring(options.sessionSecret), label);
  return readVerifiedSession(all, keyring, user, secure);
}
