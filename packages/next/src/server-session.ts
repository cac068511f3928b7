import {
  type GetVerifiedSessionOptions,
  getVerifiedSession as readSession,
  type VerifiedSession,
} from "@credport/session";
// With the extension: Node's ESM resolver (serverExternalPackages, plain Node) needs it, as Next has no exports map.
import { headers } from "next/headers.js";
import { connection } from "next/server.js";
import { NEXT_LABEL } from "./label.js";

export type { GetVerifiedSessionOptions };

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
  return readSession(await headers(), options, NEXT_LABEL);
}
