import { json } from "../http/responses.js";
import type { Reply } from "../http/route.js";

/** RFC 6749 §5.2: `error_description` is printable ASCII without `"` and `\`. */
const NOT_ALLOWED_IN_DESCRIPTION = /[^\x20\x21\x23-\x5B\x5D-\x7E]/g;

/** A description as OAuth allows it: quotes become apostrophes, anything else outside the set a space. */
export function oauthDescription(text: string): string {
  return text.replace(NOT_ALLOWED_IN_DESCRIPTION, (char) => (char === '"' ? "'" : " "));
}

/**
 * The error answer of every wallet-facing endpoint: `{ error, error_description }` (and `extra`
 * members such as a fresh `c_nonce`), never cached.
 * A 401 also carries `WWW-Authenticate: Bearer error="invalid_token"` (RFC 6750 §3).
 */
export function oauthError(
  status: number,
  error: string,
  description: string,
  extra: Record<string, string> = {},
): Reply {
  const safe = oauthDescription(description);
  return json(
    status,
    { error, error_description: safe, ...extra },
    {
      "cache-control": "no-store",
      ...(status === 401
        ? { "www-authenticate": `Bearer error="${error}", error_description="${safe}"` }
        : {}),
    },
  );
}

/**
 * The 401 to a request that carried no Bearer credentials at all (no Authorization header, or
 * another scheme): RFC 6750 §3.1 says such an answer SHOULD NOT carry an error code, so the
 * challenge is a bare `Bearer` and the body only describes what to send.
 */
export function bearerChallenge(description: string): Reply {
  return json(
    401,
    { error_description: oauthDescription(description) },
    { "cache-control": "no-store", "www-authenticate": "Bearer" },
  );
}

/** A refusal on its way to becoming an {@link oauthError} answer. */
export interface Refusal {
  status?: number;
  error: string;
  description: string;
}

export const refusalResponse = (refusal: Refusal) =>
  oauthError(refusal.status ?? 400, refusal.error, refusal.description);
