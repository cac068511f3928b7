// With the extension: Node's ESM resolver (serverExternalPackages, plain Node) needs it, as Next has no exports map.
import { cookies } from "next/headers.js";
import { connection } from "next/server.js";
import { sessionKeyring } from "./config/session-secrets.js";
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
  const store = await cookies();
  const all = Object.fromEntries(store.getAll().map((c) => [c.name, c.value]));
  const user = "userRef" in options ? { userRef: options.userRef || undefined } : undefined;
  return readVerifiedSession(all, sessionKeyring(options.sessionSecret), user);
}
