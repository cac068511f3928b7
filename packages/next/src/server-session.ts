import { cookies } from "next/headers";
import { sessionPasswords } from "./config.js";
import { readVerifiedSession, type VerifiedSession } from "./verified-session.js";

/**
 * The verified session of this request, or `null`: for server components, route handlers and
 * server actions.
 *
 * @example
 * const session = await getVerifiedSession();
 * if (!session) redirect("/verify");
 */
export async function getVerifiedSession(
  options: { sessionSecret?: string | string[] } = {},
): Promise<VerifiedSession | null> {
  const store = await cookies();
  const all = Object.fromEntries(store.getAll().map((c) => [c.name, c.value]));
  return readVerifiedSession(all, sessionPasswords(options.sessionSecret));
}
