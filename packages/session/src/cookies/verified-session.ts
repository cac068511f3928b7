import * as z from "zod/mini";
import { pickCookie, sessionCookie } from "./cookie-names.js";
import type { Keyring } from "./keyring.js";
import { openCookie, sealCookie } from "./sealed-cookie.js";

/** What the session cookie holds: the verification, the user it was bound to, and the claims you chose to keep. */
export interface VerifiedSession {
  verificationId: string;
  /** The app's user who verified (when `getUserRef` is set). */
  userRef?: string;
  policyId: string;
  /** ISO time. */
  verifiedAt: string;
  /** ISO time. */
  expiresAt: string;
  /** The `keepClaims` paths of the claims the service signed. */
  claims: Record<string, unknown>;
}

const SessionSchema = z.strictObject({
  purpose: z.literal("session"),
  verificationId: z.string().check(z.minLength(1), z.maxLength(200)),
  userRef: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  policyId: z.string().check(z.minLength(1), z.maxLength(200)),
  verifiedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  claims: z.record(z.string(), z.json()),
});

export const sealVerifiedSession = (
  session: VerifiedSession,
  keyring: Keyring,
  ttlSeconds: number,
) => sealCookie("session", { purpose: "session", ...session }, keyring, ttlSeconds);

/** Whose session may be read: the app's current user, when sessions are bound to users. */
export type ExpectedUser = { userRef: string | undefined } | undefined;

/**
 * The verified session in these cookies, or `null`: unexpired, sealed as a session, and, when
 * `user` is given, bound to that user. A session bound to a user is never read without one.
 * `secure`: whether cookies are Secure here (then only the `__Host-` cookie is read).
 */
export async function readVerifiedSession(
  cookies: Record<string, string | undefined>,
  keyring: Keyring,
  user: ExpectedUser,
  secure: boolean,
): Promise<VerifiedSession | null> {
  const value = pickCookie(cookies, sessionCookie(secure));
  const sealed = await openCookie("session", value, keyring, SessionSchema);
  if (!sealed || Date.parse(sealed.expiresAt) <= Date.now()) return null;
  if (user ? sealed.userRef !== user.userRef : sealed.userRef !== undefined) return null;
  const { purpose: _, ...session } = sealed;
  return session as VerifiedSession;
}
