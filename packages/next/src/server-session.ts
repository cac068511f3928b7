// With the extension: Node's ESM resolver (serverExternalPackages, plain Node) needs it, as Next has no exports map.
import { headers } from "next/headers.js";
import { connection } from "next/server.js";
import { defaultSecureCookies } from "./config/environment.js";
import { sessionKeyring } from "./config/session-secrets.js";
import { parseCookieHeader } from "./cookies/cookie-header.js";
import { readVerifiedSession, type VerifiedSession } from "./cookies/verified-session.js";

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
 * The verified session of this request, or `null`: for server components, route handlers and
 * server actions. It reads request data, so the page renders at request time.
 *
 * @example
 * const session = await getVerifiedSession({ userRef: (await auth())?.userId });
 * if (!session) redirect("/verify");
 */
export async function getVerifiedSession(
  options: GetVerifiedSessionOptions = {},
): Promise<VerifiedSession | null> {
  await connection();
  // The raw Cookie header, read as the middleware reads it: Next's cookies() keeps the last of
  // a repeated name where the middleware would see both, and the two must decide alike.
  const all = parseCookieHeader((await headers()).get("cookie"));
  const user = "userRef" in options ? { userRef: options.userRef || undefined } : undefined;
  const secure = options.secureCookies ?? defaultSecureCookies();
  return readVerifiedSession(all, sessionKeyring(options.sessionSecret), user, secure);
}
