import { SESSION_COOKIE, unseal } from "./cookies.js";

/** What the session cookie holds: the verification, the user it was bound to, and the claims you chose to keep. */
export interface VerifiedSession {
  verificationId: string;
  userRef?: string;
  policyId: string;
  verifiedAt: string;
  expiresAt: string;
  claims: Record<string, unknown>;
}

export async function readVerifiedSession(
  cookies: Record<string, string | undefined>,
  passwords: Record<string, string>,
): Promise<VerifiedSession | null> {
  const session = await unseal<VerifiedSession>(cookies[SESSION_COOKIE], passwords);
  if (!session || Date.parse(session.expiresAt) <= Date.now()) return null;
  return session;
}
